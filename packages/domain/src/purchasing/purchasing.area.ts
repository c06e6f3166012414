import { defineArea } from '../area/define-area.ts';
import { goodsReceiptDocument } from './goods-receipt.document.ts';
import { purchaseOrderDocument } from './purchase-order.document.ts';
import { vendors } from './vendors.ts';

export * from './vendors.ts';
export * from './purchase-order.document.ts';
export * from './goods-receipt.document.ts';

/** Issue 7: vendors, purchase orders and goods receipts. */
export const purchasingArea = defineArea({
  name: 'purchasing',
  imports: ['vendors'],
  // The screens of this area whose pickers read other areas' resources.
  optionRoutes: { regions: ['/purchase-orders'], cities: ['/vendors'], accounts: ['/vendors'], items: ['/purchase-orders'] },
  resources: [vendors],
  documents: [purchaseOrderDocument, goodsReceiptDocument],
  postingAccounts: [
    {
      key: 'payables',
      label: 'Payables (control)',
      account: { accountCode: '2000', accountName: 'Accounts payable', head: 'Liabilities', subHead: 'Payables', kind: 'payable' },
    },
  ],
});
