import { planningArea } from '@erp/domain';
import * as planningTables from '../../db/schema/planning.ts';
import { genericResource, type ServerArea } from '../module.ts';
import { registerPlanningRoutes } from './planning.routes.ts';
import { salesPlanBinding } from './sales-plans.binding.ts';

/** Issue 19: sales plans (/planning/form), seasonal profiles, plan actuals and reconciliation. */
export const planningModule: ServerArea = {
  name: 'planning',
  declaration: planningArea,
  tables: planningTables,
  resources: planningArea.resources.map((declaration) => genericResource(declaration, planningTables)),
  documents: [salesPlanBinding],
  openApiTags: [{ name: 'Planning', description: 'Plan actuals, reconciliation and the lines file of a plan (issue 19)' }],
  routes(app) {
    registerPlanningRoutes(app);
  },
};
