import { defineArea } from '../area/define-area.ts';
import { accountingSettings } from './accounting.settings.ts';
import { accountHeads } from './account-heads.ts';
import { accounts } from './accounts.ts';
import { journalDocument } from './journal.document.ts';

export * from './account-heads.ts';
export * from './accounts.ts';
export * from './journals.ts';
export * from './period-close.ts';
export * from './journal.document.ts';
export * from './ledger.ts';
export * from './wire.ts';
export * from './accounting.settings.ts';

/** Issue 3: the chart of accounts, journals, ledgers and statements; the default chart's heads. */
export const accountingArea = defineArea({
  name: 'accounting',
  settings: accountingSettings,
  // The screens of this area whose pickers read other areas' resources (the P&L narrows to a department or region).
  optionRoutes: { regions: ['/accounts', '/accounting'], departments: ['/accounting'] },
  resources: [accountHeads, accounts],
  documents: [journalDocument],
  chartHeads: [
    { headName: 'Assets', headType: 'asset', subHeads: ['Cash & Bank', 'Receivables', 'Inventory', 'Cheques in hand', 'Fixed assets'] },
    { headName: 'Liabilities', headType: 'liability', subHeads: ['Payables', 'Tax', 'Salaries payable'] },
    { headName: 'Equity', headType: 'equity', subHeads: ['Capital', 'Retained earnings'] },
    { headName: 'Income', headType: 'income', subHeads: ['Sales', 'Other income'] },
    { headName: 'Expenses', headType: 'expense', subHeads: ['Cost of sales', 'Operating expenses'] },
  ],
  postingAccounts: [
    {
      key: 'retainedEarnings',
      label: 'Retained earnings',
      account: { accountCode: '3100', accountName: 'Retained earnings', head: 'Equity', subHead: 'Retained earnings', kind: 'equity' },
    },
  ],
  chartAccounts: [
    { accountCode: '1010', accountName: 'Bank - current account', head: 'Assets', subHead: 'Cash & Bank', kind: 'bank' },
    { accountCode: '1020', accountName: 'Bank - savings account', head: 'Assets', subHead: 'Cash & Bank', kind: 'bank' },
    { accountCode: '3000', accountName: 'Capital', head: 'Equity', subHead: 'Capital', kind: 'equity' },
  ],
});
