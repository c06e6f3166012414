import type { SalesPlanDetail, SalesPlanInput, salesPlanDocument as SalesPlanDocument } from '@erp/domain';
import { salesPlanDocument } from '@erp/domain';
import { salesPlanLines, salesPlans } from '../../db/schema/index.ts';
import type { ActionOf, AnyDocumentBinding, DocumentBinding, StateOf } from '../../lib/document/document-binding.ts';
import { salesPlanHandlers } from './sales-plans.handlers.ts';
import { salesPlanQueries } from './sales-plans.queries.ts';

/** Sales plans on the document machinery: the declaration (domain), the tables, queries and handlers. */
export const salesPlanBinding: DocumentBinding<SalesPlanInput, SalesPlanDetail, StateOf<typeof SalesPlanDocument>, ActionOf<typeof SalesPlanDocument>> = {
  definition: salesPlanDocument,
  table: salesPlans,
  columns: { id: salesPlans.id, number: salesPlans.documentNumber, date: salesPlans.documentDate, status: salesPlans.status },
  // A draft's save keeps each item's line (matchBy): items.plans moves only for items that came or
  // went. The approval's unit prices pass the lines trigger by its WHEN (0022), as a purchase order's received quantity.
  lineTable: { table: salesPlanLines, parent: salesPlanLines.salesPlanId, matchBy: salesPlanLines.itemId },
  // The value is written by the approval; superseded_at/by by the approval of its revision.
  workflowColumns: ['total_value', 'superseded_at', 'superseded_by'],
  queries: salesPlanQueries,
  handlers: salesPlanHandlers(() => salesPlanBinding as unknown as AnyDocumentBinding),
};
