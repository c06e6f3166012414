import {
  achievedIn,
  fromMinorUnits,
  messages,
  permittedIds,
  type PlanKind,
  planKindOf,
  type PlanMeasure,
  planMeasureOf,
  type PlanProgressFigures,
  type PlanProgressGrouping,
  type PlanProgressQuery,
  type PlanProgressResponse,
  type PlanProgressRow,
  type PlanProgressSortKey,
  toMinorUnits,
  unplannedLabel,
} from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, intList, queryRows } from '../../db/client.ts';
import type { RowScopeSubject } from '../../lib/resource/resource-binding.ts';

/**
 * Plan progress reads the approved plans' lines and the monthly sales summary (PRODUCT.md,
 * principle 8), never invoice lines: the summary already nets each return in the month of
 * its own posting (sales' post-credit-notes.ts, returnSummary). One statement: the plan cells and
 * the actual sums at the plans' own grain (item, region and the plan's customer and/or
 * salesperson, month), an actual matched to a plan line when the view's plans have a line for
 * its item and keys, the matched ones grouped with the plan, the rest as "sales nobody planned".
 */

/** The dimensions a kind of plan is keyed by, besides the item: the summary is matched on them. */
const planKeys: Record<PlanKind, readonly ('region_id' | 'customer_id' | 'salesperson_id')[]> = {
  region: ['region_id'],
  customer: ['region_id', 'customer_id'],
  salesperson: ['region_id', 'salesperson_id'],
  customerSalesperson: ['region_id', 'customer_id', 'salesperson_id'],
};

/** A plan of a kind names exactly its dimensions (a region plan names no customer and no salesperson). */
const kindCondition: Record<PlanKind, SQL> = {
  region: sql`sp.customer_id IS NULL AND sp.salesperson_id IS NULL`,
  customer: sql`sp.customer_id IS NOT NULL AND sp.salesperson_id IS NULL`,
  salesperson: sql`sp.customer_id IS NULL AND sp.salesperson_id IS NOT NULL`,
  customerSalesperson: sql`sp.customer_id IS NOT NULL AND sp.salesperson_id IS NOT NULL`,
};

/** The column a grouping reads on either side (every grouping's is among its kind's keys or the item); months are the window's. */
const groupColumn: Record<Exclude<PlanProgressGrouping, 'month'>, string> = {
  item: 'item_id',
  region: 'region_id',
  customer: 'customer_id',
  salesperson: 'salesperson_id',
};

/** A group's label from its table (`d`), joined to the grouped key `g.k`. */
function labelOf(groupBy: PlanProgressGrouping, year: number): { join: SQL; label: SQL; key: SQL } {
  switch (groupBy) {
    case 'item':
      return { join: sql`LEFT JOIN items d ON d.id = g.k`, label: sql`d.article_number || ' · ' || d.item_name`, key: sql`g.k::text` };
    case 'region':
      return { join: sql`LEFT JOIN regions d ON d.id = g.k`, label: sql`d.region_name`, key: sql`g.k::text` };
    case 'customer':
      return { join: sql`LEFT JOIN customers d ON d.id = g.k`, label: sql`d.customer_name`, key: sql`g.k::text` };
    case 'salesperson':
      // A plan's salesperson may be a user deleted since: the row says whose id it was.
      return { join: sql`LEFT JOIN users d ON d.id = g.k`, label: sql`coalesce(d.name, 'User ' || g.k)`, key: sql`g.k::text` };
    case 'month':
      return {
        join: sql``,
        label: sql`to_char(make_date(${year}::int, g.k, 1), 'Mon YYYY')`,
        key: sql`${String(year)} || '-' || lpad(g.k::text, 2, '0')`,
      };
  }
}

interface Window {
  /** The months read (1-12): the year, or the month filter's. */
  first: number;
  last: number;
  /** The last month counted in year to date: 12 for a past year, 0 for a future one. */
  ytd: number;
}

function windowOf(query: PlanProgressQuery, today: string): Window {
  const thisYear = Number(today.slice(0, 4));
  const ytd = query.year < thisYear ? 12 : query.year > thisYear ? 0 : Number(today.slice(5, 7));
  const month = query.month ? Number(query.month.slice(5, 7)) : undefined;
  return { first: month ?? 1, last: month ?? 12, ytd };
}

/** The caller's row scope and the view's filters, on the plan side (`sp`, `l`) or the summary (`s`). */
function conditionsOf(query: PlanProgressQuery, subject: RowScopeSubject, side: 'plan' | 'actual'): SQL[] {
  const col = (name: 'region_id' | 'customer_id' | 'salesperson_id' | 'item_id') => sql.raw(side === 'actual' ? `s.${name}` : name === 'item_id' ? 'l.item_id' : `sp.${name}`);
  const conditions: SQL[] = [];
  const regions = permittedIds(subject.permissions, 'regions');
  if (regions) conditions.push(sql`${col('region_id')} IN (${intList(regions)})`);
  const categories = permittedIds(subject.permissions, 'categories');
  if (categories) conditions.push(sql`${col('item_id')} IN (SELECT id FROM items WHERE category_id IN (${intList(categories)}))`);
  if (query.regionId) conditions.push(sql`${col('region_id')} = ${query.regionId}`);
  if (query.customerId) conditions.push(sql`${col('customer_id')} = ${query.customerId}`);
  if (query.salespersonId) conditions.push(sql`${col('salesperson_id')} = ${query.salespersonId}`);
  if (query.itemId) conditions.push(sql`${col('item_id')} = ${query.itemId}`);
  return conditions;
}

const andAll = (conditions: readonly SQL[]) => sql.join(conditions.map((c) => sql`(${c})`), sql` AND `);

/** Twice the ratio's actual, clamped between the plan and three times it: ratio = clamp(actual / plan, 0.5, 1.5). */
const forecastSql = (planQty: SQL, ytdPlan: SQL, ytdActual: SQL, ratioPlan: SQL, ratioActual: SQL) =>
  sql`(${ytdActual} + CASE WHEN ${ratioPlan} = 0 THEN ${planQty} - ${ytdPlan}
        ELSE round((${planQty} - ${ytdPlan})::numeric * least(greatest(2 * ${ratioActual}, ${ratioPlan}), 3 * ${ratioPlan}) / (2 * ${ratioPlan})) END)`;

/**
 * The view's groups (`k`, `label`, `key_text` and the figures), every group the plans or the
 * matched actuals name; grouped by month, every month of the window, zeros included. And the
 * unplanned part as the CTE `u`. For the page statement and the dashboard's figure alike.
 */
export function progressCtes(query: PlanProgressQuery, subject: RowScopeSubject, today: string): SQL {
  const kind = planKindOf(query);
  const keys = planKeys[kind];
  const w = windowOf(query, today);
  const keyList = (alias: string) => sql.raw(keys.map((k) => `${alias}.${k}`).join(', '));
  const matched = sql.raw(keys.map((k) => `pk.${k} = s.${k}`).join(' AND '));
  const isMonth = query.groupBy === 'month';
  const planGroup = sql.raw(query.groupBy === 'month' ? 'm.n' : `pl.${groupColumn[query.groupBy]}`);
  const actualGroup = sql.raw(query.groupBy === 'month' ? 'extract(month FROM s.month)::int' : `s.${groupColumn[query.groupBy]}`);
  const planWhere = andAll([sql`sp.status = 'approved'`, sql`sp.year = ${query.year}`, kindCondition[kind], ...conditionsOf(query, subject, 'plan')]);
  const first = `${query.year}-${String(w.first).padStart(2, '0')}-01`;
  const last = `${query.year}-${String(w.last).padStart(2, '0')}-01`;
  // The first day of the last month in year to date (before the year for a future one).
  const ytdEnd = w.ytd === 0 ? `${query.year - 1}-12-01` : `${query.year}-${String(w.ytd).padStart(2, '0')}-01`;
  const actualWhere = andAll([sql`s.month BETWEEN ${first}::date AND ${last}::date`, ...conditionsOf(query, subject, 'actual')]);
  const { join, label, key } = labelOf(query.groupBy, query.year);
  const months = sql`generate_series(${w.first}::int, ${w.last}::int) AS m(n)`;
  // Grouped by month, every month of the window is a row (a chart shows the gaps); else the groups named.
  const grouped = isMonth
    ? sql`SELECT m.n AS k, coalesce(sum(x.plan_qty), 0) AS plan_qty, coalesce(sum(x.plan_value), 0) AS plan_value,
                 coalesce(sum(x.actual_qty), 0) AS actual_qty, coalesce(sum(x.actual_value), 0) AS actual_value,
                 coalesce(sum(x.ytd_plan_qty), 0) AS ytd_plan_qty, coalesce(sum(x.ytd_actual_qty), 0) AS ytd_actual_qty
          FROM ${months} LEFT JOIN x ON x.k = m.n GROUP BY m.n`
    : sql`SELECT k, sum(plan_qty) AS plan_qty, sum(plan_value) AS plan_value, sum(actual_qty) AS actual_qty, sum(actual_value) AS actual_value,
                 sum(ytd_plan_qty) AS ytd_plan_qty, sum(ytd_actual_qty) AS ytd_actual_qty
          FROM x GROUP BY k`;
  // The plan summed in whole units and cents (integers: the cells are many, numeric arithmetic on each is slow on
  // PGlite), by month for the month grouping, else per line over the window's months written out, then by group.
  const cells = (from: number, to: number) => (from > to ? '0::bigint' : Array.from({ length: to - from + 1 }, (_, i) => `pl.months[${from + i}]::bigint`).join(' + '));
  const planSql =
    query.groupBy === 'month'
      ? sql`SELECT m.n AS k, sum(pl.months[m.n])::bigint AS plan_qty, (sum(pl.months[m.n]::bigint * pl.cents)::numeric / 100)::numeric(18, 2) AS plan_value,
                   coalesce(sum(pl.months[m.n]) FILTER (WHERE m.n <= ${w.ytd}), 0)::bigint AS ytd_plan_qty
            FROM pl CROSS JOIN ${months} GROUP BY 1`
      : sql`SELECT q.k, sum(q.qty)::bigint AS plan_qty, (sum(q.qty * q.cents)::numeric / 100)::numeric(18, 2) AS plan_value, sum(q.ytd)::bigint AS ytd_plan_qty
            FROM (SELECT ${planGroup} AS k, ${sql.raw(cells(w.first, w.last))} AS qty, ${sql.raw(cells(w.first, Math.min(w.ytd, w.last)))} AS ytd, pl.cents FROM pl) q
            GROUP BY 1`;
  // A month's forecast runs at the year's rate to date (a future month has none of its own); any other group at its own.
  const ratio = isMonth ? { plan: sql`sum(g0.ytd_plan_qty) OVER ()`, actual: sql`sum(g0.ytd_actual_qty) OVER ()` } : { plan: sql`g0.ytd_plan_qty`, actual: sql`g0.ytd_actual_qty` };
  // Each side is summed once at the group's grain: the plan lines over the window's months, the
  // summary's rows joined to the plans' keys (a hash join) and summed by group and planned or not.
  return sql`
    pl AS MATERIALIZED (
      SELECT l.item_id, sp.region_id, sp.customer_id, sp.salesperson_id, l.months, (coalesce(l.unit_price, 0) * 100)::bigint AS cents
      FROM sales_plans sp JOIN sales_plan_lines l ON l.sales_plan_id = sp.id
      WHERE ${planWhere}),
    -- The plans' keys straight from the tables (the planner knows their size, and hashes them, not the summary):
    -- unique already, as a plan has one line per item and one approved plan per year and keys.
    pk AS NOT MATERIALIZED (
      SELECT l.item_id, ${keyList('sp')} FROM sales_plans sp JOIN sales_plan_lines l ON l.sales_plan_id = sp.id WHERE ${planWhere}),
    plan AS (${planSql}),
    actual AS MATERIALIZED (
      SELECT ${actualGroup} AS k, pk.item_id IS NOT NULL AS planned, sum(s.quantity) AS qty, sum(s.value) AS value,
             coalesce(sum(s.quantity) FILTER (WHERE s.month <= ${ytdEnd}::date), 0) AS ytd_qty
      FROM sales_summary s LEFT JOIN pk ON pk.item_id = s.item_id AND ${matched}
      WHERE ${actualWhere}
      GROUP BY 1, 2),
    x AS (
      SELECT k, plan_qty, plan_value, ytd_plan_qty, 0::bigint AS actual_qty, 0::numeric AS actual_value, 0::bigint AS ytd_actual_qty FROM plan
      UNION ALL
      SELECT k, 0::bigint, 0::numeric, 0::bigint, qty, value, ytd_qty FROM actual WHERE planned),
    g0 AS MATERIALIZED (${grouped}),
    g AS (
      SELECT g0.*, ${forecastSql(sql`g0.plan_qty`, sql`g0.ytd_plan_qty`, sql`g0.ytd_actual_qty`, ratio.plan, ratio.actual)} AS forecast_qty
      FROM g0),
    l AS (SELECT g.*, ${label} AS label, ${key} AS key_text FROM g ${join}),
    u AS (
      SELECT coalesce(sum(qty), 0) AS actual_qty, coalesce(sum(value), 0) AS actual_value, coalesce(sum(ytd_qty), 0) AS ytd_actual_qty
      FROM actual WHERE NOT planned)`;
}

const sortExpressions: Record<Exclude<PlanProgressSortKey, 'label'>, SQL> = {
  key: sql`k`,
  planQty: sql`plan_qty`,
  planValue: sql`plan_value`,
  actualQty: sql`actual_qty`,
  actualValue: sql`actual_value`,
  // In the view's measure (planMeasureOf), as achievedIn computes it: replaced for a view of values.
  achievedPercent: sql`(actual_qty::numeric / NULLIF(plan_qty, 0))`,
  ytdPlanQty: sql`ytd_plan_qty`,
  ytdActualQty: sql`ytd_actual_qty`,
  forecastQty: sql`forecast_qty`,
};

interface ResultRow {
  kind: 'row' | 'total' | 'unplanned';
  ordinal: string;
  key: string | null;
  label: string | null;
  planQty: string;
  planValue: string;
  actualQty: string;
  actualValue: string;
  ytdPlanQty: string;
  ytdActualQty: string;
  forecastQty: string;
}

const money = (value: string) => fromMinorUnits(toMinorUnits(value));

function figuresOf(row: ResultRow, measure: PlanMeasure): PlanProgressFigures {
  const measured = { planQty: Number(row.planQty), planValue: money(row.planValue), actualQty: Number(row.actualQty), actualValue: money(row.actualValue) };
  return {
    ...measured,
    achievedPercent: achievedIn(measure, measured),
    ytdPlanQty: Number(row.ytdPlanQty),
    ytdActualQty: Number(row.ytdActualQty),
    forecastQty: Number(row.forecastQty),
  };
}

export interface Paging {
  limit: number;
  offset: number;
}

const pageOf = (query: PlanProgressQuery): Paging => ({ limit: query.pageSize, offset: (query.page - 1) * query.pageSize });

/**
 * GET /api/planning/progress: one statement, the page in the asked order (ties by label then
 * key, so pages never overlap), the totals and count of every group, and the unplanned part.
 * `today` sets year to date (the server's date; tests give their own).
 */
export async function planProgress(executor: Executor, subject: RowScopeSubject, query: PlanProgressQuery, today: string, paging: Paging = pageOf(query)): Promise<PlanProgressResponse> {
  const isMonth = query.groupBy === 'month';
  const descending = query.order ? query.order.startsWith('desc') : query.sort ? false : !isMonth;
  const direction = sql.raw(descending ? 'DESC' : 'ASC');
  const sortKey: PlanProgressSortKey = query.sort ?? (isMonth ? 'key' : 'planValue');
  const labelSort = sql.raw(isMonth ? 'k' : 'label');
  const measure = planMeasureOf(query.groupBy);
  const sortBy =
    sortKey === 'label' ? labelSort : sortKey === 'achievedPercent' && measure === 'value' ? sql`(actual_value / NULLIF(plan_value, 0))` : sortExpressions[sortKey];
  const orderBy = sql`${sortBy} ${direction} NULLS LAST, ${labelSort}, k`;
  const columns = sql`plan_qty::text AS "planQty", plan_value::text AS "planValue", actual_qty::text AS "actualQty", actual_value::text AS "actualValue",
                      ytd_plan_qty::text AS "ytdPlanQty", ytd_actual_qty::text AS "ytdActualQty", forecast_qty::text AS "forecastQty"`;
  const rows = await queryRows<ResultRow>(
    executor,
    sql`WITH ${progressCtes(query, subject, today)},
             page AS (SELECT l.*, row_number() OVER (ORDER BY ${orderBy}) AS n FROM l ORDER BY ${orderBy} LIMIT ${paging.limit} OFFSET ${paging.offset})
        SELECT kind, n::text AS ordinal, key, label, ${columns}
        FROM (SELECT 'row' AS kind, n, key_text AS key, label, plan_qty, plan_value, actual_qty, actual_value, ytd_plan_qty, ytd_actual_qty, forecast_qty FROM page
              UNION ALL
              SELECT 'total', count(*), NULL, NULL, coalesce(sum(plan_qty), 0), coalesce(sum(plan_value), 0), coalesce(sum(actual_qty), 0), coalesce(sum(actual_value), 0),
                     coalesce(sum(ytd_plan_qty), 0), coalesce(sum(ytd_actual_qty), 0), coalesce(sum(forecast_qty), 0)
              FROM g
              UNION ALL
              SELECT 'unplanned', 0, NULL, NULL, 0, 0, actual_qty, actual_value, 0, ytd_actual_qty, ytd_actual_qty FROM u) x
        ORDER BY x.kind, x.n`,
  );
  const total = rows.find((r) => r.kind === 'total')!;
  const unplanned = rows.find((r) => r.kind === 'unplanned')!;
  const w = windowOf(query, today);
  return {
    status: 200,
    message: messages.ok,
    year: query.year,
    groupBy: query.groupBy,
    plans: planKindOf(query),
    ytdThrough: w.ytd === 0 ? null : `${query.year}-${String(w.ytd).padStart(2, '0')}`,
    rows: rows
      .filter((r) => r.kind === 'row')
      .map((row): PlanProgressRow => ({ key: row.key === null ? null : isMonth ? row.key : Number(row.key), label: row.label ?? '', ...figuresOf(row, measure) })),
    total: Number(total.ordinal),
    unplanned: { key: null, label: unplannedLabel, ...figuresOf(unplanned, measure) },
    totals: figuresOf(total, measure),
  };
}
