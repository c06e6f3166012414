import { assetDocument, type DepreciationRunDetail, depreciationRunDocument, formatDecimal } from '@erp/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Flex } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { documentKeys, fetchDocument } from '../../components/document/document-api.ts';
import { DocumentSummary } from '../../components/document/document-summary.tsx';
import { DocumentViewActions } from '../../components/document/document-view-actions.tsx';
import { TransitionButtons } from '../../components/document/transition-buttons.tsx';
import { formatMonth } from './asset-schedule.tsx';
import { RunProgress } from './run-progress.tsx';

/** How often a running run's progress is read again. */
export const runPollMs = 1000;

// A run's posting or cancelling changes the assets' depreciation and book values.
const assetsKey = [documentKeys.all(assetDocument.name)] as const;

/**
 * A running run's progress, read again every `pollMs` (GET /api/depreciation-runs/:id) until it
 * is posted or failed; then the runs' list and the assets are read again.
 */
export function useRunProgress(run: DepreciationRunDetail, pollMs: number): DepreciationRunDetail {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: documentKeys.one(depreciationRunDocument.name, run.id),
    queryFn: () => fetchDocument<DepreciationRunDetail>(depreciationRunDocument, run.id),
    initialData: run,
    refetchInterval: (q) => (q.state.data?.status === 'running' ? pollMs : false),
  });
  const latest = query.data;
  const wasRunning = useRef(latest.status === 'running');
  useEffect(() => {
    if (latest.status === 'running') {
      wasRunning.current = true;
      return;
    }
    if (!wasRunning.current) return;
    wasRunning.current = false;
    void queryClient.invalidateQueries({ queryKey: [depreciationRunDocument.name, 'list'] });
    void queryClient.invalidateQueries({ queryKey: assetsKey[0] });
  }, [latest.status, queryClient]);
  return latest;
}

/** A depreciation run: its month, the progress bar while it runs, the total charged, Cancel once posted. */
export function DepreciationRunView({ run, onClose, pollMs = runPollMs }: { run: DepreciationRunDetail; onClose: () => void; pollMs?: number }) {
  const [error, setError] = useState<string>();
  const latest = useRunProgress(run, pollMs);
  return (
    <Flex vertical gap={16}>
      <DocumentSummary
        definition={depreciationRunDocument}
        document={latest}
        error={error}
        printTitle="Depreciation run"
        items={[
          { key: 'month', label: 'Month', children: formatMonth(latest.month) },
          { key: 'assets', label: 'Assets charged', children: `${latest.processedAssets} of ${latest.totalAssets}` },
          { key: 'total', label: 'Total charge', children: <strong>{formatDecimal(latest.totalAmount)}</strong> },
        ]}
      />
      <RunProgress run={latest} />
      {latest.status === 'failed' && latest.error && <Alert type="error" showIcon title={latest.error} />}
      <DocumentViewActions onClose={onClose}>
        <TransitionButtons definition={depreciationRunDocument} document={latest} alsoInvalidate={assetsKey} onError={setError} />
      </DocumentViewActions>
    </Flex>
  );
}
