import { lazyScreen } from '../../lib/areas/screen-map.ts';
import { defineArea } from '../../lib/areas/web-area.ts';
import { orderAddress, receiptAddress } from './purchasing-addresses.ts';

export const purchasingArea = defineArea({
  name: 'purchasing',
  screens: {
    '/vendors': lazyScreen(() => import('./vendors-screen.tsx'), 'VendorsScreen'),
    '/purchase-orders': lazyScreen(() => import('./purchase-orders-screen.tsx'), 'PurchaseOrdersScreen'),
  },
  // The ledgers stamp `goods-receipt`; aging names its rows `goods-receipts`.
  documentLinks: { 'goods-receipt': receiptAddress, 'goods-receipts': receiptAddress },
  creates: { 'purchase-orders': { label: 'New purchase order', route: '/purchase-orders', href: orderAddress.href('new') } },
  statusColours: { approved: 'blue' },
  tabs: { 'goods-receipts': { label: 'Purchase Orders: Goods receipts', route: '/purchase-orders', href: '/purchase-orders?tab=receipts', words: ['GRN', 'receiving'] } },
});
