import { lazyScreen } from '../../lib/areas/screen-map.ts';
import { defineArea } from '../../lib/areas/web-area.ts';

/** People: employees and their pay structure (/employees, tabs); pay runs and slips (/pay-slips) next. */
export const hrArea = defineArea({
  name: 'hr',
  screens: {
    '/employees': lazyScreen(() => import('./employees-screen.tsx'), 'EmployeesScreen'),
  },
  tabs: {
    departments: { label: 'Employees: Departments', route: '/employees', href: '/employees?tab=departments' },
    components: { label: 'Employees: Salary components', route: '/employees', href: '/employees?tab=components', words: ['allowances', 'deductions'] },
    assignments: { label: 'Employees: Salary assignments', route: '/employees', href: '/employees?tab=assignments', words: ['salary structure'] },
    adjustments: { label: 'Employees: Adjustments', route: '/employees', href: '/employees?tab=adjustments', words: ['raise', 'increment'] },
    advances: { label: 'Employees: Advances and loans', route: '/employees', href: '/employees?tab=advances' },
    inputs: { label: 'Employees: Monthly inputs', route: '/employees', href: '/employees?tab=inputs', words: ['attendance', 'overtime'] },
    'tax-tables': { label: 'Employees: Tax tables', route: '/employees', href: '/employees?tab=tax-tables', words: ['income tax', 'slabs'] },
  },
});
