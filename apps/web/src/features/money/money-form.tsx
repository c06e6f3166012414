import type { DocumentDefinition, OpenDocument } from '@erp/domain';
import { Alert, Flex, type FormInstance, Input, InputNumber } from 'antd';
import { Form } from '../../components/form.tsx';
import type { ReactNode } from 'react';
import { requiredMark } from '../../components/required-mark.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import type { AllocationRow } from './allocations.ts';
import { AllocationsTable } from './allocations-table.tsx';
import { afterMethodChanged, MethodFields, type MethodOption, type MethodValues } from './method-fields.tsx';
import { MoneyFormButtons } from './money-form-buttons.tsx';

export const narrowField = { flex: '0 1 200px' };
export const wideField = { flex: '1 1 280px' };

/** What a receipt's and a payment's form values have alike. */
export interface MoneyFormValues extends MethodValues {
  amount?: string | null;
  reference?: string;
  allocations?: AllocationRow[];
}

interface Mutation {
  isPending: boolean;
  variables?: unknown;
}

export interface MoneyFormProps<Values extends MoneyFormValues> {
  definition: DocumentDefinition;
  form: FormInstance<Values>;
  name: string;
  initialValues: Values;
  /** A saved draft (it may be deleted); a new one is not. */
  saved: boolean;
  chequeAccount: 'chequesInHand' | 'drawnOn';
  /** The document's date: a cheque starts dated on it. */
  dateName: keyof Values & string;
  /** What useMoneyDraft answers. */
  draft: { formError?: string; allocationsError?: string; save: Mutation; remove: Mutation & { mutateAsync: () => Promise<unknown> }; submit: (post: boolean) => void };
  /** What useAllocations answers. */
  allocations: { query: { isFetching: boolean; isError: boolean }; targets: readonly OpenDocument[]; propose: (amount: string | null | undefined) => void };
  /** The allocations table, shown once the party whose open documents they are is chosen; `currency` labels its amounts (a foreign vendor's bills, issue 33). */
  allocationsTable?: { targetLabel: string; emptyText: string; unreadText: string; restLabel?: string; withholding?: { agent: boolean }; currency?: string };
  /** The methods offered, when not a receipt's (cash, bank, cheque). */
  methods?: readonly MethodOption[];
  /** The currencies the cash or bank account may be kept in; any when absent. */
  accountCurrencies?: readonly string[];
  /** The amount's label: 'Amount (USD)' for a foreign vendor. */
  amountLabel?: string;
  /** Shown under the amount: a foreign payment's rate and what leaves the bank. */
  afterAmount?: ReactNode;
  /** The party's fields changed (the method and the amount are this form's own). */
  onPartyChange: (changed: Partial<Values>, all: Values) => void;
  onClose: () => void;
  /** The party's fields and the document's date. */
  children: ReactNode;
}

/**
 * What a receipt's and a payment's forms share around their party fields: the refusal above the
 * form, the method fields (the account chosen again when the method changes), amount and
 * reference, the allocations proposed again as the amount is typed, and the buttons, as the
 * user may.
 */
export function MoneyForm<Values extends MoneyFormValues>({
  definition,
  form,
  name,
  initialValues,
  saved,
  chequeAccount,
  dateName,
  draft,
  allocations,
  allocationsTable,
  methods,
  accountCurrencies,
  amountLabel = 'Amount',
  afterAmount,
  onPartyChange,
  onClose,
  children,
}: MoneyFormProps<Values>) {
  const { user } = useAuth();
  // Watched, not kept: a party's change may set the method (a foreign vendor pays by bank or LC only).
  const method = (Form.useWatch('method', { form, preserve: true }) as MethodValues['method']) ?? initialValues.method ?? 'cash';
  const canWrite = user !== undefined && definition.mayRun(user, 'edit');
  return (
    <Flex vertical gap={8}>
      {draft.formError && <Alert type="error" showIcon title={draft.formError} />}
      <Form
        form={form}
        name={name}
        layout="vertical"
        requiredMark={requiredMark}
        disabled={!canWrite}
        initialValues={initialValues}
        onValuesChange={(changed: Partial<Values>, all: Values) => {
          onPartyChange(changed, all);
          if ('method' in changed) {
            afterMethodChanged(form, changed.method, all[dateName] as string | undefined);
          }
          if ('amount' in changed) allocations.propose(all.amount);
        }}
      >
        {children}
        <MethodFields method={method} chequeAccount={chequeAccount} methods={methods} accountCurrencies={accountCurrencies} />
        <Flex gap={16} wrap>
          <Form.Item name="amount" label={amountLabel} required style={narrowField}>
            <InputNumber<string> stringMode precision={2} min="0" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="reference" label="Reference" style={wideField}>
            <Input maxLength={100} />
          </Form.Item>
        </Flex>
        {afterAmount}
        {allocationsTable && (
          <AllocationsTable
            form={form}
            targets={allocations.targets}
            targetLabel={allocationsTable.targetLabel}
            loading={allocations.query.isFetching}
            error={draft.allocationsError}
            emptyText={allocations.query.isError ? allocationsTable.unreadText : allocationsTable.emptyText}
            restLabel={allocationsTable.restLabel}
            withholding={allocationsTable.withholding}
            currency={allocationsTable.currency}
          />
        )}
      </Form>
      {canWrite && (
        <MoneyFormButtons
          definition={definition}
          canDelete={saved && definition.mayRun(user, 'delete')}
          canPost={definition.mayRun(user, 'post')}
          save={draft.save}
          remove={draft.remove}
          onRemove={() => draft.remove.mutateAsync()}
          onSubmit={draft.submit}
          onClose={onClose}
        />
      )}
    </Flex>
  );
}
