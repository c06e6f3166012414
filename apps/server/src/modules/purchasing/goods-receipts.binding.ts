import { goodsReceiptDocument, type GoodsReceiptInput } from '@erp/domain';
import { goodsReceiptLines, goodsReceipts } from '../../db/schema/index.ts';
import type { DocumentBinding, ActionOf, StateOf } from '../../lib/document/document-binding.ts';
import { goodsReceiptHandlers } from './goods-receipts.handlers.ts';
import { type GoodsReceiptDetail, goodsReceiptQueries } from './goods-receipts.queries.ts';

/** Goods receipts on the document machinery: the declaration (domain), the table, its queries and handlers. */
export const goodsReceiptBinding: DocumentBinding<GoodsReceiptInput, GoodsReceiptDetail, StateOf<typeof goodsReceiptDocument>, ActionOf<typeof goodsReceiptDocument>> = {
  definition: goodsReceiptDocument,
  table: goodsReceipts,
  searchRoute: (id) => `/purchase-orders?tab=receipts&open=${id}`,
  columns: { id: goodsReceipts.id, number: goodsReceipts.documentNumber, date: goodsReceipts.documentDate, status: goodsReceipts.status },
  lineTable: { table: goodsReceiptLines, parent: goodsReceiptLines.goodsReceiptId },
  workflowColumns: ['reversal_id', 'paid_amount', 'foreign_paid'],
  queries: goodsReceiptQueries,
  handlers: goodsReceiptHandlers(),
};
