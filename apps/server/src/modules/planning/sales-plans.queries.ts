import { permittedIds, type SalesPlanDetail, type SalesPlanLineRow } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { intList, jsonValue } from '../../db/client.ts';
import { salesPlans } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import type { DocumentQueries } from '../../lib/document/document-binding.ts';

/** Plans of another region are not the actor's (permissions.regions, as invoices and customers). */
export function salesPlanScope(actor: Actor, regionColumn: SQL = sql`sales_plans.region_id`): SQL | undefined {
  const regions = permittedIds(actor.permissions, 'regions');
  return regions ? sql`${regionColumn} IN (${intList(regions)})` : undefined;
}

// Raw SQL names the document table in full (see purchase-orders.queries.ts).
const json = <T>(expression: SQL) => sql<T>`${expression}`.mapWith(jsonValue<T>);

const region = json<{ regionName: string } | null>(sql`(SELECT json_build_object('regionName', r.region_name) FROM regions r WHERE r.id = sales_plans.region_id)`);
const customer = json<{ customerName: string } | null>(sql`(SELECT json_build_object('customerName', c.customer_name) FROM customers c WHERE c.id = sales_plans.customer_id)`);
const salesperson = json<{ name: string } | null>(sql`(SELECT json_build_object('name', u.name) FROM users u WHERE u.id = sales_plans.salesperson_id)`);

/** A line's year: the sum of its 12 months (`l` the lines' alias). */
export const lineQuantitySql = (alias = 'l') => sql.raw(Array.from({ length: 12 }, (_, m) => `${alias}.months[${m + 1}]::bigint`).join(' + '));

/** The lines of a plan: the year's quantity, and its value once the unit price is frozen (approved). */
export const salesPlanLinesSql = (planId: SQL) => sql`(
  SELECT coalesce(json_agg(json_build_object(
           'id', l.id, 'lineNo', l.line_no, 'itemId', l.item_id, 'months', l.months, 'unitPrice', l.unit_price::text, 'quantity', ${lineQuantitySql()},
           'value', round((${lineQuantitySql()}) * l.unit_price, 2)::text,
           'item', json_build_object('itemName', it.item_name, 'articleNumber', it.article_number, 'unit', it.unit, 'categoryId', it.category_id))
           ORDER BY l.line_no), '[]')
  FROM sales_plan_lines l JOIN items it ON it.id = l.item_id WHERE l.sales_plan_id = ${planId})`;

/** How the generic document queries read sales plans (docs/api/planning.md, Sales plans). */
export const salesPlanQueries: DocumentQueries<SalesPlanDetail> = {
  rowSelection: {
    id: salesPlans.id,
    documentNumber: salesPlans.documentNumber,
    documentDate: salesPlans.documentDate,
    year: salesPlans.year,
    regionId: salesPlans.regionId,
    region,
    customerId: salesPlans.customerId,
    customer,
    salespersonId: salesPlans.salespersonId,
    salesperson,
    version: salesPlans.version,
    revisionOf: salesPlans.revisionOf,
    notes: salesPlans.notes,
    status: salesPlans.status,
    totalQuantity: salesPlans.totalQuantity,
    totalValue: salesPlans.totalValue,
    lineCount: sql<number>`(SELECT count(*) FROM sales_plan_lines l WHERE l.sales_plan_id = sales_plans.id)`.mapWith(Number),
    submittedAt: salesPlans.submittedAt,
    submittedBy: salesPlans.submittedBy,
    approvedAt: salesPlans.approvedAt,
    approvedBy: salesPlans.approvedBy,
    cancelledAt: salesPlans.cancelledAt,
    cancelledBy: salesPlans.cancelledBy,
    supersededAt: salesPlans.supersededAt,
    supersededBy: salesPlans.supersededBy,
    createdBy: salesPlans.createdBy,
    createdAt: salesPlans.createdAt,
    updatedAt: salesPlans.updatedAt,
  },
  linesSelection: salesPlanLinesSql(sql`sales_plans.id`),
  searchColumns: [
    salesPlans.notes,
    (pattern) => sql`sales_plans.customer_id IN (SELECT c.id FROM customers c WHERE c.customer_name ILIKE ${pattern})`,
    (pattern) => sql`sales_plans.region_id IN (SELECT r.id FROM regions r WHERE r.region_name ILIKE ${pattern})`,
  ],
  sortColumns: {
    documentDate: salesPlans.documentDate,
    documentNumber: salesPlans.documentNumber,
    year: salesPlans.year,
    version: salesPlans.version,
    totalQuantity: salesPlans.totalQuantity,
    totalValue: salesPlans.totalValue,
    createdAt: salesPlans.createdAt,
  },
  listFilters: {
    year: (year) => sql`sales_plans.year = ${year}::int`,
    regionId: (id) => sql`sales_plans.region_id = ${id}::int`,
    customerId: (id) => sql`sales_plans.customer_id = ${id}::int`,
    salespersonId: (id) => sql`sales_plans.salesperson_id = ${id}::int`,
  },
  rowScope: (actor) => salesPlanScope(actor),
  exportColumns: [
    { header: 'Number', value: (row) => (row.documentNumber as string | null) ?? '' },
    { header: 'Version', value: (row) => String(row.version) },
    { header: 'Year', value: (row) => String(row.year) },
    { header: 'Region', value: (row) => (row.region as { regionName: string } | null)?.regionName ?? '' },
    { header: 'Customer', value: (row) => (row.customer as { customerName: string } | null)?.customerName ?? '' },
    { header: 'Salesperson', value: (row) => (row.salesperson as { name: string } | null)?.name ?? '' },
    { header: 'Status', value: (row) => String(row.status) },
    { header: 'Quantity', value: (row) => String(row.totalQuantity) },
    { header: 'Value', value: (row) => (row.totalValue as string | null) ?? '' },
    { header: 'Notes', value: (row) => String(row.notes) },
  ],
  shape: (row) => {
    const lines = jsonValue<SalesPlanLineRow[]>(row.lines).map((l) => ({ ...l, id: Number(l.id), quantity: Number(l.quantity), months: l.months.map(Number) }));
    return { ...(row as unknown as SalesPlanDetail), totalQuantity: Number(row.totalQuantity), lines };
  },
};
