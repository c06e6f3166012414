import { addDays, fbrMessages, formatCalendarDate } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intArray, queryRows, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import type { DocumentRow } from '../../lib/document/document-binding.ts';
import type { PostedDocument } from './fbr-outbox.ts';
import { reportingState } from './fbr-reporting-state.ts';

/** FBR takes a Debit Note only this many days after its invoice (issue 30, section 5). */
const returnWindowDays = 180;

/**
 * The returns of `ids` that FBR is told of, as Debit Notes: those of an invoice FBR accepted (an
 * invoice posted before reporting was on has no number, and its return is not reported). A line's
 * FBR facts (HS code, unit, SRO, retail price, price) are its invoice line's, as sold; its money is
 * the return's own.
 */
export async function readReportedReturns(tx: Tx, ids: readonly number[]): Promise<PostedDocument[]> {
  return queryRows<PostedDocument>(
    tx,
    sql`SELECT r.id, r.document_number AS "documentNumber", r.document_date::text AS "documentDate", r.region_id AS "regionId",
               i.buyer_registration_type AS "buyerRegistrationType", c.customer_name AS "customerName", c.address, c.ntn, c.cnic, c.province,
               r.reason, s.fbr_invoice_number AS "invoiceRefNo",
               (SELECT json_agg(json_build_object('itemName', it.item_name, 'hsCode', il.hs_code, 'fbrUom', il.fbr_uom, 'saleType', l.sale_type,
                         'taxRate', l.tax_rate::text, 'sroScheduleNo', il.sro_schedule_no, 'sroItemSerialNo', il.sro_item_serial_no,
                         'retailPrice', il.retail_price::text, 'furtherTaxRate', il.further_tax_rate::text, 'furtherTaxAmount', l.further_tax_amount::text,
                         'quantity', l.quantity, 'price', il.price::text, 'amount', l.amount::text, 'taxAmount', l.tax_amount::text) ORDER BY l.line_no)
                FROM sales_return_lines l JOIN invoice_lines il ON il.id = l.invoice_line_id JOIN items it ON it.id = l.item_id
                WHERE l.sales_return_id = r.id) AS lines
        FROM sales_returns r
        JOIN invoices i ON i.id = r.invoice_id
        JOIN customers c ON c.id = r.customer_id
        JOIN fbr_submissions s ON s.document_type = 'invoice' AND s.document_id = r.invoice_id AND s.status = 'accepted'
        WHERE r.id = ANY(${intArray([...ids])})
        ORDER BY r.id`,
  );
}

interface ReturnFacts {
  id: number;
  reason: string;
  returnDate: string;
  invoiceDate: string;
  /** The invoice's submission, when it has one. */
  status: string | null;
}

/**
 * Before a return posts while reporting is on (issue 30, section 5): a reason, and, for an invoice
 * FBR was told of, its FBR number and a return date within 180 days of it: 400 naming the field,
 * nothing stored. An invoice posted before reporting was on has no submission: its return posts
 * as before and is not reported.
 */
export async function checkReturnForFbr(tx: Tx, _actor: Actor, documents: readonly DocumentRow[]): Promise<void> {
  if (!(await reportingState(tx)).enabled) return;
  const returns = await queryRows<ReturnFacts>(
    tx,
    sql`SELECT r.id, r.reason, r.document_date::text AS "returnDate", i.document_date::text AS "invoiceDate",
               (SELECT s.status FROM fbr_submissions s WHERE s.document_type = 'invoice' AND s.document_id = r.invoice_id) AS status
        FROM sales_returns r JOIN invoices i ON i.id = r.invoice_id
        WHERE r.id = ANY(${intArray(documents.map((document) => document.id))})`,
  );
  for (const facts of returns) {
    const problems: Record<string, string> = {};
    if (facts.reason.trim() === '') problems.reason = fbrMessages.returnReason;
    if (facts.status !== null && facts.status !== 'accepted') problems.invoiceId = fbrMessages.returnNotAccepted;
    if (facts.status !== null && facts.returnDate > addDays(facts.invoiceDate, returnWindowDays)) {
      problems.returnDate = fbrMessages.returnTooLate(formatCalendarDate(facts.invoiceDate));
    }
    if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
  }
}
