import type { ScreenMap } from '../../app/screen-map.ts';
import { lazyScreen } from '../../app/screen-map.ts';

// The six Setup lists are one generic screen, given their declaration.
const setupResourceScreen = lazyScreen(() => import('./setup-resource-screen.tsx'), 'SetupResourceScreen');

export const setupScreens = {
  '/regions': setupResourceScreen,
  '/cities': setupResourceScreen,
  '/categories': setupResourceScreen,
  '/sub-categories': setupResourceScreen,
  '/asset-categories': setupResourceScreen,
  '/couriers': setupResourceScreen,
} satisfies ScreenMap;
