import { defineArea } from '../area/define-area.ts';
import { customers } from './customers.ts';
import { invoiceDocument } from './invoice.document.ts';
import { quotationDocument } from './quotation.document.ts';
import { salesReturnDocument } from './sales-return.document.ts';
import { salesSettings } from './sales.settings.ts';

export * from './customers.ts';
export * from './sales-lines.ts';
export * from './line-tax.ts';
export * from './tax-lines.ts';
export * from './amount-in-words.ts';
export * from './invoice.document.ts';
export * from './invoice-picking.ts';
export * from './line-picks.ts';
export * from './quotation.document.ts';
export * from './sales-return.document.ts';
export * from './sales-return-scan.ts';
export * from './sales-reports.ts';
export * from './sales-tax-return.ts';
export * from './sales.settings.ts';

/** Issue 8: customers, quotations, invoices, sales returns and the sales reports. */
export const salesArea = defineArea({
  name: 'sales',
  settings: salesSettings,
  // The screens of this area whose pickers read other areas' resources.
  optionRoutes: { regions: ['/customers', '/sales/reports', '/items/sales'], cities: ['/customers'], couriers: ['/invoices'], users: ['/customers', '/sales/reports', '/items/sales'], accounts: ['/customers'], items: ['/invoices', '/quotations', '/sales-returns', '/items/sales', '/sales/reports'], customers: ['/sales-returns'] },
  resources: [customers],
  documents: [quotationDocument, invoiceDocument, salesReturnDocument],
  scopes: ['credit-limit:override', 'customers:credit-limit', 'customers:tax-facts'],
  // Credit limits (issue 8): sales staff may not raise their own; a buyer's tax facts (issue 29) are the accounts' to keep.
  defaultScopes: { accountant: ['customers:credit-limit', 'customers:tax-facts'] },
  postingAccounts: [
    {
      key: 'receivables',
      label: 'Receivables (control)',
      account: { accountCode: '1100', accountName: 'Accounts receivable', head: 'Assets', subHead: 'Receivables', kind: 'receivable' },
    },
    { key: 'taxPayable', label: 'Sales tax payable', account: { accountCode: '2100', accountName: 'Tax payable', head: 'Liabilities', subHead: 'Tax', kind: 'other' } },
    // Issue 29, section 5: further tax (Sec. 3(1A)) apart from sales tax, as the return reports them apart;
    // what withholding buyers keep back is an asset until the return (sales tax) or the income tax return (s.153) adjusts it.
    {
      key: 'furtherTaxPayable',
      label: 'Further tax payable',
      account: { accountCode: '2110', accountName: 'Further tax payable', head: 'Liabilities', subHead: 'Tax', kind: 'other' },
    },
    {
      key: 'salesTaxWithheld',
      label: 'Sales tax withheld by customers',
      account: { accountCode: '1160', accountName: 'Sales tax withheld by customers', head: 'Assets', subHead: 'Receivables', kind: 'other' },
    },
    {
      key: 'advanceIncomeTax',
      label: 'Advance income tax',
      account: { accountCode: '1170', accountName: 'Advance income tax', head: 'Assets', subHead: 'Receivables', kind: 'other' },
    },
    // The provinces' tax on rental charges (services, issue 29): apart from the Sales Tax Act's, as each province collects its own.
    {
      key: 'servicesTaxPayable',
      label: 'Services tax payable',
      account: { accountCode: '2120', accountName: 'Services tax payable', head: 'Liabilities', subHead: 'Tax', kind: 'other' },
    },
    { key: 'sales', label: 'Sales', account: { accountCode: '4000', accountName: 'Sales', head: 'Income', subHead: 'Sales', kind: 'income' } },
    { key: 'salesReturns', label: 'Sales returns', account: { accountCode: '4100', accountName: 'Sales returns', head: 'Income', subHead: 'Sales', kind: 'income' } },
    { key: 'costOfSales', label: 'Cost of sales', account: { accountCode: '5000', accountName: 'Cost of sales', head: 'Expenses', subHead: 'Cost of sales', kind: 'expense' } },
  ],
});
