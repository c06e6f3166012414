import { defineArea } from '../area/define-area.ts';
import { bankMatchRules } from './bank-match-rules.ts';
import { bankReconciliationDocument } from './bank-reconciliation.document.ts';
import { bankStatementDocument } from './bank-statement.document.ts';

export * from './bank-amounts.ts';
export * from './bank-match-rules.ts';
export * from './bank-matching.ts';
export * from './bank-reconciliation.document.ts';
export * from './bank-statement.document.ts';
export * from './banking-wire.ts';
export * from './statement-order.ts';

/**
 * Issue 33, sections 4 and 5: the bank's statements of each bank account, matched to the books
 * (general-ledger rows and cheques waiting to clear) by hand or by rules, and the monthly
 * reconciliation, locked once it agrees. On /accounting, its tab "Bank".
 */
export const bankingArea = defineArea({
  name: 'banking',
  resources: [bankMatchRules],
  documents: [bankStatementDocument, bankReconciliationDocument],
  imports: ['bank-statement'],
});
