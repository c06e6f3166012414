import { lazyPart, lazyScreen } from '../../lib/areas/screen-map.ts';
import { defineArea } from '../../lib/areas/web-area.ts';
import { payRunAddress } from './payroll-addresses.ts';

/** Issue 20, section 3: pay runs and their slips. */
export const payrollArea = defineArea({
  name: 'payroll',
  screens: {
    '/pay-slips': lazyScreen(() => import('./pay-slips-screen.tsx'), 'PaySlipsScreen'),
  },
  settings: lazyPart(() => import('./payroll-settings.tsx'), 'PayrollSettings'),
  documentLinks: { 'pay-runs': payRunAddress },
  creates: { 'pay-runs': { label: 'New pay run', route: '/pay-slips', href: payRunAddress.href('new') } },
  statusColours: { approved: 'blue', posted: 'green', partlyPaid: 'gold', paid: 'green', held: 'orange' },
  tabs: { slips: { label: 'Pay Slips: Slips', route: '/pay-slips', href: '/pay-slips?tab=slips', words: ['payslips', 'salary slips'] } },
});
