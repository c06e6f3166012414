import { depreciationRunDocument, type DepreciationRunDetail, journalMessages, monthEnd } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { closedThrough, reverseInLedger, todayIso } from '../../ledger/general-ledger.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import type { DocumentHandlers, ActionOf } from '../../lib/document/document-binding.ts';
import { enqueueJob } from '../../lib/jobs/job-queue.ts';
import { readDepreciationRun } from './depreciation-runs.queries.ts';

const { documentType } = depreciationRunDocument;

export interface DepreciationRunInput {
  /** `YYYY-MM`. */
  month: string;
}

export const depreciationJobKind = 'depreciation-run';
/** Assets per chunk: each chunk one short transaction, so requests interleave and progress shows. */
export const depreciationChunkSize = 500;

export const depreciationMessages = {
  closed: (month: string, through: string) => `${journalMessages.closedPeriod(through)}: no depreciation run for ${month}`,
  exists: (month: string, number: string | null, status: string) => `A depreciation run for ${month} already exists (${number ?? 'draft'}, ${status})`,
  anotherRunning: (month: string) => `The depreciation run for ${month} is running: wait for it to finish`,
  disposedSince: (asset: string) => `Asset ${asset} left the books after this run: its depreciation cannot be reversed`,
  future: (current: string) => `Month must not be after the current month (${current})`,
} as const;

/**
 * Refuses (400 naming `month`) a month after the current one on the server's clock: a run
 * charges each asset's schedule through its month, so a future month's would book months of
 * depreciation not yet incurred (and date them in the future). The current month may run.
 */
function assertMonthStarted(month: string): void {
  const current = todayIso().slice(0, 7);
  if (month > current) throw new BadRequestError({ month: depreciationMessages.future(current) });
}

/** Refuses (409 naming `month`) a month on or before the period close. */
export async function assertMonthOpen(tx: Tx, month: string): Promise<void> {
  const closed = await closedThrough(tx, { lock: true });
  if (closed !== null && monthEnd(month) <= closed) {
    const message = depreciationMessages.closed(month, closed);
    throw new ConflictError(message, { month: message });
  }
}

/**
 * Runs take turns on what they change (assets' accumulated depreciation): one runs at a time,
 * and no run is cancelled meanwhile. The table lock makes two starts at once take turns.
 */
async function assertNoneRunning(tx: Tx, except?: number): Promise<void> {
  await tx.execute(sql`LOCK TABLE depreciation_runs IN SHARE ROW EXCLUSIVE MODE`);
  const [running] = await queryRows<{ month: string }>(
    tx,
    sql`SELECT to_char(month, 'YYYY-MM') AS month FROM depreciation_runs WHERE status = 'running' AND id <> ${except ?? 0}::int LIMIT 1`,
  );
  if (running) throw new ConflictError(depreciationMessages.anotherRunning(running.month));
}

/** One live run per month (the partial unique index is the last guard). */
async function assertMonthFree(tx: Tx, month: string, except?: number): Promise<void> {
  const [other] = await queryRows<{ number: string | null; status: string }>(
    tx,
    sql`SELECT document_number AS number, status FROM depreciation_runs
        WHERE month = ${`${month}-01`}::date AND status <> 'cancelled' AND id <> ${except ?? 0}::int LIMIT 1`,
  );
  if (other) {
    const message = depreciationMessages.exists(month, other.number, other.status);
    throw new ConflictError(message, { month: message });
  }
}

const reread = async (tx: Tx, id: number) => (await readDepreciationRun(tx, id))!;

async function checkMonth(tx: Tx, month: string, except?: number): Promise<void> {
  assertMonthStarted(month);
  await assertMonthOpen(tx, month);
  await assertMonthFree(tx, month, except);
}

/** A run stores its month as the month's first day and is dated the month's last. */
const valuesOf = (month: string) => ({ header: { month: `${month}-01`, runDate: monthEnd(month) } });

export const depreciationRunHandlers: DocumentHandlers<DepreciationRunInput, DepreciationRunDetail, ActionOf<typeof depreciationRunDocument>> = {
  async create(tx, _actor, input, drafts) {
    await checkMonth(tx, input.month);
    const { id } = await drafts.insert(input, valuesOf(input.month));
    return { document: await reread(tx, id) };
  },

  async update(tx, _actor, before, input, drafts) {
    await checkMonth(tx, input.month, before.id);
    await drafts.update(before.id, input, valuesOf(input.month));
    return { document: await reread(tx, before.id) };
  },

  transitions: {
    /**
     * Starts the run: status `running` and a job recorded in this transaction (lib/jobs). The
     * job writes the charges chunk by chunk and posts them at the end (depreciation-job.ts).
     * A failed run starts over: its charges so far are dropped.
     */
    async post(tx, actor, run) {
      // Again here: a draft saved before this check existed may name a future month.
      assertMonthStarted(run.month);
      await assertMonthOpen(tx, run.month);
      await assertNoneRunning(tx, run.id);
      await tx.execute(sql`DELETE FROM depreciation_entries WHERE depreciation_run_id = ${run.id}::int`);
      await tx.execute(sql`UPDATE depreciation_runs SET processed_assets = 0, total_amount = 0, error = NULL,
          total_assets = (SELECT count(*) FROM assets WHERE status = 'active' AND document_date <= ${run.runDate}::date)
        WHERE id = ${run.id}::int`);
      await enqueueJob(tx, { kind: depreciationJobKind, subjectId: run.id, payload: { chunkSize: depreciationChunkSize }, createdBy: actor.userId });
      return { document: run };
    },

    /**
     * The reversal dated today; the charges released (live = false) and taken off the
     * assets, so the month can run again. Refused while a run is running, or once an asset
     * it charged was disposed of (its disposal took that depreciation off the books).
     */
    async cancel(tx, actor, run) {
      await assertNoneRunning(tx);
      // The assets locked first (a disposal meanwhile waits, and is seen below), then the ledger's
      // day totals: the order a disposal (asset row, then its posting) takes too.
      await tx.execute(sql`SELECT 1 FROM assets WHERE id IN (SELECT asset_id FROM depreciation_entries WHERE depreciation_run_id = ${run.id}::int) ORDER BY id FOR UPDATE`);
      const [gone] = await queryRows<{ name: string }>(
        tx,
        sql`SELECT coalesce(a.document_number, a.asset_name) AS name FROM depreciation_entries e JOIN assets a ON a.id = e.asset_id
            WHERE e.depreciation_run_id = ${run.id}::int AND a.status <> 'active' ORDER BY a.id LIMIT 1`,
      );
      if (gone) throw new ConflictError(depreciationMessages.disposedSince(gone.name));
      const [posted] = await queryRows(tx, sql`SELECT 1 FROM gl_entries WHERE document_type = ${documentType} AND document_id = ${run.id}::int LIMIT 1`);
      if (posted) {
        await reverseInLedger(tx, {
          documentType,
          documentId: run.id,
          narration: `Reversal of ${run.documentNumber}: depreciation for ${run.month}`,
          actor: { userId: actor.userId },
        });
      }
      await tx.execute(sql`UPDATE depreciation_entries SET live = false WHERE depreciation_run_id = ${run.id}::int`);
      // The last month still charged by a posted run, as the month's last day.
      await tx.execute(sql`UPDATE assets a SET accumulated_depreciation = a.accumulated_depreciation - e.amount, updated_at = now(),
          depreciated_through = (SELECT (max(o.month) + interval '1 month' - interval '1 day')::date FROM depreciation_entries o
                                   JOIN depreciation_runs r ON r.id = o.depreciation_run_id
                                  WHERE o.asset_id = a.id AND o.live AND r.status = 'posted')
        FROM depreciation_entries e WHERE e.depreciation_run_id = ${run.id}::int AND e.asset_id = a.id`);
      return { document: run };
    },
  },
};
