import { lazyScreen } from '../../lib/areas/screen-map.ts';
import { defineArea } from '../../lib/areas/web-area.ts';
import { planAddress } from './planning-addresses.ts';

/** Issue 19: the plan form (/planning/form); plan progress joins it here. */
export const planningArea = defineArea({
  name: 'planning',
  screens: {
    '/planning/form': lazyScreen(() => import('./sales-plans-screen.tsx'), 'SalesPlansScreen'),
    '/planning/progress': lazyScreen(() => import('./progress/plan-progress-screen.tsx'), 'PlanProgressScreen'),
  },
  documentLinks: { 'sales-plans': planAddress },
  creates: { 'sales-plans': { label: 'New sales plan', route: '/planning/form', href: planAddress.href('new') } },
  // Approved is the shared blue (purchasing's).
  statusColours: { submitted: 'gold', superseded: 'default' },
  tabs: { 'seasonal-profiles': { label: 'Plan Form: Seasonal profiles', route: '/planning/form', href: '/planning/form?tab=profiles', words: ['seasonality'] } },
});
