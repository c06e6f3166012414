import { fbrMessages } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows, type Tx } from '../../db/client.ts';
import { ConflictError } from '../../lib/app-error.ts';

/** Where the state of a moved report goes in its message. */
const stateMark = '%state%';

/**
 * The sandbox's reports of documents still posted, moved to production waiting for a person:
 * `rejected`, the error saying what the sandbox had, the number cleared. `where` narrows the rows
 * (the sender's pass: the queued ones only, through their partial index).
 */
function moveStatement(where: SQL): SQL {
  const message = fbrMessages.sandboxOnly(stateMark);
  return sql`WITH moved AS (
      UPDATE fbr_submissions s
      SET environment = 'production', status = 'rejected', fbr_invoice_number = NULL, line_numbers = '[]'::jsonb, resolution = NULL,
          errors = jsonb_build_array(jsonb_build_object('itemSNo', NULL, 'errorCode', '', 'error',
            replace(${message}::text, ${stateMark}::text, CASE WHEN s.status = 'accepted' THEN 'accepted as ' || s.fbr_invoice_number ELSE s.status END))),
          last_error = NULL, post_started_at = NULL, locked_until = NULL, updated_at = now()
      WHERE s.environment = 'sandbox' AND ${where}
        AND CASE s.document_type
              WHEN 'invoice' THEN EXISTS (SELECT 1 FROM invoices i WHERE i.id = s.document_id AND i.status = 'posted')
              ELSE EXISTS (SELECT 1 FROM sales_returns r WHERE r.id = s.document_id AND r.status = 'posted') END
      RETURNING s.id)
    SELECT count(*)::int AS n FROM moved`;
}

/**
 * The switch from FBR's sandbox to production (PUT /api/fbr/settings). What the sandbox holds is no
 * report to FBR: a sandbox number printed with its QR code is no tax invoice, and a sandbox
 * acceptance must not forbid cancelling the document. Each report of a document still posted that
 * went (or was to go) to the sandbox becomes a production report waiting for a person (moveStatement).
 * Not sent again by itself, as FBR has no idempotency key and a company's test invoices made while
 * onboarding must not reach production unasked: a person resends it (the payload built again for
 * production) or cancels the document. Reports of cancelled documents stay as they are.
 * The sandbox's rows are locked first, in a statement of their own: the sender's record of an
 * answer then waits for the switch (and, fenced by its attempt, records nothing on a moved row),
 * and its claims skip them. A report the sender is sending to the sandbox right now (its lease
 * running) refuses the switch (409, nothing changed): its answer is still to come. One whose
 * sender died (lease lapsed) moves like the rest. Answers how many reports wait.
 */
export async function sandboxReportsAwaitProduction(tx: Tx): Promise<number> {
  await tx.execute(sql`SELECT id FROM fbr_submissions WHERE environment = 'sandbox' ORDER BY id FOR UPDATE`);
  const [sending] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM fbr_submissions WHERE environment = 'sandbox' AND status = 'sending' AND locked_until >= now()`,
  );
  if (Number(sending!.n) > 0) {
    const refusal = fbrMessages.sandboxSending(Number(sending!.n));
    throw new ConflictError(refusal, { environment: refusal });
  }
  const [moved] = await queryRows<{ n: number }>(tx, moveStatement(sql`true`));
  return Number(moved!.n);
}

/**
 * The sender's pass while the company reports to production: a sandbox report queued after the
 * switch (a posting that read the settings just before it, or a process whose cached settings
 * were a moment old) is moved like those the switch moved, never sent to the sandbox.
 */
export async function queuedSandboxReportsAwaitProduction(executor: Executor): Promise<number> {
  const [moved] = await queryRows<{ n: number }>(executor, moveStatement(sql`s.status = 'queued'`));
  return Number(moved!.n);
}
