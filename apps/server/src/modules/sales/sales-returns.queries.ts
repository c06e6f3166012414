import { rateLabelOf, type SalesReturnDetail, type SalesReturnLineRow, taxSummaryOf } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { jsonValue } from '../../db/client.ts';
import { salesReturns } from '../../db/schema/index.ts';
import type { DocumentQueries } from '../../lib/document/document-binding.ts';
import { invoiceScope } from './invoices.queries.ts';

// Raw SQL names the document table in full (see purchase-orders.queries.ts).

const json = <T>(expression: SQL) => sql<T>`${expression}`.mapWith(jsonValue<T>);

const invoice = json<SalesReturnDetail['invoice']>(
  sql`(SELECT json_build_object('documentNumber', inv.document_number, 'invoiceDate', inv.document_date, 'salespersonId', inv.salesperson_id, 'buyerRegistrationType', inv.buyer_registration_type)
       FROM invoices inv WHERE inv.id = sales_returns.invoice_id)`,
);
const customer = json<SalesReturnDetail['customer']>(
  sql`(SELECT json_build_object('customerName', c.customer_name, 'address', c.address, 'phone', c.phone, 'taxNumber', c.tax_number, 'ntn', c.ntn, 'cnic', c.cnic, 'strn', c.strn)
       FROM customers c WHERE c.id = sales_returns.customer_id)`,
);
const region = json<SalesReturnDetail['region']>(sql`(SELECT json_build_object('regionName', r.region_name) FROM regions r WHERE r.id = sales_returns.region_id)`);

/** How the generic document queries read sales returns: the row of docs/api/sales.md, the lines with their items and lots. */
export const salesReturnQueries: DocumentQueries<SalesReturnDetail> = {
  rowSelection: {
    id: salesReturns.id,
    documentNumber: salesReturns.documentNumber,
    invoiceId: salesReturns.invoiceId,
    invoice,
    returnDate: salesReturns.documentDate,
    customerId: salesReturns.customerId,
    customer,
    regionId: salesReturns.regionId,
    region,
    reason: salesReturns.reason,
    notes: salesReturns.notes,
    status: salesReturns.status,
    subtotal: salesReturns.subtotal,
    taxAmount: salesReturns.taxAmount,
    furtherTaxAmount: salesReturns.furtherTaxAmount,
    grandTotal: salesReturns.grandTotal,
    costTotal: salesReturns.costTotal,
    postedAt: salesReturns.postedAt,
    postedBy: salesReturns.postedBy,
    cancelledAt: salesReturns.cancelledAt,
    cancelledBy: salesReturns.cancelledBy,
    createdBy: salesReturns.createdBy,
    createdAt: salesReturns.createdAt,
    updatedAt: salesReturns.updatedAt,
  },
  linesSelection: sql`(
    SELECT coalesce(json_agg(json_build_object(
             'id', l.id, 'lineNo', l.line_no, 'invoiceLineId', l.invoice_line_id, 'itemId', l.item_id, 'inventoryId', l.inventory_id,
             'quantity', l.quantity, 'condition', l.condition, 'amount', l.amount::text, 'taxAmount', l.tax_amount::text, 'unitCost', l.unit_cost::text,
             'saleType', l.sale_type, 'taxRate', l.tax_rate::text, 'furtherTaxAmount', l.further_tax_amount::text,
             'item', json_build_object('itemName', it.item_name, 'articleNumber', it.article_number, 'unit', it.unit),
             'lot', json_build_object('lotNumber', i.lot_number, 'dateExpiry', i.date_expiry))
             ORDER BY l.line_no), '[]')
    FROM sales_return_lines l JOIN items it ON it.id = l.item_id JOIN inventory i ON i.id = l.inventory_id WHERE l.sales_return_id = sales_returns.id)`,
  searchColumns: [
    salesReturns.reason,
    salesReturns.notes,
    (pattern) => sql`sales_returns.customer_id IN (SELECT c.id FROM customers c WHERE c.customer_name ILIKE ${pattern})`,
    (pattern) => sql`sales_returns.invoice_id IN (SELECT inv.id FROM invoices inv WHERE inv.document_number ILIKE ${pattern})`,
  ],
  sortColumns: {
    returnDate: salesReturns.documentDate,
    documentNumber: salesReturns.documentNumber,
    grandTotal: salesReturns.grandTotal,
    createdAt: salesReturns.createdAt,
  },
  // A return belongs to its invoice's region (copied onto it).
  rowScope: (actor) => invoiceScope(actor, sql`sales_returns.region_id`),
  // Plan progress's drill-down (issue 19) asks for the returns behind an actual as it asks for the invoices.
  listFilters: {
    invoiceId: (id) => sql`sales_returns.invoice_id = ${id}::int`,
    customerId: (id) => sql`sales_returns.customer_id = ${id}::int`,
    regionId: (id) => sql`sales_returns.region_id = ${id}::int`,
    // The sales summary counts a return under its invoice's salesperson.
    salespersonId: (id) => sql`EXISTS (SELECT 1 FROM invoices i WHERE i.id = sales_returns.invoice_id AND i.salesperson_id = ${id}::int)`,
    itemId: (id) => sql`EXISTS (SELECT 1 FROM sales_return_lines l WHERE l.sales_return_id = sales_returns.id AND l.item_id = ${id}::int)`,
  },
  exportColumns: [
    { header: 'Number', value: (row) => (row.documentNumber as string | null) ?? '' },
    { header: 'Return date', value: (row) => String(row.returnDate) },
    { header: 'Invoice', value: (row) => (row.invoice as SalesReturnDetail['invoice'] | null)?.documentNumber ?? '' },
    { header: 'Customer', value: (row) => (row.customer as SalesReturnDetail['customer'] | null)?.customerName ?? '' },
    { header: 'Region', value: (row) => (row.region as SalesReturnDetail['region'] | null)?.regionName ?? '' },
    { header: 'Status', value: (row) => String(row.status) },
    { header: 'Subtotal', value: (row) => String(row.subtotal) },
    { header: 'Tax', value: (row) => String(row.taxAmount) },
    { header: 'Total', value: (row) => String(row.grandTotal) },
    { header: 'Cost', value: (row) => String(row.costTotal) },
    { header: 'Reason', value: (row) => String(row.reason) },
    { header: 'Notes', value: (row) => String(row.notes) },
  ],
  shape: (row) => {
    const lines = jsonValue<SalesReturnLineRow[]>(row.lines).map((l) => ({
      ...l,
      id: Number(l.id),
      invoiceLineId: Number(l.invoiceLineId),
      itemId: Number(l.itemId),
      inventoryId: Number(l.inventoryId),
      quantity: Number(l.quantity),
      rateLabel: rateLabelOf(l.saleType, l.taxRate),
    }));
    const detail = row as unknown as SalesReturnDetail;
    const invoiceOf = detail.invoice;
    return { ...detail, invoice: { ...invoiceOf, salespersonId: invoiceOf.salespersonId === null ? null : Number(invoiceOf.salespersonId) }, taxSummary: taxSummaryOf(lines), lines };
  },
};
