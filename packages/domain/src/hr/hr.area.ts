import { defineArea } from '../area/define-area.ts';
import { employees } from './employees.ts';

export * from './employees.ts';

/** Employees (issue 9; the home of payroll): paid salaries, custodians of assets. */
export const hrArea = defineArea({
  name: 'hr',
  // The screens of this area whose pickers read other areas' resources.
  optionRoutes: { regions: ['/employees'], cities: ['/employees'], users: ['/employees'] },
  resources: [employees],
  postingAccounts: [
    {
      key: 'salariesPayable',
      label: 'Salaries payable',
      account: { accountCode: '2200', accountName: 'Salaries payable', head: 'Liabilities', subHead: 'Salaries payable', kind: 'other' },
    },
    { key: 'salaries', label: 'Salaries', account: { accountCode: '6100', accountName: 'Salaries', head: 'Expenses', subHead: 'Operating expenses', kind: 'expense' } },
  ],
});
