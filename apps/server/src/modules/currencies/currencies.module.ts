import { currenciesArea } from '@erp/domain';
import * as currencyTables from '../../db/schema/currencies.ts';
import type { ServerArea } from '../../lib/server-area.ts';
import { currencyBinding, exchangeRateBinding } from './currencies.binding.ts';
import { exchangeRatesImport } from './exchange-rates.import.ts';
import { exchangeRevaluationBinding } from './exchange-revaluations.binding.ts';
import { registerExchangeRateRoutes } from './exchange-rates.routes.ts';

/** Issue 33: currencies, their dated rates, a date's rate, the State Bank's rate files (section 1); month-end revaluations (section 2). */
export const currenciesModule: ServerArea = {
  name: 'currencies',
  declaration: currenciesArea,
  tables: currencyTables,
  resources: [currencyBinding, exchangeRateBinding],
  documents: [exchangeRevaluationBinding],
  imports: [exchangeRatesImport],
  openApiTags: [{ name: 'Currencies', description: "Currencies and their dated rates: a date's rate for orders, receipts and payments" }],
  routes: registerExchangeRateRoutes,
};
