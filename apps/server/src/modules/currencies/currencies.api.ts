/**
 * What other areas may use of the currencies (docs/ARCHITECTURE.md, Boundaries): a currency's rate
 * on a date, as the rate route answers it (`rateOn`: 404 `NoRateError` when there is none), and as
 * a document's save or posting takes it (`rateOrRefusal`: 400 naming its `exchangeRate` field with
 * the same message), each inside the caller's transaction.
 */
export { assertCurrencyInUse, companyCurrency, NoRateError, rateOn, rateOrRefusal } from './currency-rules.ts';
