import type { FastifyInstance } from 'fastify';
import { registerDocument } from '../../lib/document/register-document.ts';
import type { ServerModule } from '../module.ts';
import { registerInventoryRoutes } from './inventory.routes.ts';
import { registerItemRoutes } from './items.routes.ts';
import { stockAdjustmentBinding } from './stock-adjustments.binding.ts';

/** Issue 6: items, lots, stock adjustments (a document) and the stock ledger's screens (/items, /inventory, /inventory-ledger). */
export const inventoryModule: ServerModule = {
  name: 'inventory',
  register(app: FastifyInstance) {
    registerItemRoutes(app);
    registerInventoryRoutes(app);
    registerDocument(app, stockAdjustmentBinding);
  },
};
