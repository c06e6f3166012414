import { compareDecimal, formatDecimal, fromMinorUnits, type PayRunDetail, payRunDocument, type PaySlipDetail, toMinorUnits } from '@erp/domain';
import { BankOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, Modal, Typography } from 'antd';
import { Form } from '../../components/form.tsx';
import { useState } from 'react';
import { AccountSelect } from '../../components/account-select.tsx';
import { DateInput } from '../../components/date-input.tsx';
import { documentKeys, runDocumentAction } from '../../components/document/document-api.ts';
import { problemsOfIssues, showFormProblems } from '../../components/document/form-problems.ts';
import { requiredMark } from '../../components/required-mark.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { todayWire } from '../../lib/dates.ts';
import { errorMessage, fieldErrorsOf } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { downloadBankFile, slipKeys } from './payroll-api.ts';

const transition = payRunDocument.transitions.pay;

/** What the bank file lists (the server's rule, bankFileSlips): bank-paid slips not held with something left to pay, and that amount. */
export function bankFileTotals(slips: readonly PaySlipDetail[]): { count: number; amount: string } {
  const open = slips.filter((s) => s.payMode === 'bank' && !s.held && compareDecimal(s.paidAmount, s.net) < 0);
  return { count: open.length, amount: fromMinorUnits(open.reduce((total, s) => total + toMinorUnits(s.net) - toMinorUnits(s.paidAmount), 0n)) };
}

/** The server's default (issue 27): the run's last day, or today when later; an earlier date is refused. */
export function defaultPaymentDate(run: Pick<PayRunDetail, 'runDate'>, today: string): string {
  return today > run.runDate ? today : run.runDate;
}

interface PayValues {
  paymentDate?: string;
  accountId?: number | null;
  reference?: string;
}

/** The confirmation: the file is downloaded; once the bank has made the transfers, the payments are recorded from this bank account on this date. */
function PayModal({ run, totals, onClose }: { run: PayRunDetail; totals: { count: number; amount: string }; onClose: () => void }) {
  const [form] = Form.useForm<PayValues>();
  const [error, setError] = useState<string>();
  const queryClient = useQueryClient();
  const pay = useMutation({
    mutationFn: (body: object) => runDocumentAction<PayRunDetail>(payRunDocument, run.id, 'pay', body),
    onSuccess: async (answer) => {
      notify.success(answer.message || transition.done);
      // Paid all the same (the bank made the transfers), but the account went below zero: said with its balance after.
      if (answer.data.paidBy?.warning) notify.warning(answer.data.paidBy.warning);
      await queryClient.invalidateQueries({ queryKey: documentKeys.all(payRunDocument.name) });
      await queryClient.invalidateQueries({ queryKey: slipKeys.all });
      // The payments made: their list, and what their forms propose.
      await queryClient.invalidateQueries({ queryKey: ['payments'] });
      onClose();
    },
    onError: (failure) => {
      setError(errorMessage(failure));
      const errors = fieldErrorsOf(failure);
      if (errors) showFormProblems(form, errors);
    },
  });
  const submit = () => {
    setError(undefined);
    const values = form.getFieldsValue(true) as PayValues;
    const body = { paymentDate: values.paymentDate, accountId: values.accountId ?? undefined, ...(values.reference?.trim() ? { reference: values.reference.trim() } : {}) };
    const checked = transition.input?.safeParse(body);
    const problems = checked && !checked.success ? problemsOfIssues(checked.error.issues) : {};
    showFormProblems(form, problems);
    if (Object.keys(problems).length === 0) pay.mutate(body);
  };
  return (
    <Modal
      open
      title={`Pay ${run.documentNumber ?? 'pay run'} by bank file`}
      onCancel={onClose}
      okText="Record payments"
      cancelText="Close"
      okButtonProps={{ loading: pay.isPending }}
      onOk={submit}
      destroyOnHidden
    >
      <Flex vertical gap={8}>
        <Typography.Text>
          The bank file of {totals.count} slip{totals.count === 1 ? '' : 's'}, {formatDecimal(totals.amount)} in all, is downloaded: send it to the bank.
        </Typography.Text>
        <Alert
          type="warning"
          showIcon
          title="Once the bank has made the transfers, record them: one posted payment per employee, each paying their slip in full."
        />
        {error && <Alert type="error" showIcon title={error} role="alert" />}
        {/* No submit on Enter: Enter commits a typed date, and a submit in the same keystroke would send the date it replaces. */}
        <Form form={form} layout="vertical" name="pay-run-pay" requiredMark={requiredMark} initialValues={{ paymentDate: defaultPaymentDate(run, todayWire()), reference: '' }}>
          <Form.Item name="paymentDate" label="Payment date" required>
            <DateInput allowClear={false} />
          </Form.Item>
          <Form.Item name="accountId" label="Bank account" required>
            <AccountSelect kinds={['bank']} placeholder="Bank account" />
          </Form.Item>
          <Form.Item name="reference" label="Reference" extra={`Left empty: Salaries ${run.month} ${run.documentNumber ?? ''}`}>
            <Input maxLength={100} />
          </Form.Item>
        </Form>
      </Flex>
    </Modal>
  );
}

/**
 * "Pay by bank file" on a posted run with slips left to pay by bank (issue 20): downloads the
 * bank file, then asks for the payment date and bank account and records the payments (the
 * run's `pay` action: every slip the file lists paid in full, in one transaction).
 */
export function PayByBankFileButton({ run, slips }: { run: PayRunDetail; slips: readonly PaySlipDetail[] }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const totals = bankFileTotals(slips);
  if (!user || !payRunDocument.allowedActions(run, user).includes('pay') || totals.count === 0) return null;
  const start = async () => {
    setDownloading(true);
    try {
      await downloadBankFile(run.id);
      setOpen(true);
    } catch (failure) {
      notify.error(errorMessage(failure));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <>
      <Button type="primary" icon={<BankOutlined />} loading={downloading} onClick={() => void start()}>
        {transition.label}
      </Button>
      {open && <PayModal run={run} totals={totals} onClose={() => setOpen(false)} />}
    </>
  );
}
