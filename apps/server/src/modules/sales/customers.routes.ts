import { customers as customersDeclaration } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { customers } from '../../db/schema/index.ts';
import { registerTableTitle } from '../../lib/pg-error.ts';
import { registerResource } from '../../lib/resource/register-resource.ts';
import { customerFigures, customerWrites } from './customers.service.ts';

/** Customers: a generic resource whose writes also keep the customer's receivable account, and whose rows carry its balance. */
export function registerCustomerRoutes(app: FastifyInstance): void {
  registerResource(app, {
    declaration: customersDeclaration,
    table: customers,
    hooks: {
      rowColumns: customerFigures,
      optionColumns: {
        customerId: customers.id,
        customerName: customers.customerName,
        regionId: customers.regionId,
        accountId: customers.accountId,
        active: customers.active,
      },
      writes: customerWrites,
    },
  });
  // A delete refused by these foreign keys names who holds the customer.
  registerTableTitle('customers', 'Customers');
}
