import { addDecimals, canTransition, compareDecimal, formatDateTime, formatDecimal, hasScope, ledgerPath } from '@erp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Popconfirm, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { formatDate } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { accountingKeys, cancelJournal, type JournalDetail, type JournalLineRow } from './accounting-api.ts';
import { JournalStatusTag } from './journal-status.tsx';

/** A posted or cancelled journal (or any journal for a read-only role): no edits, links to ledgers and reversal. */
export function JournalView({ journal, onClose }: { journal: JournalDetail; onClose: () => void }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  const canCancel = user !== undefined && hasScope(user.role, user.scopes, 'journals:cancel') && canTransition(journal.status, 'cancel');

  const cancel = useMutation({
    mutationFn: () => cancelJournal(journal.id),
    onSuccess: async (answer) => {
      notify.success(answer.message || 'Cancelled');
      await queryClient.invalidateQueries({ queryKey: accountingKeys.journals });
      await queryClient.invalidateQueries({ queryKey: accountingKeys.ledger });
    },
    onError: (e) => setError(errorMessage(e)),
  });

  const totalDebit = addDecimals(journal.lines.map((l) => l.debit));
  const totalCredit = addDecimals(journal.lines.map((l) => l.credit));
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
          { key: 'status', label: 'Status', children: <JournalStatusTag status={journal.status} /> },
          { key: 'posted', label: 'Posted', children: formatDateTime(journal.postedAt) || '-' },
          { key: 'narration', label: 'Narration', span: 'filled', children: journal.narration },
          ...(journal.cancelledAt ? [{ key: 'cancelled', label: 'Cancelled', children: formatDateTime(journal.cancelledAt) }] : []),
          ...(journal.reversalJournalId
            ? [{ key: 'reversal', label: 'Reversed by', children: <Link to={`/journals/${journal.reversalJournalId}`}>Reversing journal</Link> }]
            : []),
          ...(journal.reversesJournalId
            ? [{ key: 'reverses', label: 'Reverses', children: <Link to={`/journals/${journal.reversesJournalId}`}>Original journal</Link> }]
            : []),
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
          { key: 'debit', title: 'Debit', align: 'right', render: (_: unknown, line) => (compareDecimal(line.debit, '0') === 0 ? '' : formatDecimal(line.debit)) },
          { key: 'credit', title: 'Credit', align: 'right', render: (_: unknown, line) => (compareDecimal(line.credit, '0') === 0 ? '' : formatDecimal(line.credit)) },
          { key: 'memo', title: 'Memo', dataIndex: 'memo' },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={2}>
              <strong>Total</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              <strong>{formatDecimal(totalDebit)}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              <strong>{formatDecimal(totalCredit)}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} />
          </Table.Summary.Row>
        )}
      />
      <Flex justify="flex-end" gap={8} wrap>
        {canCancel && (
          <Popconfirm
            title="Cancel this journal?"
            description="This posts a reversing entry dated today."
            okText="Yes"
            cancelText="No"
            okButtonProps={{ danger: true }}
            onConfirm={() => cancel.mutateAsync().catch(() => undefined)}
          >
            <Button danger loading={cancel.isPending}>
              Cancel journal
            </Button>
          </Popconfirm>
        )}
        <Button onClick={onClose}>Close</Button>
      </Flex>
    </Flex>
  );
}
