import { defineArea } from '../../lib/areas/web-area.ts';
import { lazyScreen } from '../../lib/areas/screen-map.ts';

export const accountArea = defineArea({
  name: 'account',
  screens: {
    '/user/password': lazyScreen(() => import('./change-password-screen.tsx'), 'ChangePasswordScreen'),
  },
});
