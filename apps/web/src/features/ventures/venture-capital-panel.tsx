import { formatDecimal, jointVentureDocument } from '@erp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, Table } from 'antd';
import { Form } from '../../components/form.tsx';
import { useState } from 'react';
import { AccountSelect } from '../../components/account-select.tsx';
import { DateInput, DateRangeInput } from '../../components/date-input.tsx';
import { showFormProblems } from '../../components/document/form-problems.ts';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { formatDate, todayWire } from '../../lib/dates.ts';
import { errorMessage, fieldErrorsOf } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { type CapitalStatement, contributeCapital, fetchCapital, ventureKeys } from './ventures-api.ts';

interface ContributionValues {
  date: string;
  amount: string;
  accountId?: number;
}

/** The partner's capital account over a period (closing = the ledger's balance) and a contribution (Dr bank, Cr capital). Payouts go through /payments. */
export function VentureCapitalPanel({ ventureId, startDate }: { ventureId: number; startDate: string }) {
  const [[from, to], setPeriod] = useState<[string, string]>(() => [startDate, todayWire()]);
  const [form] = Form.useForm<ContributionValues>();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const mayWrite = user !== undefined && jointVentureDocument.mayRun(user, 'edit');
  const capital = useQuery({ queryKey: ventureKeys.capital(ventureId, from, to), queryFn: () => fetchCapital(ventureId, from, to) });
  const contribute = useMutation({
    mutationFn: (values: ContributionValues) => contributeCapital(ventureId, { date: values.date, amount: values.amount, accountId: values.accountId ?? 0 }),
    onSuccess: async (message) => {
      notify.success(message);
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: [jointVentureDocument.name, 'capital', ventureId] });
    },
    onError: (error) => {
      notify.error(errorMessage(error));
      const errors = fieldErrorsOf(error);
      if (errors) void showFormProblems(form, errors);
    },
  });
  const c: CapitalStatement | undefined = capital.data;
  return (
    <Card size="small" title="Partner's capital">
      <Flex vertical gap={12}>
        <DateRangeInput aria-label="Capital period" allowClear={false} value={[from, to]} onChange={([a, b]) => a && b && setPeriod([a, b])} style={{ maxWidth: 320 }} />
        {capital.isError && <Alert type="info" showIcon title={errorMessage(capital.error)} />}
        {c && (
          <>
            <Table<CapitalStatement['rows'][number]>
              size="small"
              rowKey={(row) => `${row.documentType}-${row.documentId}-${row.date}-${row.balance}`}
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={c.rows}
              columns={[
                { key: 'date', dataIndex: 'date', title: 'Date', render: formatDate },
                { key: 'number', dataIndex: 'documentNumber', title: 'Document' },
                { key: 'narration', dataIndex: 'narration', title: 'Narration', ellipsis: true },
                { key: 'debit', dataIndex: 'debit', title: 'Paid out', align: 'right', render: (v: string) => (v === '0.00' ? '' : formatDecimal(v)) },
                { key: 'credit', dataIndex: 'credit', title: 'Contributed', align: 'right', render: (v: string) => (v === '0.00' ? '' : formatDecimal(v)) },
                { key: 'balance', dataIndex: 'balance', title: 'Balance', align: 'right', render: (v: string) => formatDecimal(v) },
              ]}
            />
            <Flex gap={24} wrap>
              <span>Opening {formatDecimal(c.opening)}</span>
              <strong data-testid="capital-closing">Closing {formatDecimal(c.closing)}</strong>
              <span>Ledger balance {formatDecimal(c.ledgerBalance)}</span>
            </Flex>
          </>
        )}
        {mayWrite && c && (
          <Form form={form} name="capital-contribution" layout="vertical" initialValues={{ date: todayWire(), amount: '' }} onFinish={(values) => contribute.mutate(values)}>
            <Flex gap={12} wrap align="end">
              <Form.Item name="date" label="Date" required style={{ flex: '0 1 180px', marginBottom: 0 }}>
                <DateInput allowClear={false} />
              </Form.Item>
              <Form.Item name="amount" label="Amount" required style={{ flex: '0 1 180px', marginBottom: 0 }}>
                <Input inputMode="decimal" />
              </Form.Item>
              <Form.Item name="accountId" label="Received into" required style={{ flex: '1 1 240px', marginBottom: 0 }}>
                <AccountSelect kinds={['cash', 'bank']} />
              </Form.Item>
              <Button htmlType="submit" loading={contribute.isPending}>
                Record contribution
              </Button>
            </Flex>
          </Form>
        )}
      </Flex>
    </Card>
  );
}
