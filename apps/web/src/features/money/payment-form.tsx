import { moneyMessages, type PayeeType, payeeTypes, type PaymentDetail, paymentDocument } from '@erp/domain';
import { Flex, Form, Select } from 'antd';
import { useMemo, useState } from 'react';
import { AccountSelect } from '../../components/account-select.tsx';
import { DateInput } from '../../components/date-input.tsx';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { todayWire } from '../../lib/dates.ts';
import { methodBodyOf } from './method-fields.tsx';
import { fetchOpenBills, moneyKeys } from './money-api.ts';
import { MoneyForm, type MoneyFormValues, narrowField, wideField } from './money-form.tsx';
import { useAllocations } from './use-allocations.ts';
import { useMoneyDraft } from './use-money-draft.ts';

interface PaymentFormValues extends MoneyFormValues {
  payeeType?: PayeeType;
  vendorId?: number | null;
  employeeId?: number | null;
  employeeAdvanceId?: number | null;
  expenseAccountId?: number | null;
  regionId?: number | null;
  paymentDate?: string;
}

const payeeOptions = payeeTypes.map((p) => ({ value: p.value, label: p.label }));

/**
 * A payment: the payee (a vendor, with allocations against the vendor's open goods receipts
 * proposed oldest first; an employee; or an expense account), date, method and account (a
 * cheque is drawn on a bank account), amount, reference. Save draft, or Save and post.
 */
export function PaymentForm({ payment, onDone }: { payment?: PaymentDetail; onDone: (openId?: number) => void }) {
  const [form] = Form.useForm<PaymentFormValues>();
  const [payeeType, setPayeeType] = useState<PayeeType>(payment?.payeeType ?? 'vendor');
  const [vendorId, setVendorId] = useState<number | undefined>(payment?.vendorId ?? undefined);
  const [employeeId, setEmployeeId] = useState<number | undefined>(payment?.employeeId ?? undefined);
  const [initialValues] = useState<PaymentFormValues>(() =>
    payment
      ? {
          payeeType: payment.payeeType,
          vendorId: payment.vendorId,
          employeeId: payment.employeeId,
          employeeAdvanceId: payment.employeeAdvanceId,
          expenseAccountId: payment.expenseAccountId,
          regionId: payment.regionId,
          paymentDate: payment.paymentDate,
          method: payment.method,
          accountId: payment.accountId,
          amount: payment.amount,
          reference: payment.reference,
          cheque: payment.cheque,
          allocations: [],
        }
      : { payeeType: 'vendor', paymentDate: todayWire(), method: 'cash', reference: '', allocations: [] },
  );
  const saved = useMemo(
    () => (payment?.vendorId ? { partyId: payment.vendorId, amounts: new Map(payment.allocations.flatMap((a) => (a.goodsReceiptId === null ? [] : [[a.goodsReceiptId, a.amount] as const]))) } : undefined),
    [payment],
  );
  const billsOf = payeeType === 'vendor' ? vendorId : undefined;
  const allocations = useAllocations({ form, partyId: billsOf, queryKey: moneyKeys.openBills, fetchTargets: fetchOpenBills, saved });
  const draft = useMoneyDraft<PaymentDetail, PaymentFormValues>(paymentDocument, {
    form,
    id: payment?.id,
    targets: allocations.targets,
    targetKey: 'goodsReceiptId',
    overMessage: moneyMessages.overAllocated('Payment'),
    onDone,
    bodyOf: (values) => ({
      payeeType: values.payeeType,
      // Only the chosen payee's field is sent: the server refuses the others.
      vendorId: values.payeeType === 'vendor' ? (values.vendorId ?? null) : null,
      employeeId: values.payeeType === 'employee' ? (values.employeeId ?? null) : null,
      employeeAdvanceId: values.payeeType === 'employee' ? (values.employeeAdvanceId ?? null) : null,
      expenseAccountId: values.payeeType === 'expense' ? (values.expenseAccountId ?? null) : null,
      regionId: values.payeeType === 'vendor' ? null : (values.regionId ?? null),
      paymentDate: values.paymentDate,
      ...methodBodyOf(values, 'drawnOn'),
      amount: values.amount ?? '',
      reference: values.reference ?? '',
    }),
  });

  return (
    <MoneyForm<PaymentFormValues>
      definition={paymentDocument}
      form={form}
      name="payment-form"
      initialValues={initialValues}
      saved={payment !== undefined}
      chequeAccount="drawnOn"
      dateName="paymentDate"
      draft={draft}
      allocations={allocations}
      allocationsTable={
        billsOf === undefined
          ? undefined
          : { targetLabel: 'Goods receipt', unreadText: 'The open bills could not be read', emptyText: 'This vendor has no open bills: the whole amount is an advance' }
      }
      onPartyChange={(changed, all) => {
        if ('payeeType' in changed || 'vendorId' in changed) {
          allocations.forget();
          setPayeeType(all.payeeType ?? 'vendor');
          setVendorId(all.vendorId ?? undefined);
        }
        if ('employeeId' in changed) {
          setEmployeeId(all.employeeId ?? undefined);
          // An advance is the employee's own: another employee's is cleared.
          form.setFieldValue('employeeAdvanceId', null);
        }
      }}
      onClose={() => onDone()}
    >
      <Flex gap={16} wrap>
        <Form.Item name="payeeType" label="Payee" required style={narrowField}>
          <Select options={payeeOptions} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
        {payeeType === 'vendor' && (
          <Form.Item name="vendorId" label="Vendor" required style={wideField}>
            <OptionSelect resource="vendors" placeholder="Vendor" />
          </Form.Item>
        )}
        {payeeType === 'employee' && (
          <Form.Item name="employeeId" label="Employee" required style={wideField}>
            <OptionSelect resource="employees" placeholder="Employee" />
          </Form.Item>
        )}
        {payeeType === 'employee' && (
          <Form.Item name="employeeAdvanceId" label="Advance or loan paid out" style={wideField} extra="Left empty: a payment of salaries (Salaries payable)">
            <OptionSelect
              resource="employee-advances"
              placeholder="Advance"
              allowClear
              where={(option) => option.employeeId === employeeId}
              optionText={(option) => `${String(option.startMonth)} · ${String(option.kind)} of ${String(option.amount)}${option.name ? ` · ${String(option.name)}` : ''}`}
            />
          </Form.Item>
        )}
        {payeeType === 'expense' && (
          <Form.Item name="expenseAccountId" label="Expense account" required style={wideField}>
            <AccountSelect kinds={['expense']} placeholder="Expense account" />
          </Form.Item>
        )}
        {payeeType !== 'vendor' && (
          <Form.Item name="regionId" label="Region" style={narrowField} extra="Left empty: the employee's or the account's">
            <OptionSelect resource="regions" placeholder="Region" />
          </Form.Item>
        )}
        <Form.Item name="paymentDate" label="Payment date" required style={narrowField}>
          <DateInput allowClear={false} />
        </Form.Item>
      </Flex>
    </MoneyForm>
  );
}
