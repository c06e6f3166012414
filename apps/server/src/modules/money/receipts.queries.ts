import type { ReceiptAllocationRow, ReceiptDetail } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { receipts } from '../../db/schema/index.ts';
import type { DocumentQueries } from '../../lib/document/document-binding.ts';
import { invoiceScope } from '../sales/sales.api.ts';
import { allocatedToFilter, allocationLinesSelection, moneyDocumentColumns, moneyExportColumns, moneyShape } from './money-queries.ts';

// Raw SQL names the document table in full (see purchase-orders.queries.ts).

/** A withheld part summed over the receipt's live allocations (a draft's lines are all live). */
const withheldTotal = (column: 'tax_withheld' | 'income_tax_withheld') =>
  sql<string>`(SELECT coalesce(sum(a.${sql.identifier(column)}), 0)::numeric(18, 2)::text FROM receipt_allocations a WHERE a.receipt_id = receipts.id AND a.released_at IS NULL)`;

/** How the generic document queries read receipts: the row of docs/api/money.md, the allocations with their invoices' facts. */
export const receiptQueries: DocumentQueries<ReceiptDetail> = {
  rowSelection: {
    ...moneyDocumentColumns('receipts', receipts),
    receiptDate: receipts.documentDate,
    customerId: receipts.customerId,
    customerName: sql<string>`(SELECT c.customer_name FROM customers c WHERE c.id = receipts.customer_id)`,
    // Issue 29, section 6: what the customer withheld, over the live allocations (a draft: its lines).
    taxWithheld: withheldTotal('tax_withheld'),
    incomeTaxWithheld: withheldTotal('income_tax_withheld'),
    certificateNumber: receipts.certificateNumber,
    certificateDate: receipts.certificateDate,
  },
  linesSelection: allocationLinesSelection(
    'receipts',
    { number: 'invoiceNumber', date: 'invoiceDate' },
    sql`'taxWithheld', a.tax_withheld::text, 'incomeTaxWithheld', a.income_tax_withheld::text, `,
  ),
  searchColumns: [receipts.reference, receipts.chequeNumber, (pattern) => sql`receipts.customer_id IN (SELECT c.id FROM customers c WHERE c.customer_name ILIKE ${pattern})`],
  sortColumns: { receiptDate: receipts.documentDate, documentNumber: receipts.documentNumber, amount: receipts.amount, createdAt: receipts.createdAt },
  // The customer's region, copied on the receipt.
  rowScope: (actor) => invoiceScope(actor, sql`receipts.region_id`),
  listFilters: {
    customerId: (id) => sql`receipts.customer_id = ${id}::int`,
    regionId: (id) => sql`receipts.region_id = ${id}::int`,
    invoiceId: allocatedToFilter('receipts', 'invoiceId'),
  },
  exportColumns: [
    { header: 'Number', value: (row) => (row.documentNumber as string | null) ?? '' },
    { header: 'Receipt date', value: (row) => String(row.receiptDate) },
    { header: 'Customer', value: (row) => String(row.customerName ?? '') },
    ...moneyExportColumns,
  ],
  shape: (row) => moneyShape<ReceiptDetail, ReceiptAllocationRow>(row, (a) => ({ ...a, invoiceId: Number(a.invoiceId) })),
};
