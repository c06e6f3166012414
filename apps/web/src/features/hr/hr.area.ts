import { lazyScreen } from '../../lib/areas/screen-map.ts';
import { defineArea } from '../../lib/areas/web-area.ts';

/** People: employees and their pay structure (/employees, tabs); pay runs and slips (/pay-slips) next. */
export const hrArea = defineArea({
  name: 'hr',
  screens: {
    '/employees': lazyScreen(() => import('./employees-screen.tsx'), 'EmployeesScreen'),
  },
});
