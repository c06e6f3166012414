import { canonicalDecimal, compareDecimal, type PaySlipDetail, type PaySlipList, type PaySlipStatus, type PaySlipTotals, payrollMessages, permittedIds } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, intList, jsonValue, queryRows, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError, NotFoundError } from '../../lib/app-error.ts';
import { renderDocumentsPdf } from '../../lib/print/document-pdf.ts';
import { readCompanyLetterhead } from '../setup/setup.api.ts';
import { paySlipPrintable } from './pay-slip-print.ts';

/** The list's filters (GET /api/pay-slips). */
export interface PaySlipQuery {
  payRunId?: number;
  employeeId?: number;
  /** `YYYY-MM`: the slip's month (a supplementary slip's is the month it corrects). */
  month?: string;
  /** Posted, not held, something of the net still to pay. */
  unpaid?: boolean;
  /** Slips of posted runs only. */
  posted?: boolean;
  /** The slips of the last month a regular run was posted for (the dashboard's payroll cost). */
  latestPosted?: boolean;
  ids?: readonly number[];
  /** What the bank file lists (bankFileSlips). */
  bankFile?: boolean;
}

/**
 * What a run's bank file lists and paying the run from it pays: the bank-paid slips (pay mode
 * as the slip was computed), not held, with something of the net still to pay.
 */
export const bankFileSlips = (alias = 's') => sql`${sql.raw(alias)}.pay_mode = 'bank' AND NOT ${sql.raw(alias)}.held AND ${sql.raw(alias)}.paid_amount < ${sql.raw(alias)}.net`;

/** A user limited to regions sees their employees' slips only. */
export function slipScope(actor: Actor | undefined, alias = 's'): SQL {
  const regions = actor ? permittedIds(actor.permissions, 'regions') : undefined;
  return regions ? sql`${sql.raw(alias)}.region_id IN (${intList(regions)})` : sql`true`;
}

/** The last two months a regular run was posted for, newest first. */
export const latestPostedMonths = sql`SELECT DISTINCT month FROM pay_runs WHERE status = 'posted' AND kind = 'regular' ORDER BY month DESC LIMIT 2`;

function whereOf(query: PaySlipQuery, actor: Actor | undefined): SQL {
  const parts: SQL[] = [slipScope(actor)];
  if (query.payRunId !== undefined) parts.push(sql`s.pay_run_id = ${query.payRunId}::int`);
  if (query.employeeId !== undefined) parts.push(sql`s.employee_id = ${query.employeeId}::int`);
  if (query.month !== undefined) parts.push(sql`s.month = ${`${query.month}-01`}::date`);
  if (query.posted) parts.push(sql`r.status = 'posted' AND NOT s.held`);
  if (query.unpaid) parts.push(sql`r.status = 'posted' AND NOT s.held AND s.net > 0 AND s.paid_amount < s.net`);
  if (query.latestPosted) parts.push(sql`r.status = 'posted' AND NOT s.held AND s.month = (SELECT max(month) FROM (${latestPostedMonths}) m)`);
  if (query.ids) parts.push(query.ids.length > 0 ? sql`s.id IN (${intList(query.ids)})` : sql`false`);
  if (query.bankFile) parts.push(bankFileSlips());
  return sql.join(parts, sql` AND `);
}

/** What a slip is, from its run's status, its hold and its payments. */
export function slipStatus(runStatus: string, held: boolean, net: string, paid: string): PaySlipStatus {
  if (runStatus === 'cancelled') return 'cancelled';
  if (held) return 'held';
  if (runStatus !== 'posted') return runStatus as PaySlipStatus;
  if (compareDecimal(paid, '0') <= 0) return 'posted';
  return compareDecimal(paid, net) >= 0 ? 'paid' : 'partlyPaid';
}

const selection = sql`s.id, s.pay_run_id AS "payRunId", r.document_number AS "payRunNumber", r.status AS "runStatus", s.employee_id AS "employeeId",
  s.employee_code AS "employeeCode", s.employee_name AS "employeeName", s.region_id AS "regionId", s.department_id AS "departmentId",
  to_char(s.month, 'YYYY-MM') AS month, s.paid_days::text AS "paidDays", s.gross::text AS gross, s.deductions::text AS deductions,
  s.employer_cost::text AS "employerCost", s.rounding::text AS rounding, s.net::text AS net, s.net_in_words AS "netInWords",
  s.paid_amount::text AS "paidAmount", s.held, s.flags, s.bank_name AS "bankName", s.bank_account AS "bankAccount", s.pay_mode AS "payMode",
  (SELECT json_agg(json_build_object('componentId', l.component_id, 'code', l.code, 'componentName', l.component_name, 'kind', l.kind,
                                     'basis', l.basis::text, 'rate', l.rate::text, 'amount', l.amount::text) ORDER BY l.line_no)
     FROM pay_slip_lines l WHERE l.pay_slip_id = s.id) AS lines`;

type SlipRow = Omit<PaySlipDetail, 'status' | 'lines' | 'paidDays'> & { runStatus: string; lines: unknown; paidDays: string };

function shape(row: SlipRow): PaySlipDetail {
  const { runStatus, ...rest } = row;
  return {
    ...rest,
    id: Number(row.id),
    payRunId: Number(row.payRunId),
    employeeId: Number(row.employeeId),
    regionId: row.regionId === null ? null : Number(row.regionId),
    departmentId: row.departmentId === null ? null : Number(row.departmentId),
    paidDays: row.paidDays.includes('.') ? row.paidDays.replace(/0+$/, '').replace(/\.$/, '') : row.paidDays,
    lines: jsonValue<PaySlipDetail['lines'] | null>(row.lines) ?? [],
    flags: row.flags ?? [],
    status: slipStatus(runStatus, row.held, row.net, row.paidAmount),
  };
}

/** The slips of the query in employee order, with the totals of all of them (one statement each). */
export async function listPaySlips(executor: Executor, query: PaySlipQuery, actor: Actor | undefined, page?: { limit: number; offset: number }): Promise<PaySlipList> {
  const where = whereOf(query, actor);
  const rows = await queryRows<SlipRow>(
    executor,
    sql`SELECT ${selection} FROM pay_slips s JOIN pay_runs r ON r.id = s.pay_run_id WHERE ${where}
        ORDER BY s.employee_name, s.employee_id, s.month, s.id ${page ? sql`LIMIT ${page.limit}::int OFFSET ${page.offset}::int` : sql``}`,
  );
  const [t] = await queryRows<Record<keyof PaySlipTotals, string>>(
    executor,
    sql`SELECT count(*)::text AS count, coalesce(sum(s.gross), 0)::text AS gross, coalesce(sum(s.deductions), 0)::text AS deductions,
               coalesce(sum(s.employer_cost), 0)::text AS "employerCost", coalesce(sum(s.net), 0)::text AS net, coalesce(sum(s.paid_amount), 0)::text AS paid,
               coalesce(sum(greatest(s.net - s.paid_amount, 0)) FILTER (WHERE r.status = 'posted' AND NOT s.held), 0)::text AS open
        FROM pay_slips s JOIN pay_runs r ON r.id = s.pay_run_id WHERE ${where}`,
  );
  const money = (v: string) => canonicalDecimal(v);
  return {
    data: rows.map(shape),
    totals: { count: Number(t!.count), gross: money(t!.gross), deductions: money(t!.deductions), employerCost: money(t!.employerCost), net: money(t!.net), paid: money(t!.paid), open: money(t!.open) },
  };
}

export async function findPaySlip(executor: Executor, id: number, actor: Actor | undefined): Promise<PaySlipDetail | undefined> {
  return (await listPaySlips(executor, { ids: [id] }, actor)).data[0];
}

/**
 * Year to date per slip and component: what posted runs paid the employee from January of
 * the slip's year to its month, this slip included (counted once when its run is posted).
 */
export async function yearToDate(executor: Executor, slips: readonly PaySlipDetail[]): Promise<Map<number, Map<string, string>>> {
  const result = new Map<number, Map<string, string>>();
  if (slips.length === 0) return result;
  const rows = await queryRows<{ slipId: number; code: string; amount: string }>(
    executor,
    sql`SELECT t.id AS "slipId", l.code, sum(l.amount)::text AS amount
        FROM pay_slips t JOIN pay_slips o ON o.employee_id = t.employee_id AND o.month <= t.month AND o.month >= date_trunc('year', t.month)
        JOIN pay_runs r ON r.id = o.pay_run_id JOIN pay_slip_lines l ON l.pay_slip_id = o.id
        WHERE t.id IN (${intList(slips.map((s) => s.id))}) AND NOT o.held AND (r.status = 'posted' OR o.id = t.id)
        GROUP BY t.id, l.code`,
  );
  for (const row of rows) {
    const id = Number(row.slipId);
    const byCode = result.get(id) ?? new Map<string, string>();
    byCode.set(row.code, canonicalDecimal(row.amount));
    result.set(id, byCode);
  }
  return result;
}

/** Holds or releases a slip of a draft run (409 otherwise: the run's row locked first); a slip the actor does not see is missing (404). */
export async function holdPaySlip(tx: Tx, actor: Actor, slipId: number, held: boolean): Promise<PaySlipDetail> {
  const slip = await findPaySlip(tx, slipId, actor);
  if (!slip) throw new NotFoundError();
  const [run] = await queryRows<{ status: string }>(tx, sql`SELECT status FROM pay_runs WHERE id = ${slip.payRunId}::int FOR UPDATE`);
  if (run?.status !== 'draft') throw new ConflictError(payrollMessages.notDraft);
  await tx.execute(sql`UPDATE pay_slips SET held = ${held} WHERE id = ${slipId}::int`);
  return (await findPaySlip(tx, slipId, actor))!;
}

/** The names of the slips' regions and departments, as the PDF prints them. */
async function namesOf(executor: Executor, slips: readonly PaySlipDetail[]): Promise<{ regions: Map<number, string>; departments: Map<number, string> }> {
  const regionIds = [...new Set(slips.flatMap((s) => (s.regionId === null ? [] : [s.regionId])))];
  const regions = regionIds.length > 0 ? await queryRows<{ id: number; name: string }>(executor, sql`SELECT id, region_name AS name FROM regions WHERE id IN (${intList(regionIds)})`) : [];
  const departmentIds = [...new Set(slips.flatMap((s) => (s.departmentId === null ? [] : [s.departmentId])))];
  const departments =
    departmentIds.length > 0 ? await queryRows<{ id: number; name: string }>(executor, sql`SELECT id, department_name AS name FROM departments WHERE id IN (${intList(departmentIds)})`).catch(() => []) : [];
  return { regions: new Map(regions.map((r) => [Number(r.id), r.name])), departments: new Map(departments.map((d) => [Number(d.id), d.name])) };
}

/** The slips as one PDF, each with its year to date. */
export async function slipsPdf(executor: Executor, slips: readonly PaySlipDetail[], title: string): Promise<Buffer> {
  const company = await readCompanyLetterhead(executor);
  const ytd = await yearToDate(executor, slips);
  const names = await namesOf(executor, slips);
  const models = slips.map((slip) =>
    paySlipPrintable(slip, company, ytd.get(slip.id), { region: slip.regionId === null ? undefined : names.regions.get(slip.regionId), department: slip.departmentId === null ? undefined : names.departments.get(slip.departmentId) }),
  );
  return renderDocumentsPdf(models, { title });
}
