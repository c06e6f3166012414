import { lazyScreen, type ScreenMap } from '../../app/screen-map.ts';

export const inventoryScreens = {
  '/items': lazyScreen(() => import('./items-screen.tsx'), 'ItemsScreen'),
  '/inventory': lazyScreen(() => import('./inventory-screen.tsx'), 'InventoryScreen'),
  '/inventory-ledger': lazyScreen(() => import('./inventory-ledger-screen.tsx'), 'InventoryLedgerScreen'),
  '/transfers': lazyScreen(() => import('./transfers-screen.tsx'), 'TransfersScreen'),
  '/price-list': lazyScreen(() => import('./price-list-screen.tsx'), 'PriceListScreen'),
} satisfies ScreenMap;
