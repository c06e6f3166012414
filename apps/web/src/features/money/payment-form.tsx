import { moneyMessages, payeeTypes, type PayeeType, paymentDocument } from '@erp/domain';
import { Alert, Flex, Form, Input, InputNumber, Select } from 'antd';
import { useMemo, useState } from 'react';
import { AccountSelect } from '../../components/account-select.tsx';
import { DateInput } from '../../components/date-input.tsx';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { requiredMark } from '../../components/required-mark.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { todayWire } from '../../lib/dates.ts';
import type { AllocationRow } from './allocations.ts';
import { AllocationsTable } from './allocations-table.tsx';
import { afterMethodChanged, MethodFields, methodBodyOf, type MethodValues } from './method-fields.tsx';
import { fetchOpenBills, moneyKeys, type PaymentDetail } from './money-api.ts';
import { MoneyFormButtons } from './money-form-buttons.tsx';
import { narrowField, wideField } from './receipt-form.tsx';
import { useAllocations } from './use-allocations.ts';
import { useMoneyDraft } from './use-money-draft.ts';

interface PaymentFormValues extends MethodValues {
  payeeType?: PayeeType;
  vendorId?: number | null;
  employeeId?: number | null;
  expenseAccountId?: number | null;
  regionId?: number | null;
  paymentDate?: string;
  amount?: string | null;
  reference?: string;
  allocations?: AllocationRow[];
}

const payeeOptions = payeeTypes.map((p) => ({ value: p.value, label: p.label }));

/**
 * A payment: the payee (a vendor, with allocations against the vendor's open goods receipts
 * proposed oldest first; an employee; or an expense account), date, method and account (a
 * cheque is drawn on a bank account), amount, reference. Save draft, or Save and post.
 */
export function PaymentForm({ payment, onDone }: { payment?: PaymentDetail; onDone: (openId?: number) => void }) {
  const [form] = Form.useForm<PaymentFormValues>();
  const { user } = useAuth();
  const [payeeType, setPayeeType] = useState<PayeeType>(payment?.payeeType ?? 'vendor');
  const [vendorId, setVendorId] = useState<number | undefined>(payment?.vendorId ?? undefined);
  const [method, setMethod] = useState(payment?.method ?? 'cash');
  const canWrite = user !== undefined && paymentDocument.mayRun(user, 'edit');
  const [initialValues] = useState<PaymentFormValues>(() =>
    payment
      ? {
          payeeType: payment.payeeType,
          vendorId: payment.vendorId,
          employeeId: payment.employeeId,
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
    () => (payment?.vendorId ? { partyId: payment.vendorId, amounts: new Map(payment.allocations.map((a) => [a.goodsReceiptId, a.amount])) } : undefined),
    [payment],
  );
  const billsOf = payeeType === 'vendor' ? vendorId : undefined;
  const { query, targets, propose, forget } = useAllocations({ form, partyId: billsOf, queryKey: moneyKeys.openBills, fetchTargets: fetchOpenBills, saved });
  const { save, remove, formError, submit, allocationsError } = useMoneyDraft<PaymentDetail, PaymentFormValues>(paymentDocument, {
    form,
    id: payment?.id,
    targets,
    targetKey: 'goodsReceiptId',
    overMessage: moneyMessages.overAllocated('Payment'),
    onDone,
    bodyOf: (values) => ({
      payeeType: values.payeeType,
      // Only the chosen payee's field is sent: the server refuses the others.
      vendorId: values.payeeType === 'vendor' ? (values.vendorId ?? null) : null,
      employeeId: values.payeeType === 'employee' ? (values.employeeId ?? null) : null,
      expenseAccountId: values.payeeType === 'expense' ? (values.expenseAccountId ?? null) : null,
      regionId: values.payeeType === 'vendor' ? null : (values.regionId ?? null),
      paymentDate: values.paymentDate,
      ...methodBodyOf(values, 'drawnOn'),
      amount: values.amount ?? '',
      reference: values.reference ?? '',
    }),
  });

  return (
    <Flex vertical gap={8}>
      {formError && <Alert type="error" showIcon title={formError} />}
      <Form
        form={form}
        name="payment-form"
        layout="vertical"
        requiredMark={requiredMark}
        disabled={!canWrite}
        initialValues={initialValues}
        onValuesChange={(changed: PaymentFormValues, all: PaymentFormValues) => {
          if ('payeeType' in changed || 'vendorId' in changed) {
            forget();
            setPayeeType(all.payeeType ?? 'vendor');
            setVendorId(all.vendorId ?? undefined);
          }
          if ('method' in changed) {
            setMethod(changed.method ?? 'cash');
            afterMethodChanged(form, changed.method, all.paymentDate);
          }
          if ('amount' in changed) propose(all.amount);
        }}
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
        <MethodFields method={method} chequeAccount="drawnOn" />
        <Flex gap={16} wrap>
          <Form.Item name="amount" label="Amount" required style={narrowField}>
            <InputNumber<string> stringMode precision={2} min="0" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="reference" label="Reference" style={wideField}>
            <Input maxLength={100} />
          </Form.Item>
        </Flex>
        {billsOf !== undefined && (
          <AllocationsTable
            form={form}
            targets={targets}
            targetLabel="Goods receipt"
            loading={query.isFetching}
            error={allocationsError}
            emptyText={query.isError ? 'The open bills could not be read' : 'This vendor has no open bills: the whole amount is an advance'}
          />
        )}
      </Form>
      {canWrite && (
        <MoneyFormButtons
          definition={paymentDocument}
          canDelete={payment !== undefined && user !== undefined && paymentDocument.mayRun(user, 'delete')}
          canPost={user !== undefined && paymentDocument.mayRun(user, 'post')}
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
