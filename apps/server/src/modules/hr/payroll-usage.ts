import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';

/**
 * What the pay runs (issue 20, section 3; migration 0026) have made of the pay structure: the
 * questions the structure's writes ask before changing a row a posted slip relies on. A slip
 * keeps in its snapshot the assignments it was computed from and the advances it recovered.
 */

/** Whether a posted (or paid) slip was computed from the assignment: it may then not be changed or deleted (409). */
export async function assignmentUsedByPostedSlip(executor: Executor, assignmentId: number): Promise<boolean> {
  const rows = await queryRows(
    executor,
    sql`SELECT 1 FROM pay_slips s JOIN pay_runs r ON r.id = s.pay_run_id
        WHERE r.status = 'posted' AND s.snapshot->'assignments' @> ${JSON.stringify([{ id: assignmentId }])}::jsonb LIMIT 1`,
  );
  return rows.length > 0;
}

/** Whether a posted slip recovered the advance's instalment of `month` (`YYYY-MM`): that month may then not be skipped (409). */
export async function advanceRecoveredInPostedSlip(executor: Executor, advanceId: number, month: string): Promise<boolean> {
  const rows = await queryRows(
    executor,
    sql`SELECT 1 FROM pay_slips s JOIN pay_runs r ON r.id = s.pay_run_id
        WHERE r.status = 'posted' AND s.month = ${`${month}-01`}::date AND s.snapshot->'advances' @> ${JSON.stringify([{ advanceId }])}::jsonb LIMIT 1`,
  );
  return rows.length > 0;
}

/**
 * Whether a slip of a draft or approved run recovers the advance (in `month`, when given): its
 * posting would recover by the schedule the slip was computed from, so that schedule may not
 * change under it (409).
 */
export async function advanceRecoveredInUnpostedSlip(executor: Executor, advanceId: number, month?: string): Promise<boolean> {
  const rows = await queryRows(
    executor,
    sql`SELECT 1 FROM pay_slips s JOIN pay_runs r ON r.id = s.pay_run_id
        WHERE r.status IN ('draft', 'approved') AND ${month === undefined ? sql`true` : sql`s.month = ${`${month}-01`}::date`}
          AND s.snapshot->'advances' @> ${JSON.stringify([{ advanceId }])}::jsonb LIMIT 1`,
  );
  return rows.length > 0;
}
