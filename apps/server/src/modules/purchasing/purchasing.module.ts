import type { FastifyInstance } from 'fastify';
import type { ServerModule } from '../module.ts';
import { registerVendorRoutes } from './vendors.routes.ts';

/** Issue 7: vendors, purchase orders and their goods receipts (/vendors, /purchase-orders). */
export const purchasingModule: ServerModule = {
  name: 'purchasing',
  register(app: FastifyInstance) {
    registerVendorRoutes(app);
  },
};
