import { defineArea } from '../area/define-area.ts';
import { payRunDocument } from './pay-run.document.ts';

export * from './pay-run.document.ts';
export * from './pay-inputs-needed.ts';
export * from './pay-slip-compute.ts';

/** Issue 20, section 3: pay runs and their slips (/pay-slips), posted to the ledger and paid through payments. */
export const payrollArea = defineArea({
  name: 'payroll',
  optionRoutes: { regions: ['/pay-slips'], employees: ['/pay-slips'], departments: ['/pay-slips'] },
  documents: [payRunDocument],
});
