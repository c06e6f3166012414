import { defineArea } from '../area/define-area.ts';
import { salesPlanDocument } from './sales-plan.document.ts';
import { seasonalProfiles } from './seasonal-profiles.ts';

export * from './sales-plan.document.ts';
export * from './seasonal-profiles.ts';
export * from './plan-spread.ts';

/** Issue 19: sales plans (/planning/form) and their seasonal profiles; plan progress reads them. */
export const planningArea = defineArea({
  name: 'planning',
  // The plan form's pickers: regions, customers (their own optionsAlsoFor), salespeople, items, categories.
  optionRoutes: { regions: ['/planning/form'], users: ['/planning/form'], items: ['/planning/form'], categories: ['/planning/form'] },
  resources: [seasonalProfiles],
  documents: [salesPlanDocument],
});
