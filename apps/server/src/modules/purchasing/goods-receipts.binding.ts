import { goodsReceiptDocument, type GoodsReceiptInput } from '@erp/domain';
import { goodsReceipts } from '../../db/schema/index.ts';
import type { DocumentBinding } from '../../lib/document/document-binding.ts';
import { goodsReceiptHandlers } from './goods-receipts.handlers.ts';
import { type GoodsReceiptDetail, goodsReceiptQueries } from './goods-receipts.queries.ts';

/** Goods receipts on the document machinery: the declaration (domain), the table, its queries and handlers. */
export const goodsReceiptBinding: DocumentBinding<GoodsReceiptInput, GoodsReceiptDetail, 'draft' | 'posted' | 'cancelled', 'post' | 'cancel'> = {
  definition: goodsReceiptDocument,
  table: goodsReceipts,
  columns: { id: goodsReceipts.id, number: goodsReceipts.documentNumber, date: goodsReceipts.documentDate, status: goodsReceipts.status },
  queries: goodsReceiptQueries,
  handlers: goodsReceiptHandlers(),
};
