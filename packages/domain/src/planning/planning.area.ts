import { defineArea } from '../area/define-area.ts';
import { salesPlanDocument } from './sales-plan.document.ts';
import { seasonalProfiles } from './seasonal-profiles.ts';

export * from './sales-plan.document.ts';
export * from './seasonal-profiles.ts';
export * from './plan-spread.ts';
export * from './plan-reports.ts';
export * from './plan-progress.ts';

/** Issue 19: sales plans (/planning/form) and their seasonal profiles; plan progress reads them. */
export const planningArea = defineArea({
  name: 'planning',
  // The plan form's pickers: regions, customers (their own optionsAlsoFor), salespeople, items, categories; plan progress's filters.
  optionRoutes: { regions: ['/planning/form', '/planning/progress'], users: ['/planning/form', '/planning/progress'], items: ['/planning/form', '/planning/progress'], categories: ['/planning/form'] },
  resources: [seasonalProfiles],
  documents: [salesPlanDocument],
  defaultScopes: { accountant: ['sales-plans:approve'] },
});
