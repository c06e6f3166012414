import { journalMessages, monthEnd, permittedIds, payRunDocument, type PayRunDetail, type PayRunKind, type PayRunPayInput, payrollMessages, toMinorUnits, fromMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { closedThrough, type LedgerLineInput, postToLedger, readPostingContextWith, reverseInLedger, todayIso } from '../../ledger/general-ledger.ts';
import { chosenAccounts } from '../../ledger/posting-accounts.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError, ForbiddenError } from '../../lib/app-error.ts';
import type { ActionOf, DocumentHandlers } from '../../lib/document/document-binding.ts';
import { enqueueJob } from '../../lib/jobs/job-queue.ts';
import { inRunScope, payableEmployees, type RunScope } from './pay-facts.ts';
import { chunkSizeFor, payRunJobKind, postedSlipIds } from './pay-run-job.ts';
import { readPayRun } from './pay-runs.queries.ts';
import { bankFileSlips, slipScope } from './pay-slips.service.ts';
import { advanceRecoveriesStatement } from '../hr/hr.api.ts';
import { paySlipsByBank, type SlipToPay } from '../money/money.api.ts';

const { documentType } = payRunDocument;

export interface PayRunInput {
  month: string;
  kind?: PayRunKind;
  regionIds?: number[];
  departmentIds?: number[];
}

/** The run after a write, its totals as the actor sees them. */
const reread = async (tx: Tx, id: number, actor: Actor) => (await readPayRun(tx, id, actor))!;

/**
 * A user limited to regions runs payroll for those regions only (PRODUCT.md, principle 6): the
 * run names regions, all theirs (400 `regionIds`), so it never computes or posts another
 * region's slips.
 */
function assertRegionsMine(actor: Actor, input: PayRunInput): void {
  const mine = permittedIds(actor.permissions, 'regions');
  if (!mine) return;
  const regions = input.regionIds ?? [];
  if (regions.length === 0 || regions.some((id) => !mine.includes(id))) throw new BadRequestError({ regionIds: payrollMessages.regionsRequired });
}

/**
 * The binding's write check: a user limited to regions sees a company-wide run (its slips of
 * their regions), and pays those slips from it, but changes, approves, posts or cancels only a
 * run of their regions (403).
 */
export function assertPayRunWritable(actor: Actor, run: PayRunDetail, action: string): void {
  const mine = permittedIds(actor.permissions, 'regions');
  if (!mine || action === 'pay') return;
  if (run.regionIds.length === 0 || run.regionIds.some((id) => !mine.includes(id))) throw new ForbiddenError(payrollMessages.otherRegions);
}

const scopeOf = (input: PayRunInput): RunScope => ({ month: input.month, regionIds: input.regionIds ?? [], departmentIds: input.departmentIds ?? [] });

/** Refuses (409 naming `month`) a month on or before the period close. */
async function assertMonthOpen(tx: Tx, month: string): Promise<void> {
  const closed = await closedThrough(tx, { lock: true });
  if (closed !== null && monthEnd(month) <= closed) {
    const message = `${journalMessages.closedPeriod(closed)}: no pay run for ${month}`;
    throw new ConflictError(message, { month: message });
  }
}

/**
 * Issue 20: corrections after posting are a supplementary run made in the current open month
 * (today's, on the server's clock like every other "today"), posted in that period; an earlier
 * month's would post the differences into a month already reported (400 naming `month`). Checked
 * again on approve and post: a draft left from an earlier month would otherwise still post there.
 */
function assertSupplementaryNow(input: { kind?: PayRunKind; month: string }): void {
  if (input.kind !== 'supplementary') return;
  const current = todayIso().slice(0, 7);
  if (input.month !== current) throw new BadRequestError({ month: payrollMessages.supplementaryMonth(current) });
}

/**
 * A regular run pays no one another live regular run of the month pays (409 naming them);
 * runs of other regions or departments stand side by side. The table lock makes two
 * creations at once take turns.
 */
async function assertNoOverlap(tx: Tx, input: PayRunInput, except: number): Promise<void> {
  if ((input.kind ?? 'regular') !== 'regular') return;
  await tx.execute(sql`LOCK TABLE pay_runs IN SHARE ROW EXCLUSIVE MODE`);
  const names = await queryRows<{ name: string }>(
    tx,
    sql`SELECT e.employee_name AS name FROM employees e
        WHERE ${payableEmployees(scopeOf(input))}
          AND EXISTS (SELECT 1 FROM pay_runs r WHERE r.month = ${`${input.month}-01`}::date AND r.kind = 'regular' AND r.status <> 'cancelled'
                        AND r.id <> ${except}::int AND ${inRunScope})
        ORDER BY e.employee_name LIMIT 6`,
  );
  if (names.length > 0) {
    const message = payrollMessages.overlap(namesOf(names));
    throw new ConflictError(message, { month: message });
  }
}

/** Drops the run's slips and starts the job that computes them again (status stays draft; GET shows the progress). */
async function startGeneration(tx: Tx, runId: number, input: PayRunInput, userId: number | null): Promise<void> {
  await tx.execute(sql`DELETE FROM pay_slips WHERE pay_run_id = ${runId}::int`);
  const [count] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM employees e WHERE ${payableEmployees(scopeOf(input))}`);
  const total = Number(count!.n);
  await tx.execute(sql`UPDATE pay_runs SET generating = true, total_employees = ${total}::int, processed_employees = 0, error = NULL, updated_at = now() WHERE id = ${runId}::int`);
  await enqueueJob(tx, { kind: payRunJobKind, subjectId: runId, payload: { chunkSize: chunkSizeFor(total) }, createdBy: userId });
}

const valuesOf = (input: PayRunInput) => ({
  header: {
    month: `${input.month}-01`,
    runDate: monthEnd(input.month),
    kind: input.kind ?? 'regular',
    regionIds: JSON.stringify(input.regionIds ?? []),
    departmentIds: JSON.stringify(input.departmentIds ?? []),
  },
});

function assertGenerated(run: PayRunDetail): void {
  if (run.generating) throw new ConflictError(payrollMessages.generating);
}

/**
 * A run whose generation failed keeps the slips of the chunks done before the failure: approved
 * or posted, it would leave the rest of its employees unpaid (409 until a recompute completes).
 */
function assertComplete(run: PayRunDetail): void {
  if (run.error) throw new ConflictError(payrollMessages.generationFailed(run.error));
  if (run.processedEmployees < run.totalEmployees) throw new ConflictError(payrollMessages.generationIncomplete(run.processedEmployees, run.totalEmployees));
}

const namesOf = (rows: ReadonlyArray<{ name: string }>) => rows.slice(0, 5).map((n) => n.name).join(', ') + (rows.length > 5 ? ', ...' : '');

/**
 * A regular run pays no one a slip of another live regular run of the month holds (409 naming
 * them): the generation leaves such employees out, but two generations at once (or one before
 * a transfer) may each have computed them. Slips are written before a run can be approved, so
 * two runs posted at once each see the other's.
 */
async function assertNoSlipElsewhere(tx: Tx, run: PayRunDetail): Promise<void> {
  if (run.kind !== 'regular') return;
  const names = await queryRows<{ name: string }>(
    tx,
    sql`SELECT s.employee_name AS name FROM pay_slips s
        WHERE s.pay_run_id = ${run.id}::int
          AND EXISTS (SELECT 1 FROM pay_slips o JOIN pay_runs q ON q.id = o.pay_run_id
                      WHERE o.employee_id = s.employee_id AND o.month = s.month AND q.kind = 'regular' AND q.status <> 'cancelled' AND q.id <> ${run.id}::int)
        ORDER BY s.employee_name LIMIT 6`,
  );
  if (names.length > 0) throw new ConflictError(payrollMessages.slipElsewhere(namesOf(names)));
}

/**
 * A supplementary slip is the difference against the slips posted for its month when it was
 * computed: once another run for that month was posted (a second supplementary run) or
 * cancelled, posting it would pay the difference twice, or miss what the cancel took back
 * (409 naming them; a recompute takes the new figures).
 */
async function assertSupplementaryCurrent(tx: Tx, run: PayRunDetail): Promise<void> {
  if (run.kind !== 'supplementary') return;
  const names = await queryRows<{ name: string }>(
    tx,
    sql`SELECT s.employee_name AS name FROM pay_slips s
        WHERE s.pay_run_id = ${run.id}::int AND NOT s.held
          AND coalesce(s.snapshot->'postedSlipIds', 'null'::jsonb) IS DISTINCT FROM ${postedSlipIds('s.employee_id', 's.month')}
        GROUP BY s.employee_name ORDER BY s.employee_name LIMIT 6`,
  );
  if (names.length > 0) throw new ConflictError(payrollMessages.supplementaryStale(namesOf(names)));
}

/** What the run's slips (not held) recover of each advance: its id and amount. */
const recoveredByRun = (runId: number) =>
  sql`SELECT (a->>'advanceId')::int AS id, sum((a->>'amount')::numeric) AS amount
      FROM pay_slips s CROSS JOIN LATERAL jsonb_array_elements(coalesce(s.snapshot->'advances', '[]'::jsonb)) a
      WHERE s.pay_run_id = ${runId}::int AND NOT s.held GROUP BY 1`;

/**
 * What the run's slips recover of each advance fits what is left of it (409 naming the advance,
 * not the column's check as a 500): a slip computed before the schedule changed, or with a run
 * of another month posted meanwhile, may recover an instalment already recovered. The advances
 * are locked first and read in a later statement, so a run posted meanwhile is seen.
 */
async function assertAdvancesLeft(tx: Tx, runId: number): Promise<void> {
  const recovered = recoveredByRun(runId);
  await tx.execute(sql`SELECT v.id FROM employee_advances v WHERE v.id IN (SELECT id FROM (${recovered}) r) ORDER BY v.id FOR NO KEY UPDATE`);
  const [over] = await queryRows<{ employee: string; amount: string; recovered: string }>(
    tx,
    sql`SELECT e.employee_name AS employee, v.amount::text AS amount, v.recovered_amount::text AS recovered
        FROM (${recovered}) r JOIN employee_advances v ON v.id = r.id JOIN employees e ON e.id = v.employee_id
        WHERE v.recovered_amount + r.amount > v.amount ORDER BY v.id LIMIT 1`,
  );
  if (over) throw new ConflictError(payrollMessages.advanceOverRecovered(over.employee, over.amount, over.recovered));
}

/** A run with no slip is not approved or posted (409): a supplementary one says there was nothing to correct (issue 27). */
function assertHasSlips(run: PayRunDetail): void {
  if (run.slips > 0) return;
  throw new ConflictError(run.kind === 'supplementary' ? payrollMessages.supplementaryNothing : payrollMessages.noSlips);
}

interface GroupRow {
  source: 'line' | 'net' | 'rounding' | 'employer';
  kind: string | null;
  accountId: number | null;
  regionId: number | null;
  departmentId: number | null;
  employeeId: number | null;
  name: string;
  amount: string;
}

/**
 * The run's journal lines, grouped in one statement: each earning and employer contribution
 * per account, region and department (Dr); each deduction per account and region (Cr: income
 * tax, statutory payables, advances recovered); each employer contribution's liability per
 * region (Cr); Salaries payable per employee with the employee as party (Cr); the rounding per
 * region. Amounts below zero (a supplementary run's cuts) go to the other side.
 */
async function journalGroups(tx: Tx, runId: number): Promise<GroupRow[]> {
  const rows = await queryRows<GroupRow>(
    tx,
    sql`WITH slips AS (SELECT * FROM pay_slips WHERE pay_run_id = ${runId}::int AND NOT held),
             lines AS (SELECT l.*, s.region_id, s.department_id FROM pay_slip_lines l JOIN slips s ON s.id = l.pay_slip_id)
        SELECT 'line' AS source, kind, account_id AS "accountId", region_id AS "regionId",
               CASE WHEN kind = 'deduction' THEN NULL ELSE department_id END AS "departmentId", NULL::int AS "employeeId",
               min(component_name) AS name, sum(amount)::text AS amount
        FROM lines GROUP BY kind, account_id, region_id, CASE WHEN kind = 'deduction' THEN NULL ELSE department_id END
        UNION ALL
        SELECT 'employer', kind, liability_account_id, region_id, NULL, NULL, min(component_name), sum(amount)::text
        FROM lines WHERE kind = 'employerContribution' GROUP BY kind, liability_account_id, region_id
        UNION ALL
        SELECT 'net', NULL, NULL, region_id, department_id, employee_id, employee_name, net::text FROM slips
        UNION ALL
        SELECT 'rounding', NULL, NULL, region_id, NULL, NULL, 'Rounding', sum(rounding)::text FROM slips GROUP BY region_id
        ORDER BY 1, 2, 3, 4, 5, 6`,
  );
  const id = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return rows.map((r) => ({ ...r, accountId: id(r.accountId), regionId: id(r.regionId), departmentId: id(r.departmentId), employeeId: id(r.employeeId) }));
}

const payrollKeys = ['salariesPayable', 'salaries', 'payrollRounding'] as const;

/** A line of `amount` on the side it belongs (debit when `debitSide` and not negative, else flipped). */
function sided(accountId: number, amount: string, debitSide: boolean, memo: string, dimensions: Partial<LedgerLineInput>): LedgerLineInput | undefined {
  const units = toMinorUnits(amount);
  if (units === 0n) return undefined;
  const debit = debitSide === units > 0n;
  const abs = fromMinorUnits(units < 0n ? -units : units);
  return { accountId, debit: debit ? abs : '0', credit: debit ? '0' : abs, memo: memo.slice(0, 200), ...dimensions };
}

async function postingLines(tx: Tx, run: PayRunDetail, userId: number | null) {
  const groups = await journalGroups(tx, run.id);
  if (!groups.some((g) => g.source === 'net')) throw new ConflictError(payrollMessages.noSlips);
  const accountIds = groups.flatMap((g) => (g.accountId === null ? [] : [g.accountId]));
  const context = await readPostingContextWith(tx, { accountIds, postingKeys: payrollKeys, userId });
  const keys = chosenAccounts(context.postingAccounts, payrollKeys);
  const lines: LedgerLineInput[] = [];
  for (const g of groups) {
    const dims = { regionId: g.regionId, departmentId: g.departmentId };
    let line: LedgerLineInput | undefined;
    if (g.source === 'line' || g.source === 'employer') {
      // The components' accounts are required (hr-contract); an earning copied without one goes to Salaries.
      const accountId = g.accountId ?? (g.kind === 'earning' ? keys.salaries : undefined);
      if (accountId === undefined) throw new ConflictError(payrollMessages.noAccount(g.name));
      line = sided(accountId, g.amount, g.source === 'line' && g.kind !== 'deduction', g.name, dims);
    } else if (g.source === 'net') line = sided(keys.salariesPayable, g.amount, false, `Net pay: ${g.name}`, { ...dims, partyType: 'employee', partyId: g.employeeId });
    else line = sided(keys.payrollRounding, g.amount, true, g.name, dims);
    if (line) lines.push(line);
  }
  return { lines, context };
}

/** The advances' recovered amounts moved by what the run's slips recovered (`sign` -1 on cancel). */
const advancesRecovered = (runId: number, sign: 1 | -1) => () => advanceRecoveriesStatement(recoveredByRun(runId), sign);

/**
 * The bank file's payment date (issue 27): by default the run's last day, or today when later;
 * never before the month's last day (400 `paymentDate`), when the month's salaries are not yet
 * payable (the balance sheet of that day would show Salaries payable below zero).
 */
function paymentDateOf(run: PayRunDetail, given: string | undefined): string {
  const last = monthEnd(run.month);
  if (given === undefined) {
    const today = todayIso();
    return today > last ? today : last;
  }
  if (given < last) throw new BadRequestError({ paymentDate: payrollMessages.paidBeforeMonthEnd(last) });
  return given;
}

export const payRunHandlers: DocumentHandlers<PayRunInput, PayRunDetail, ActionOf<typeof payRunDocument>> = {
  async create(tx, actor, input, drafts) {
    assertRegionsMine(actor, input);
    assertSupplementaryNow(input);
    await assertMonthOpen(tx, input.month);
    await assertNoOverlap(tx, input, 0);
    const { id } = await drafts.insert(input, valuesOf(input));
    await startGeneration(tx, id, input, actor.userId);
    return { document: await reread(tx, id, actor) };
  },

  async update(tx, actor, before, input, drafts) {
    assertGenerated(before);
    assertRegionsMine(actor, input);
    assertSupplementaryNow(input);
    await assertMonthOpen(tx, input.month);
    await assertNoOverlap(tx, input, before.id);
    await drafts.update(before.id, input, valuesOf(input));
    await startGeneration(tx, before.id, input, actor.userId);
    return { document: await reread(tx, before.id, actor) };
  },

  transitions: {
    /** The slips computed again from today's HR data (a job, like the first time). */
    async recompute(tx, actor, run) {
      assertGenerated(run);
      await startGeneration(tx, run.id, run, actor.userId);
      return { document: await reread(tx, run.id, actor) };
    },

    async approve(tx, _actor, run) {
      assertGenerated(run);
      assertComplete(run);
      assertSupplementaryNow(run);
      assertHasSlips(run);
      await assertNoSlipElsewhere(tx, run);
      await assertSupplementaryCurrent(tx, run);
      return { document: run };
    },

    /**
     * One balanced journal dated the month's last day (the open month, for a supplementary
     * run), numbered PR-YYYY-NNNNNN, with the status in the same statement.
     */
    async post(tx, actor, run, step) {
      assertComplete(run);
      assertSupplementaryNow(run);
      assertHasSlips(run);
      await assertNoSlipElsewhere(tx, run);
      if (run.kind === 'supplementary') {
        // Every other writer of pay_runs (a post, a cancel) waits for this one, and this one for
        // them: the check below, a later statement, sees what they committed.
        await tx.execute(sql`LOCK TABLE pay_runs IN SHARE ROW EXCLUSIVE MODE`);
        await assertSupplementaryCurrent(tx, run);
      } else {
        // Only a regular slip recovers advances (a supplementary one corrects pay, not the schedule).
        await assertAdvancesLeft(tx, run.id);
      }
      const { lines, context } = await postingLines(tx, run, actor.userId);
      const narration = `Payroll for ${run.month}${run.kind === 'supplementary' ? ' (supplementary)' : ''}`;
      const result = await postToLedger(tx, { ...step.posting, narration, lines, alongside: [...step.claim(), advancesRecovered(run.id, 1)] }, context);
      return { document: await reread(tx, run.id, actor), documentNumber: result.documentNumber };
    },

    /**
     * Paid from its bank file: every slip the file lists (in the actor's regions) locked in id
     * order and paid in full by money's payments, one per employee, in one statement with the
     * run's audit row; the run stays posted, now paid (or partly, while cash and cheque slips
     * wait). 409 when the file lists nothing.
     */
    async pay(tx, actor, run, step) {
      const input = step.input as PayRunPayInput;
      const paymentDate = paymentDateOf(run, input.paymentDate);
      const slips = await queryRows<SlipToPay>(
        tx,
        sql`SELECT s.id, s.employee_id AS "employeeId", s.region_id AS "regionId", (s.net - s.paid_amount)::text AS amount
            FROM pay_slips s WHERE s.pay_run_id = ${run.id}::int AND ${bankFileSlips()} AND ${slipScope(actor)} ORDER BY s.id FOR NO KEY UPDATE`,
      );
      if (slips.length === 0) throw new ConflictError(payrollMessages.nothingToPay);
      const reference = input.reference || `Salaries ${run.month} ${run.documentNumber ?? ''}`.trim();
      const id = (v: number | null) => (v === null ? null : Number(v));
      const paid = await paySlipsByBank(tx, actor, {
        paymentDate,
        accountId: input.accountId,
        reference,
        slips: slips.map((s) => ({ ...s, id: Number(s.id), employeeId: Number(s.employeeId), regionId: id(s.regionId) })),
        alongside: step.claim({}, { payments: 'bank file' }),
        file: { documentType, documentId: run.id, documentNumber: run.documentNumber ?? '', narration: `Bank file: ${reference}` },
      });
      const belowZero = toMinorUnits(paid.bankBalanceAfter) < 0n;
      return { document: { ...(await reread(tx, run.id, actor)), paidBy: { ...paid, ...(belowZero ? { warning: payrollMessages.bankBelowZero(paid.bankBalanceAfter) } : {}) } } };
    },

    /** A posted run's journal reversed today (the original kept); refused once a slip is paid. */
    async cancel(tx, actor, run) {
      if (run.status === 'posted') {
        // The slips locked first, in the payments' lock order (id), then read in a statement of
        // their own: a payment allocated to a slip meanwhile has committed, and is seen.
        await tx.execute(sql`SELECT id FROM pay_slips WHERE pay_run_id = ${run.id}::int ORDER BY id FOR NO KEY UPDATE`);
        const [paid] = await queryRows(tx, sql`SELECT 1 FROM pay_slips WHERE pay_run_id = ${run.id}::int AND paid_amount > 0 LIMIT 1`);
        if (paid) throw new ConflictError(payrollMessages.paidSlips);
        await reverseInLedger(tx, {
          documentType,
          documentId: run.id,
          narration: `Reversal of ${run.documentNumber}: payroll for ${run.month}`,
          actor: { userId: actor.userId },
          alongside: [advancesRecovered(run.id, -1)],
        });
      }
      return { document: run };
    },
  },
};
