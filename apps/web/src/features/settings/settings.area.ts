import { lazyPart, lazyScreen } from '../../lib/areas/screen-map.ts';
import { defineArea } from '../../lib/areas/web-area.ts';

export const settingsArea = defineArea({
  name: 'settings',
  screens: {
    '/settings': lazyScreen(() => import('./settings-screen.tsx'), 'SettingsScreen'),
  },
  settings: lazyPart(() => import('./company-settings.tsx'), 'CompanySettings'),
});
