import { lazyPart, lazyScreen } from '../../lib/areas/screen-map.ts';
import { defineArea } from '../../lib/areas/web-area.ts';

/** Issue 19, section 3: Generate Order (/order-generation). */
export const orderingArea = defineArea({
  name: 'ordering',
  screens: {
    '/order-generation': lazyScreen(() => import('./order-generation-screen.tsx'), 'OrderGenerationScreen'),
  },
  settings: lazyPart(() => import('./ordering-settings.tsx'), 'OrderingSettings'),
  statusColours: { converted: 'green', discarded: 'default' },
});
