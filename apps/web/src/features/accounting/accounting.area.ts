import { addressOf } from '../../components/document/document-address.ts';
import { lazyPart, lazyScreen } from '../../lib/areas/screen-map.ts';
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
  settings: lazyPart(() => import('./accounting-settings.tsx'), 'AccountingSettings'),
  titles: { '/accounting': 'Accounting', '/ledger/:accountId': 'Account Ledger' },
  // The statements are tabs of /accounting, which the menu does not list (spec section 2).
  tabs: {
    'trial-balance': { label: 'Accounting: Trial balance', route: '/accounting', href: '/accounting?tab=trial-balance', words: ['TB', 'statements'] },
    'profit-and-loss': { label: 'Accounting: Profit and loss', route: '/accounting', href: '/accounting?tab=profit-and-loss', words: ['P&L', 'PL', 'income statement', 'statements'] },
    'profit-and-loss-by-department': {
      label: 'Accounting: Profit and loss by department',
      route: '/accounting',
      href: '/accounting?tab=profit-and-loss&view=by-department',
      words: ['P&L', 'PL', 'departments'],
    },
    'balance-sheet': { label: 'Accounting: Balance sheet', route: '/accounting', href: '/accounting?tab=balance-sheet', words: ['BS', 'assets and liabilities', 'statements'] },
    aging: { label: 'Accounting: Aging', route: '/accounting', href: '/accounting?tab=aging', words: ['ageing', 'receivables', 'payables', 'overdue'] },
    'customer-statement': { label: 'Accounting: Customer statement', route: '/accounting', href: '/accounting?tab=customer-statement', words: ['statement of account'] },
    'period-close': { label: 'Accounting: Period close', route: '/accounting', href: '/accounting?tab=period-close', words: ['month end', 'close the books'] },
  },
  creates: { journals: { label: 'New journal', route: '/journals', href: addressOf('/journals').href('new') } },
  documentLinks: { journal: addressOf('/journals') },
});
