import type { ScreenMap } from '../../app/screen-map.ts';
import { lazyScreen } from '../../app/screen-map.ts';

export const salesScreens = {
  '/customers': lazyScreen(() => import('./customers-screen.tsx'), 'CustomersScreen'),
} satisfies ScreenMap;
