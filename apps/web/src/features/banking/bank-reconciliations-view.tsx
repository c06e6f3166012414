import {
  type BankReconciliationDetail,
  bankReconciliationDocument,
  type BankReconciliationEntry,
  type BankReconciliationLine,
  formatDecimal,
} from '@erp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Input, Space, Table, Typography } from 'antd';
import { Form } from '../../components/form.tsx';
import type { ColumnsType } from 'antd/es/table';
import { documentKeys, type DocumentRecord, saveDocument } from '../../components/document/document-api.ts';
import { DocumentListScreen } from '../../components/document/document-list-screen.tsx';
import { DocumentStatusTag } from '../../components/document/document-status-tag.tsx';
import { PdfDownloadButton } from '../../components/document/pdf-download-button.tsx';
import { TransitionButtons } from '../../components/document/transition-buttons.tsx';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { downloadFile } from '../../components/resource/resource-api.ts';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { formatDate } from '../../lib/dates.ts';
import { errorMessage, fieldErrorsOf } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { reconciliationAddress } from './banking-addresses.ts';

const money = (v: string | null | undefined) => (v === null || v === undefined ? '-' : formatDecimal(v));
const accountText = (row: DocumentRecord) => {
  const account = row.bankAccount as { accountCode: string; accountName: string } | null;
  return account ? `${account.accountCode} ${account.accountName}` : '';
};

const listColumns: ColumnsType<DocumentRecord> = [
  { key: 'bankAccount', title: 'Bank account', render: (_: unknown, row) => accountText(row) },
  { key: 'statementBalance', dataIndex: 'statementBalance', title: 'Statement', align: 'right', render: money },
  { key: 'bookBalance', dataIndex: 'bookBalance', title: 'Books', align: 'right', render: money },
  { key: 'difference', dataIndex: 'difference', title: 'Difference', align: 'right', render: money },
];

const entryColumns: ColumnsType<BankReconciliationEntry> = [
  { key: 'date', dataIndex: 'date', title: 'Date', render: (v: string) => formatDate(v) },
  { key: 'documentNumber', dataIndex: 'documentNumber', title: 'Document' },
  { key: 'description', dataIndex: 'description', title: 'Description' },
  { key: 'amount', dataIndex: 'amount', title: 'Amount', align: 'right', render: money },
];
const lineColumns: ColumnsType<BankReconciliationLine> = [
  { key: 'lineDate', dataIndex: 'lineDate', title: 'Date', render: (v: string) => formatDate(v) },
  { key: 'statement', title: 'Statement line', render: (_: unknown, l) => `${l.statementNumber ?? ''} #${l.lineNo}` },
  { key: 'description', dataIndex: 'description', title: 'Description' },
  { key: 'unrecorded', dataIndex: 'unrecorded', title: 'Unrecorded', align: 'right', render: money },
];

/** The reconciliation as the accountant reads it, with its lock, unlock, PDF and exports. */
function ReconciliationView({ reconciliation: r }: { reconciliation: BankReconciliationDetail }) {
  const name = r.documentNumber ?? `bank-reconciliation-${r.id}`;
  return (
    <Flex vertical gap={16}>
      <Space wrap>
        <DocumentStatusTag definition={bankReconciliationDocument} status={r.status} />
        <Typography.Text>{accountText(r)}</Typography.Text>
        <Typography.Text type="secondary">to {formatDate(r.periodEnd)}</Typography.Text>
      </Space>
      {r.difference !== '0.00' && <Alert type="warning" showIcon message={`The difference is ${money(r.difference)}; match the lines or create their entries until it is 0.00`} />}
      <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
        <Descriptions.Item label="Balance as per statement">{money(r.statementBalance)}</Descriptions.Item>
        <Descriptions.Item label="Deposits in transit">{money(r.outstandingDeposits)}</Descriptions.Item>
        <Descriptions.Item label="Unpresented payments">{money(r.outstandingPayments)}</Descriptions.Item>
        <Descriptions.Item label="Unrecorded items">{money(r.unrecordedLines)}</Descriptions.Item>
        <Descriptions.Item label="Balance as per books">{money(r.bookBalance)}</Descriptions.Item>
        <Descriptions.Item label="Adjusted balance">{money(r.adjustedBalance)}</Descriptions.Item>
        <Descriptions.Item label="Difference">{money(r.difference)}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>Book entries not on the statement</Typography.Title>
      <Table<BankReconciliationEntry> size="small" rowKey={(e) => `${e.entryId}`} columns={entryColumns} dataSource={r.unmatchedEntries} pagination={{ pageSize: 20, hideOnSinglePage: true }} scroll={{ x: true }} />
      <Typography.Title level={5}>Statement lines not in the books</Typography.Title>
      <Table<BankReconciliationLine> size="small" rowKey="lineId" columns={lineColumns} dataSource={r.unmatchedLines} pagination={{ pageSize: 20, hideOnSinglePage: true }} scroll={{ x: true }} />
      <Space wrap>
        <TransitionButtons definition={bankReconciliationDocument} document={r} alsoInvalidate={[documentKeys.all(bankReconciliationDocument.name)]} onError={(message) => notify.error(message)} />
        <PdfDownloadButton download={() => downloadFile(`/api/bank-reconciliations/${r.id}/pdf`, {}, `${name}.pdf`)} />
        <ExportButtons onExport={(format) => downloadFile(`/api/bank-reconciliations/${r.id}/export`, { format }, `${name}.${format}`)} />
      </Space>
    </Flex>
  );
}

interface DraftValues {
  bankAccountId?: number;
  periodEnd?: string;
  statementBalance?: string;
}

/** A new draft (account, period end, the statement's balance when the lines do not give it) or a draft's changes. */
function ReconciliationForm({ document, onDone }: { document?: BankReconciliationDetail; onDone: (openId?: number) => void }) {
  const [form] = Form.useForm<DraftValues>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (values: DraftValues) =>
      saveDocument<BankReconciliationDetail>(
        bankReconciliationDocument,
        { bankAccountId: values.bankAccountId, periodEnd: values.periodEnd, statementBalance: values.statementBalance ? values.statementBalance : null },
        document ? { id: document.id } : {},
      ),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: documentKeys.all(bankReconciliationDocument.name) });
      onDone(answer.data.id);
    },
    onError: (error) => {
      const errors = fieldErrorsOf(error) ?? {};
      form.setFields(Object.entries(errors).map(([name, message]) => ({ name: name as keyof DraftValues, errors: [message] })));
      notify.error(errorMessage(error));
    },
  });
  return (
    <Flex vertical gap={16}>
      {document && <ReconciliationView reconciliation={document} />}
      <Form<DraftValues>
        form={form}
        layout="vertical"
        initialValues={document ? { bankAccountId: document.bankAccountId, periodEnd: document.periodEnd, statementBalance: (document.statementBalanceGiven as string | null) ?? undefined } : {}}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item name="bankAccountId" label="Bank account" rules={[{ required: true, message: 'Choose a bank account' }]}>
          <OptionSelect resource="accounts" where={(o) => o.kind === 'bank'} aria-label="Bank account" />
        </Form.Item>
        <Form.Item name="periodEnd" label="Period end" rules={[{ required: true, message: 'Period end is required' }]}>
          <Input type="date" />
        </Form.Item>
        <Form.Item name="statementBalance" label="Statement balance" extra="Leave empty to take the balance of the last statement line to the period end">
          <Input inputMode="decimal" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {document ? 'Save' : 'Reconcile'}
        </Button>
      </Form>
    </Flex>
  );
}

/** The reconciliations of the bank accounts, newest first: a draft is worked on and locked; a locked one is read, printed and exported. */
export function ReconciliationsView() {
  return (
    <DocumentListScreen<BankReconciliationDetail>
      definition={bankReconciliationDocument}
      address={reconciliationAddress}
      showTitle={false}
      columns={listColumns}
      renderForm={({ document, onDone }) => <ReconciliationForm {...(document ? { document } : {})} onDone={onDone} />}
      renderView={({ document }) => <ReconciliationView reconciliation={document} />}
      drawerWidth={1000}
    />
  );
}
