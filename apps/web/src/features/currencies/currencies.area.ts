import { lazyPart } from '../../lib/areas/screen-map.ts';
import { defineArea } from '../../lib/areas/web-area.ts';

/**
 * Issue 33, section 1: currencies and their dated rates, a tab of /accounting (`?tab=currencies`),
 * and how old a rate may be, a section of the settings.
 */
export const currenciesArea = defineArea({
  name: 'currencies',
  screens: {},
  screenTabs: { '/accounting': [{ key: 'currencies', label: 'Currencies', ...lazyPart(() => import('./currencies-tab.tsx'), 'CurrenciesTab') }] },
  settings: lazyPart(() => import('./currencies-settings.tsx'), 'CurrenciesSettings'),
  tabs: {
    currencies: {
      label: 'Accounting: Currencies',
      route: '/accounting',
      href: '/accounting?tab=currencies',
      words: ['currency', 'exchange rate', 'FX', 'forex', 'USD', 'EUR', 'CNY', 'State Bank', 'SBP'],
    },
  },
});
