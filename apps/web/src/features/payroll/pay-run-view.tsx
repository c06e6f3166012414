import { formatDecimal, type PayRunDetail, payRunDocument, type PaySlipDetail, payrollMessages } from '@erp/domain';
import { FileTextOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Progress, Space, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { documentKeys, fetchDocument } from '../../components/document/document-api.ts';
import { DocumentSummary } from '../../components/document/document-summary.tsx';
import { DocumentViewActions } from '../../components/document/document-view-actions.tsx';
import { PdfDownloadButton } from '../../components/document/pdf-download-button.tsx';
import { TransitionButtons } from '../../components/document/transition-buttons.tsx';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { downloadBankFile, downloadRunPdf, downloadSlipPdf, fetchSlips, holdSlip, slipKeys } from './payroll-api.ts';
import { PayByBankFileButton } from './pay-by-bank-file.tsx';
import { SlipReviewGrid } from './slip-review-grid.tsx';

export const runPollMs = 1000;

const paymentLabels = { unpaid: '', partlyPaid: 'Partly paid', paid: 'Paid' } as const;

/** Whole percent of the employees computed; 100 once generated. */
export function generatePercent(run: Pick<PayRunDetail, 'generating' | 'processedEmployees' | 'totalEmployees'>): number {
  if (!run.generating) return 100;
  if (run.totalEmployees <= 0) return 0;
  return Math.min(99, Math.floor((run.processedEmployees * 100) / run.totalEmployees));
}

/** The run read again every `pollMs` while its job generates the slips; then its slips are read again. */
function useRunProgress(run: PayRunDetail, pollMs: number): PayRunDetail {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: documentKeys.one(payRunDocument.name, run.id),
    queryFn: () => fetchDocument<PayRunDetail>(payRunDocument, run.id),
    initialData: run,
    refetchInterval: (q) => (q.state.data?.generating ? pollMs : false),
  });
  const latest = query.data;
  const wasGenerating = useRef(latest.generating);
  useEffect(() => {
    if (latest.generating) {
      wasGenerating.current = true;
      return;
    }
    if (!wasGenerating.current) return;
    wasGenerating.current = false;
    void queryClient.invalidateQueries({ queryKey: slipKeys.all });
    void queryClient.invalidateQueries({ queryKey: [payRunDocument.name, 'list'] });
  }, [latest.generating, queryClient]);
  return latest;
}

/**
 * A pay run: month, progress bar while its slips are generated, totals, the review grid
 * (employees x components, flags), the workflow's actions (recompute, approve, post, cancel),
 * all slips as one PDF, the bank file, and paying the run from it.
 */
export function PayRunView({ run, onClose, pollMs = runPollMs }: { run: PayRunDetail; onClose: () => void; pollMs?: number }) {
  const [error, setError] = useState<string>();
  const latest = useRunProgress(run, pollMs);
  const queryClient = useQueryClient();
  const slips = useQuery({ queryKey: slipKeys.list({ payRunId: run.id }), queryFn: () => fetchSlips({ payRunId: run.id }), enabled: !latest.generating });
  const hold = useMutation({
    mutationFn: ({ slip, held }: { slip: PaySlipDetail; held: boolean }) => holdSlip(slip.id, held),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: slipKeys.all });
      await queryClient.invalidateQueries({ queryKey: documentKeys.all(payRunDocument.name) });
    },
    onError: (failure) => notify.error(errorMessage(failure)),
  });
  const flagged = (slips.data?.data ?? []).filter((s) => s.flags.length > 0).length;
  const progressText = `${latest.processedEmployees} of ${latest.totalEmployees} employees`;
  // Issue 27: a supplementary run that found nothing to correct is said so, and offers no Approve or Post the server refuses.
  const nothingToCorrect = latest.kind === 'supplementary' && !latest.generating && !latest.error && latest.slips === 0 && latest.status !== 'cancelled';
  const excluded = [...(latest.paymentState === 'unpaid' ? ['pay'] : ['pay', 'cancel']), ...(nothingToCorrect ? ['approve', 'post'] : [])];
  return (
    <Flex vertical gap={16}>
      <DocumentSummary
        definition={payRunDocument}
        document={latest}
        error={error}
        printTitle="Pay run"
        items={[
          { key: 'month', label: 'Month', children: latest.month },
          { key: 'kind', label: 'Kind', children: latest.kind === 'supplementary' ? 'Supplementary (differences of posted months)' : 'Regular' },
          { key: 'slips', label: 'Slips', children: String(latest.slips) },
          { key: 'gross', label: 'Gross', children: formatDecimal(latest.gross) },
          { key: 'net', label: 'Net', children: <strong>{formatDecimal(latest.net)}</strong> },
          { key: 'paid', label: 'Paid', children: <Space>{formatDecimal(latest.paidAmount)}{latest.paymentState !== 'unpaid' && <Tag color={latest.paymentState === 'paid' ? 'green' : 'gold'}>{paymentLabels[latest.paymentState]}</Tag>}</Space> },
        ]}
      />
      {(latest.generating || latest.status === 'draft') && (
        <div>
          <Progress percent={generatePercent(latest)} status={latest.generating ? 'active' : latest.error ? 'exception' : 'success'} aria-label="Pay run progress" aria-valuetext={`${generatePercent(latest)}%, ${progressText}`} />
          <Typography.Text type="secondary" role="status">
            {latest.generating ? `Computing slips: ${progressText}` : progressText}
          </Typography.Text>
        </div>
      )}
      {latest.error && <Alert type="error" showIcon title={latest.error} />}
      {nothingToCorrect && <Alert type="info" showIcon title={payrollMessages.supplementaryNothing} />}
      {flagged > 0 && <Alert type="warning" showIcon title={`${flagged} slip${flagged === 1 ? '' : 's'} flagged for review`} />}
      <SlipReviewGrid
        slips={slips.data?.data ?? []}
        loading={latest.generating || slips.isLoading}
        canHold={latest.status === 'draft' && !latest.generating}
        onHold={(slip, held) => hold.mutate({ slip, held })}
        onPdf={(slip) => void downloadSlipPdf(slip).catch((failure: unknown) => notify.error(errorMessage(failure)))}
      />
      <DocumentViewActions onClose={onClose}>
        {latest.slips > 0 && <PdfDownloadButton download={() => downloadRunPdf(latest.id)} />}
        {latest.slips > 0 && (
          <Button icon={<FileTextOutlined />} onClick={() => void downloadBankFile(latest.id).catch((failure: unknown) => notify.error(errorMessage(failure)))}>
            Bank file
          </Button>
        )}
        {!latest.generating && <PayByBankFileButton run={latest} slips={slips.data?.data ?? []} />}
        {/* A run with payments is not cancelled (their payments are cancelled first): no Cancel to be refused. */}
        {!latest.generating && <TransitionButtons definition={payRunDocument} document={latest} exclude={excluded} alsoInvalidate={[slipKeys.all]} onError={setError} />}
      </DocumentViewActions>
    </Flex>
  );
}
