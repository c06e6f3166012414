import { defineArea } from '../area/define-area.ts';
import { payrollSettings } from './payroll.settings.ts';
import { payRunDocument } from './pay-run.document.ts';

export * from './pay-run.document.ts';
export * from './pay-inputs-needed.ts';
export * from './pay-slip-compute.ts';
export * from './payroll.settings.ts';

/** Issue 20, section 3: pay runs and their slips (/pay-slips), posted to the ledger and paid through payments. */
export const payrollArea = defineArea({
  name: 'payroll',
  settings: payrollSettings,
  optionRoutes: { regions: ['/pay-slips'], employees: ['/pay-slips'], departments: ['/pay-slips'] },
  documents: [payRunDocument],
});
