import { lazyScreen } from '../../lib/areas/screen-map.ts';
import { defineArea } from '../../lib/areas/web-area.ts';

export const usersArea = defineArea({
  name: 'users',
  screens: {
    '/user': lazyScreen(() => import('./users-screen.tsx'), 'UsersScreen'),
  },
});
