import { defineArea } from '../area/define-area.ts';
import { chequeDocument } from './cheque.document.ts';
import { paymentDocument } from './payment.document.ts';
import { receiptDocument } from './receipt.document.ts';

export * from './money-fields.ts';
export * from './receipt.document.ts';
export * from './payment.document.ts';
export * from './cheque.document.ts';
export * from './aging.ts';
export * from './money-details.ts';
export * from './withholding.ts';
export * from './customer-statement.ts';

/** Issue 9: receipts, payments, the cheque register, aging and statements. */
export const moneyArea = defineArea({
  name: 'money',
  // The screens of this area whose pickers read other areas' resources.
  optionRoutes: { accounts: ['/cheques', '/payments', '/receipts'], vendors: ['/payments', '/cheques'], customers: ['/receipts', '/cheques'], employees: ['/payments'] },
  documents: [receiptDocument, paymentDocument, chequeDocument],
  postingAccounts: [
    { key: 'cash', label: 'Cash', account: { accountCode: '1000', accountName: 'Cash in hand', head: 'Assets', subHead: 'Cash & Bank', kind: 'cash' } },
    {
      key: 'chequesInHand',
      label: 'Cheques in hand',
      account: { accountCode: '1150', accountName: 'Cheques in hand', head: 'Assets', subHead: 'Cheques in hand', kind: 'other' },
    },
    {
      key: 'chequesIssued',
      label: 'Cheques issued',
      account: { accountCode: '2050', accountName: 'Cheques issued', head: 'Liabilities', subHead: 'Payables', kind: 'other' },
    },
    {
      key: 'bankCharges',
      label: 'Bank charges',
      account: { accountCode: '6050', accountName: 'Bank charges', head: 'Expenses', subHead: 'Operating expenses', kind: 'expense' },
    },
  ],
});
