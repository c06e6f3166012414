/**
 * What the accounting area offers other modules (docs/ARCHITECTURE.md, "Boundaries"): the
 * journals' services taking (tx, actor, input), the period a report reads when none is given
 * (the fiscal year of today).
 */
import { documentServices } from '../../lib/document/document-services.ts';
import { journalBinding } from './journals.binding.ts';

export const journalServices = documentServices(journalBinding);
export { periodOf } from './ledger.service.ts';
// Customers and vendors keep their own ledger accounts; accounting writes them.
export { hasPostings, openPartyAccount, removePartyAccount, renamePartyAccount } from './party-accounts.ts';
export { profitAndLoss } from './statements.service.ts';
export { closePeriods } from './period-close.service.ts';
export { foreignAccountBalancesAsOf, type ForeignAccountBalance } from './foreign-balances.ts';
