import { formatDateTime, type RecallDetail, recallClasses, recallDocument, recallSources } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { DocumentLinesTable, itemColumn, type LineColumn, lineNumberColumn } from '../../components/document/document-lines-table.tsx';
import { DocumentSummary } from '../../components/document/document-summary.tsx';
import { DocumentViewActions } from '../../components/document/document-view-actions.tsx';
import { TransitionButtons } from '../../components/document/transition-buttons.tsx';
import { formatDate } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import { inventoryLists } from './recall-refresh.ts';
import { CloseRecallButton } from './recall-close.tsx';
import { RecallDisposals } from './recall-disposals.tsx';
import { RecallNotices } from './recall-notices.tsx';
import { RecallPdfButton } from './recall-pdf-button.tsx';
import { RecallReconciliationTable } from './recall-reconciliation.tsx';
import { RecallTrace } from './recall-trace.tsx';
import { downloadReportPdf, fetchTrace, recallKeys } from './recalls-api.ts';

type RecallLine = RecallDetail['lines'][number];

const lineColumns: LineColumn<RecallLine>[] = [
  lineNumberColumn,
  itemColumn(),
  { key: 'lot', title: 'Lot', dataIndex: 'lotNumber' },
  { key: 'expiry', title: 'Expiry', render: (_: unknown, line) => formatDate(line.dateExpiry) },
  { key: 'received', title: 'Received', align: 'right', render: (_: unknown, line) => `${line.received} ${line.item.unit}` },
  { key: 'onHand', title: 'On hand', align: 'right', render: (_: unknown, line) => `${line.onHand} ${line.item.unit}` },
];

const labelOf = (list: readonly { value: string; label: string }[], value: string) => list.find((entry) => entry.value === value)?.label ?? value;

/**
 * A recall that is not (or may not be) edited: its header and lots; once opened, the units
 * accounted for, where the lots went, the customers' notices and the disposals; its workflow
 * (Open, Cancel, Close) for the holders of its scopes, and the report's PDF.
 */
export function RecallView({ recall, onClose }: { recall: RecallDetail; onClose: () => void }) {
  const [error, setError] = useState<string>();
  const opened = recall.status === 'open' || recall.status === 'closed';
  // One read of the trace serves the tabs, the notices' regions and the disposal's lots.
  const trace = useQuery({ queryKey: recallKeys.trace(recall.id), queryFn: () => fetchTrace(recall.id), enabled: opened });
  return (
    <Flex vertical gap={16}>
      <DocumentSummary
        definition={recallDocument}
        document={recall}
        error={error}
        printTitle="Product recall"
        statusExtra={recall.overdue ? <Tag color="red">Report overdue</Tag> : undefined}
        items={[
          { key: 'class', label: 'Class', children: labelOf(recallClasses, recall.recallClass) },
          { key: 'source', label: 'Source', children: [labelOf(recallSources, recall.source), recall.sourceReference].filter(Boolean).join(': ') },
          { key: 'sourceDate', label: 'Source date', children: formatDate(recall.sourceDate) || '-' },
          ...(recall.openedAt ? [{ key: 'opened', label: 'Opened', children: formatDateTime(recall.openedAt) }] : []),
          ...(recall.reportDueDate ? [{ key: 'due', label: 'Report due', children: formatDate(recall.reportDueDate) }] : []),
        ]}
        after={[
          { key: 'reason', label: 'Reason', span: 'filled', children: recall.reason },
          { key: 'instructions', label: 'Instructions', span: 'filled', children: recall.instructions },
          ...(recall.closingNotes ? [{ key: 'closingNotes', label: 'Closing notes', span: 'filled' as const, children: recall.closingNotes }] : []),
        ]}
      />
      <DocumentLinesTable lines={recall.lines} columns={lineColumns} label="Lots recalled" />
      {opened && trace.isError && <Alert type="error" showIcon title={errorMessage(trace.error)} />}
      {opened && (
        <>
          <RecallReconciliationTable recall={recall} />
          <Tabs
            defaultActiveKey="trace"
            items={[
              { key: 'trace', label: 'Trace', children: <RecallTrace recall={recall} trace={trace.data} loading={trace.isLoading} /> },
              { key: 'notices', label: 'Notices', children: <RecallNotices recall={recall} trace={trace.data} /> },
              { key: 'disposals', label: 'Disposals', children: <RecallDisposals recall={recall} trace={trace.data} /> },
            ]}
          />
        </>
      )}
      <DocumentViewActions
        onClose={onClose}
        afterPrint={opened ? <RecallPdfButton label="Report PDF" download={() => downloadReportPdf(recall)} /> : undefined}
      >
        <TransitionButtons definition={recallDocument} document={recall} exclude={['close']} alsoInvalidate={inventoryLists} onError={setError} />
        <CloseRecallButton recall={recall} />
      </DocumentViewActions>
    </Flex>
  );
}
