import { lazyScreen } from '../../lib/areas/screen-map.ts';
import { defineArea } from '../../lib/areas/web-area.ts';
import { receiptAddress } from './purchasing-addresses.ts';

export const purchasingArea = defineArea({
  name: 'purchasing',
  screens: {
    '/vendors': lazyScreen(() => import('./vendors-screen.tsx'), 'VendorsScreen'),
    '/purchase-orders': lazyScreen(() => import('./purchase-orders-screen.tsx'), 'PurchaseOrdersScreen'),
  },
  documentLinks: { 'goods-receipt': receiptAddress },
  statusColours: { approved: 'blue' },
});
