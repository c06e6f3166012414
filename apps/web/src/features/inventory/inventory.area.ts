import { addressOf } from '../../components/document/document-address.ts';
import { lazyPart, lazyScreen } from '../../lib/areas/screen-map.ts';
import { defineArea } from '../../lib/areas/web-area.ts';

export const inventoryArea = defineArea({
  name: 'inventory',
  screens: {
    '/items': lazyScreen(() => import('./items-screen.tsx'), 'ItemsScreen'),
    '/inventory': lazyScreen(() => import('./inventory-screen.tsx'), 'InventoryScreen'),
    '/inventory-ledger': lazyScreen(() => import('./inventory-ledger-screen.tsx'), 'InventoryLedgerScreen'),
    '/transfers': lazyScreen(() => import('./transfers-screen.tsx'), 'TransfersScreen'),
    '/price-list': lazyScreen(() => import('./price-list-screen.tsx'), 'PriceListScreen'),
  },
  settings: lazyPart(() => import('./inventory-settings.tsx'), 'InventorySettings'),
  documentLinks: {
    transfer: addressOf('/transfers'),
    // Stock adjustments open on /inventory's adjustments tab.
    'stock-adjustment': { href: (id) => `/inventory?adjustment=${id}` },
  },
  creates: {
    transfers: { label: 'New transfer', route: '/transfers', href: addressOf('/transfers').href('new') },
    'stock-adjustments': { label: 'New stock adjustment', route: '/inventory', href: '/inventory?adjustment=new' },
  },
  statusColours: { dispatched: 'blue', received: 'green' },
});
