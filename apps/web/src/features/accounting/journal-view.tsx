import { PrinterOutlined } from '@ant-design/icons';
import { addDecimals, compareDecimal, formatDateTime, formatDecimal, journalDocument, ledgerPath } from '@erp/domain';
import { Alert, Button, Descriptions, Flex, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { DocumentStatusTag } from '../../components/document/document-status-tag.tsx';
import { TotalsRow } from '../../components/document/totals-row.tsx';
import { TransitionButtons } from '../../components/document/transition-buttons.tsx';
import { usePrintView } from '../../components/document/use-print-view.ts';
import { formatDate } from '../../lib/dates.ts';
import { accountingKeys, type JournalDetail, type JournalLineRow } from './accounting-api.ts';

/** A posted or cancelled journal (or any journal for a read-only role): no edits; links to ledgers and the reversal; its workflow's buttons. */
export function JournalView({ journal, onClose }: { journal: JournalDetail; onClose: () => void }) {
  const [error, setError] = useState<string>();
  const print = usePrintView();
  const amount = (value: string) => (compareDecimal(value, '0') === 0 ? '' : formatDecimal(value));
  return (
    <Flex vertical gap={16}>
      {error && <Alert type="error" showIcon title={error} />}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
        items={[
          { key: 'number', label: 'Number', children: journal.journalNumber ?? 'Not numbered (draft)' },
          { key: 'date', label: 'Date', children: formatDate(journal.journalDate) },
          { key: 'status', label: 'Status', children: <DocumentStatusTag definition={journalDocument} status={journal.status} /> },
          { key: 'posted', label: 'Posted', children: formatDateTime(journal.postedAt) || '-' },
          { key: 'narration', label: 'Narration', span: 'filled', children: journal.narration },
          ...(journal.cancelledAt ? [{ key: 'cancelled', label: 'Cancelled', children: formatDateTime(journal.cancelledAt) }] : []),
          ...(journal.reversalJournalId ? [{ key: 'reversal', label: 'Reversed by', children: <Link to={`/journals/${journal.reversalJournalId}`}>Reversing journal</Link> }] : []),
          ...(journal.reversesJournalId ? [{ key: 'reverses', label: 'Reverses', children: <Link to={`/journals/${journal.reversesJournalId}`}>Original journal</Link> }] : []),
        ]}
      />
      <Table<JournalLineRow>
        rowKey="lineNo"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={journal.lines}
        columns={[
          { key: 'lineNo', title: '#', dataIndex: 'lineNo', width: 40 },
          {
            key: 'account',
            title: 'Account',
            render: (_: unknown, line) => (
              <Link to={ledgerPath(line.accountId)} title="Open the account's ledger">
                {line.account.accountCode} {line.account.accountName}
              </Link>
            ),
          },
          { key: 'debit', title: 'Debit', align: 'right', render: (_: unknown, line) => amount(line.debit) },
          { key: 'credit', title: 'Credit', align: 'right', render: (_: unknown, line) => amount(line.credit) },
          { key: 'memo', title: 'Memo', dataIndex: 'memo' },
        ]}
        summary={() => (
          <TotalsRow labelSpan={2} columnCount={5} totals={{ 2: addDecimals(journal.lines.map((l) => l.debit)), 3: addDecimals(journal.lines.map((l) => l.credit)) }} />
        )}
      />
      <Flex justify="flex-end" gap={8} wrap className="no-print">
        <TransitionButtons definition={journalDocument} document={journal} alsoInvalidate={[accountingKeys.ledger]} onError={setError} />
        <Button icon={<PrinterOutlined />} onClick={print}>
          Print
        </Button>
        <Button onClick={onClose}>Close</Button>
      </Flex>
    </Flex>
  );
}
