import { type ChequeDetail, chequeDocument, formatDecimal } from '@erp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, InputNumber, Modal, Typography } from 'antd';
import { Form } from '../../components/form.tsx';
import { useState } from 'react';
import { AccountSelect } from '../../components/account-select.tsx';
import { DateInput } from '../../components/date-input.tsx';
import { runDocumentAction } from '../../components/document/document-api.ts';
import { problemsOfIssues, showFormProblems } from '../../components/document/form-problems.ts';
import { requiredMark } from '../../components/required-mark.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { formatDate, todayWire } from '../../lib/dates.ts';
import { errorMessage, fieldErrorsOf } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { invalidateAfterMoney } from './money-refresh.ts';

type ChequeAction = keyof typeof chequeDocument.transitions;
type ActionValues = Record<string, string | number | null | undefined>;

/** The body of an action from its modal's values: empty optional fields left out. */
export function actionBodyOf(values: ActionValues): Record<string, string | number> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && String(v).trim() !== '')) as Record<string, string | number>;
}

/** The modal's inputs of one action, named as its declared `input` names them so refusals land on them. */
function ActionFields({ action, cheque }: { action: ChequeAction; cheque: ChequeDetail }) {
  switch (action) {
    case 'deposit':
      return (
        <>
          <Form.Item name="bankAccountId" label="Bank account" required>
            <AccountSelect kinds={['bank']} placeholder="Bank account" />
          </Form.Item>
          <Form.Item name="depositDate" label="Deposit date" required extra={`Not before the cheque's date, ${formatDate(cheque.chequeDate)}`}>
            <DateInput allowClear={false} />
          </Form.Item>
        </>
      );
    case 'clear':
      return (
        <Form.Item name="clearDate" label="Clear date" required>
          <DateInput allowClear={false} />
        </Form.Item>
      );
    case 'bounce':
      return (
        <>
          <Form.Item name="bounceDate" label="Bounce date" required>
            <DateInput allowClear={false} />
          </Form.Item>
          <Form.Item name="reason" label="Reason" required>
            <Input maxLength={200} />
          </Form.Item>
          {cheque.status === 'deposited' && (
            <Form.Item name="bankCharge" label="Bank charge" extra="Charged by the bank for the returned cheque (optional)">
              <InputNumber<string> stringMode precision={2} min="0" style={{ width: '100%' }} />
            </Form.Item>
          )}
        </>
      );
    case 'cancel':
      return (
        <Form.Item name="cancelDate" label="Cancel date">
          <DateInput />
        </Form.Item>
      );
  }
}

const initialValuesOf = (action: ChequeAction): ActionValues => {
  const today = todayWire();
  switch (action) {
    case 'deposit':
      return { depositDate: today };
    case 'clear':
      return { clearDate: today };
    case 'bounce':
      return { bounceDate: today, reason: '' };
    case 'cancel':
      return {};
  }
};

/** One action's modal: the declaration's confirmation, its inputs, checked by the declared schema first, then sent. */
function ActionModal({ cheque, action, onClose }: { cheque: ChequeDetail; action: ChequeAction; onClose: () => void }) {
  const transition = chequeDocument.transitions[action];
  const [form] = Form.useForm<ActionValues>();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  const run = useMutation({
    mutationFn: (body: object) => runDocumentAction<ChequeDetail>(chequeDocument, cheque.id, action, body),
    onSuccess: async (answer) => {
      notify.success(answer.message || transition.done);
      await invalidateAfterMoney(queryClient);
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
    const body = actionBodyOf(form.getFieldsValue(true) as ActionValues);
    const checked = transition.input?.safeParse(body);
    const problems = checked && !checked.success ? problemsOfIssues(checked.error.issues) : {};
    showFormProblems(form, problems);
    if (Object.keys(problems).length === 0) run.mutate(body);
  };
  const danger = transition.to === 'cancelled' || transition.to === 'bounced';
  return (
    <Modal
      open
      title={`${transition.label} cheque ${cheque.chequeNumber}`}
      onCancel={onClose}
      okText={transition.label}
      cancelText="Close"
      okButtonProps={{ danger, loading: run.isPending }}
      onOk={submit}
      destroyOnHidden
    >
      <Flex vertical gap={8}>
        <Typography.Text>
          {cheque.bank}, dated {formatDate(cheque.chequeDate)}, {formatDecimal(cheque.amount)}
          {cheque.partyName ? `, ${cheque.partyName}` : ''}
        </Typography.Text>
        {'confirm' in transition && transition.confirm && <Alert type="warning" showIcon title={transition.confirm} />}
        {error && <Alert type="error" showIcon title={error} role="alert" />}
        {/* No submit on Enter: Enter commits a typed date, and a submit in the same keystroke would send the date it replaces. */}
        <Form form={form} layout="vertical" name={`cheque-${action}`} requiredMark={requiredMark} initialValues={initialValuesOf(action)}>
          <ActionFields action={action} cheque={cheque} />
        </Form>
      </Flex>
    </Modal>
  );
}

/**
 * A cheque's workflow as buttons, derived from the declaration (allowedActions: its state, the
 * user's role and scopes), each opening a small modal for the action's body. `compact` in a
 * list row, named with the cheque so each button says which cheque it acts on.
 */
export function ChequeActions({ cheque, compact = false }: { cheque: ChequeDetail; compact?: boolean }) {
  const { user } = useAuth();
  const [open, setOpen] = useState<ChequeAction>();
  const actions = chequeDocument.allowedActions(cheque, user).filter((a): a is ChequeAction => a in chequeDocument.transitions);
  return (
    <>
      {actions.map((action) => {
        const transition = chequeDocument.transitions[action];
        const danger = transition.to === 'cancelled' || transition.to === 'bounced';
        return (
          <Button
            key={action}
            size={compact ? 'small' : 'middle'}
            danger={danger}
            type={!compact && !danger ? 'primary' : 'default'}
            aria-label={compact ? `${transition.label} cheque ${cheque.chequeNumber}` : undefined}
            onClick={() => setOpen(action)}
          >
            {transition.label}
          </Button>
        );
      })}
      {open && <ActionModal cheque={cheque} action={open} onClose={() => setOpen(undefined)} />}
    </>
  );
}
