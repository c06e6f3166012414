import { lazyScreen, type ScreenMap } from '../../app/screen-map.ts';

export const accountScreens = {
  '/user/password': lazyScreen(() => import('./change-password-screen.tsx'), 'ChangePasswordScreen'),
} satisfies ScreenMap;
