import type { InvoiceDetail, InvoiceLineRow, LinePicks, LineTaxFields } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { dateArray, intArray, numericArray, textArray } from '../../db/client.ts';

/**
 * The one writer of new invoices and their lines (issue 28, section 1): a sale's draft
 * (createInvoice, a batch of one) and the rentals' charges (postInvoices' postRentalCharges, a chunk of
 * the month end) insert their rows here, so a column every invoice gains is written in one
 * place. Statements, not calls: each caller runs them inside its own statement (with the
 * posting's read, the ledger's rows, the audit rows), so a batch stays one round trip.
 */
export interface InvoiceHeader {
  kind: NonNullable<InvoiceDetail['kind']>;
  rentalAgreementId: number | null;
  date: string;
  customerId: number;
  regionId: number;
  dueDate: string;
  courierId: number | null;
  salespersonId: number | null;
  quotationId: number | null;
  notes: string;
  subtotal: string;
  /** The lines' one rate; null when they differ. */
  taxRate: string | null;
  taxAmount: string;
  furtherTaxAmount: string;
  grandTotal: string;
}

/**
 * An invoice line as stored: one lot each, priced, with its money and the tax facts it copied;
 * the picks a save carries over from the line it replaces (none when absent).
 */
export type InvoiceLineValues = Pick<InvoiceLineRow, 'itemId' | 'inventoryId' | 'quantity' | 'price' | 'discountPercent' | 'amount' | 'taxAmount' | 'unitCost'> &
  Omit<LineTaxFields, 'rateLabel'> & { furtherTaxAmount: string } & Partial<LinePicks>;

/**
 * Invoices posted as they are written (the rentals' charges): numbered by `numberOf(ordinal)`
 * in the headers' order (1-based), from a block the caller's statement reserved.
 */
export interface PostedAtOnce {
  numberOf: (ordinal: SQL) => SQL;
}

/**
 * INSERT of `headers` in their order (ids and numbers follow it), drafts unless `posted`; each
 * copies its customer's registration as it is now (the buyer's, printed and reported);
 * answers `id, rental_agreement_id, document_number, created_at, updated_at`. Arrays, not a
 * VALUES list: one statement text for one invoice or a chunk of them (prepared once).
 */
export function insertInvoices(headers: readonly InvoiceHeader[], userId: number, posted?: PostedAtOnce): SQL {
  const column = <T>(pick: (h: InvoiceHeader) => T) => headers.map(pick);
  return sql`INSERT INTO invoices (kind, rental_agreement_id, document_number, document_date, status, customer_id, region_id, due_date, courier_id, salesperson_id,
                                   quotation_id, notes, subtotal, tax_rate, tax_amount, further_tax_amount, grand_total, buyer_registration_type,
                                   created_by, posted_at, posted_by)
    SELECT h.kind, h.rental_agreement_id, ${posted ? posted.numberOf(sql`h.ord`) : sql`NULL`}, h.document_date, ${posted ? 'posted' : 'draft'}::text,
           h.customer_id, h.region_id, h.due_date, h.courier_id, h.salesperson_id, h.quotation_id, h.notes, h.subtotal, h.tax_rate, h.tax_amount,
           h.further_tax_amount, h.grand_total, (SELECT c.registration_type FROM customers c WHERE c.id = h.customer_id),
           ${userId}::int, ${posted ? sql`now()` : sql`NULL`}, ${posted ? userId : null}::int
    FROM unnest(${textArray(column((h) => h.kind))}, ${intArray(column((h) => h.rentalAgreementId))}, ${dateArray(column((h) => h.date))},
                ${intArray(column((h) => h.customerId))}, ${intArray(column((h) => h.regionId))}, ${dateArray(column((h) => h.dueDate))},
                ${intArray(column((h) => h.courierId))}, ${intArray(column((h) => h.salespersonId))}, ${intArray(column((h) => h.quotationId))},
                ${textArray(column((h) => h.notes))}, ${numericArray(column((h) => h.subtotal))}, ${numericArray(column((h) => h.taxRate))},
                ${numericArray(column((h) => h.taxAmount))}, ${numericArray(column((h) => h.furtherTaxAmount))}, ${numericArray(column((h) => h.grandTotal))}) WITH ORDINALITY
      AS h(kind, rental_agreement_id, document_date, customer_id, region_id, due_date, courier_id, salesperson_id, quotation_id, notes, subtotal, tax_rate,
           tax_amount, further_tax_amount, grand_total, ord)
    ORDER BY h.ord
    RETURNING id, rental_agreement_id, document_number, created_at, updated_at`;
}

/** INSERT of one invoice's lines, numbered 1.. in their order; answers `id, line_no`. */
export const insertInvoiceLines = (invoiceId: SQL, lines: readonly InvoiceLineValues[]) => {
  const column = <T>(pick: (l: InvoiceLineValues) => T) => lines.map(pick);
  return sql`INSERT INTO invoice_lines (invoice_id, line_no, item_id, inventory_id, quantity, price, discount_percent, amount, tax_amount, unit_cost,
                                       hs_code, fbr_uom, sale_type, tax_rate, sro_schedule_no, sro_item_serial_no, retail_price, further_tax_rate, further_tax_amount,
                                       picked_quantity, fefo_override)
      SELECT ${invoiceId}, v.line_no, v.item_id, v.inventory_id, v.quantity, v.price, v.discount_percent, v.amount, v.tax_amount, v.unit_cost,
             v.hs_code, v.fbr_uom, v.sale_type, v.tax_rate, v.sro_schedule_no, v.sro_item_serial_no, v.retail_price, v.further_tax_rate, v.further_tax_amount,
             v.picked_quantity, v.fefo_override::jsonb
      FROM unnest(${intArray(column((l) => l.itemId))}, ${intArray(column((l) => l.inventoryId))}, ${intArray(column((l) => l.quantity))},
                  ${numericArray(column((l) => l.price))}, ${numericArray(column((l) => l.discountPercent))}, ${numericArray(column((l) => l.amount))},
                  ${numericArray(column((l) => l.taxAmount))}, ${numericArray(column((l) => l.unitCost))}, ${textArray(column((l) => l.hsCode))},
                  ${textArray(column((l) => l.fbrUom))}, ${textArray(column((l) => l.saleType))}, ${numericArray(column((l) => l.taxRate))},
                  ${textArray(column((l) => l.sroScheduleNo))}, ${textArray(column((l) => l.sroItemSerialNo))}, ${numericArray(column((l) => l.retailPrice))},
                  ${numericArray(column((l) => l.furtherTaxRate))}, ${numericArray(column((l) => l.furtherTaxAmount))},
                  ${intArray(column((l) => l.pickedQuantity ?? 0))}, ${textArray(column((l) => (l.fefoOverride ? JSON.stringify(l.fefoOverride) : null)))}) WITH ORDINALITY
        AS v(item_id, inventory_id, quantity, price, discount_percent, amount, tax_amount, unit_cost, hs_code, fbr_uom, sale_type, tax_rate, sro_schedule_no,
             sro_item_serial_no, retail_price, further_tax_rate, further_tax_amount, picked_quantity, fefo_override, line_no)
      ORDER BY v.line_no
      RETURNING id, line_no`;
};
