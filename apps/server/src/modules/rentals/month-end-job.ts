import { addDecimals, addMonths, lastDayOf, permittedIds, type RentalMonthEndProgress, type Role, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, intArray, numericArray, queryRows, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import type { JobKind } from '../../lib/jobs/job-runner.ts';
import { agreementScope } from '../../ledger/venture-stamps.ts';
import { postInvoices, type RentalInvoiceInput } from '../sales/sales.api.ts';
import { periodsOf, readAgreementFacts } from './rental-periods.service.ts';

export const monthEndJobKind = 'rental-month-end';
/** Agreements per chunk: one short transaction each, so requests interleave and progress shows. */
export const monthEndChunkSize = 250;

export interface MonthEndPayload {
  /** `YYYY-MM`, a month that has ended. */
  month: string;
  chunkSize?: number;
  /** Who started it: the invoices are theirs, within their regions. */
  actor: { userId: number; role: Role; scopes: string[]; permissions: Record<string, number[] | undefined> };
}
export interface MonthEndCursor {
  afterId?: number;
  processed?: number;
  invoices?: number;
  invoiced?: string;
}

/**
 * One chunk of the month-end run (issue 21, section 2): the next agreements in use in `month`
 * (active, or ended in or after it; suspended ones bill nothing) of the regions of the user who
 * started it (a user of every region: all of them), their months computed from
 * five reads for the whole chunk, one invoice per agreement whose settlement period ends with
 * `month` short (kind rentalShortfall; per test: rentalTests), the month's row written with it.
 * Set-based (issue 21, section 5): the chunk's invoices are numbered, posted and audited by
 * postInvoices (its set-based charges) in a constant number of statements, whatever their count.
 * Idempotent: a month whose row holds a posted invoice raises none; the chunk, the rows and the
 * cursor commit together, so a restart resumes after the last chunk done, and a chunk redone
 * (its lease lapsed after the commit) finds its rows and raises nothing twice.
 */
export async function runMonthEndChunk(tx: Tx, job: { payload: MonthEndPayload; cursor: MonthEndCursor; id: number }): Promise<{ cursor: MonthEndCursor; done: boolean }> {
  const { month } = job.payload;
  const size = job.payload.chunkSize ?? monthEndChunkSize;
  const afterId = job.cursor.afterId ?? 0;
  // Month-end chunks take turns (two runs of one month on two workers would both find a month
  // unbilled): each reads the rows of the chunks committed before it.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${monthEndJobKind}))`);
  const a = job.payload.actor;
  const actor: Actor = { userId: a.userId, role: a.role, scopes: a.scopes, permissions: a.permissions };
  // The invoices are the starter's (postInvoices refuses another region's as missing): a
  // user kept to regions runs their regions' month end, and another region's agreement, left to
  // that region, cannot fail the run part-way and leave the later agreements unbilled.
  const inRegions = agreementScope(actor);
  const ids = (
    await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM rental_agreements
          WHERE id > ${afterId}::int AND (status = 'active' OR (status = 'ended' AND end_date >= ${`${month}-01`}::date))
            AND document_date <= ${lastDayOf(month)}::date${inRegions ? sql` AND ${inRegions}` : sql``}
          ORDER BY id LIMIT ${size}::int`,
    )
  ).map((r) => Number(r.id));
  if (ids.length === 0) return { cursor: job.cursor, done: true };
  // A settlement period is at most a year: its months are all the run needs.
  const yearBack = addMonths(month, -11);
  const facts = await readAgreementFacts(tx, ids, month, yearBack);
  const rows: Array<{ id: number; commitment: string; eligible: string; carryIn: string; shortfall: string; tests: number; invoiceId: number | null }> = [];
  const drafts: RentalInvoiceInput[] = [];
  for (const id of ids) {
    const f = facts.get(id)!;
    const period = periodsOf(f, month, month, yearBack).find((p) => p.month === month);
    if (!period) continue;
    const stored = f.stored.get(month);
    const invoiceId = stored?.invoiceStatus === 'posted' ? stored.invoiceId : null;
    if (invoiceId === null && period.settles && toMinorUnits(period.shortfall) > 0n) {
      const perTest = f.terms.billingModel === 'perTest';
      drafts.push({
        kind: perTest ? 'rentalTests' : 'rentalShortfall',
        customerId: f.terms.customerId,
        regionId: f.terms.regionId,
        rentalAgreementId: id,
        invoiceDate: lastDayOf(month),
        amount: period.shortfall,
        notes: perTest ? `${period.tests} tests in ${month} under ${f.terms.documentNumber}` : `Reagent commitment shortfall for ${month} under ${f.terms.documentNumber}`,
      });
    }
    rows.push({ id, commitment: period.commitment, eligible: period.eligible, carryIn: period.carryIn, shortfall: period.shortfall, tests: period.tests, invoiceId });
  }
  const posted = await postInvoices(tx, actor, drafts.map((charge) => ({ charge })));
  const made = new Map(drafts.map((d, index) => [d.rentalAgreementId, posted[index]!.id]));
  for (const row of rows) row.invoiceId = made.get(row.id) ?? row.invoiceId;
  if (rows.length > 0) {
    await tx.execute(sql`INSERT INTO rental_periods (rental_agreement_id, month, commitment, eligible, carry_in, shortfall, tests, invoice_id, job_id)
      SELECT v.id, ${`${month}-01`}::date, v.commitment, v.eligible, v.carry_in, v.shortfall, v.tests, v.invoice_id, ${job.id}::int
      FROM unnest(${intArray(rows.map((r) => r.id))}, ${numericArray(rows.map((r) => r.commitment))}, ${numericArray(rows.map((r) => r.eligible))},
                  ${numericArray(rows.map((r) => r.carryIn))}, ${numericArray(rows.map((r) => r.shortfall))}, ${intArray(rows.map((r) => r.tests))},
                  ${intArray(rows.map((r) => r.invoiceId))}) AS v(id, commitment, eligible, carry_in, shortfall, tests, invoice_id)
      ON CONFLICT (rental_agreement_id, month) DO UPDATE SET commitment = EXCLUDED.commitment, eligible = EXCLUDED.eligible, carry_in = EXCLUDED.carry_in,
        shortfall = EXCLUDED.shortfall, tests = EXCLUDED.tests, invoice_id = EXCLUDED.invoice_id, job_id = EXCLUDED.job_id, updated_at = now()`);
  }
  return {
    cursor: {
      afterId: ids.at(-1)!,
      processed: (job.cursor.processed ?? 0) + ids.length,
      invoices: (job.cursor.invoices ?? 0) + made.size,
      invoiced: addDecimals([job.cursor.invoiced ?? '0.00', ...drafts.map((d) => d.amount)]),
    },
    done: ids.length < size,
  };
}

/** The month-end run as a job of lib/jobs. */
export const monthEndJob: JobKind<MonthEndPayload, MonthEndCursor> = {
  kind: monthEndJobKind,
  step: (tx, job) => runMonthEndChunk(tx, job),
};

/**
 * A month-end run's progress as GET /api/rental-agreements/month-end/:id answers it; undefined when
 * there is no such run or it is not the reader's: a run covers the regions of the user who started
 * it, and a reader kept to regions sees a run only when those are all theirs (as its invoices).
 */
export async function readMonthEndProgress(executor: Executor, id: number, reader: Pick<Actor, 'permissions'>): Promise<RentalMonthEndProgress | undefined> {
  const [job] = await queryRows<{ status: string; cursor: Record<string, unknown>; payload: Record<string, unknown>; error: string | null }>(
    executor,
    sql`SELECT status, cursor, payload, error FROM jobs WHERE id = ${id}::int AND kind = ${monthEndJobKind}`,
  );
  if (!job) return undefined;
  const cursor = (typeof job.cursor === 'string' ? JSON.parse(job.cursor) : job.cursor) as MonthEndCursor;
  const payload = (typeof job.payload === 'string' ? JSON.parse(job.payload) : job.payload) as Pick<MonthEndPayload, 'month' | 'actor'>;
  const readable = permittedIds(reader.permissions, 'regions');
  const covered = permittedIds(payload.actor?.permissions ?? {}, 'regions');
  if (readable && (!covered || covered.some((region) => !readable.includes(region)))) return undefined;
  return { month: payload.month, status: job.status, processed: cursor.processed ?? 0, invoices: cursor.invoices ?? 0, invoiced: cursor.invoiced ?? '0.00', error: job.error };
}
