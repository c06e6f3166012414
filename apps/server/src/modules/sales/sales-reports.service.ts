import {
  divideRounded,
  fromMinorUnits,
  type ItemSalesQuery,
  type ItemSalesResponse,
  type ItemSalesRow,
  messages,
  monthEnd,
  monthStart,
  noSalespersonLabel,
  permittedIds,
  type SalesFigures,
  type SalesReportGrouping,
  type SalesReportQuery,
  type SalesReportResponse,
  type SalesReportRow,
  type SalesReportSortKey,
  toMinorUnits,
} from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, intList, queryRows } from '../../db/client.ts';
import type { RowScopeSubject } from '../../lib/resource/resource-binding.ts';

/**
 * The sales reports read the monthly sales summary only (PRODUCT.md, principle 8), or one of
 * its two rollups: one GROUP BY over the rows of the months asked, the labels joined to the
 * groups afterwards (a few thousand rows, not the summary's), never the invoice lines.
 */

/** How one grouping reads: the summary's column, and the label of a grouped key (`k`) from its table (`d`). */
interface Dimension {
  column: SQL;
  join: (key: SQL, alias: SQL) => SQL;
  label: (key: SQL, alias: SQL) => SQL;
  /** The key as the answer gives it: a month's first day, or an id (null: no salesperson). */
  keyOf: (text: string | null) => string | number | null;
  /** Sorted by its key rather than its label: months run in order, not alphabetically. */
  sortsByKey?: boolean;
}

const idKey = (text: string | null) => (text === null ? null : Number(text));

const dimensions: Record<SalesReportGrouping, Dimension> = {
  month: {
    column: sql`s.month`,
    join: () => sql``,
    label: (key) => sql`to_char(${key}, 'Mon YYYY')`,
    keyOf: (text) => text,
    sortsByKey: true,
  },
  region: {
    column: sql`s.region_id`,
    join: (key, d) => sql`LEFT JOIN regions ${d} ON ${d}.id = ${key}`,
    label: (_key, d) => sql`${d}.region_name`,
    keyOf: idKey,
  },
  customer: {
    column: sql`s.customer_id`,
    join: (key, d) => sql`LEFT JOIN customers ${d} ON ${d}.id = ${key}`,
    label: (_key, d) => sql`${d}.customer_name`,
    keyOf: idKey,
  },
  // The invoice's salesperson has no foreign key (history outlives a deleted user): such a row says whose id it was.
  salesperson: {
    column: sql`s.salesperson_id`,
    join: (key, d) => sql`LEFT JOIN users ${d} ON ${d}.id = ${key}`,
    label: (key, d) => sql`coalesce(${d}.name, CASE WHEN ${key} IS NULL THEN ${noSalespersonLabel} ELSE 'User ' || ${key} END)`,
    keyOf: idKey,
  },
  item: {
    column: sql`s.item_id`,
    join: (key, d) => sql`LEFT JOIN items ${d} ON ${d}.id = ${key}`,
    label: (_key, d) => sql`${d}.article_number || ' · ' || ${d}.item_name`,
    keyOf: idKey,
  },
};

type Query = SalesReportQuery | ItemSalesQuery;

/**
 * What the caller may see and asked for. Row scope as for stock (PRODUCT.md, principle 6):
 * `permissions.regions` by the sale's region, `permissions.categories` by its item's category;
 * an empty or absent list allows all. The months are not here: the month grouping joins them.
 */
function conditionsOf(query: Query, subject: RowScopeSubject): SQL[] {
  const conditions: SQL[] = [];
  const regions = permittedIds(subject.permissions, 'regions');
  if (regions) conditions.push(sql`s.region_id IN (${intList(regions)})`);
  const categories = permittedIds(subject.permissions, 'categories');
  if (categories) conditions.push(sql`s.item_id IN (SELECT id FROM items WHERE category_id IN (${intList(categories)}))`);
  if (query.regionId) conditions.push(sql`s.region_id = ${query.regionId}`);
  if (query.customerId) conditions.push(sql`s.customer_id = ${query.customerId}`);
  if (query.salespersonId) conditions.push(sql`s.salesperson_id = ${query.salespersonId}`);
  if (query.itemId) conditions.push(sql`s.item_id = ${query.itemId}`);
  return conditions;
}

/**
 * The smallest table that answers (0015_sales_rollups.sql): the rollup by item when only the
 * item side is asked (an item grouping, filter or category scope), the rollup by customer when
 * only the customer side is (region, customer, salesperson, the regions scope) or neither,
 * the summary itself when both are. All three hold the same sums, so each answer is the same.
 */
function sourceOf(query: Query, subject: RowScopeSubject, keys: readonly Dimension[]): SQL {
  const itemSide = keys.some((d) => d === dimensions.item) || query.itemId !== undefined || permittedIds(subject.permissions, 'categories') !== undefined;
  const customerSide =
    keys.some((d) => d === dimensions.region || d === dimensions.customer || d === dimensions.salesperson) ||
    query.regionId !== undefined ||
    query.customerId !== undefined ||
    query.salespersonId !== undefined ||
    permittedIds(subject.permissions, 'regions') !== undefined;
  if (itemSide && customerSide) return sql`sales_summary`;
  return itemSide ? sql`sales_summary_by_item` : sql`sales_summary_by_customer`;
}

const andAll = (conditions: readonly SQL[]) => sql.join(conditions.map((c) => sql`(${c})`), sql` AND `);

const sums = sql`sum(s.quantity) AS quantity, sum(s.value) AS value, sum(s.cost) AS cost,
                 sum(s.returned_quantity) AS returned_quantity, sum(s.returned_value) AS returned_value`;

/** The whole months a query covers: the summary's grain (see sales-reports.ts in the domain). */
export function monthsOf(query: { from: string; to: string }): { from: string; to: string; firstMonth: string; lastMonth: string } {
  return { from: monthStart(query.from), to: monthEnd(query.to), firstMonth: monthStart(query.from), lastMonth: monthStart(query.to) };
}

/**
 * The grouped sums per key (`k1`, and `k2` when split twice). The month grouping of
 * /sales/reports lists every month of the period, those without sales as zeros, so a chart
 * and an export show the gaps; every other grouping lists what sold.
 */
function groupedSql(query: Query, subject: RowScopeSubject, keys: readonly Dimension[], zeroMonths: boolean): SQL {
  const { firstMonth, lastMonth } = monthsOf(query);
  const conditions = conditionsOf(query, subject);
  const source = sourceOf(query, subject, keys);
  if (zeroMonths) {
    const on = andAll([sql`s.month = m.month`, ...conditions]);
    return sql`SELECT m.month AS k1, coalesce(sum(s.quantity), 0) AS quantity, coalesce(sum(s.value), 0) AS value, coalesce(sum(s.cost), 0) AS cost,
                      coalesce(sum(s.returned_quantity), 0) AS returned_quantity, coalesce(sum(s.returned_value), 0) AS returned_value
               FROM (SELECT d::date AS month FROM generate_series(${firstMonth}::date, ${lastMonth}::date, interval '1 month') AS d) m
               LEFT JOIN ${source} s ON ${on}
               GROUP BY m.month`;
  }
  const where = andAll([sql`s.month BETWEEN ${firstMonth}::date AND ${lastMonth}::date`, ...conditions]);
  const columns = keys.map((d, i) => sql`${d.column} AS ${sql.raw(`k${i + 1}`)}`);
  return sql`SELECT ${sql.join(columns, sql`, `)}, ${sums} FROM ${source} s WHERE ${where} GROUP BY ${sql.join(
    keys.map((_, i) => sql.raw(String(i + 1))),
    sql`, `,
  )}`;
}

/** The label columns' sort, or the keys' for a dimension sorted by key. */
const labelSort = (keys: readonly Dimension[], index: number) => sql.raw(keys[index]?.sortsByKey ? `k${index + 1}` : `label${index + 1}`);

const sortExpressions: Record<Exclude<SalesReportSortKey, 'label'>, SQL> = {
  key: sql`k1`,
  quantity: sql`quantity`,
  value: sql`value`,
  cost: sql`cost`,
  margin: sql`(value - cost)`,
  marginPercent: sql`((value - cost) / NULLIF(value, 0))`,
  returnedQuantity: sql`returned_quantity`,
  returnedValue: sql`returned_value`,
};

interface ResultRow {
  kind: 'row' | 'total';
  ordinal: string;
  k1: string | null;
  k2: string | null;
  label1: string | null;
  label2: string | null;
  articleNumber: string | null;
  itemName: string | null;
  quantity: string;
  value: string;
  cost: string;
  returnedQuantity: string;
  returnedValue: string;
}

/**
 * One statement: the groups (materialised once), their labels, the page in the asked order,
 * and the totals and row count of every group, so the totals always match the rows.
 */
async function runReport(
  executor: Executor,
  query: Query,
  subject: RowScopeSubject,
  keys: readonly Dimension[],
  options: { zeroMonths: boolean; defaultSort: SalesReportSortKey[]; defaultDescending: boolean; limit: number; offset: number; itemColumns: boolean },
): Promise<{ rows: ResultRow[]; total: ResultRow }> {
  const aliases = keys.map((_, i) => sql.raw(`d${i + 1}`));
  const keyColumns = keys.map((_, i) => sql.raw(`g.k${i + 1}`));
  const joins = keys.map((d, i) => d.join(keyColumns[i]!, aliases[i]!));
  const labels = keys.map((d, i) => sql`${d.label(keyColumns[i]!, aliases[i]!)} AS ${sql.raw(`label${i + 1}`)}`);
  const second = keys.length > 1;
  const itemColumns = options.itemColumns ? sql`, d1.article_number AS article_number, d1.item_name AS item_name` : sql`, NULL::text AS article_number, NULL::text AS item_name`;
  const descending = query.order ? query.order.startsWith('desc') : query.sort ? false : options.defaultDescending;
  const direction = sql.raw(descending ? 'DESC' : 'ASC');
  const sortKeys = query.sort ? [query.sort] : options.defaultSort;
  const sortOf = (key: SalesReportSortKey) => (key === 'label' ? labelSort(keys, 0) : sortExpressions[key]);
  // Ties break by label then key (the second grouping's likewise), so pages never overlap.
  const tieBreak = second ? sql`${labelSort(keys, 0)}, k1, ${labelSort(keys, 1)}, k2` : sql`${labelSort(keys, 0)}, k1`;
  const orderBy = sql`${sql.join(
    sortKeys.map((key) => sql`${sortOf(key)} ${direction} NULLS LAST`),
    sql`, `,
  )}, ${tieBreak}`;
  const rows = await queryRows<ResultRow>(
    executor,
    sql`WITH g AS MATERIALIZED (${groupedSql(query, subject, keys, options.zeroMonths)}),
             l AS (SELECT g.*, ${sql.join(labels, sql`, `)}${second ? sql`` : sql`, NULL::text AS k2, NULL::text AS label2`}${itemColumns}
                   FROM g ${sql.join(joins, sql` `)}),
             page AS (SELECT l.*, row_number() OVER (ORDER BY ${orderBy}) AS n FROM l ORDER BY ${orderBy} LIMIT ${options.limit} OFFSET ${options.offset})
        SELECT kind, n::text AS ordinal, k1, k2, label1, label2, article_number AS "articleNumber", item_name AS "itemName",
               quantity::text AS quantity, value::text AS value, cost::text AS cost,
               returned_quantity::text AS "returnedQuantity", returned_value::text AS "returnedValue"
        FROM (SELECT 'row' AS kind, n, k1::text AS k1, k2::text AS k2, label1, label2, article_number, item_name,
                     quantity, value, cost, returned_quantity, returned_value
              FROM page
              UNION ALL
              SELECT 'total', count(*), NULL, NULL, NULL, NULL, NULL, NULL,
                     coalesce(sum(quantity), 0), coalesce(sum(value), 0), coalesce(sum(cost), 0),
                     coalesce(sum(returned_quantity), 0), coalesce(sum(returned_value), 0)
              FROM g) x
        ORDER BY x.kind, x.n`,
  );
  const total = rows.find((r) => r.kind === 'total')!;
  return { rows: rows.filter((r) => r.kind === 'row'), total };
}

/** The figures of a row or the totals, exact: margin = value - cost; margin % to one decimal, half-up. */
export function figuresOf(row: Pick<ResultRow, 'quantity' | 'value' | 'cost' | 'returnedQuantity' | 'returnedValue'>): SalesFigures {
  const value = toMinorUnits(row.value);
  const cost = toMinorUnits(row.cost);
  const margin = value - cost;
  return {
    quantity: Number(row.quantity),
    value: fromMinorUnits(value),
    cost: fromMinorUnits(cost),
    margin: fromMinorUnits(margin),
    // Tenths of a percent: margin x 1000 / value.
    marginPercent: value === 0n ? null : fromMinorUnits(divideRounded(margin * 1000n, value, 'half-up'), 1),
    returnedQuantity: Number(row.returnedQuantity),
    returnedValue: fromMinorUnits(toMinorUnits(row.returnedValue)),
  };
}

interface Paging {
  limit: number;
  offset: number;
}

const pageOf = (query: Query): Paging => ({ limit: query.pageSize, offset: (query.page - 1) * query.pageSize });

/** GET /api/sales/reports: the period's sales grouped one way; `limit` overrides the page (exports). */
export async function salesReport(executor: Executor, subject: RowScopeSubject, query: SalesReportQuery, paging: Paging = pageOf(query)): Promise<SalesReportResponse> {
  const dimension = dimensions[query.groupBy];
  const isMonth = query.groupBy === 'month';
  const { rows, total } = await runReport(executor, query, subject, [dimension], {
    zeroMonths: isMonth,
    defaultSort: isMonth ? ['key'] : ['value'],
    defaultDescending: !isMonth,
    itemColumns: false,
    ...paging,
  });
  const { from, to } = monthsOf(query);
  return {
    status: 200,
    message: messages.ok,
    groupBy: query.groupBy,
    from,
    to,
    rows: rows.map((row): SalesReportRow => ({ key: dimension.keyOf(row.k1), label: row.label1 ?? '', ...figuresOf(row) })),
    total: Number(total.ordinal),
    totals: figuresOf(total),
  };
}

/**
 * GET /api/items/sales: a row per item, or, with `groupBy` region, customer, salesperson or
 * month, a row per item and group (the items' sales by region, ...); the filters narrow both.
 */
export async function itemSales(executor: Executor, subject: RowScopeSubject, query: ItemSalesQuery, paging: Paging = pageOf(query)): Promise<ItemSalesResponse> {
  const split = query.groupBy === 'item' ? undefined : dimensions[query.groupBy];
  const keys = split ? [dimensions.item, split] : [dimensions.item];
  const { rows, total } = await runReport(executor, query, subject, keys, {
    zeroMonths: false,
    defaultSort: ['label'],
    defaultDescending: false,
    itemColumns: true,
    ...paging,
  });
  const { from, to } = monthsOf(query);
  return {
    status: 200,
    message: messages.ok,
    groupBy: query.groupBy,
    from,
    to,
    rows: rows.map((row): ItemSalesRow => {
      const group = split ? { key: split.keyOf(row.k2), label: row.label2 ?? '' } : null;
      return {
        key: group ? `${row.k1}:${group.key ?? ''}` : String(row.k1),
        itemId: Number(row.k1),
        articleNumber: row.articleNumber ?? '',
        itemName: row.itemName ?? '',
        label: row.label1 ?? '',
        group,
        ...figuresOf(row),
      };
    }),
    total: Number(total.ordinal),
    totals: figuresOf(total),
  };
}

/**
 * The report's groups of a period by one grouping with their labels (`k1`, `label`, `value`,
 * `cost`): the same sums, scope and source as GET /api/sales/reports, for the dashboard's
 * sales figures (sales-figures.ts), which must equal that report's totals and first rows.
 */
export function labelledSalesGroupsSql(period: { from: string; to: string }, subject: RowScopeSubject, grouping: SalesReportGrouping): SQL {
  const dimension = dimensions[grouping];
  const query = { ...period, groupBy: grouping } as Query;
  return sql`SELECT g.k1, ${dimension.label(sql`g.k1`, sql`d1`)} AS label, g.value, g.cost
             FROM (${groupedSql(query, subject, [dimension], false)}) g ${dimension.join(sql`g.k1`, sql`d1`)}`;
}
