import { lazyScreen } from '../../lib/areas/screen-map.ts';
import { defineArea } from '../../lib/areas/web-area.ts';

/** Issue 18, section 1: the boards of figures, each opening the list that adds up to it. */
export const dashboardArea = defineArea({
  name: 'dashboard',
  screens: {
    '/dashboard': lazyScreen(() => import('./dashboard-screen.tsx'), 'DashboardScreen'),
  },
});
