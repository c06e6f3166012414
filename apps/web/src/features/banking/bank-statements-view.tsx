import { type BankStatementDetail, type BankStatementLine, bankStatementDocument, formatDecimal } from '@erp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Flex, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { documentKeys, type DocumentRecord } from '../../components/document/document-api.ts';
import { DocumentListScreen } from '../../components/document/document-list-screen.tsx';
import { ImportButton } from '../../components/import/import-button.tsx';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { formatDate } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { LineActions } from './bank-statement-line-actions.tsx';
import { autoMatch } from './banking-api.ts';
import { statementAddress } from './banking-addresses.ts';

const accountText = (row: DocumentRecord) => {
  const account = row.bankAccount as { accountCode: string; accountName: string } | null;
  return account ? `${account.accountCode} ${account.accountName}` : '';
};

const listColumns: ColumnsType<DocumentRecord> = [
  { key: 'bankAccount', title: 'Bank account', render: (_: unknown, row) => accountText(row) },
  { key: 'fromDate', dataIndex: 'fromDate', title: 'From', render: (v: string) => formatDate(v) },
  { key: 'closingBalance', dataIndex: 'closingBalance', title: 'Closing balance', align: 'right', render: (v: string) => formatDecimal(v) },
  { key: 'lines', title: 'Matched', render: (_: unknown, row) => `${row.matchedCount as number} of ${row.lineCount as number}` },
];

/** A statement with its lines, auto-match, and each line's match actions. */
function StatementView({ statement }: { statement: BankStatementDetail }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const canWrite = user !== undefined && bankStatementDocument.mayRun(user, 'edit');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: documentKeys.all(bankStatementDocument.name) });
  const run = useMutation({
    mutationFn: () => autoMatch(statement.id),
    onSuccess: (answer) => {
      notify.success(answer.message);
      refresh();
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
  const columns: ColumnsType<BankStatementLine> = [
    { key: 'lineNo', dataIndex: 'lineNo', title: '#', width: 48 },
    { key: 'lineDate', dataIndex: 'lineDate', title: 'Date', render: (v: string) => formatDate(v) },
    { key: 'description', dataIndex: 'description', title: 'Description' },
    { key: 'reference', title: 'Reference', render: (_: unknown, l) => [l.reference, l.chequeNumber && `Chq ${l.chequeNumber}`].filter(Boolean).join(' ') },
    { key: 'amount', dataIndex: 'amount', title: 'Amount', align: 'right', render: (v: string) => formatDecimal(v) },
    { key: 'status', dataIndex: 'status', title: 'Status', render: (v: string) => <Tag color={v === 'matched' ? 'green' : 'orange'}>{v === 'matched' ? 'Matched' : 'Unmatched'}</Tag> },
    { key: 'matches', title: 'Matched to', render: (_: unknown, l) => l.matches.map((m) => m.documentNumber).join(', ') },
    { key: 'actions', title: 'Actions', render: (_: unknown, l) => <LineActions line={l} canWrite={canWrite} onChanged={refresh} /> },
  ];
  return (
    <Flex vertical gap={16}>
      <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
        <Descriptions.Item label="Bank account">{accountText(statement)}</Descriptions.Item>
        <Descriptions.Item label="Period">{`${formatDate(statement.fromDate)} to ${formatDate(statement.toDate)}`}</Descriptions.Item>
        <Descriptions.Item label="File">{statement.fileName || '-'}</Descriptions.Item>
        <Descriptions.Item label="Opening balance">{formatDecimal(statement.openingBalance)}</Descriptions.Item>
        <Descriptions.Item label="Closing balance">{formatDecimal(statement.closingBalance)}</Descriptions.Item>
        <Descriptions.Item label="Matched">{`${statement.matchedCount} of ${statement.lineCount}`}</Descriptions.Item>
      </Descriptions>
      {canWrite && (
        <Space>
          <Button type="primary" loading={run.isPending} onClick={() => run.mutate()} disabled={statement.matchedCount === statement.lineCount}>
            Auto-match
          </Button>
          <Typography.Text type="secondary">Matches lines to receipts, payments, journals and cheques by the match rules.</Typography.Text>
        </Space>
      )}
      <Table<BankStatementLine> size="small" rowKey="id" columns={columns} dataSource={statement.lines} pagination={{ pageSize: 50, hideOnSinglePage: true }} scroll={{ x: true }} />
    </Flex>
  );
}

/** The statements of the bank accounts: the list, the import of a bank's file for a chosen account, and a statement's lines. */
export function StatementsView() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [accountId, setAccountId] = useState<number>();
  const canWrite = user !== undefined && bankStatementDocument.mayRun(user, 'edit');
  const toolbar = (
    <Space wrap>
      <OptionSelect resource="accounts" where={(o) => o.kind === 'bank'} value={accountId} onChange={(v: number | undefined) => setAccountId(v)} placeholder="Bank account" aria-label="Bank account" style={{ minWidth: 260 }} />
      {canWrite && (
        <ImportButton
          kind="bank-statement"
          title="Import bank statement"
          disabled={accountId === undefined}
          {...(accountId !== undefined ? { params: { bankAccountId: accountId } } : {})}
          onImported={(result) => {
            void queryClient.invalidateQueries({ queryKey: documentKeys.all(bankStatementDocument.name) });
            if (typeof result.statementId === 'number') void navigate(statementAddress.href(result.statementId));
          }}
        />
      )}
    </Space>
  );
  return (
    <DocumentListScreen<BankStatementDetail>
      definition={bankStatementDocument}
      address={statementAddress}
      showTitle={false}
      allowCreate={false}
      columns={listColumns}
      {...(accountId !== undefined ? { filters: { bankAccountId: accountId } } : {})}
      toolbar={toolbar}
      // A statement is kept as imported, never edited: its "form" is its view.
      renderForm={({ document }) => (document ? <StatementView statement={document} /> : null)}
      renderView={({ document }) => <StatementView statement={document} />}
      drawerWidth={1100}
    />
  );
}
