import { lazyScreen, type ScreenMap } from '../../app/screen-map.ts';

export const settingsScreens = {
  '/settings': lazyScreen(() => import('./settings-screen.tsx'), 'SettingsScreen'),
} satisfies ScreenMap;
