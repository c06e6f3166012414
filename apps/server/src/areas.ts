import { accountingModule } from './modules/accounting/accounting.module.ts';
import { assetsModule } from './modules/assets/assets.module.ts';
import { rentalsModule } from './modules/rentals/rentals.module.ts';
import { authModule } from './modules/auth/auth.module.ts';
import { hrModule } from './modules/hr/hr.module.ts';
import { importsModule } from './modules/imports/imports.module.ts';
import { inventoryModule } from './modules/inventory/inventory.module.ts';
import type { ServerArea } from './lib/server-area.ts';
import { moneyModule } from './modules/money/money.module.ts';
import { payrollModule } from './modules/payroll/payroll.module.ts';
import { orderingModule } from './modules/ordering/ordering.module.ts';
import { planningModule } from './modules/planning/planning.module.ts';
import { purchasingModule } from './modules/purchasing/purchasing.module.ts';
import { dashboardModule } from './modules/dashboard/dashboard.module.ts';
import { salesModule } from './modules/sales/sales.module.ts';
import { setupModule } from './modules/setup/setup.module.ts';
import { venturesModule } from './modules/ventures/ventures.module.ts';
import { fbrModule } from './modules/fbr/fbr.module.ts';
import { recallsModule } from './modules/recalls/recalls.module.ts';
import { coldChainModule } from './modules/cold-chain/cold-chain.module.ts';
import { licencesModule } from './modules/licences/licences.module.ts';
import { gs1Module } from './modules/gs1/gs1.module.ts';
import { currenciesModule } from './modules/currencies/currencies.module.ts';
import { landedCostsModule } from './modules/landed-costs/landed-costs.module.ts';
import { bankingModule } from './modules/banking/banking.module.ts';

/** Every area of the server, registered in this order by app.ts: an area adds its line here and nowhere else. */
export const areas: readonly ServerArea[] = [
  authModule,
  setupModule,
  accountingModule,
  inventoryModule,
  purchasingModule,
  salesModule,
  moneyModule,
  hrModule,
  payrollModule,
  assetsModule,
  planningModule,
  orderingModule,
  rentalsModule,
  venturesModule,
  fbrModule,
  recallsModule,
  coldChainModule,
  licencesModule,
  gs1Module,
  currenciesModule,
  landedCostsModule,
  bankingModule,
  importsModule,
  dashboardModule,
];
