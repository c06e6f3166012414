import { lazyScreen, type ScreenMap } from '../../app/screen-map.ts';

export const usersScreens = {
  '/user': lazyScreen(() => import('./users-screen.tsx'), 'UsersScreen'),
} satisfies ScreenMap;
