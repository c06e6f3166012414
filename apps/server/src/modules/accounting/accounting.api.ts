/**
 * What the accounting area offers other modules (docs/ARCHITECTURE.md, "Boundaries"): the
 * period a report reads when none is given (the fiscal year of today).
 */
export { periodOf } from './ledger.service.ts';
// Customers and vendors keep their own ledger accounts; accounting writes them.
export { hasPostings, openPartyAccount, removePartyAccount, renamePartyAccount } from './party-accounts.ts';
