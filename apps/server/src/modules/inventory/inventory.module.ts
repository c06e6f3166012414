import { inventoryArea } from '@erp/domain';
import * as inventoryTables from '../../db/schema/inventory.ts';
import * as transferTables from '../../db/schema/transfers.ts';
import type { ServerArea } from '../../lib/server-area.ts';
import { inventoryFigures } from './inventory-figures.ts';
import { registerInventoryRoutes } from './inventory.routes.ts';
import { itemsImport } from './items.import.ts';
import { itemTaxFactsBinding, registerItemTaxFactsRoutes } from './item-tax-facts.routes.ts';
import { itemBinding, registerItemRoutes } from './items.routes.ts';
import { openingStockImport } from './opening-stock.import.ts';
import { priceListBinding, registerPriceListRoutes } from './price-list.routes.ts';
import { stockAdjustmentBinding } from './stock-adjustments.binding.ts';
import { transferBinding } from './transfers.binding.ts';

/** Issue 6: items, lots, stock adjustments (a document) and the stock ledger's screens (/items, /inventory, /inventory-ledger); issue 7: the price list and transfers. */
export const inventoryModule: ServerArea = {
  name: 'inventory',
  declaration: inventoryArea,
  tables: { ...inventoryTables, ...transferTables },
  resources: [itemBinding, itemTaxFactsBinding, priceListBinding],
  documents: [stockAdjustmentBinding, transferBinding],
  imports: [itemsImport, openingStockImport],
  figures: inventoryFigures,
  openApiTags: [{ name: 'Inventory' }, { name: 'Price List' }],
  routes(app) {
    registerItemRoutes();
    registerItemTaxFactsRoutes(app);
    registerInventoryRoutes(app);
    registerPriceListRoutes(app);
  },
};
