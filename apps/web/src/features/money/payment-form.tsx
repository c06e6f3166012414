import { moneyMessages, type PayeeType, payeeTypes, type PaymentDetail, paymentDocument } from '@erp/domain';
import { Flex, Select } from 'antd';
import { Form } from '../../components/form.tsx';
import { useEffect, useMemo, useState } from 'react';
import { AccountSelect } from '../../components/account-select.tsx';
import { DateInput } from '../../components/date-input.tsx';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { todayWire } from '../../lib/dates.ts';
import { afterMethodChanged, methodBodyOf } from './method-fields.tsx';
import { PaymentRateFields, usePaymentCurrency } from './payment-currency.tsx';
import { typedRate } from '../../components/money/foreign-currency.tsx';
import { fetchOpenBills, fetchOpenPaySlips, moneyKeys } from './money-api.ts';
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
  /** Issue 33: a foreign vendor's rate; empty, the payment date's. */
  exchangeRate?: string | null;
}

const payeeOptions = payeeTypes.map((p) => ({ value: p.value, label: p.label }));

/**
 * What a payment's allocations go to, by payee: a vendor's open goods receipts (its bills), an
 * employee's unpaid pay slips (a salary payment; an advance paid out settles none), else none.
 */
const allocationTargets = {
  vendor: { queryKey: moneyKeys.openBills, fetchTargets: fetchOpenBills, targetKey: 'goodsReceiptId' },
  employee: { queryKey: moneyKeys.openPaySlips, fetchTargets: fetchOpenPaySlips, targetKey: 'paySlipId' },
} as const;

const allocationsTables = {
  vendor: { targetLabel: 'Goods receipt', unreadText: 'The open bills could not be read', emptyText: 'This vendor has no open bills: the whole amount is an advance' },
  // What is not allocated stays on the employee's Salaries payable, settled by the next slips.
  employee: { targetLabel: 'Pay slip', unreadText: 'The unpaid pay slips could not be read', emptyText: 'This employee has no unpaid pay slips', restLabel: 'Not allocated' },
} as const;

/**
 * A payment: the payee (a vendor, with allocations against the vendor's open goods receipts
 * proposed oldest first; an employee, with their unpaid pay slips picked the same way unless the
 * payment pays out an advance; or an expense account), date, method and account (a cheque is
 * drawn on a bank account), amount, reference. Save draft, or Save and post.
 */
export function PaymentForm({ payment, onDone }: { payment?: PaymentDetail; onDone: (openId?: number) => void }) {
  const [form] = Form.useForm<PaymentFormValues>();
  const [payeeType, setPayeeType] = useState<PayeeType>(payment?.payeeType ?? 'vendor');
  const [vendorId, setVendorId] = useState<number | undefined>(payment?.vendorId ?? undefined);
  const [employeeId, setEmployeeId] = useState<number | undefined>(payment?.employeeId ?? undefined);
  const [advanceId, setAdvanceId] = useState<number | undefined>(payment?.employeeAdvanceId ?? undefined);
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
          lcNumber: payment.lcNumber,
          // A draft in a foreign currency opens with the rate it was saved at (cleared, the payment date's is taken).
          exchangeRate: payment.exchangeRate === '1.000000' ? null : payment.exchangeRate,
          allocations: [],
        }
      : { payeeType: 'vendor', paymentDate: todayWire(), method: 'cash', reference: '', allocations: [] },
  );
  // Issue 33: a vendor billing in another currency is paid in it, by bank or letter of credit, at a rate.
  const payee = usePaymentCurrency(payeeType, vendorId, payment);
  useEffect(() => {
    const method = form.getFieldValue('method') as string | undefined;
    if (payee.methods.some((m) => m.value === method)) return;
    const first = payee.methods[0]!.value;
    form.setFieldValue('method', first);
    afterMethodChanged(form, first, form.getFieldValue('paymentDate') as string | undefined);
  }, [form, payee.methods]);
  // Whose documents the rows allocate to: the vendor's bills, or the employee's slips when the payment pays salaries.
  const allocatesTo = payeeType === 'vendor' ? 'vendor' : payeeType === 'employee' && advanceId === undefined ? 'employee' : undefined;
  const partyId = allocatesTo === 'vendor' ? vendorId : allocatesTo === 'employee' ? employeeId : undefined;
  const targets = allocationTargets[allocatesTo ?? 'vendor'];
  const saved = useMemo(() => {
    const party = payment?.payeeType === 'employee' ? payment.employeeId : payment?.vendorId;
    if (!payment || !party) return undefined;
    return { partyId: party, amounts: new Map(payment.allocations.flatMap((a) => { const target = a.paySlipId ?? a.goodsReceiptId; return target === null ? [] : [[target, a.amount] as const]; })) };
  }, [payment]);
  const allocations = useAllocations({ form, partyId, queryKey: targets.queryKey, fetchTargets: targets.fetchTargets, saved });
  const draft = useMoneyDraft<PaymentDetail, PaymentFormValues>(paymentDocument, {
    form,
    id: payment?.id,
    targets: allocations.targets,
    targetKey: targets.targetKey,
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
      ...(payee.foreign && typedRate(values.exchangeRate) ? { exchangeRate: typedRate(values.exchangeRate) } : {}),
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
      allocationsTable={partyId === undefined || allocatesTo === undefined ? undefined : { ...allocationsTables[allocatesTo], ...(payee.foreign ? { currency: payee.currency } : {}) }}
      methods={payee.methods}
      accountCurrencies={payee.accountCurrencies}
      amountLabel={payee.foreign ? `Amount (${payee.currency})` : 'Amount'}
      afterAmount={payee.foreign && payee.currency ? <PaymentRateFields form={form} currency={payee.currency} company={payee.company} /> : undefined}
      onPartyChange={(changed, all) => {
        if ('payeeType' in changed || 'vendorId' in changed) {
          allocations.forget();
          setPayeeType(all.payeeType ?? 'vendor');
          setVendorId(all.vendorId ?? undefined);
        }
        if ('employeeId' in changed) {
          allocations.forget();
          setEmployeeId(all.employeeId ?? undefined);
          // An advance is the employee's own: another employee's is cleared.
          form.setFieldValue('employeeAdvanceId', null);
          setAdvanceId(undefined);
        }
        if ('employeeAdvanceId' in changed) {
          // An advance paid out settles no slip.
          allocations.forget();
          setAdvanceId(all.employeeAdvanceId ?? undefined);
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
