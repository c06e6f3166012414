import type { ReceiptAllocationRow, ReceiptDetail } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { receipts } from '../../db/schema/index.ts';
import type { DocumentQueries } from '../../lib/document/document-binding.ts';
import { invoiceScope } from '../sales/sales.api.ts';
import { moneyDocumentColumns, moneyExportColumns, moneyShape } from './money-queries.ts';

// Raw SQL names the document table in full (see purchase-orders.queries.ts).

/** How the generic document queries read receipts: the row of docs/api/money.md, the allocations with their invoices. */
export const receiptQueries: DocumentQueries<ReceiptDetail> = {
  rowSelection: {
    ...moneyDocumentColumns('receipts', receipts),
    receiptDate: receipts.documentDate,
    customerId: receipts.customerId,
    customerName: sql<string>`(SELECT c.customer_name FROM customers c WHERE c.id = receipts.customer_id)`,
  },
  linesSelection: sql`(
    SELECT coalesce(json_agg(json_build_object(
             'id', a.id, 'lineNo', a.line_no, 'invoiceId', a.invoice_id, 'invoiceNumber', i.document_number, 'invoiceDate', i.document_date, 'dueDate', i.due_date,
             'amount', a.amount::text, 'allocationDate', a.allocation_date, 'released', a.released_at IS NOT NULL, 'releasedReason', a.released_reason)
             ORDER BY a.line_no), '[]')
    FROM receipt_allocations a JOIN invoices i ON i.id = a.invoice_id WHERE a.receipt_id = receipts.id)`,
  searchColumns: [receipts.reference, receipts.chequeNumber, (pattern) => sql`receipts.customer_id IN (SELECT c.id FROM customers c WHERE c.customer_name ILIKE ${pattern})`],
  sortColumns: { receiptDate: receipts.documentDate, documentNumber: receipts.documentNumber, amount: receipts.amount, createdAt: receipts.createdAt },
  // The customer's region, copied on the receipt.
  rowScope: (actor) => invoiceScope(actor, sql`receipts.region_id`),
  listFilters: {
    customerId: (id) => sql`receipts.customer_id = ${id}::int`,
    regionId: (id) => sql`receipts.region_id = ${id}::int`,
    invoiceId: (id) => sql`EXISTS (SELECT 1 FROM receipt_allocations a WHERE a.receipt_id = receipts.id AND a.invoice_id = ${id}::int)`,
  },
  exportColumns: [
    { header: 'Number', value: (row) => (row.documentNumber as string | null) ?? '' },
    { header: 'Receipt date', value: (row) => String(row.receiptDate) },
    { header: 'Customer', value: (row) => String(row.customerName ?? '') },
    ...moneyExportColumns,
  ],
  shape: (row) => moneyShape<ReceiptDetail, ReceiptAllocationRow>(row, (a) => ({ ...a, invoiceId: Number(a.invoiceId) })),
};
