import { orderGenerationRunDocument, type OrderGenerationRunDetail, type OrderGenerationRunInput } from '@erp/domain';
import { orderGenerationRuns } from '../../db/schema/index.ts';
import type { ActionOf, DocumentBinding, StateOf } from '../../lib/document/document-binding.ts';
import { orderGenerationRunHandlers } from './order-generation-runs.handlers.ts';
import { orderGenerationRunQueries } from './order-generation-runs.queries.ts';

/** Generate Order runs on the document machinery; lines are their own table, written in one statement by the handlers. */
export const orderGenerationRunBinding: DocumentBinding<
  OrderGenerationRunInput,
  OrderGenerationRunDetail,
  StateOf<typeof orderGenerationRunDocument>,
  ActionOf<typeof orderGenerationRunDocument>
> = {
  definition: orderGenerationRunDocument,
  table: orderGenerationRuns,
  columns: { id: orderGenerationRuns.id, number: orderGenerationRuns.documentNumber, date: orderGenerationRuns.documentDate, status: orderGenerationRuns.status },
  queries: orderGenerationRunQueries,
  handlers: orderGenerationRunHandlers,
};
