import { employees as employeesDeclaration } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { registerDocument } from '../../lib/document/register-document.ts';
import { registerResource } from '../../lib/resource/register-resource.ts';
import { tableOfResource } from '../../lib/resource/resource-tables.ts';
import type { ServerModule } from '../module.ts';
import { registerAgingRoutes } from './aging.routes.ts';
import { registerChequeRoutes } from './cheques.routes.ts';
import { registerCustomerStatementRoutes } from './customer-statement.routes.ts';
import { registerMoneyRoutes } from './money.routes.ts';
import { paymentBinding } from './payments.binding.ts';
import { receiptBinding } from './receipts.binding.ts';

/** Issue 9, sections 1 to 4: receipts, payments, the cheque register, aging and statements. */
export const moneyModule: ServerModule = {
  name: 'money',
  register(app: FastifyInstance) {
    registerMoneyRoutes(app);
    registerDocument(app, receiptBinding);
    registerDocument(app, paymentBinding);
    // The payees of salaries and custodians of assets: a generic resource.
    registerResource(app, { declaration: employeesDeclaration, table: tableOfResource(employeesDeclaration.name) });
    registerChequeRoutes(app);
    registerAgingRoutes(app);
    registerCustomerStatementRoutes(app);
  },
};
