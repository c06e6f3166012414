import { defineArea } from '../area/define-area.ts';
import { orderingSettings } from './ordering.settings.ts';
import { orderGenerationRunDocument } from './order-generation-run.document.ts';

export * from './order-suggestion.ts';
export * from './order-generation-run.document.ts';
export * from './ordering.settings.ts';

/** Issue 19, section 3: Generate Order (/order-generation), runs that suggest what to buy. */
export const orderingArea = defineArea({
  name: 'ordering',
  settings: orderingSettings,
  optionRoutes: { regions: ['/order-generation'], categories: ['/order-generation'] },
  documents: [orderGenerationRunDocument],
});
