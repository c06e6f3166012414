import type { FastifyInstance } from 'fastify';
import { registerDocument } from '../../lib/document/register-document.ts';
import { registerImportKind } from '../../lib/import/register-import.ts';
import type { ServerModule } from '../module.ts';
import { registerInventoryRoutes } from './inventory.routes.ts';
import { itemsImport } from './items.import.ts';
import { registerItemRoutes } from './items.routes.ts';
import { openingStockImport } from './opening-stock.import.ts';
import { registerPriceListRoutes } from './price-list.routes.ts';
import { stockAdjustmentBinding } from './stock-adjustments.binding.ts';
import { transferBinding } from './transfers.binding.ts';

/** Issue 6: items, lots, stock adjustments (a document) and the stock ledger's screens (/items, /inventory, /inventory-ledger); issue 7: the price list. */
export const inventoryModule: ServerModule = {
  name: 'inventory',
  register(app: FastifyInstance) {
    registerItemRoutes(app);
    registerInventoryRoutes(app);
    registerPriceListRoutes(app);
    registerDocument(app, stockAdjustmentBinding);
    registerImportKind(app, itemsImport);
    registerImportKind(app, openingStockImport);
    registerDocument(app, transferBinding);
  },
};
