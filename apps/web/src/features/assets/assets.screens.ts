import { lazyScreen, type ScreenMap } from '../../app/screen-map.ts';

export const assetsScreens = {
  '/assets': lazyScreen(() => import('./assets-screen.tsx'), 'AssetsScreen'),
} satisfies ScreenMap;
