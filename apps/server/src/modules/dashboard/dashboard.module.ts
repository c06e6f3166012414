import type { ServerArea } from '../../lib/server-area.ts';
import { registerDashboardRoutes } from './dashboard.routes.ts';

/**
 * Issue 18, section 1: the dashboard reads the figures every other area declares (its
 * `figures`), folded in modules/module.ts; it declares none of its own.
 */
export const dashboardModule: ServerArea = {
  name: 'dashboard',
  openApiTags: [{ name: 'Dashboard' }],
  routes: registerDashboardRoutes,
};
