/**
 * What the hr area offers other modules (docs/ARCHITECTURE.md, "Boundaries"): hr alone writes
 * its tables; payroll moves the advances' recovered amounts through this, in its posting's
 * statement. The rest of modules/hr is private to it.
 */
export { advanceRecoveriesStatement } from './advance-recoveries.ts';
