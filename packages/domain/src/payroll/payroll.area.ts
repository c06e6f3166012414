import { defineArea } from '../area/define-area.ts';
import { payRunDocument } from './pay-run.document.ts';

export * from './pay-run.document.ts';
export * from './pay-slip-compute.ts';

/** Issue 20, section 3: pay runs and their slips (/pay-slips), posted to the ledger and paid through payments. */
export const payrollArea = defineArea({
  name: 'payroll',
  optionRoutes: { regions: ['/pay-slips'], employees: ['/pay-slips'] },
  documents: [payRunDocument],
  postingAccounts: [
    {
      key: 'incomeTaxPayable',
      label: 'Income tax payable (salaries)',
      account: { accountCode: '2210', accountName: 'Income tax payable (salaries)', head: 'Liabilities', subHead: 'Salaries payable', kind: 'other' },
    },
    {
      key: 'statutoryPayable',
      label: 'Employer contributions payable',
      account: { accountCode: '2220', accountName: 'Employer contributions payable', head: 'Liabilities', subHead: 'Salaries payable', kind: 'other' },
    },
    {
      key: 'employeeAdvances',
      label: 'Employee advances',
      account: { accountCode: '1300', accountName: 'Employee advances', head: 'Assets', subHead: 'Receivables', kind: 'other' },
    },
    { key: 'payrollRounding', label: 'Payroll rounding', account: { accountCode: '6110', accountName: 'Payroll rounding', head: 'Expenses', subHead: 'Operating expenses', kind: 'expense' } },
  ],
});
