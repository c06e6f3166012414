import { type InvoiceDetail, type InvoiceLineRow, lineTaxAnswer, permittedIds, taxSummaryOf } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { intList, jsonValue } from '../../db/client.ts';
import { invoices } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import type { DocumentQueries } from '../../lib/document/document-binding.ts';

/** Invoices of another region are not the actor's (permissions.regions, as their customers). */
export function invoiceScope(actor: Actor, regionColumn: SQL = sql`invoices.region_id`): SQL | undefined {
  const regions = permittedIds(actor.permissions, 'regions');
  return regions ? sql`${regionColumn} IN (${intList(regions)})` : undefined;
}

/** What live allocations of posted receipts withheld of an invoice's sales tax (issue 29, section 6), as text. */
export const taxWithheldOf = (invoiceId: SQL) =>
  sql`(SELECT coalesce(sum(a.tax_withheld), 0)::numeric(18, 2)::text FROM receipt_allocations a JOIN receipts r ON r.id = a.receipt_id
       WHERE a.invoice_id = ${invoiceId} AND a.released_at IS NULL AND r.status = 'posted')`;

// Raw SQL names the document table in full (see purchase-orders.queries.ts).

/** What is still owed: the total less receipts and returns while posted (negative: a credit left by a return of paid goods); nothing once cancelled. */
export const openAmountSql = sql`round(CASE WHEN invoices.status = 'cancelled' THEN 0 ELSE invoices.grand_total - invoices.allocated_amount - invoices.returned_amount END, 2)`;

const json = <T>(expression: SQL) => sql<T>`${expression}`.mapWith(jsonValue<T>);

const customer = json<InvoiceDetail['customer']>(
  sql`(SELECT json_build_object('customerName', c.customer_name, 'address', c.address, 'phone', c.phone, 'taxNumber', c.tax_number, 'accountId', c.account_id,
                          'ntn', c.ntn, 'cnic', c.cnic, 'strn', c.strn)
       FROM customers c WHERE c.id = invoices.customer_id)`,
);
const region = json<{ regionName: string }>(sql`(SELECT json_build_object('regionName', r.region_name) FROM regions r WHERE r.id = invoices.region_id)`);
const courier = json<{ courierName: string } | null>(sql`(SELECT json_build_object('courierName', k.courier_name) FROM couriers k WHERE k.id = invoices.courier_id)`);
const salesperson = json<{ name: string } | null>(sql`(SELECT json_build_object('name', u.name) FROM users u WHERE u.id = invoices.salesperson_id)`);
const quotation = json<{ documentNumber: string | null } | null>(sql`(SELECT json_build_object('documentNumber', q.document_number) FROM quotations q WHERE q.id = invoices.quotation_id)`);

/** A sold or quoted line's copied tax facts, as JSON pairs of the line aliased `l` (money as strings). */
export const lineTaxFactsJson = sql.raw(`'hsCode', l.hs_code, 'fbrUom', l.fbr_uom, 'saleType', l.sale_type, 'taxRate', l.tax_rate::text, 'sroScheduleNo', l.sro_schedule_no,
             'sroItemSerialNo', l.sro_item_serial_no, 'retailPrice', l.retail_price::text, 'furtherTaxRate', l.further_tax_rate::text,
             'furtherTaxAmount', l.further_tax_amount::text`);

/** How the generic document queries read invoices: the row of docs/api/sales.md, the lines with their items and lots. */
export const invoiceQueries: DocumentQueries<InvoiceDetail> = {
  rowSelection: {
    id: invoices.id,
    invoiceId: invoices.id,
    kind: invoices.kind,
    rentalAgreementId: invoices.rentalAgreementId,
    documentNumber: invoices.documentNumber,
    invoiceDate: invoices.documentDate,
    dueDate: invoices.dueDate,
    customerId: invoices.customerId,
    customer,
    regionId: invoices.regionId,
    region,
    courierId: invoices.courierId,
    courier,
    salespersonId: invoices.salespersonId,
    salesperson,
    quotationId: invoices.quotationId,
    quotation,
    notes: invoices.notes,
    status: invoices.status,
    subtotal: invoices.subtotal,
    taxRate: invoices.taxRate,
    taxAmount: invoices.taxAmount,
    furtherTaxAmount: invoices.furtherTaxAmount,
    grandTotal: invoices.grandTotal,
    buyerRegistrationType: invoices.buyerRegistrationType,
    costTotal: invoices.costTotal,
    allocatedAmount: invoices.allocatedAmount,
    returnedAmount: invoices.returnedAmount,
    // Issue 29, section 6: sales tax the customer withheld, by the live allocations of posted receipts (counted in allocatedAmount).
    taxWithheldAmount: sql<string>`${taxWithheldOf(sql`invoices.id`)}`,
    openAmount: sql<string>`${openAmountSql}::text`,
    // Paid / partly paid from what is still open, of a posted invoice (never a stored state).
    paymentStatus: sql<string>`(CASE WHEN invoices.status <> 'posted' THEN 'unpaid' WHEN ${openAmountSql} <= 0 THEN 'paid'
                                     WHEN ${openAmountSql} < invoices.grand_total THEN 'partlyPaid' ELSE 'unpaid' END)`,
    postedAt: invoices.postedAt,
    postedBy: invoices.postedBy,
    cancelledAt: invoices.cancelledAt,
    cancelledBy: invoices.cancelledBy,
    createdBy: invoices.createdBy,
    createdAt: invoices.createdAt,
    updatedAt: invoices.updatedAt,
  },
  linesSelection: sql`(
    SELECT coalesce(json_agg(json_build_object(
             'id', l.id, 'lineNo', l.line_no, 'itemId', l.item_id, 'inventoryId', l.inventory_id, 'quantity', l.quantity, 'price', l.price::text,
             'discountPercent', l.discount_percent::text, 'amount', l.amount::text, 'taxAmount', l.tax_amount::text, 'unitCost', l.unit_cost::text,
             'returnedQuantity', l.returned_quantity, 'pickedQuantity', l.picked_quantity, 'fefoOverride', l.fefo_override, ${lineTaxFactsJson},
             'item', json_build_object('itemName', it.item_name, 'articleNumber', it.article_number, 'unit', it.unit),
             'lot', json_build_object('lotNumber', i.lot_number, 'dateExpiry', i.date_expiry))
             ORDER BY l.line_no), '[]')
    FROM invoice_lines l JOIN items it ON it.id = l.item_id JOIN inventory i ON i.id = l.inventory_id WHERE l.invoice_id = invoices.id)`,
  searchColumns: [invoices.notes, (pattern) => sql`invoices.customer_id IN (SELECT c.id FROM customers c WHERE c.customer_name ILIKE ${pattern})`],
  sortColumns: {
    invoiceDate: invoices.documentDate,
    documentNumber: invoices.documentNumber,
    dueDate: invoices.dueDate,
    grandTotal: invoices.grandTotal,
    createdAt: invoices.createdAt,
  },
  rowScope: (actor) => invoiceScope(actor),
  // A sales report's drill-down: the invoices behind a figure.
  listFilters: {
    customerId: (id) => sql`invoices.customer_id = ${id}::int`,
    regionId: (id) => sql`invoices.region_id = ${id}::int`,
    salespersonId: (id) => sql`invoices.salesperson_id = ${id}::int`,
    itemId: (id) => sql`EXISTS (SELECT 1 FROM invoice_lines l WHERE l.invoice_id = invoices.id AND l.item_id = ${id}::int)`,
  },
  exportColumns: [
    { header: 'Number', value: (row) => (row.documentNumber as string | null) ?? '' },
    { header: 'Invoice date', value: (row) => String(row.invoiceDate) },
    { header: 'Due date', value: (row) => String(row.dueDate) },
    { header: 'Customer', value: (row) => (row.customer as { customerName: string } | null)?.customerName ?? '' },
    { header: 'Region', value: (row) => (row.region as { regionName: string } | null)?.regionName ?? '' },
    { header: 'Status', value: (row) => String(row.status) },
    { header: 'Subtotal', value: (row) => String(row.subtotal) },
    { header: 'Tax', value: (row) => String(row.taxAmount) },
    { header: 'Total', value: (row) => String(row.grandTotal) },
    { header: 'Open', value: (row) => String(row.openAmount) },
  ],
  shape: (row) => {
    const lines = jsonValue<InvoiceLineRow[]>(row.lines).map((l) => ({
      ...l,
      id: Number(l.id),
      inventoryId: Number(l.inventoryId),
      quantity: Number(l.quantity),
      returnedQuantity: Number(l.returnedQuantity),
      pickedQuantity: Number(l.pickedQuantity),
      ...lineTaxAnswer(l),
    }));
    return { ...(row as unknown as InvoiceDetail), taxSummary: taxSummaryOf(lines), lines };
  },
};
