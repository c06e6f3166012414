import { lazyPart, lazyRowAction } from '../../lib/areas/screen-map.ts';
import { defineArea } from '../../lib/areas/web-area.ts';

/**
 * Issue 32, sections 1 and 2: the GTINs of each item's packs are a tab of /items (an item's row
 * opens its own), and the characters a scanner sends for GS a section of the settings. Section 4:
 * the stock count by scan is a tab of /inventory, and a lot's row there prints its GS1 labels.
 */
export const gs1Area = defineArea({
  name: 'gs1',
  screens: {},
  screenTabs: {
    '/items': [{ key: 'gtins', label: 'GTINs', ...lazyPart(() => import('./item-gtins-tab.tsx'), 'ItemGtinsTab') }],
    '/inventory': [{ key: 'count', label: 'Stock count', ...lazyPart(() => import('./stock-count-tab.tsx'), 'StockCountTab') }],
  },
  rowActions: {
    items: [lazyRowAction(() => import('./item-gtins-action.tsx'), 'ItemGtinsAction')],
    // Issue 32, section 4: GS1 labels of a warehouse lot we relabel.
    inventory: [lazyRowAction(() => import('./lot-label-action.tsx'), 'LotLabelAction')],
  },
  settings: lazyPart(() => import('./gs1-settings.tsx'), 'Gs1Settings'),
  tabs: {
    'item-gtins': { label: 'Items: GTINs', route: '/items', href: '/items?tab=gtins', words: ['GTIN', 'barcode', 'EAN', 'GS1', 'pack', 'case', 'pallet'] },
    'stock-count': { label: 'Inventory: Stock count', route: '/inventory', href: '/inventory?tab=count', words: ['count', 'stocktake', 'stock take', 'cycle count', 'scan', 'barcode'] },
  },
});
