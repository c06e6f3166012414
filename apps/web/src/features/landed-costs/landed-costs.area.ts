import { lazyDocumentPart, lazyPart } from '../../lib/areas/screen-map.ts';
import { defineArea } from '../../lib/areas/web-area.ts';
import { importShipmentAddress } from './import-shipment-address.ts';

/**
 * Issue 33, section 3: import shipments and their landed costs, a tab of /accounting; a goods
 * receipt's and a purchase order's view link the shipments that name them (for roles with /accounting).
 */
export const landedCostsArea = defineArea({
  name: 'landed-costs',
  screens: {},
  screenTabs: { '/accounting': [{ key: 'import-shipments', label: 'Import shipments', ...lazyPart(() => import('./import-shipments-tab.tsx'), 'ImportShipmentsTab') }] },
  documentLinks: { 'import-shipments': importShipmentAddress },
  documentParts: {
    'goods-receipts': [lazyDocumentPart(() => import('./shipment-links-part.tsx'), 'ReceiptShipmentsPart')],
    'purchase-orders': [lazyDocumentPart(() => import('./shipment-links-part.tsx'), 'OrderShipmentsPart')],
  },
  tabs: {
    'import-shipments': {
      label: 'Accounting: Import shipments',
      route: '/accounting',
      href: importShipmentAddress.href(),
      words: ['landed cost', 'import', 'customs duty', 'freight', 'GD', 'bill of lading', 'IMP', 'clearing', 'LC charges'],
    },
  },
});
