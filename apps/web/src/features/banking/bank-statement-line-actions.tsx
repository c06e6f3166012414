import { type BankStatementLine, type BankSuggestion, type CreateFromLineKind, createFromLineKinds, formatDecimal } from '@erp/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Input, Modal, Select, Space, Table, Typography } from 'antd';
import { Form } from '../../components/form.tsx';
import { useState } from 'react';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { formatDate } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { createFromLine, fetchSuggestions, matchLine, unmatchLine } from './banking-api.ts';

const amountOf = (value: string) => formatDecimal(value);

/** The entries worth a look for one line, each matched with a click. */
function SuggestionsModal({ line, onClose, onChanged }: { line: BankStatementLine; onClose: () => void; onChanged: () => void }) {
  const suggestions = useQuery({ queryKey: ['bank-suggestions', line.id], queryFn: () => fetchSuggestions(line.id) });
  const match = useMutation({
    mutationFn: (s: BankSuggestion) => matchLine(line.id, [s.entryId !== undefined ? { entryId: s.entryId } : { chequeId: s.chequeId! }]),
    onSuccess: () => {
      notify.success('Line matched');
      onChanged();
      onClose();
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
  return (
    <Modal open title={`Suggestions for line ${line.lineNo} (${amountOf(line.amount)})`} onCancel={onClose} footer={null} width={860}>
      <Table<BankSuggestion>
        size="small"
        rowKey={(s) => `${s.entryId ?? 'c'}-${s.chequeId ?? ''}`}
        loading={suggestions.isLoading}
        dataSource={suggestions.data ?? []}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: 'No open entry shares this amount or reference' }}
        columns={[
          { key: 'documentNumber', dataIndex: 'documentNumber', title: 'Document' },
          { key: 'date', dataIndex: 'date', title: 'Date', render: (v: string) => formatDate(v) },
          { key: 'reference', dataIndex: 'reference', title: 'Reference' },
          { key: 'amount', dataIndex: 'amount', title: 'Amount', align: 'right', render: amountOf },
          { key: 'reasons', dataIndex: 'reasons', title: 'Why', render: (reasons: string[]) => reasons.join(', ') },
          { key: 'score', dataIndex: 'score', title: 'Score', align: 'right' },
          {
            key: 'match',
            title: 'Match',
            render: (_: unknown, s) => (
              <Button size="small" type="primary" loading={match.isPending && match.variables === s} onClick={() => match.mutate(s)}>
                Match
              </Button>
            ),
          },
        ]}
      />
    </Modal>
  );
}

interface CreateValues {
  kind: CreateFromLineKind;
  accountId?: number;
  customerId?: number;
  vendorId?: number;
  foreignAmount?: string;
  memo?: string;
}

/** Posts what the line is (a bank charge, a journal, a receipt, a payment) and matches it. */
function CreateModal({ line, onClose, onChanged }: { line: BankStatementLine; onClose: () => void; onChanged: () => void }) {
  const moneyIn = !line.amount.startsWith('-');
  const [form] = Form.useForm<CreateValues>();
  const kind = Form.useWatch('kind', form);
  const create = useMutation({
    // An amount left empty is none: the server then takes the line at the date's rate.
    mutationFn: ({ foreignAmount, ...values }: CreateValues) => createFromLine(line.id, { ...values, ...(foreignAmount?.trim() ? { foreignAmount: foreignAmount.trim() } : {}) }),
    onSuccess: (answer) => {
      notify.success(answer.message);
      onChanged();
      onClose();
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
  const kinds = createFromLineKinds.filter((k) => (moneyIn ? k.value === 'journal' || k.value === 'receipt' : k.value !== 'receipt'));
  return (
    <Modal open title={`Create from line ${line.lineNo} (${amountOf(line.amount)})`} onCancel={onClose} okText="Post and match" onOk={() => form.submit()} confirmLoading={create.isPending}>
      <Typography.Paragraph type="secondary">{line.description}</Typography.Paragraph>
      <Form<CreateValues> form={form} layout="vertical" initialValues={{ kind: moneyIn ? 'receipt' : 'bankCharge' }} onFinish={(values) => create.mutate(values)}>
        <Form.Item name="kind" label="What it is" rules={[{ required: true }]}>
          <Select options={[...kinds]} />
        </Form.Item>
        {kind === 'receipt' && (
          <Form.Item name="customerId" label="Customer" rules={[{ required: true, message: 'Choose the customer' }]}>
            <OptionSelect resource="customers" />
          </Form.Item>
        )}
        {kind === 'payment' && (
          <>
            <Form.Item name="vendorId" label="Vendor" rules={[{ required: true, message: 'Choose the vendor' }]}>
              <OptionSelect resource="vendors" />
            </Form.Item>
            <Form.Item name="foreignAmount" label="Amount in the vendor’s currency" extra="Only for a vendor paid in another currency: what the bank remitted (empty: the line at the date’s rate)">
              <Input inputMode="decimal" />
            </Form.Item>
          </>
        )}
        {(kind === 'journal' || kind === 'bankCharge') && (
          <Form.Item name="accountId" label={kind === 'bankCharge' ? 'Account (default: Bank charges)' : 'Account'} rules={kind === 'journal' ? [{ required: true, message: 'Choose the account' }] : []}>
            <OptionSelect resource="accounts" />
          </Form.Item>
        )}
        <Form.Item name="memo" label="Memo">
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A line's actions: a matched line unmatches; an unmatched one shows suggestions or creates its entry. */
export function LineActions({ line, canWrite, onChanged }: { line: BankStatementLine; canWrite: boolean; onChanged: () => void }) {
  const [open, setOpen] = useState<'suggestions' | 'create'>();
  const unmatch = useMutation({
    mutationFn: () => unmatchLine(line.id),
    onSuccess: () => {
      notify.success('Line unmatched');
      onChanged();
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
  if (!canWrite) return null;
  if (line.status === 'matched') {
    return (
      <Button size="small" loading={unmatch.isPending} onClick={() => unmatch.mutate()}>
        Unmatch
      </Button>
    );
  }
  return (
    <Space size={4} wrap>
      <Button size="small" onClick={() => setOpen('suggestions')}>
        Suggestions
      </Button>
      <Button size="small" onClick={() => setOpen('create')}>
        Create
      </Button>
      {open === 'suggestions' && <SuggestionsModal line={line} onClose={() => setOpen(undefined)} onChanged={onChanged} />}
      {open === 'create' && <CreateModal line={line} onClose={() => setOpen(undefined)} onChanged={onChanged} />}
    </Space>
  );
}
