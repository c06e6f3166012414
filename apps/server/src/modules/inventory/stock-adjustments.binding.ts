import { stockAdjustmentDocument, type StockAdjustmentInput } from '@erp/domain';
import { stockAdjustmentLines, stockAdjustments } from '../../db/schema/index.ts';
import type { DocumentBinding, ActionOf, StateOf } from '../../lib/document/document-binding.ts';
import { stockAdjustmentHandlers } from './stock-adjustments.handlers.ts';
import { type StockAdjustmentDetail, stockAdjustmentQueries } from './stock-adjustments.queries.ts';

/** Stock adjustments on the document machinery: the declaration (domain), the table, its queries and handlers. */
export const stockAdjustmentBinding: DocumentBinding<StockAdjustmentInput, StockAdjustmentDetail, StateOf<typeof stockAdjustmentDocument>, ActionOf<typeof stockAdjustmentDocument>> = {
  definition: stockAdjustmentDocument,
  table: stockAdjustments,
  searchRoute: (id) => `/inventory?adjustment=${id}`,
  columns: { id: stockAdjustments.id, number: stockAdjustments.documentNumber, date: stockAdjustments.documentDate, status: stockAdjustments.status },
  lineTable: { table: stockAdjustmentLines, parent: stockAdjustmentLines.stockAdjustmentId, withoutIds: true },
  queries: stockAdjustmentQueries,
  handlers: stockAdjustmentHandlers(),
};
