import { monthsLess, monthsSum, permittedIds, type PlanActualsQuery, type PlanCategoryItem, type PlanActualsRow, type PlanReconciliationQuery, type PlanReconciliationRow, type ReconciledPlan } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, intList, jsonValue, queryRows } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { NotFoundError } from '../../lib/app-error.ts';

/** The twelve sums of a months array column (January first) as one bigint array. */
const monthSums = (column: SQL) => sql`ARRAY[${sql.join(Array.from({ length: 12 }, (_, i) => sql`coalesce(sum(${column}[${sql.raw(String(i + 1))}]), 0)`), sql`, `)}]::bigint[]`;

/** A region outside the actor's regions reads as missing (404), as its plans do. */
function assertRegionInScope(actor: Actor, regionId: number): void {
  const regions = permittedIds(actor.permissions, 'regions');
  if (regions && !regions.includes(regionId)) throw new NotFoundError();
}

/** The categories the actor may see of items (permissions.categories), as a condition on `it`. */
function categoryScope(actor: Actor): SQL {
  const categories = permittedIds(actor.permissions, 'categories');
  return categories ? sql`it.category_id IN (${intList(categories)})` : sql`true`;
}

const yearRange = (year: number) => ({ from: `${String(year).padStart(4, '0')}-01-01`, to: `${String(year + 1).padStart(4, '0')}-01-01` });

/**
 * Per item, the 12 net monthly quantities of a year in a region (and a customer, a salesperson):
 * read from the monthly sales summary the postings keep (sold less returned, each in its own
 * month: the summary's `quantity` is already net of returns), never from invoice lines. One
 * GROUP BY over at most 12 months of one region's summary rows (index on region and month).
 */
export async function planActuals(executor: Executor, actor: Actor, query: PlanActualsQuery): Promise<PlanActualsRow[]> {
  assertRegionInScope(actor, query.regionId);
  const { from, to } = yearRange(query.year);
  const conditions = [
    sql`s.region_id = ${query.regionId}::int`,
    sql`s.month >= ${from}::date AND s.month < ${to}::date`,
    ...(query.customerId === undefined ? [] : [sql`s.customer_id = ${query.customerId}::int`]),
    ...(query.salespersonId === undefined ? [] : [sql`s.salesperson_id = ${query.salespersonId}::int`]),
  ];
  const rows = await queryRows<{ itemId: number; itemName: string; articleNumber: string; months: unknown }>(
    executor,
    sql`SELECT it.id AS "itemId", it.item_name AS "itemName", it.article_number AS "articleNumber", x.months
        FROM (SELECT s.item_id, json_object_agg(extract(month FROM s.month)::int, s.quantity) AS months
              FROM (SELECT s.item_id, s.month, sum(s.quantity) AS quantity FROM sales_summary s WHERE ${sql.join(conditions, sql` AND `)} GROUP BY s.item_id, s.month) s
              GROUP BY s.item_id) x
        JOIN items it ON it.id = x.item_id
        WHERE ${categoryScope(actor)}
        ORDER BY it.article_number, it.id`,
  );
  return rows.map((row) => {
    const byMonth = jsonValue<Record<string, number | string>>(row.months);
    const months = Array.from({ length: 12 }, (_, i) => Number(byMonth[String(i + 1)] ?? 0));
    return { itemId: Number(row.itemId), itemName: row.itemName, articleNumber: row.articleNumber, months, quantity: months.reduce((a, b) => a + b, 0) };
  });
}

export interface PlanReconciliation {
  regionPlan: ReconciledPlan | null;
  customerPlans: ReconciledPlan[];
  salespersonPlans: ReconciledPlan[];
  rows: PlanReconciliationRow[];
  totals: Omit<PlanReconciliationRow, 'itemId' | 'itemName' | 'articleNumber'>;
}

type PlanKind = 'region' | 'customer' | 'salesperson';

/**
 * A region's year: its region plan (no customer, no salesperson) against the sum of its customer
 * plans (any salesperson) and of its salesperson plans (no customer), per item and month, with
 * what each leaves unallocated. Each key's newest live version counts: a revision in progress
 * instead of the approved version it revises (the planner sees what they are changing).
 */
export async function planReconciliation(executor: Executor, actor: Actor, query: PlanReconciliationQuery): Promise<PlanReconciliation> {
  assertRegionInScope(actor, query.regionId);
  const [row] = await queryRows<{ plans: unknown; sums: unknown }>(
    executor,
    sql`WITH plans AS (
          SELECT p.id, p.document_number, p.version, p.status, p.customer_id, p.salesperson_id,
                 CASE WHEN p.customer_id IS NOT NULL THEN 'customer' WHEN p.salesperson_id IS NOT NULL THEN 'salesperson' ELSE 'region' END AS kind
          FROM sales_plans p
          WHERE p.year = ${query.year}::int AND p.region_id = ${query.regionId}::int AND p.status IN ('draft', 'submitted', 'approved')
            AND NOT EXISTS (SELECT 1 FROM sales_plans v WHERE v.revision_of = p.id AND v.status IN ('draft', 'submitted')))
        SELECT
          (SELECT coalesce(json_agg(json_build_object('id', p.id, 'documentNumber', p.document_number, 'version', p.version, 'status', p.status,
                                                      'customerId', p.customer_id, 'salespersonId', p.salesperson_id, 'kind', p.kind) ORDER BY p.id), '[]') FROM plans p) AS plans,
          (SELECT coalesce(json_agg(json_build_object('itemId', x.item_id, 'itemName', x.item_name, 'articleNumber', x.article_number, 'kind', x.kind, 'months', x.months)), '[]')
             FROM (SELECT l.item_id, it.item_name, it.article_number, p.kind, ${monthSums(sql`l.months`)} AS months
                   FROM plans p JOIN sales_plan_lines l ON l.sales_plan_id = p.id JOIN items it ON it.id = l.item_id
                   WHERE ${categoryScope(actor)}
                   GROUP BY l.item_id, it.item_name, it.article_number, p.kind) x) AS sums`,
  );
  const plans = jsonValue<Array<ReconciledPlan & { kind: PlanKind }>>(row!.plans).map(({ kind, ...plan }) => ({ kind, plan: { ...plan, id: Number(plan.id), version: Number(plan.version) } }));
  const sums = jsonValue<Array<{ itemId: number; itemName: string; articleNumber: string; kind: PlanKind; months: Array<number | string> }>>(row!.sums);
  const zero = () => Array.from({ length: 12 }, () => 0);
  const byItem = new Map<number, { itemName: string; articleNumber: string; region: number[]; customer: number[]; salesperson: number[] }>();
  for (const sum of sums) {
    const id = Number(sum.itemId);
    const entry = byItem.get(id) ?? { itemName: sum.itemName, articleNumber: sum.articleNumber, region: zero(), customer: zero(), salesperson: zero() };
    entry[sum.kind] = sum.months.map(Number);
    byItem.set(id, entry);
  }
  const rows: PlanReconciliationRow[] = [...byItem.entries()]
    .map(([itemId, e]) => ({
      itemId,
      itemName: e.itemName,
      articleNumber: e.articleNumber,
      region: e.region,
      customers: e.customer,
      salespeople: e.salesperson,
      unallocatedToCustomers: monthsLess(e.region, e.customer),
      unallocatedToSalespeople: monthsLess(e.region, e.salesperson),
    }))
    .sort((a, b) => a.articleNumber.localeCompare(b.articleNumber) || a.itemId - b.itemId);
  const total = (pick: (row: PlanReconciliationRow) => number[]) => monthsSum(rows.map(pick));
  return {
    regionPlan: plans.find((p) => p.kind === 'region')?.plan ?? null,
    customerPlans: plans.filter((p) => p.kind === 'customer').map((p) => p.plan),
    salespersonPlans: plans.filter((p) => p.kind === 'salesperson').map((p) => p.plan),
    rows,
    totals: {
      region: total((r) => r.region),
      customers: total((r) => r.customers),
      salespeople: total((r) => r.salespeople),
      unallocatedToCustomers: total((r) => r.unallocatedToCustomers),
      unallocatedToSalespeople: total((r) => r.unallocatedToSalespeople),
    },
  };
}

/** The approved, active items of a category the actor may see (permissions.categories), by article number. */
export async function planCategoryItems(executor: Executor, actor: Actor, categoryId: number): Promise<PlanCategoryItem[]> {
  const rows = await queryRows<PlanCategoryItem>(
    executor,
    sql`SELECT it.id AS "itemId", it.item_name AS "itemName", it.article_number AS "articleNumber", it.plans
        FROM items it WHERE it.category_id = ${categoryId}::int AND it.is_approved AND it.active AND ${categoryScope(actor)}
        ORDER BY it.article_number, it.id LIMIT 5000`,
  );
  return rows.map((row) => ({ ...row, itemId: Number(row.itemId), plans: jsonValue<Record<string, boolean>>(row.plans) }));
}
