import { moneyMessages, type ReceiptAllocationRow, type ReceiptDetail, receiptDocument } from '@erp/domain';
import { Flex } from 'antd';
import { Form } from '../../components/form.tsx';
import { useMemo, useState } from 'react';
import { DateInput } from '../../components/date-input.tsx';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { todayWire } from '../../lib/dates.ts';
import { methodBodyOf } from './method-fields.tsx';
import { fetchOpenInvoices, moneyKeys } from './money-api.ts';
import { MoneyForm, type MoneyFormValues, narrowField, wideField } from './money-form.tsx';
import { useAllocations } from './use-allocations.ts';
import { useMoneyDraft } from './use-money-draft.ts';
import { useWithholding } from './withholding/use-withholding.ts';

interface ReceiptFormValues extends MoneyFormValues {
  customerId?: number;
  receiptDate?: string;
}

/** A saved allocation as the form's row: what was withheld shown only when some was. */
const savedRow = (a: ReceiptAllocationRow) => {
  const shown = (value: string | undefined) => (value && /[1-9]/.test(value) ? value : '');
  return { amount: a.amount, taxWithheld: shown(a.taxWithheld), incomeTaxWithheld: shown(a.incomeTaxWithheld) };
};

/**
 * A receipt: customer, date, method and account (or the cheque), amount, reference, and its
 * allocations against the customer's open invoices, proposed oldest first as the amount is
 * typed and editable, with what the customer withholds from each (issue 29, section 6); the rest stays on account as an advance. Save draft, or Save and post
 * (one request). The server's refusals land on their fields and allocation rows.
 */
export function ReceiptForm({ receipt, onDone }: { receipt?: ReceiptDetail; onDone: (openId?: number) => void }) {
  const [form] = Form.useForm<ReceiptFormValues>();
  const [customerId, setCustomerId] = useState<number | undefined>(receipt?.customerId);
  const [initialValues] = useState<ReceiptFormValues>(() =>
    receipt
      ? { customerId: receipt.customerId, receiptDate: receipt.receiptDate, method: receipt.method, accountId: receipt.accountId, amount: receipt.amount, reference: receipt.reference, cheque: receipt.cheque, allocations: [] }
      : { receiptDate: todayWire(), method: 'cash', reference: '', allocations: [] },
  );
  const saved = useMemo(() => (receipt ? { partyId: receipt.customerId, amounts: new Map(receipt.allocations.map((a) => [a.invoiceId, savedRow(a)])) } : undefined), [receipt]);
  const withholding = useWithholding(customerId);
  const allocations = useAllocations({
    form,
    partyId: customerId,
    queryKey: moneyKeys.openInvoices,
    fetchTargets: fetchOpenInvoices,
    saved,
    withheldOf: withholding.withheldOf,
    ready: withholding.ready,
  });
  const draft = useMoneyDraft<ReceiptDetail, ReceiptFormValues>(receiptDocument, {
    form,
    id: receipt?.id,
    targets: allocations.targets,
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
    <MoneyForm<ReceiptFormValues>
      definition={receiptDocument}
      form={form}
      name="receipt-form"
      initialValues={initialValues}
      saved={receipt !== undefined}
      chequeAccount="chequesInHand"
      dateName="receiptDate"
      draft={draft}
      allocations={allocations}
      allocationsTable={
        customerId === undefined
          ? undefined
          : {
              targetLabel: 'Invoice',
              unreadText: 'The open invoices could not be read',
              emptyText: 'This customer has no open invoices: the whole amount stays on account',
              withholding: { agent: withholding.agent },
            }
      }
      onPartyChange={(changed) => {
        if ('customerId' in changed) {
          allocations.forget();
          setCustomerId(changed.customerId ?? undefined);
        }
      }}
      onClose={() => onDone()}
    >
      <Flex gap={16} wrap>
        <Form.Item name="customerId" label="Customer" required style={wideField}>
          <OptionSelect resource="customers" placeholder="Customer" />
        </Form.Item>
        <Form.Item name="receiptDate" label="Receipt date" required style={narrowField}>
          <DateInput allowClear={false} />
        </Form.Item>
      </Flex>
    </MoneyForm>
  );
}
