import { lazyPart, lazyRowAction } from '../../lib/areas/screen-map.ts';
import { defineArea } from '../../lib/areas/web-area.ts';

/** Issue 31, section 3: the cold chain is a tab of /inventory (storage units, readings, excursions) and a section of the settings. */
export const coldChainArea = defineArea({
  name: 'cold-chain',
  screens: {},
  screenTabs: {
    '/inventory': [{ key: 'cold-chain', label: 'Cold chain', ...lazyPart(() => import('./cold-chain-tab.tsx'), 'ColdChainTab') }],
  },
  settings: lazyPart(() => import('./cold-chain-settings.tsx'), 'ColdChainSettings'),
  // A cold lot's storage unit, day by day, and a move to another unit.
  rowActions: { inventory: [lazyRowAction(() => import('./storage-unit-action.tsx'), 'StorageUnitAction')] },
  tabs: {
    'cold-chain': {
      label: 'Inventory: Cold chain',
      route: '/inventory',
      href: '/inventory?tab=cold-chain',
      words: ['cold chain', 'storage units', 'fridge', 'cold room', 'freezer', 'temperature', 'logger', 'excursion'],
    },
  },
});
