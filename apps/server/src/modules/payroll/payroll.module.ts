import { payrollArea } from '@erp/domain';
import * as payrollTables from '../../db/schema/payroll.ts';
import type { ServerArea } from '../../lib/server-area.ts';
import { paySlipPaymentTarget } from './pay-slip-allocations.ts';
import { payRunJob } from './pay-run-job.ts';
import { payRunBinding } from './pay-runs.binding.ts';
import { payrollFigures } from './payroll-figures.ts';
import { registerPaySlipRoutes } from './pay-slips.routes.ts';

/** Issue 20, section 3: pay runs (a job computes their slips), the slips, their PDFs and the bank file. */
export const payrollModule: ServerArea = {
  name: 'payroll',
  declaration: payrollArea,
  tables: payrollTables,
  documents: [payRunBinding],
  jobs: [payRunJob],
  figures: payrollFigures,
  paymentTargets: { paySlips: paySlipPaymentTarget },
  openApiTags: [{ name: 'Pay Slips' }],
  routes: registerPaySlipRoutes,
};
