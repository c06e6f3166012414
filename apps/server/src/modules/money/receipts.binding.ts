import { receiptDocument, type ReceiptDetail, type ReceiptInput } from '@erp/domain';
import { receiptAllocations, receipts } from '../../db/schema/index.ts';
import type { DocumentBinding, ActionOf, StateOf } from '../../lib/document/document-binding.ts';
import { findDocument } from '../../lib/document/document-query.ts';
import { chequeFirst } from './money-accounts.ts';
import { receiptHandlers } from './receipts.handlers.ts';
import { receiptQueries } from './receipts.queries.ts';

/** Receipts on the document machinery: the declaration (domain), the table, its queries and handlers. */
export const receiptBinding: DocumentBinding<ReceiptInput, ReceiptDetail, StateOf<typeof receiptDocument>, ActionOf<typeof receiptDocument>> = {
  definition: receiptDocument,
  table: receipts,
  columns: { id: receipts.id, number: receipts.documentNumber, date: receipts.documentDate, status: receipts.status },
  // Allocations are applied and released after posting: no trigger keeps them.
  lineTable: { table: receiptAllocations, parent: receiptAllocations.receiptId, openAfterDraft: true },
  // 0044_receipt_withholding.sql: the customer's withholding certificate is recorded on the posted receipt.
  workflowColumns: ['reversal_id', 'allocated_amount', 'certificate_number', 'certificate_date'],
  queries: receiptQueries,
  lockFirst: chequeFirst('receipt_id'),
  handlers: receiptHandlers(async (tx, id) => (await findDocument<ReceiptDetail>(tx, receiptBinding, id))!),
};
