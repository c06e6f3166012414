import { defineArea } from '../area/define-area.ts';
import { departments } from './departments.ts';
import { employeeAdvances } from './employee-advances.ts';
import { employees } from './employees.ts';
import { payAdjustments } from './pay-adjustments.ts';
import { payInputs } from './pay-inputs.ts';
import { salaryAssignments } from './salary-assignments.ts';
import { salaryComponents } from './salary-components.ts';
import { taxTables } from './tax-tables.ts';

export * from './advance-schedule.ts';
export * from './departments.ts';
export * from './employee-advances.ts';
export * from './employees.ts';
export * from './income-tax.ts';
export * from './national-id.ts';
export * from './pay-adjustment-months.ts';
export * from './pay-adjustments.ts';
export * from './pay-formula.ts';
export * from './pay-inputs.ts';
export * from '../dates/months.ts';
export * from './salary-assignments.ts';
export * from './salary-components.ts';
export * from './tax-tables.ts';

/** Human resource (issues 9 and 20): employees, departments, the pay structure; pay runs and slips next. */
export const hrArea = defineArea({
  name: 'hr',
  // The screens of this area whose pickers read other areas' resources.
  optionRoutes: { regions: ['/employees'], cities: ['/employees'], users: ['/employees'], accounts: ['/employees'] },
  resources: [employees, departments, salaryComponents, salaryAssignments, payAdjustments, employeeAdvances, payInputs, taxTables],
  imports: ['pay-inputs'],
  postingAccounts: [
    {
      key: 'salariesPayable',
      label: 'Salaries payable',
      account: { accountCode: '2200', accountName: 'Salaries payable', head: 'Liabilities', subHead: 'Salaries payable', kind: 'other' },
    },
    { key: 'salaries', label: 'Salaries', account: { accountCode: '6100', accountName: 'Salaries', head: 'Expenses', subHead: 'Operating expenses', kind: 'expense' } },
    // Advances and loans paid out (Dr) and recovered by the pay runs (Cr).
    { key: 'employeeAdvances', label: 'Employee advances', account: { accountCode: '1300', accountName: 'Employee advances', head: 'Assets', subHead: 'Receivables', kind: 'other' } },
    // A slip's rounding difference (net rounded, e.g. up to 1).
    { key: 'payrollRounding', label: 'Payroll rounding', account: { accountCode: '6190', accountName: 'Payroll rounding', head: 'Expenses', subHead: 'Operating expenses', kind: 'expense' } },
  ],
  // The default salary components' accounts (salary-components.ts).
  chartAccounts: [
    { accountCode: '2210', accountName: 'Income tax payable (salaries)', head: 'Liabilities', subHead: 'Tax', kind: 'other' },
    { accountCode: '2220', accountName: 'Provident fund payable', head: 'Liabilities', subHead: 'Salaries payable', kind: 'other' },
    { accountCode: '6110', accountName: 'Allowances', head: 'Expenses', subHead: 'Operating expenses', kind: 'expense' },
    { accountCode: '6120', accountName: 'Overtime and incentives', head: 'Expenses', subHead: 'Operating expenses', kind: 'expense' },
    { accountCode: '6130', accountName: 'Provident fund contribution', head: 'Expenses', subHead: 'Operating expenses', kind: 'expense' },
  ],
});
