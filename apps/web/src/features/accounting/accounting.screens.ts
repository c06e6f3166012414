import { lazyScreen, type ScreenMap } from '../../app/screen-map.ts';

export const accountingScreens = {
  '/account-heads': lazyScreen(() => import('./accounts-screens.tsx'), 'AccountHeadsScreen'),
  '/accounts': lazyScreen(() => import('./accounts-screens.tsx'), 'AccountsScreen'),
  '/journals': lazyScreen(() => import('./journals-screen.tsx'), 'JournalsScreen'),
  '/accounting': lazyScreen(() => import('./accounting-screen.tsx'), 'AccountingScreen'),
  '/ledger/:accountId': lazyScreen(() => import('./ledger-page.tsx'), 'LedgerPage'),
} satisfies ScreenMap;
