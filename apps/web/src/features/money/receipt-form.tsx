import { moneyMessages, receiptDocument } from '@erp/domain';
import { Alert, Flex, Form, Input, InputNumber } from 'antd';
import { useMemo, useState } from 'react';
import { DateInput } from '../../components/date-input.tsx';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { requiredMark } from '../../components/required-mark.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { todayWire } from '../../lib/dates.ts';
import type { AllocationRow } from './allocations.ts';
import { AllocationsTable } from './allocations-table.tsx';
import { afterMethodChanged, MethodFields, methodBodyOf, type MethodValues } from './method-fields.tsx';
import { fetchOpenInvoices, moneyKeys, type ReceiptDetail } from './money-api.ts';
import { MoneyFormButtons } from './money-form-buttons.tsx';
import { useAllocations } from './use-allocations.ts';
import { useMoneyDraft } from './use-money-draft.ts';

interface ReceiptFormValues extends MethodValues {
  customerId?: number;
  receiptDate?: string;
  amount?: string | null;
  reference?: string;
  allocations?: AllocationRow[];
}

export const narrowField = { flex: '0 1 200px' };
export const wideField = { flex: '1 1 280px' };

/**
 * A receipt: customer, date, method and account (or the cheque), amount, reference, and its
 * allocations against the customer's open invoices, proposed oldest first as the amount is
 * typed and editable; the rest stays on account as an advance. Save draft, or Save and post
 * (one request). The server's refusals land on their fields and allocation rows.
 */
export function ReceiptForm({ receipt, onDone }: { receipt?: ReceiptDetail; onDone: (openId?: number) => void }) {
  const [form] = Form.useForm<ReceiptFormValues>();
  const { user } = useAuth();
  const [customerId, setCustomerId] = useState<number | undefined>(receipt?.customerId);
  const [method, setMethod] = useState(receipt?.method ?? 'cash');
  const canWrite = user !== undefined && receiptDocument.mayRun(user, 'edit');
  const [initialValues] = useState<ReceiptFormValues>(() =>
    receipt
      ? { customerId: receipt.customerId, receiptDate: receipt.receiptDate, method: receipt.method, accountId: receipt.accountId, amount: receipt.amount, reference: receipt.reference, cheque: receipt.cheque, allocations: [] }
      : { receiptDate: todayWire(), method: 'cash', reference: '', allocations: [] },
  );
  const saved = useMemo(() => (receipt ? { partyId: receipt.customerId, amounts: new Map(receipt.allocations.map((a) => [a.invoiceId, a.amount])) } : undefined), [receipt]);
  const { query, targets, propose, forget } = useAllocations({ form, partyId: customerId, queryKey: moneyKeys.openInvoices, fetchTargets: fetchOpenInvoices, saved });
  const { save, remove, formError, submit, allocationsError } = useMoneyDraft<ReceiptDetail, ReceiptFormValues>(receiptDocument, {
    form,
    id: receipt?.id,
    targets,
    targetKey: 'invoiceId',
    overMessage: moneyMessages.overAllocated('Receipt'),
    onDone,
    bodyOf: (values) => ({
      customerId: values.customerId,
      receiptDate: values.receiptDate,
      ...methodBodyOf(values, 'chequesInHand'),
      amount: values.amount ?? '',
      reference: values.reference ?? '',
    }),
  });

  return (
    <Flex vertical gap={8}>
      {formError && <Alert type="error" showIcon title={formError} />}
      <Form
        form={form}
        name="receipt-form"
        layout="vertical"
        requiredMark={requiredMark}
        disabled={!canWrite}
        initialValues={initialValues}
        onValuesChange={(changed: ReceiptFormValues, all: ReceiptFormValues) => {
          if ('customerId' in changed) {
            forget();
            setCustomerId(changed.customerId ?? undefined);
          }
          if ('method' in changed) {
            setMethod(changed.method ?? 'cash');
            afterMethodChanged(form, changed.method, all.receiptDate);
          }
          if ('amount' in changed) propose(all.amount);
        }}
      >
        <Flex gap={16} wrap>
          <Form.Item name="customerId" label="Customer" required style={wideField}>
            <OptionSelect resource="customers" placeholder="Customer" />
          </Form.Item>
          <Form.Item name="receiptDate" label="Receipt date" required style={narrowField}>
            <DateInput allowClear={false} />
          </Form.Item>
        </Flex>
        <MethodFields method={method} chequeAccount="chequesInHand" />
        <Flex gap={16} wrap>
          <Form.Item name="amount" label="Amount" required style={narrowField}>
            <InputNumber<string> stringMode precision={2} min="0" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="reference" label="Reference" style={wideField}>
            <Input maxLength={100} />
          </Form.Item>
        </Flex>
        {customerId !== undefined && (
          <AllocationsTable
            form={form}
            targets={targets}
            targetLabel="Invoice"
            loading={query.isFetching}
            error={allocationsError}
            emptyText={query.isError ? 'The open invoices could not be read' : 'This customer has no open invoices: the whole amount stays on account'}
          />
        )}
      </Form>
      {canWrite && (
        <MoneyFormButtons
          definition={receiptDocument}
          canDelete={receipt !== undefined && user !== undefined && receiptDocument.mayRun(user, 'delete')}
          canPost={user !== undefined && receiptDocument.mayRun(user, 'post')}
          save={save}
          remove={remove}
          onRemove={() => remove.mutateAsync()}
          onSubmit={submit}
          onClose={() => onDone()}
        />
      )}
    </Flex>
  );
}
