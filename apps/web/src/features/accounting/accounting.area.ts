import { addressOf } from '../../components/document/document-address.ts';
import { lazyScreen } from '../../lib/areas/screen-map.ts';
import { defineArea } from '../../lib/areas/web-area.ts';

export const accountingArea = defineArea({
  name: 'accounting',
  screens: {
    '/account-heads': lazyScreen(() => import('./accounts-screens.tsx'), 'AccountHeadsScreen'),
    '/accounts': lazyScreen(() => import('./accounts-screens.tsx'), 'AccountsScreen'),
    '/journals': lazyScreen(() => import('./journals-screen.tsx'), 'JournalsScreen'),
    '/accounting': lazyScreen(() => import('./accounting-screen.tsx'), 'AccountingScreen'),
    '/ledger/:accountId': lazyScreen(() => import('./ledger-page.tsx'), 'LedgerPage'),
  },
  titles: { '/accounting': 'Accounting', '/ledger/:accountId': 'Account Ledger' },
  creates: { journals: { label: 'New journal', route: '/journals', href: addressOf('/journals').href('new') } },
  documentLinks: { journal: addressOf('/journals') },
});
