import { defineArea } from '../area/define-area.ts';
import { currencies, exchangeRates } from './currencies.ts';
import { currenciesSettings } from './currencies.settings.ts';
import { exchangeRevaluationDocument } from './exchange-revaluation.document.ts';

export * from './currencies.ts';
export * from './currencies.settings.ts';
export * from './carrying.ts';
export * from './exchange-revaluation.document.ts';

/**
 * Issue 33, section 1: the currencies the company deals in and their dated rates, the first part
 * of buying abroad (foreign vendors, orders, receipts and payments build on them). On /accounting,
 * its tab "Currencies"; the State Bank's daily files are the import kind `exchange-rates`.
 */
export const currenciesArea = defineArea({
  name: 'currencies',
  settings: currenciesSettings,
  resources: [currencies, exchangeRates],
  // Section 2: month-end revaluations of open foreign payables, advances and bank balances (exchange-revaluations:cancel is its transition's).
  documents: [exchangeRevaluationDocument],
  imports: ['exchange-rates'],
  // Section 2: a payment's difference to what its bills were carried at, and month-end revaluations (reversed the next day).
  postingAccounts: [
    {
      key: 'exchangeGainLoss',
      label: 'Exchange gain or loss',
      account: { accountCode: '4500', accountName: 'Exchange gain or loss', head: 'Income', subHead: 'Other income', kind: 'income' },
    },
    {
      key: 'unrealisedExchangeGainLoss',
      label: 'Unrealised exchange gain or loss',
      account: { accountCode: '4510', accountName: 'Unrealised exchange gain or loss', head: 'Income', subHead: 'Other income', kind: 'income' },
    },
  ],
});
