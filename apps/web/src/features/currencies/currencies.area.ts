import { lazyPart } from '../../lib/areas/screen-map.ts';
import { defineArea } from '../../lib/areas/web-area.ts';
import { revaluationAddress } from './revaluation-address.ts';

/**
 * Issue 33: currencies and their dated rates, a tab of /accounting (`?tab=currencies`), with the
 * month-end revaluations (`&view=revaluations`); how old a rate may be, a section of the settings.
 */
export const currenciesArea = defineArea({
  name: 'currencies',
  screens: {},
  // A ledger row of a revaluation (and of its reversal) opens the revaluation.
  documentLinks: { 'exchange-revaluations': revaluationAddress },
  screenTabs: { '/accounting': [{ key: 'currencies', label: 'Currencies', ...lazyPart(() => import('./currencies-tab.tsx'), 'CurrenciesTab') }] },
  settings: lazyPart(() => import('./currencies-settings.tsx'), 'CurrenciesSettings'),
  tabs: {
    currencies: {
      label: 'Accounting: Currencies',
      route: '/accounting',
      href: '/accounting?tab=currencies',
      words: ['currency', 'exchange rate', 'FX', 'forex', 'USD', 'EUR', 'CNY', 'State Bank', 'SBP', 'revaluation', 'unrealised exchange'],
    },
  },
});
