import { lazyScreen } from '../../lib/areas/screen-map.ts';
import { defineArea } from '../../lib/areas/web-area.ts';

export const assetsArea = defineArea({
  name: 'assets',
  screens: {
    '/assets': lazyScreen(() => import('./assets-screen.tsx'), 'AssetsScreen'),
  },
  statusColours: { active: 'green', disposed: 'default', running: 'blue', failed: 'red' },
});
