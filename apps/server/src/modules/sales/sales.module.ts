import type { FastifyInstance } from 'fastify';
import type { ServerModule } from '../module.ts';
import { registerCustomerRoutes } from './customers.routes.ts';

/** Issue 8: customers (/customers); quotations, invoices and returns follow. */
export const salesModule: ServerModule = {
  name: 'sales',
  register(app: FastifyInstance) {
    registerCustomerRoutes(app);
  },
};
