import { lazyScreen } from '../../lib/areas/screen-map.ts';
import { defineArea } from '../../lib/areas/web-area.ts';

// The six Setup lists are one generic screen, given their declaration.
const setupResourceScreen = lazyScreen(() => import('./setup-resource-screen.tsx'), 'SetupResourceScreen');

export const setupArea = defineArea({
  name: 'setup',
  screens: {
    '/regions': setupResourceScreen,
    '/cities': setupResourceScreen,
    '/categories': setupResourceScreen,
    '/sub-categories': setupResourceScreen,
    '/asset-categories': setupResourceScreen,
    '/couriers': setupResourceScreen,
  },
});
