import { fbrMessages } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { ConflictError } from '../../lib/app-error.ts';

/** Where the state of a moved report goes in its message. */
const stateMark = '%state%';

/**
 * The switch from FBR's sandbox to production (PUT /api/fbr/settings). What the sandbox holds is no
 * report to FBR: a sandbox number printed with its QR code is no tax invoice, and a sandbox
 * acceptance must not forbid cancelling the document. Each report of a document still posted that
 * went (or was to go) to the sandbox becomes a production report waiting for a person: `rejected`,
 * its error saying it was the sandbox's, its number cleared. Not sent again by itself, as FBR has
 * no idempotency key and a company's test invoices made while onboarding must not reach production
 * unasked: a person resends it (the payload built again for production) or cancels the document.
 * Reports of cancelled documents stay as they are. A report the sender is sending to the sandbox
 * at that moment refuses the switch (409, nothing changed): its answer would otherwise land on a
 * production report. Answers how many reports wait.
 */
export async function sandboxReportsAwaitProduction(tx: Tx): Promise<number> {
  const message = fbrMessages.sandboxOnly(stateMark);
  const [moved] = await queryRows<{ n: number }>(
    tx,
    sql`WITH moved AS (
          UPDATE fbr_submissions s
          SET environment = 'production', status = 'rejected', fbr_invoice_number = NULL, line_numbers = '[]'::jsonb, resolution = NULL,
              errors = jsonb_build_array(jsonb_build_object('itemSNo', NULL, 'errorCode', '', 'error',
                replace(${message}::text, ${stateMark}::text, CASE WHEN s.status = 'accepted' THEN 'accepted as ' || s.fbr_invoice_number ELSE s.status END))),
              last_error = NULL, post_started_at = NULL, locked_until = NULL, updated_at = now()
          WHERE s.environment = 'sandbox' AND s.status <> 'sending'
            AND CASE s.document_type
                  WHEN 'invoice' THEN EXISTS (SELECT 1 FROM invoices i WHERE i.id = s.document_id AND i.status = 'posted')
                  ELSE EXISTS (SELECT 1 FROM sales_returns r WHERE r.id = s.document_id AND r.status = 'posted') END
          RETURNING s.id)
        SELECT count(*)::int AS n FROM moved`,
  );
  // After the move, in a statement of its own: a claim that committed meanwhile is seen here.
  const [sending] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM fbr_submissions WHERE environment = 'sandbox' AND status = 'sending'`);
  if (Number(sending!.n) > 0) {
    const refusal = fbrMessages.sandboxSending(Number(sending!.n));
    throw new ConflictError(refusal, { environment: refusal });
  }
  return Number(moved!.n);
}
