import { lazyPart } from '../../lib/areas/screen-map.ts';
import { defineArea } from '../../lib/areas/web-area.ts';
import { reconciliationAddress, statementAddress } from './banking-addresses.ts';

/** Issue 33, sections 4 and 5: bank statements, their matching and the reconciliations, a tab of /accounting (`?tab=bank`). */
export const bankingArea = defineArea({
  name: 'banking',
  screens: {},
  screenTabs: { '/accounting': [{ key: 'bank', label: 'Bank', ...lazyPart(() => import('./bank-tab.tsx'), 'BankTab') }] },
  documentLinks: { 'bank-statements': statementAddress, 'bank-reconciliations': reconciliationAddress },
  statusColours: { imported: 'blue', locked: 'green' },
  tabs: {
    bank: {
      label: 'Accounting: Bank',
      route: '/accounting',
      href: '/accounting?tab=bank',
      words: ['bank statement', 'bank reconciliation', 'BRS', 'reconcile', 'BST', 'BRC', 'match', 'cheque clearing'],
    },
  },
});
