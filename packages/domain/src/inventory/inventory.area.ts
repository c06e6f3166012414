import { defineArea } from '../area/define-area.ts';
import { inventorySettings } from './inventory.settings.ts';
import { itemTaxFacts } from './item-tax-facts.ts';
import { lotsQuarantineScope, lotsReleaseScope } from './lot-status.ts';
import { items } from './items.ts';
import { priceList } from './price-list.ts';
import { stockAdjustmentDocument } from './stock-adjustment.document.ts';
import { transferDocument } from './transfer.document.ts';

export * from './items.ts';
export * from './item-tax-facts.ts';
export * from './price-list.ts';
export * from './inventory.ts';
export * from './expiry.ts';
export * from './stock-adjustment.document.ts';
export * from './transfer.document.ts';
export * from './inventory.settings.ts';
export * from './lot-status.ts';

/** Issues 6 and 7: items, lots, stock adjustments, transfers and the price list. */
export const inventoryArea = defineArea({
  name: 'inventory',
  settings: inventorySettings,
  imports: ['items', 'opening-stock'],
  // The screens of this area whose pickers read other areas' resources.
  optionRoutes: { regions: ['/inventory', '/transfers'], categories: ['/items', '/price-list', '/inventory'], 'sub-categories': ['/items'], couriers: ['/transfers'], vendors: ['/items'], customers: ['/price-list'] },
  resources: [items, itemTaxFacts, priceList],
  documents: [stockAdjustmentDocument, transferDocument],
  scopes: ['items:approve', 'items:tax-facts', 'price-list:write', lotsQuarantineScope, lotsReleaseScope],
  defaultScopes: {
    // Sale prices (issue 7, section 4); the other roles with /price-list only read them. Items' sales
    // tax facts (issue 29): what the law says of a supply is the accounts' to keep.
    accountant: ['price-list:write', 'items:tax-facts'],
    // Approves new items before they may be bought or sold (PRODUCT.md, Items); posts stock
    // adjustments; releases held lots and quarantines them (issue 31: the Responsible Person).
    operationManager: ['items:approve', 'stock-adjustments:post', 'price-list:write', lotsReleaseScope, lotsQuarantineScope],
    inventorySupervisor: ['stock-adjustments:post', lotsQuarantineScope],
  },
  postingAccounts: [
    { key: 'inventory', label: 'Inventory', account: { accountCode: '1200', accountName: 'Inventory', head: 'Assets', subHead: 'Inventory', kind: 'inventory' } },
    {
      key: 'inventoryInTransit',
      label: 'Inventory in transit',
      account: { accountCode: '1210', accountName: 'Inventory in transit', head: 'Assets', subHead: 'Inventory', kind: 'inventory' },
    },
    {
      key: 'stockAdjustments',
      label: 'Stock adjustments',
      account: { accountCode: '5100', accountName: 'Stock adjustments', head: 'Expenses', subHead: 'Cost of sales', kind: 'expense' },
    },
  ],
});
