import { createHash } from 'node:crypto';
import {
  fromMinorUnits,
  yearEndCloseDocumentType,
  type LossRule,
  shareSegments,
  type ShareSegment,
  toMinorUnits,
  type VentureBasis,
  type VentureFigures,
  type VentureShare,
  ventureStatement,
  type VentureStatementFigures,
} from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, jsonValue, queryRows, textArray } from '../../db/client.ts';
import { NotFoundError } from '../../lib/app-error.ts';

/** What a statement needs of its venture. */
export interface VentureTermsRow {
  id: number;
  documentNumber: string | null;
  ventureName: string;
  status: string;
  partnerType: 'vendor' | 'customer';
  partnerId: number;
  partnerName: string | null;
  startDate: string;
  endDate: string | null;
  basis: VentureBasis;
  feePercent: string;
  lossRule: LossRule;
  payableAccountId: number | null;
  capitalAccountId: number | null;
  shares: VentureShare[];
}

export interface SettledPeriod {
  id: number;
  documentNumber: string;
  from: string;
  to: string;
  /**
   * The settlement's cut (0067): rows created up to it are the settlement's, later ones the next
   * statement's adjustments; as PostgreSQL's text, to the microsecond. Its posting time for one
   * posted before the cut was kept.
   */
  cutAt: string;
  partnerShare: string;
  carriedLoss: string;
  statementHash: string;
}

export interface VentureStatement extends VentureStatementFigures {
  jointVentureId: number;
  ventureName: string;
  partnerName: string | null;
  from: string;
  to: string;
  basis: VentureBasis;
  feePercent: string;
  lossRule: LossRule;
  /** Partner's share of settlements within the period, and what is left to settle. */
  settled: string;
  due: string;
  /** The settlement of exactly this period, if posted: its number and the hash kept then. */
  settlement: { id: number; documentNumber: string; statementHash: string } | null;
  /** sha256 of the figures (not of settled/due): equal to the settlement's when it reproduces. */
  hash: string;
}

export async function readVentureTerms(executor: Executor, id: number): Promise<VentureTermsRow> {
  const [row] = await queryRows<VentureTermsRow & { shares: unknown }>(
    executor,
    sql`SELECT v.id, v.document_number AS "documentNumber", v.venture_name AS "ventureName", v.status, v.partner_type AS "partnerType", v.partner_id AS "partnerId",
               CASE v.partner_type WHEN 'vendor' THEN (SELECT vendor_name FROM vendors WHERE id = v.partner_id) ELSE (SELECT customer_name FROM customers WHERE id = v.partner_id) END AS "partnerName",
               v.document_date::text AS "startDate", v.end_date::text AS "endDate", v.basis, v.fee_percent::text AS "feePercent", v.loss_rule AS "lossRule",
               v.payable_account_id AS "payableAccountId", v.capital_account_id AS "capitalAccountId",
               (SELECT coalesce(json_agg(json_build_object('effectiveFrom', s.effective_from, 'partnerPercent', s.partner_percent::text) ORDER BY s.effective_from), '[]')
                  FROM joint_venture_shares s WHERE s.joint_venture_id = v.id) AS shares
        FROM joint_ventures v WHERE v.id = ${id}::int`,
  );
  if (!row) throw new NotFoundError();
  return {
    ...row,
    id: Number(row.id),
    partnerId: Number(row.partnerId),
    payableAccountId: row.payableAccountId === null ? null : Number(row.payableAccountId),
    capitalAccountId: row.capitalAccountId === null ? null : Number(row.capitalAccountId),
    shares: jsonValue<VentureShare[]>(row.shares),
  };
}

/** The venture's posted settlements, oldest period first. */
export async function settledPeriods(executor: Executor, ventureId: number): Promise<SettledPeriod[]> {
  const rows = await queryRows<SettledPeriod>(
    executor,
    sql`SELECT id, document_number AS "documentNumber", period_from::text AS "from", document_date::text AS "to", coalesce(statement_cut_at, posted_at)::text AS "cutAt",
               partner_share::text AS "partnerShare", coalesce(carried_loss, 0)::text AS "carriedLoss", statement_hash AS "statementHash"
        FROM jv_settlements WHERE joint_venture_id = ${ventureId}::int AND status = 'posted' ORDER BY document_date`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/**
 * The P&L class of a ledger row: sales returns and cost of sales by their posting accounts,
 * the rest by the account's head (income: revenue, expense: expenses); other heads are no
 * P&L and not read.
 */
const classOf = sql`CASE WHEN t.account_id = (SELECT account_id FROM posting_accounts WHERE key = 'salesReturns') THEN 'returns'
                         WHEN t.account_id = (SELECT account_id FROM posting_accounts WHERE key = 'costOfSales') THEN 'costOfSales'
                         WHEN h.head_type = 'income' THEN 'revenue' ELSE 'expenses' END`;

interface DayClass {
  day: string;
  class: keyof VentureFigures;
  /** debit - credit. */
  net: string;
}

/**
 * The venture's P&L summed by day and class: the day totals (jv_daily_totals, kept by a
 * trigger at posting) less, in settled periods, the rows posted after their settlement
 * (frozen); then classed by account.
 */
async function sumsByDay(executor: Executor, ventureId: number, from: string, to: string, frozen: readonly SettledPeriod[] = []): Promise<DayClass[]> {
  const late = frozen.map((s) => sql`(g.entry_date BETWEEN ${s.from}::date AND ${s.to}::date AND g.created_at > ${s.cutAt}::timestamptz)`);
  const lateRows = late.length
    ? sql` UNION ALL
          SELECT g.entry_date, g.account_id, -sum(g.debit - g.credit) FROM gl_entries g
          WHERE g.joint_venture_id = ${ventureId}::int AND g.created_at > (SELECT min(c) FROM unnest(${textArray(frozen.map((s) => s.cutAt))}::timestamptz[]) AS c)
            AND g.entry_date BETWEEN ${from}::date AND ${to}::date AND (${sql.join(late, sql` OR `)})
          GROUP BY g.entry_date, g.account_id`
    : sql``;
  return queryRows<DayClass>(
    executor,
    sql`SELECT t.day::text AS day, ${classOf} AS class, sum(t.net)::text AS net
        FROM (SELECT d.entry_date AS day, d.account_id, sum(d.debit - d.credit) AS net FROM jv_daily_totals d
              WHERE d.joint_venture_id = ${ventureId}::int AND d.entry_date BETWEEN ${from}::date AND ${to}::date
              GROUP BY d.entry_date, d.account_id${lateRows}) t
        JOIN accounts a ON a.id = t.account_id JOIN account_heads h ON h.id = a.head_id
        WHERE h.head_type IN ('income', 'expense')
        GROUP BY t.day, 2`,
  );
}

/**
 * Rows posted to earlier settled periods after their settlement and after `since` (the last
 * statement settled before this one took those up to it), up to `until` when this period is
 * settled itself: the prior-period adjustments, by day and class.
 */
async function adjustmentsByDay(executor: Executor, ventureId: number, before: string, since: string, until: string | null): Promise<DayClass[]> {
  return queryRows<DayClass>(
    executor,
    sql`SELECT t.day::text AS day, ${classOf} AS class, sum(t.net)::text AS net
        FROM (SELECT g.entry_date AS day, g.account_id, sum(g.debit - g.credit) AS net FROM gl_entries g
              WHERE g.joint_venture_id = ${ventureId}::int AND g.created_at > ${since}::timestamptz ${until ? sql`AND g.created_at <= ${until}::timestamptz` : sql``}
                AND g.entry_date < ${before}::date
                AND EXISTS (SELECT 1 FROM jv_settlements s WHERE s.joint_venture_id = g.joint_venture_id AND s.status = 'posted'
                              AND g.entry_date BETWEEN s.period_from AND s.document_date AND g.created_at > coalesce(s.statement_cut_at, s.posted_at))
              GROUP BY g.entry_date, g.account_id) t
        JOIN accounts a ON a.id = t.account_id JOIN account_heads h ON h.id = a.head_id
        WHERE h.head_type IN ('income', 'expense')
        GROUP BY t.day, 2`,
  );
}

function figuresOf(rows: readonly DayClass[]): VentureFigures {
  const totals = { revenue: 0n, returns: 0n, costOfSales: 0n, expenses: 0n };
  for (const row of rows) totals[row.class] += toMinorUnits(row.net);
  return {
    revenue: fromMinorUnits(-totals.revenue),
    returns: fromMinorUnits(totals.returns),
    costOfSales: fromMinorUnits(totals.costOfSales),
    expenses: fromMinorUnits(totals.expenses),
  };
}

const hashOf = (figures: object) => createHash('sha256').update(JSON.stringify(figures)).digest('hex');

/**
 * A venture's statement for [from, to] (issue 21, section 3): its stamped P&L rows of the
 * period, as settled where a settlement froze them; plus the prior-period adjustments (rows
 * posted to an earlier settled period after its settlement, not taken by a later statement
 * already); split by share version; the fee, profit, partner's share; what settlements within
 * the period took and what is due. The same call answers the same figures and hash again.
 */
export async function ventureStatementOf(executor: Executor, ventureId: number, from: string, to: string): Promise<VentureStatement> {
  const venture = await readVentureTerms(executor, ventureId);
  const settled = await settledPeriods(executor, ventureId);
  const overlapping = settled.filter((s) => s.from <= to && s.to >= from);
  const own = settled.find((s) => s.from === from && s.to === to) ?? null;
  // The statement a settlement took: rows posted up to it. Later ones went to the next.
  const period = await sumsByDay(executor, ventureId, from, to, overlapping);
  const earlier = settled.filter((s) => s.to < from);
  const last = earlier.at(-1);
  const adjustments = last ? await adjustmentsByDay(executor, ventureId, from, last.cutAt, own?.cutAt ?? null) : [];
  const segments: ShareSegment[] = shareSegments(venture.shares, from, to).map((segment) => ({
    ...segment,
    ...figuresOf(period.filter((row) => row.day >= segment.from && row.day <= segment.to)),
  }));
  const figures = ventureStatement(segments, venture, { adjustments: figuresOf(adjustments), lossBroughtForward: last?.carriedLoss ?? '0' });
  const within = settled.filter((s) => s.from >= from && s.to <= to);
  const settledAmount = within.reduce((sum, s) => sum + toMinorUnits(s.partnerShare), 0n);
  return {
    jointVentureId: venture.id,
    ventureName: venture.ventureName,
    partnerName: venture.partnerName,
    from,
    to,
    basis: venture.basis,
    feePercent: venture.feePercent,
    lossRule: venture.lossRule,
    ...figures,
    settled: fromMinorUnits(settledAmount),
    due: fromMinorUnits(toMinorUnits(figures.partnerShare) - settledAmount),
    settlement: own && { id: own.id, documentNumber: own.documentNumber, statementHash: own.statementHash },
    hash: hashOf({ ventureId, from, to, ...figures }),
  };
}

/** A venture's ledger P&L: revenue - returns - cost of sales - expenses. */
const pnlOf = (f: VentureFigures) => toMinorUnits(f.revenue) - toMinorUnits(f.returns) - toMinorUnits(f.costOfSales) - toMinorUnits(f.expenses);

export interface Reconciliation {
  from: string;
  to: string;
  ventures: { jointVentureId: number; ventureName: string; profit: string }[];
  ventureTotal: string;
  rest: string;
  trialBalanceProfit: string;
  difference: string;
}

/**
 * Every venture's P&L over [from, to] as its statement classes it, plus the P&L of the rows
 * no venture stamps, against the trial balance's profit (read by accounting from the day
 * totals): the difference is 0.00 when every stamped P&L row falls in a class.
 */
export async function reconciliation(executor: Executor, from: string, to: string, trialBalanceProfit: string): Promise<Reconciliation> {
  const ventures = await queryRows<{ id: number; ventureName: string }>(executor, sql`SELECT id, venture_name AS "ventureName" FROM joint_ventures ORDER BY id`);
  const each = [];
  for (const v of ventures) {
    const profit = pnlOf(figuresOf(await sumsByDay(executor, Number(v.id), from, to)));
    each.push({ jointVentureId: Number(v.id), ventureName: v.ventureName, profit });
  }
  const [rest] = await queryRows<{ net: string }>(
    executor,
    sql`SELECT coalesce(-sum(g.debit - g.credit), 0)::text AS net FROM gl_entries g
        JOIN accounts a ON a.id = g.account_id JOIN account_heads h ON h.id = a.head_id
        WHERE g.joint_venture_id IS NULL AND g.entry_date BETWEEN ${from}::date AND ${to}::date AND h.head_type IN ('income', 'expense')
          AND g.document_type <> ${yearEndCloseDocumentType}`, // as the P&L, a closing journal is no result of the year
  );
  const ventureTotal = each.reduce((sum, v) => sum + v.profit, 0n);
  const restUnits = toMinorUnits(rest!.net);
  return {
    from,
    to,
    ventures: each.map((v) => ({ ...v, profit: fromMinorUnits(v.profit) })),
    ventureTotal: fromMinorUnits(ventureTotal),
    rest: fromMinorUnits(restUnits),
    trialBalanceProfit,
    difference: fromMinorUnits(toMinorUnits(trialBalanceProfit) - ventureTotal - restUnits),
  };
}
