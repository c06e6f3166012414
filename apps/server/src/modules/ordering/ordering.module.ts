import { orderingArea } from '@erp/domain';
import * as orderingTables from '../../db/schema/ordering.ts';
import type { ServerArea } from '../../lib/server-area.ts';
import { orderGenerationRunBinding } from './order-generation-runs.binding.ts';
import { orderingFigures } from './ordering-figures.ts';
import { registerOrderGenerationRoutes } from './order-generation.routes.ts';

/** Issue 19, section 3: Generate Order runs (/order-generation). */
export const orderingModule: ServerArea = {
  name: 'ordering',
  declaration: orderingArea,
  tables: orderingTables,
  documents: [orderGenerationRunBinding],
  figures: orderingFigures,
  routes(app) {
    registerOrderGenerationRoutes(app);
  },
};
