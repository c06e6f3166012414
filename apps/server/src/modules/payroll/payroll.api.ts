/**
 * What the payroll area offers other modules: the pay slips as targets of payments'
 * allocations (money). The rest of modules/payroll is private to it.
 */
export { paySlipAllocationTargets } from './pay-slip-allocations.ts';
