import { currenciesArea } from '@erp/domain';
import * as currencyTables from '../../db/schema/currencies.ts';
import type { ServerArea } from '../../lib/server-area.ts';
import { currencyBinding, exchangeRateBinding } from './currencies.binding.ts';
import { exchangeRatesImport } from './exchange-rates.import.ts';
import { registerExchangeRateRoutes } from './exchange-rates.routes.ts';

/** Issue 33, section 1: currencies, their dated rates, a date's rate, and the State Bank's rate files. */
export const currenciesModule: ServerArea = {
  name: 'currencies',
  declaration: currenciesArea,
  tables: currencyTables,
  resources: [currencyBinding, exchangeRateBinding],
  imports: [exchangeRatesImport],
  openApiTags: [{ name: 'Currencies', description: "Currencies and their dated rates: a date's rate for orders, receipts and payments" }],
  routes: registerExchangeRateRoutes,
};
