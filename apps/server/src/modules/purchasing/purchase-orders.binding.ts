import { purchaseOrderDocument, type PurchaseOrderInput } from '@erp/domain';
import { purchaseOrderLines, purchaseOrders } from '../../db/schema/index.ts';
import type { DocumentBinding, ActionOf, StateOf } from '../../lib/document/document-binding.ts';
import { purchaseOrderHandlers } from './purchase-orders.handlers.ts';
import { type PurchaseOrderDetail, purchaseOrderQueries } from './purchase-orders.queries.ts';

/** Purchase orders on the document machinery: the declaration (domain), the table, its queries and handlers. */
export const purchaseOrderBinding: DocumentBinding<PurchaseOrderInput, PurchaseOrderDetail, StateOf<typeof purchaseOrderDocument>, ActionOf<typeof purchaseOrderDocument>> = {
  definition: purchaseOrderDocument,
  table: purchaseOrders,
  columns: { id: purchaseOrders.id, number: purchaseOrders.documentNumber, date: purchaseOrders.documentDate, status: purchaseOrders.status },
  lineTable: { table: purchaseOrderLines, parent: purchaseOrderLines.purchaseOrderId },
  workflowColumns: ['reversal_id'],
  queries: purchaseOrderQueries,
  handlers: purchaseOrderHandlers(),
};
