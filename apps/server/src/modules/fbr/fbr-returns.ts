import { addDays, fbrMessages, formatCalendarDate } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intArray, queryRows, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import type { DocumentRow } from '../../lib/document/document-binding.ts';
import { reportingState } from './fbr-reporting-state.ts';

/** FBR takes a Debit Note only this many days after its invoice (issue 30, section 5). */
const returnWindowDays = 180;

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
