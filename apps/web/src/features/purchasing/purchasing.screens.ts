import type { ScreenMap } from '../../app/screen-map.ts';
import { lazyScreen } from '../../app/screen-map.ts';

export const purchasingScreens = {
  '/vendors': lazyScreen(() => import('./vendors-screen.tsx'), 'VendorsScreen'),
  '/purchase-orders': lazyScreen(() => import('./purchase-orders-screen.tsx'), 'PurchaseOrdersScreen'),
} satisfies ScreenMap;
