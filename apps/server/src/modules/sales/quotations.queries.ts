import { lineTaxAnswer, permittedIds, type QuotationDetail, type QuotationLineRow, quotationDocument, taxSummaryOf } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { intList, jsonValue } from '../../db/client.ts';
import { quotations } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import type { DocumentQueries } from '../../lib/document/document-binding.ts';
import { lineTaxFactsJson } from './invoices.queries.ts';

export type { QuotationDetail, QuotationLineRow };

/** Quotations of another region (the customer's, copied when written) are not the actor's (permissions.regions). */
export function quotationScope(actor: Actor, regionColumn: SQL = sql`quotations.region_id`): SQL | undefined {
  const regions = permittedIds(actor.permissions, 'regions');
  return regions ? sql`${regionColumn} IN (${intList(regions)})` : undefined;
}

// Raw SQL names the document table in full: Drizzle leaves a column of a one-table select unqualified,
// which inside a subquery would resolve to the subquery's own column.

/**
 * A sent quotation past its validity (valid until before today), computed on every read, never
 * stored: the list, the tag, the export and the PDF agree. Accept applies the same rule to the
 * server's today, the date the invoice it makes carries.
 */
const expired = sql<boolean>`(quotations.status = 'sent' AND quotations.valid_until < current_date)`.mapWith(Boolean);

const customer = sql<QuotationDetail['customer']>`(
  SELECT json_build_object('customerName', c.customer_name, 'address', c.address) FROM customers c WHERE c.id = quotations.customer_id)`.mapWith(
  jsonValue<QuotationDetail['customer']>,
);
const region = sql<QuotationDetail['region']>`(SELECT json_build_object('regionName', r.region_name) FROM regions r WHERE r.id = quotations.region_id)`.mapWith(
  jsonValue<QuotationDetail['region']>,
);
const invoice = sql<QuotationDetail['invoice']>`(
  SELECT json_build_object('documentNumber', i.document_number, 'status', i.status) FROM invoices i WHERE i.id = quotations.invoice_id)`.mapWith(
  (value: unknown) => jsonValue<QuotationDetail['invoice']>(value) ?? null,
);

const statusLabel = (row: Record<string, unknown>) => (row.expired ? 'Expired' : quotationDocument.stateLabels[row.status as QuotationDetail['status']]);

/** How the generic document queries read quotations: the row of the API notes, the lines with their items. */
export const quotationQueries: DocumentQueries<QuotationDetail> = {
  rowSelection: {
    id: quotations.id,
    quotationId: quotations.id,
    documentNumber: quotations.documentNumber,
    quotationDate: quotations.documentDate,
    validUntil: quotations.validUntil,
    customerId: quotations.customerId,
    customer,
    regionId: quotations.regionId,
    region,
    terms: quotations.terms,
    status: quotations.status,
    expired,
    subtotal: quotations.subtotal,
    taxRate: quotations.taxRate,
    taxAmount: quotations.taxAmount,
    furtherTaxAmount: quotations.furtherTaxAmount,
    grandTotal: quotations.grandTotal,
    buyerRegistrationType: quotations.buyerRegistrationType,
    invoiceId: quotations.invoiceId,
    invoice,
    sentAt: quotations.sentAt,
    sentBy: quotations.sentBy,
    acceptedAt: quotations.acceptedAt,
    acceptedBy: quotations.acceptedBy,
    rejectedAt: quotations.rejectedAt,
    rejectedBy: quotations.rejectedBy,
    createdBy: quotations.createdBy,
    createdAt: quotations.createdAt,
    updatedAt: quotations.updatedAt,
  },
  linesSelection: sql`(
    SELECT coalesce(json_agg(json_build_object(
             'id', l.id, 'lineNo', l.line_no, 'itemId', l.item_id, 'quantity', l.quantity, 'price', l.price::text,
             'discountPercent', l.discount_percent::text, 'amount', l.amount::text, 'taxAmount', l.tax_amount::text, ${lineTaxFactsJson},
             'item', json_build_object('itemName', it.item_name, 'articleNumber', it.article_number, 'unit', it.unit))
             ORDER BY l.line_no), '[]')
    FROM quotation_lines l JOIN items it ON it.id = l.item_id WHERE l.quotation_id = quotations.id)`,
  searchColumns: [quotations.terms, (pattern) => sql`quotations.customer_id IN (SELECT c.id FROM customers c WHERE c.customer_name ILIKE ${pattern})`],
  sortColumns: {
    quotationDate: quotations.documentDate,
    documentNumber: quotations.documentNumber,
    validUntil: quotations.validUntil,
    grandTotal: quotations.grandTotal,
    createdAt: quotations.createdAt,
  },
  rowScope: (actor) => quotationScope(actor),
  // A customer's quotations (its screen, a report's drill-down).
  listFilters: { customerId: (id) => sql`quotations.customer_id = ${id}::int` },
  exportColumns: [
    { header: 'Number', value: (row) => (row.documentNumber as string | null) ?? '' },
    { header: 'Quotation date', value: (row) => String(row.quotationDate) },
    { header: 'Valid until', value: (row) => String(row.validUntil) },
    { header: 'Customer', value: (row) => (row.customer as QuotationDetail['customer'] | null)?.customerName ?? '' },
    { header: 'Region', value: (row) => (row.region as QuotationDetail['region'] | null)?.regionName ?? '' },
    { header: 'Status', value: statusLabel },
    { header: 'Subtotal', value: (row) => String(row.subtotal) },
    { header: 'Tax', value: (row) => String(row.taxAmount) },
    { header: 'Total', value: (row) => String(row.grandTotal) },
    { header: 'Invoice', value: (row) => (row.invoice as QuotationDetail['invoice'])?.documentNumber ?? '' },
    { header: 'Terms', value: (row) => String(row.terms) },
  ],
  shape: (row) => {
    const lines = jsonValue<QuotationLineRow[]>(row.lines).map((l) => ({
      ...l,
      id: Number(l.id),
      lineNo: Number(l.lineNo),
      itemId: Number(l.itemId),
      quantity: Number(l.quantity),
      ...lineTaxAnswer(l),
    }));
    return { ...(row as unknown as QuotationDetail), taxSummary: taxSummaryOf(lines), lines };
  },
};
