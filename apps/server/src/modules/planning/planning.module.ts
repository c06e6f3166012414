import { planningArea } from '@erp/domain';
import * as planningTables from '../../db/schema/planning.ts';
import { genericResource, type ServerArea } from '../module.ts';
import { salesPlanBinding } from './sales-plans.binding.ts';

/** Issue 19: sales plans (/planning/form), seasonal profiles, plan actuals and reconciliation. */
export const planningModule: ServerArea = {
  name: 'planning',
  declaration: planningArea,
  tables: planningTables,
  resources: planningArea.resources.map((declaration) => genericResource(declaration, planningTables)),
  documents: [salesPlanBinding],
};
