import { customers as customersDeclaration } from '@erp/domain';
import { customers } from '../../db/schema/index.ts';
import { registerTableTitle } from '../../lib/pg-error.ts';
import type { ResourceBinding } from '../../lib/resource/resource-binding.ts';
import { customerFigures, customerWrites } from './customers.service.ts';

/** Customers: a generic resource whose writes also keep the customer's receivable account, and whose rows carry its balance. */
export const customerBinding: ResourceBinding = {
  search: true,
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
};

/** A delete refused by these foreign keys names who holds the customer. */
export function registerCustomerRoutes(): void {
  registerTableTitle('customers', 'Customers');
}
