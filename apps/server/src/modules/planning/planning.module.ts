import { planningArea } from '@erp/domain';
import * as planningTables from '../../db/schema/planning.ts';
import { genericResource } from '../module.ts';
import type { ServerArea } from '../../lib/server-area.ts';
import { planProgressFigures } from './plan-progress-figures.ts';
import { registerPlanProgressRoutes } from './plan-progress.routes.ts';
import { registerPlanningRoutes } from './planning.routes.ts';
import { salesPlanBinding } from './sales-plans.binding.ts';

/** Issue 19: sales plans (/planning/form), seasonal profiles, plan actuals and reconciliation. */
export const planningModule: ServerArea = {
  name: 'planning',
  declaration: planningArea,
  tables: planningTables,
  resources: planningArea.resources.map((declaration) => genericResource(declaration, planningTables)),
  documents: [salesPlanBinding],
  figures: planProgressFigures,
  openApiTags: [{ name: 'Planning', description: 'Plan actuals, reconciliation, the lines file of a plan and plan progress (issue 19)' }],
  routes(app) {
    registerPlanningRoutes(app);
    registerPlanProgressRoutes(app);
  },
};
