import { lazyPart } from '../../lib/areas/screen-map.ts';
import { defineArea } from '../../lib/areas/web-area.ts';
import { recallAddress } from './recall-address.ts';

/** Issue 31, section 2: recalls of lots, a tab of /inventory (every role with /inventory reads them). */
export const recallsArea = defineArea({
  name: 'recalls',
  screens: {},
  screenTabs: { '/inventory': [{ key: 'recalls', label: 'Recalls', ...lazyPart(() => import('./recalls-tab.tsx'), 'RecallsTab') }] },
  // The search index names the type `recalls`; a ledger or audit row would name it `recall`.
  documentLinks: { recalls: recallAddress, recall: recallAddress },
  tabs: { recalls: { label: 'Inventory: Recalls', route: '/inventory', href: recallAddress.href(), words: ['recall', 'DRAP', 'RCL', 'quarantine', 'product recall'] } },
  // An open recall is the alarm of the inventory screen.
  statusColours: { open: 'orange' },
});
