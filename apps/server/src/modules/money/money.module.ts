import { moneyArea } from '@erp/domain';
import * as moneyTables from '../../db/schema/money.ts';
import type { ServerArea } from '../../lib/server-area.ts';
import { moneyFigures } from './money-figures.ts';
import { registerAgingRoutes } from './aging.routes.ts';
import { chequeBinding } from './cheques.binding.ts';
import { registerChequeRoutes } from './cheques.routes.ts';
import { registerCustomerStatementRoutes } from './customer-statement.routes.ts';
import { registerMoneyRoutes } from './money.routes.ts';
import { registerWithholdingRoutes } from './withholding.routes.ts';
import { paymentBinding } from './payments.binding.ts';
import { receiptBinding } from './receipts.binding.ts';

/** Issue 9, sections 1 to 4: receipts, payments, the cheque register, aging and statements. */
export const moneyModule: ServerArea = {
  name: 'money',
  declaration: moneyArea,
  tables: moneyTables,
  documents: [receiptBinding, paymentBinding, chequeBinding],
  figures: moneyFigures,
  openApiTags: [{ name: 'Aging' }, { name: 'Customers' }],
  routes(app) {
    registerMoneyRoutes(app);
    registerChequeRoutes(app);
    registerAgingRoutes(app);
    registerWithholdingRoutes(app);
    registerCustomerStatementRoutes(app);
  },
};
