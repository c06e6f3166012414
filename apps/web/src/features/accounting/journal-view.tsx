import { addDecimals, compareDecimal, formatDecimal, journalDocument, ledgerPath } from '@erp/domain';
import { Flex, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { amountIn, formatRate } from '../../components/money/foreign-currency.tsx';
import { DocumentLinesTable, type LineColumn, lineNumberColumn } from '../../components/document/document-lines-table.tsx';
import { DocumentSummary } from '../../components/document/document-summary.tsx';
import { DocumentViewActions } from '../../components/document/document-view-actions.tsx';
import { TransitionButtons } from '../../components/document/transition-buttons.tsx';
import { accountingKeys, type JournalDetail, type JournalLineRow } from './accounting-api.ts';

const amount = (value: string) => (compareDecimal(value, '0') === 0 ? '' : formatDecimal(value));

/** A side's company amount and, on a line in another currency, that currency's amount at its rate under it. */
function SideAmount({ line, side }: { line: JournalLineRow; side: 'debit' | 'credit' }) {
  const foreign = side === 'debit' ? line.foreignDebit : line.foreignCredit;
  if (!line.currency || !line.exchangeRate || !foreign || compareDecimal(foreign, '0') === 0) return amount(line[side]);
  return (
    <Flex vertical>
      {amount(line[side])}
      <Typography.Text type="secondary">
        {amountIn(line.currency, foreign)} at {formatRate(line.exchangeRate)}
      </Typography.Text>
    </Flex>
  );
}

const columns: LineColumn<JournalLineRow>[] = [
  lineNumberColumn,
  {
    key: 'account',
    title: 'Account',
    render: (_: unknown, line) => (
      <Link to={ledgerPath(line.accountId)} title="Open the account's ledger">
        {line.account.accountCode} {line.account.accountName}
      </Link>
    ),
  },
  { key: 'debit', title: 'Debit', align: 'right', render: (_: unknown, line) => <SideAmount line={line} side="debit" /> },
  { key: 'credit', title: 'Credit', align: 'right', render: (_: unknown, line) => <SideAmount line={line} side="credit" /> },
  { key: 'memo', title: 'Memo', dataIndex: 'memo' },
];

/** A posted or cancelled journal (or any journal for a read-only role): no edits; links to ledgers and the reversal; its workflow's buttons. */
export function JournalView({ journal, onClose }: { journal: JournalDetail; onClose: () => void }) {
  const [error, setError] = useState<string>();
  return (
    <Flex vertical gap={16}>
      <DocumentSummary
        definition={journalDocument}
        document={journal}
        error={error}
        // A journal says it is not posted yet rather than leaving Posted out.
        shownUnset={['posted']}
        after={[
          ...(journal.reversalJournalId ? [{ key: 'reversal', label: 'Reversed by', children: <Link to={`/journals/${journal.reversalJournalId}`}>Reversing journal</Link> }] : []),
          ...(journal.reversesJournalId ? [{ key: 'reverses', label: 'Reverses', children: <Link to={`/journals/${journal.reversesJournalId}`}>Original journal</Link> }] : []),
        ]}
      />
      <DocumentLinesTable
        lines={journal.lines}
        columns={columns}
        totals={{ debit: addDecimals(journal.lines.map((l) => l.debit)), credit: addDecimals(journal.lines.map((l) => l.credit)) }}
      />
      <DocumentViewActions onClose={onClose}>
        <TransitionButtons definition={journalDocument} document={journal} alsoInvalidate={[accountingKeys.ledger]} onError={setError} />
      </DocumentViewActions>
    </Flex>
  );
}
