import { defineDocument } from '../document/define-document.ts';
import { balanceSchema } from './bank-amounts.ts';

export const bankReconciliationUnlockScope = 'bank-reconciliations:unlock';

/**
 * A bank account reconciled to a day (issue 33, section 5), `BRC-YYYY-NNNNNN`: the books to
 * `periodEnd` against the statement's balance, explained by what is on one side only. A draft's
 * figures are computed when read; locking stores them, freezes the matches of its lines and
 * numbers it. Unlocking is the admin's (scope `bank-reconciliations:unlock`).
 */
export const bankReconciliationDocument = defineDocument({
  name: 'bank-reconciliations',
  route: '/accounting',
  title: 'Bank reconciliations',
  singular: 'bank reconciliation',
  numberPrefix: 'BRC',
  dateField: 'periodEnd',
  fields: [
    { name: 'bankAccountId', label: 'Bank account', kind: 'reference', reference: 'accounts', required: true, filterable: true },
    { name: 'periodEnd', label: 'Period end', kind: 'date', required: true },
    // Left out: the balance of the account's last statement line dated to periodEnd.
    { name: 'statementBalance', label: 'Statement balance', kind: 'decimal', scale: 2, schema: balanceSchema('Statement balance').nullable().optional() },
  ],
  lines: { fields: [], min: 0, max: 0 },
  states: ['draft', 'locked'],
  stateLabels: { draft: 'Draft', locked: 'Locked' },
  editableIn: ['draft'],
  transitions: {
    lock: { from: ['draft'], to: 'locked', stamp: 'locked', numbers: true, label: 'Lock', done: 'Bank reconciliation locked', confirm: 'Lock this reconciliation? Its matches are frozen.' },
    unlock: {
      from: ['locked'],
      to: 'draft',
      scope: bankReconciliationUnlockScope,
      stamp: 'unlocked',
      label: 'Unlock',
      done: 'Bank reconciliation unlocked',
      confirm: 'Unlock this reconciliation? Its matches can change again.',
    },
  },
});

export const bankReconciliationInputSchema = bankReconciliationDocument.inputSchema;
export interface BankReconciliationInput {
  bankAccountId: number;
  periodEnd: string;
  statementBalance?: string | null;
}
