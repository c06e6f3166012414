import { amountInWords, componentsNeedingInputs, type ComputedSlip, needsPayInputs, fromMinorUnits, type NetRounding, type PayComponent, type PaySlipFlag, type SlipLine, type TaxSlab, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { jsonValue, queryRows, type Tx } from '../../db/client.ts';
import type { JobRecord } from '../../lib/jobs/job-queue.ts';
import type { JobKind } from '../../lib/jobs/job-runner.ts';
import { lockChunkAdvances, type PayEmployeeFacts, readEmployeeFacts, type RunScope } from './pay-facts.ts';
import { netRoundingOf, type PayRules, slipOf } from './pay-rules.ts';
import { companySettingSql } from '../setup/setup.api.ts';

export const payRunJobKind = 'pay-run';

interface Payload {
  chunkSize: number;
}
interface Cursor {
  /** The last employee computed: the next chunk starts after it. */
  afterId?: number;
}
type PayRunJob = JobRecord<Payload, Cursor>;

interface RunRow {
  id: number;
  status: string;
  month: string;
  kind: 'regular' | 'supplementary';
  regionIds: number[];
  departmentIds: number[];
  generating: boolean;
}

/** Chunks a run is cut into at most: the statements a run takes stay bounded whatever the headcount (section 5). */
export const maxChunks = 10;
export const minChunkSize = 200;
export const chunkSizeFor = (employees: number) => Math.max(minChunkSize, Math.ceil(employees / maxChunks));

/**
 * A supplementary run compares every posted month of its employees (issue 27: a raise back-dated
 * 13 months was cut at 12): a month nothing changed gives no slip, so looking further costs
 * computation, never a wrong figure.
 */
const firstPayMonth = '1900-01';

const addMonths = (month: string, count: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};

/** The active components, the company's tax tables, its currency and its net rounding (settings), in one statement. */
async function readRules(tx: Tx): Promise<PayRules> {
  const [row] = await queryRows<{ components: unknown; taxTables: unknown; currency: string | null; step: NetRounding['step'] | null; mode: NetRounding['mode'] | null }>(
    tx,
    sql`SELECT (SELECT json_agg(json_build_object('id', id, 'code', code, 'componentName', component_name, 'kind', kind, 'calculation', calculation, 'formula', formula,
                  'amount', amount::text, 'percent', percent::text, 'prorated', prorated, 'taxable', taxable, 'accountId', account_id,
                  'liabilityAccountId', liability_account_id, 'rounding', rounding, 'printOrder', print_order)) FROM salary_components WHERE active) AS components,
               (SELECT json_agg(json_build_object('effectiveFrom', t.effective_from::text,
                          'slabs', (SELECT json_agg(json_build_object('from', s.from_amount::text, 'to', s.to_amount::text, 'fixed', s.fixed_amount::text, 'rate', s.rate::text) ORDER BY s.line_number)
                                      FROM tax_table_slabs s WHERE s.tax_table_id = t.id)) ORDER BY t.effective_from DESC)
                  FROM tax_tables t WHERE t.country = coalesce(${companySettingSql('country')}, 'PK')) AS "taxTables",
               ${companySettingSql('currency')} AS currency,
               ${companySettingSql('netRoundingStep')} AS step, ${companySettingSql('netRoundingMode')} AS mode`,
  );
  const components = jsonValue<PayComponent[] | null>(row!.components) ?? [];
  const id = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    components: new Map(components.map((c) => [Number(c.id), { ...c, id: Number(c.id), accountId: id(c.accountId), liabilityAccountId: id(c.liabilityAccountId), printOrder: Number(c.printOrder) }])),
    taxTables: (jsonValue<Array<{ effectiveFrom: string; slabs: TaxSlab[] | null }> | null>(row!.taxTables) ?? []).map((t) => ({ ...t, slabs: t.slabs ?? [] })),
    netRounding: netRoundingOf(row!.step, row!.mode),
    currency: row!.currency ?? 'PKR',
  };
}

interface SlipRow {
  employee_id: number;
  month: string;
  employee_code: string;
  employee_name: string;
  region_id: number | null;
  department_id: number | null;
  bank_name: string | null;
  bank_account: string | null;
  pay_mode: string;
  paid_days: string;
  gross: string;
  deductions: string;
  employer_cost: string;
  taxable: string;
  rounding: string;
  net: string;
  net_in_words: string;
  snapshot: unknown;
  flags: string[];
  lines: Array<Omit<SlipLine, 'printOrder'> & { lineNo: number }>;
}

function flagsOf(facts: PayEmployeeFacts, slip: ComputedSlip, month: string, needingInputs: ReadonlySet<number>): PaySlipFlag[] {
  const flags: PaySlipFlag[] = [];
  if (toMinorUnits(slip.net) <= 0n) flags.push('netNotPositive');
  if (facts.payMode === 'bank' && !facts.bankAccount) flags.push('noBankAccount');
  if (!facts.inputs[month] && needsPayInputs(facts.assignments, month, needingInputs)) flags.push('missingInputs');
  return flags;
}

type SlipFigures = Pick<ComputedSlip, 'paidDays' | 'gross' | 'deductions' | 'employerCost' | 'taxable' | 'rounding' | 'net' | 'netInWords'> & { snapshot: object };

function rowOf(facts: PayEmployeeFacts, month: string, slip: SlipFigures, lines: readonly SlipLine[], flags: string[]): SlipRow {
  return {
    employee_id: facts.id,
    month: `${month}-01`,
    employee_code: facts.employeeCode,
    employee_name: facts.employeeName,
    region_id: facts.regionId,
    department_id: facts.departmentId,
    bank_name: facts.bankName,
    bank_account: facts.bankAccount,
    pay_mode: facts.payMode,
    paid_days: slip.paidDays,
    gross: slip.gross,
    deductions: slip.deductions,
    employer_cost: slip.employerCost,
    taxable: slip.taxable,
    rounding: slip.rounding,
    net: slip.net,
    net_in_words: slip.netInWords,
    snapshot: slip.snapshot,
    flags,
    lines: lines.map(({ printOrder: _order, ...line }, index) => ({ ...line, lineNo: index + 1 })),
  };
}

interface PostedMonth {
  employeeId: number;
  month: string;
  /** The posted slips compared against, kept on the difference's slip: the post refuses it once they changed. */
  slipIds: number[];
  rounding: string;
  lines: Array<Pick<SlipLine, 'componentId' | 'code' | 'componentName' | 'kind' | 'accountId' | 'liabilityAccountId'> & { amount: string }>;
}

/**
 * The ids of the posted slips (of runs posted, not cancelled, the slip not held) of an employee
 * and month, as a jsonb array in id order: what a supplementary slip of that month was the
 * difference against (pay-runs.handlers.ts compares it again when the run is posted).
 */
export const postedSlipIds = (employeeId: string, month: string) =>
  sql`(SELECT coalesce(jsonb_agg(o.id ORDER BY o.id), '[]'::jsonb) FROM pay_slips o JOIN pay_runs q ON q.id = o.pay_run_id
       WHERE q.status = 'posted' AND NOT o.held AND o.employee_id = ${sql.raw(employeeId)} AND o.month = ${sql.raw(month)})`;

/** What posted runs (regular and supplementary, not cancelled) paid the chunk's employees per month and component. */
async function readPosted(tx: Tx, employeeIds: readonly number[], from: string, before: string): Promise<PostedMonth[]> {
  const rows = await queryRows<{ employeeId: number; month: string; slipIds: unknown; rounding: string; lines: unknown }>(
    tx,
    sql`SELECT s.employee_id AS "employeeId", to_char(s.month, 'YYYY-MM') AS month, ${postedSlipIds('s.employee_id', 's.month')} AS "slipIds", sum(s.rounding)::text AS rounding,
               (SELECT json_agg(json_build_object('componentId', x.component_id, 'code', x.code, 'componentName', x.component_name, 'kind', x.kind,
                                                  'accountId', x.account_id, 'liabilityAccountId', x.liability_account_id, 'amount', x.amount::text))
                  FROM (SELECT l.code, min(l.component_id) AS component_id, min(l.component_name) AS component_name, min(l.kind) AS kind,
                               min(l.account_id) AS account_id, min(l.liability_account_id) AS liability_account_id, sum(l.amount) AS amount
                          FROM pay_slip_lines l JOIN pay_slips o ON o.id = l.pay_slip_id JOIN pay_runs q ON q.id = o.pay_run_id
                         WHERE q.status = 'posted' AND NOT o.held AND o.employee_id = s.employee_id AND o.month = s.month GROUP BY l.code) x) AS lines
        FROM pay_slips s JOIN pay_runs r ON r.id = s.pay_run_id
        WHERE r.status = 'posted' AND NOT s.held AND s.employee_id = ANY(${sql.param([...employeeIds])}::int[])
          AND s.month >= ${`${from}-01`}::date AND s.month < ${`${before}-01`}::date
        GROUP BY s.employee_id, s.month`,
  );
  return rows.map((r) => ({ ...r, employeeId: Number(r.employeeId), slipIds: jsonValue<number[]>(r.slipIds).map(Number), lines: jsonValue<PostedMonth['lines'] | null>(r.lines) ?? [] }));
}

/**
 * A supplementary slip: per component the recomputed month less what was posted for it;
 * nothing when nothing differs.
 */
function differenceOf(facts: PayEmployeeFacts, posted: PostedMonth, rules: PayRules): SlipRow | undefined {
  const now = slipOf(facts, posted.month, rules);
  // What the month's advances recovered was posted already: a supplementary run corrects pay, not the schedule.
  const byCode = new Map<string, SlipLine & { diff: bigint }>();
  for (const line of now.lines) {
    const entry = byCode.get(line.code);
    if (entry) entry.diff += toMinorUnits(line.amount);
    else byCode.set(line.code, { ...line, diff: toMinorUnits(line.amount) });
  }
  for (const line of posted.lines) {
    const entry = byCode.get(line.code);
    if (entry) entry.diff -= toMinorUnits(line.amount);
    else byCode.set(line.code, { ...line, componentId: line.componentId === null ? null : Number(line.componentId), basis: '0', rate: '1', printOrder: 0, diff: -toMinorUnits(line.amount) });
  }
  const recovers = (code: string) => [...rules.components.values()].some((c) => c.code === code && (c.formula ?? '').includes('ADVANCE_INSTALMENT'));
  const lines = [...byCode.values()]
    .filter((l) => l.diff !== 0n && !recovers(l.code))
    .map(({ diff, ...line }) => ({ ...line, basis: fromMinorUnits(diff), rate: '1', amount: fromMinorUnits(diff) }));
  const rounding = toMinorUnits(now.rounding) - toMinorUnits(posted.rounding);
  if (lines.length === 0 && rounding === 0n) return undefined;
  const total = (kind: SlipLine['kind']) => lines.filter((l) => l.kind === kind).reduce((sum, l) => sum + toMinorUnits(l.amount), 0n);
  const gross = total('earning');
  const deductions = total('deduction');
  const net = gross - deductions + rounding;
  return rowOf(
    facts,
    posted.month,
    {
      paidDays: now.paidDays,
      gross: fromMinorUnits(gross),
      deductions: fromMinorUnits(deductions),
      employerCost: fromMinorUnits(gross + total('employerContribution')),
      taxable: fromMinorUnits(toMinorUnits(now.taxable)),
      rounding: fromMinorUnits(rounding),
      net: fromMinorUnits(net),
      netInWords: amountInWords(fromMinorUnits(net), rules.currency),
      snapshot: { ...now.snapshot, postedSlipIds: posted.slipIds },
    },
    lines,
    [],
  );
}

/** The slips and their lines in one statement, with the run's progress. */
async function writeSlips(tx: Tx, runId: number, slips: readonly SlipRow[], processed: number): Promise<void> {
  await tx.execute(sql`WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(slips)}::jsonb) AS s(employee_id int, month date, employee_code text, employee_name text, region_id int,
        department_id int, bank_name text, bank_account text, pay_mode text, paid_days numeric, gross numeric, deductions numeric, employer_cost numeric,
        taxable numeric, rounding numeric, net numeric, net_in_words text, snapshot jsonb, flags text[], lines jsonb)),
    slips AS (
      INSERT INTO pay_slips (pay_run_id, employee_id, month, employee_code, employee_name, region_id, department_id, bank_name, bank_account, pay_mode,
                             paid_days, gross, deductions, employer_cost, taxable, rounding, net, net_in_words, snapshot, flags)
      SELECT ${runId}::int, employee_id, month, employee_code, employee_name, region_id, department_id, bank_name, bank_account, coalesce(pay_mode, 'bank'),
             paid_days, gross, deductions, employer_cost, taxable, rounding, net, net_in_words, snapshot, flags FROM input
      ON CONFLICT DO NOTHING RETURNING id, employee_id, month),
    lines AS (
      INSERT INTO pay_slip_lines (pay_slip_id, line_no, component_id, code, component_name, kind, basis, rate, amount, account_id, liability_account_id)
      SELECT s.id, l."lineNo", l."componentId", l.code, l."componentName", l.kind, l.basis, l.rate, l.amount, l."accountId", l."liabilityAccountId"
      FROM slips s JOIN input i ON i.employee_id = s.employee_id AND i.month = s.month
      CROSS JOIN LATERAL jsonb_to_recordset(i.lines) AS l("lineNo" int, "componentId" int, code text, "componentName" text, kind text, basis numeric, rate numeric,
                                                         amount numeric, "accountId" int, "liabilityAccountId" int)
      RETURNING 1)
    UPDATE pay_runs SET processed_employees = processed_employees + ${processed}::int, updated_at = now()
    WHERE id = ${runId}::int AND (SELECT count(*) FROM lines) >= 0`);
}

/** The last statement of a generation: the "net changed > 20 %" flag against each employee's last posted month, and the run done. */
async function finish(tx: Tx, run: RunRow): Promise<void> {
  await tx.execute(sql`WITH previous AS (
      SELECT DISTINCT ON (s.employee_id) s.employee_id, s.net FROM pay_slips s JOIN pay_runs r ON r.id = s.pay_run_id
      WHERE r.status = 'posted' AND r.kind = 'regular' AND NOT s.held AND s.month < ${`${run.month}-01`}::date
        AND s.employee_id IN (SELECT employee_id FROM pay_slips WHERE pay_run_id = ${run.id}::int)
      ORDER BY s.employee_id, s.month DESC),
    flagged AS (
      UPDATE pay_slips s SET flags = array_append(s.flags, 'netChanged') FROM previous p
      WHERE s.pay_run_id = ${run.id}::int AND p.employee_id = s.employee_id AND p.net <> 0 AND abs(s.net - p.net) > abs(p.net) * 0.2
      RETURNING 1)
    UPDATE pay_runs SET generating = false, updated_at = now() WHERE id = ${run.id}::int AND (SELECT count(*) FROM flagged) >= 0`);
}

/** Of `employeeIds`, those a slip of another live regular run of the month holds already. */
async function slipsElsewhere(tx: Tx, run: RunRow, employeeIds: readonly number[]): Promise<Set<number>> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`SELECT DISTINCT s.employee_id AS id FROM pay_slips s JOIN pay_runs r ON r.id = s.pay_run_id
        WHERE r.kind = 'regular' AND r.status <> 'cancelled' AND r.id <> ${run.id}::int AND s.month = ${`${run.month}-01`}::date
          AND s.employee_id = ANY(${sql.param([...employeeIds])}::int[])`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

async function computeChunk(tx: Tx, run: RunRow, job: PayRunJob): Promise<{ cursor: Cursor; done: boolean }> {
  const rules = await readRules(tx);
  const scope: RunScope = { month: run.month, regionIds: run.regionIds, departmentIds: run.departmentIds };
  const supplementary = run.kind === 'supplementary';
  const from = supplementary ? firstPayMonth : run.month;
  const to = supplementary ? addMonths(run.month, -1) : run.month;
  const chunk = { afterId: job.cursor.afterId ?? 0, limit: job.payload.chunkSize };
  // A supplementary slip recovers no advance.
  if (!supplementary) await lockChunkAdvances(tx, scope, chunk);
  const employees = await readEmployeeFacts(tx, scope, { ...chunk, from, to });
  if (employees.length === 0) {
    await finish(tx, run);
    return { cursor: job.cursor, done: true };
  }
  const rows: SlipRow[] = [];
  if (supplementary) {
    const posted = await readPosted(tx, employees.map((e) => e.id), from, run.month);
    const factsOf = new Map(employees.map((e) => [e.id, e]));
    for (const month of posted) {
      const row = differenceOf(factsOf.get(month.employeeId)!, month, rules);
      if (row) rows.push(row);
    }
  } else {
    const needingInputs = componentsNeedingInputs(rules.components.values());
    const paidElsewhere = await slipsElsewhere(tx, run, employees.map((e) => e.id));
    for (const facts of employees) {
      // Moved from another run's region or department after it computed them: that run pays the month.
      if (paidElsewhere.has(facts.id)) continue;
      const slip = slipOf(facts, run.month, rules);
      if (!slip.employed || facts.assignments.length === 0) continue;
      rows.push(rowOf(facts, run.month, { ...slip, snapshot: { ...slip.snapshot, advances: slip.advances } }, slip.lines, flagsOf(facts, slip, run.month, needingInputs)));
    }
  }
  await writeSlips(tx, run.id, rows, employees.length);
  return { cursor: { afterId: employees.at(-1)!.id }, done: false };
}

/** The job that computes a pay run's slips chunk by chunk (lib/jobs); posting is the run's own transition. */
export const payRunJob: JobKind<Payload, Cursor> = {
  kind: payRunJobKind,

  async step(tx, job) {
    const [row] = await queryRows<RunRow & { regionIds: unknown; departmentIds: unknown }>(
      tx,
      sql`SELECT id, status, to_char(month, 'YYYY-MM') AS month, kind, region_ids AS "regionIds", department_ids AS "departmentIds", generating
          FROM pay_runs WHERE id = ${job.subjectId}::int FOR UPDATE`,
    );
    // Deleted, cancelled or recomputed meanwhile (a recompute has a job of its own): nothing to do.
    if (!row || row.status !== 'draft' || !row.generating) return { cursor: job.cursor, done: true };
    const run: RunRow = { ...row, id: Number(row.id), regionIds: jsonValue<number[]>(row.regionIds), departmentIds: jsonValue<number[]>(row.departmentIds) };
    return computeChunk(tx, run, job);
  },

  async failed(tx, job, message) {
    await tx.execute(sql`UPDATE pay_runs SET generating = false, error = ${message}, updated_at = now() WHERE id = ${job.subjectId}::int AND status = 'draft'`);
  },
};

