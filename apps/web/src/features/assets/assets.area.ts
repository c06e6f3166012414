import { addressOf } from '../../components/document/document-address.ts';
import { lazyScreen } from '../../lib/areas/screen-map.ts';
import { defineArea } from '../../lib/areas/web-area.ts';

export const assetsArea = defineArea({
  name: 'assets',
  screens: {
    '/assets': lazyScreen(() => import('./assets-screen.tsx'), 'AssetsScreen'),
  },
  creates: { assets: { label: 'New asset', route: '/assets', href: addressOf('/assets').href('new') } },
  statusColours: { active: 'green', disposed: 'default', running: 'blue', failed: 'red' },
  tabs: { 'depreciation-runs': { label: 'Assets: Depreciation runs', route: '/assets', href: '/assets?tab=runs' } },
});
