import type { OrderGenerationRunDetail } from '@erp/domain';
import { and, eq, sql } from 'drizzle-orm';
import { type Executor, jsonValue } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { orderGenerationRuns } from '../../db/schema/index.ts';
import type { DocumentQueries } from '../../lib/document/document-binding.ts';
import { permittedListScope, regionListScope } from '../../lib/region-list-scope.ts';

// Raw SQL names the run table in full (a one-table select leaves columns unqualified).
const lineTerms: [string, string][] = [
  ['itemId', 'l.item_id'],
  ['itemName', 'it.item_name'],
  ['articleNumber', 'it.article_number'],
  ['plans', 'it.plans'],
  ['vendorId', 'l.vendor_id'],
  ['vendorName', 'v.vendor_name'],
  ['leadTimeDays', 'l.lead_time_days'],
  ['packSize', 'l.pack_size'],
  ['minOrderQuantity', 'l.min_order_quantity'],
  ['safetyStockDays', 'l.safety_stock_days'],
  ['minShelfLifeDays', 'l.min_shelf_life_days'],
  ['shelfLifeDays', 'l.shelf_life_days'],
  ['velocity', 'l.velocity'],
  ['soldQty', 'l.sold_qty'],
  ['daysInStock', 'l.days_in_stock'],
  ['planQty', 'l.plan_qty'],
  ['planRatio', 'l.plan_ratio'],
  ['dailyDemand', 'l.daily_demand'],
  ['demandQty', 'l.demand_qty'],
  ['safetyStock', 'l.safety_stock'],
  ['onHand', 'l.on_hand'],
  ['expiredQty', 'l.expired_qty'],
  ['usable', 'l.usable'],
  ['atRiskQty', 'l.at_risk_qty'],
  ['atRiskValue', 'l.at_risk_value::text'],
  ['openSupply', 'l.open_supply'],
  ['late', 'l.late'],
  ['beyondHorizon', 'l.beyond_horizon'],
  ['horizonDate', 'l.horizon_date::text'],
  ['netRequirement', 'l.net_requirement'],
  ['suggestedQty', 'l.suggested_qty'],
  ['shelfCap', 'l.shelf_cap'],
  ['finalQty', 'l.final_qty'],
  ['unitCost', 'l.unit_cost::text'],
  ['value', '(l.final_qty * l.unit_cost)::numeric(18, 2)::text'],
  ['reasons', 'l.reasons'],
];

/** A line's terms as one JSON object (the why panel's). */
export const lineObject = sql.raw(`json_build_object(${lineTerms.map(([key, expression]) => `'${key}', ${expression}`).join(', ')})`);

/** The runs a user kept to regions or categories may see: those whose regions and categories are all theirs (a pooled run holds every region's stock and sales). */
export const runScope = (actor: Pick<Actor, 'permissions'>) => {
  const regions = regionListScope(actor, sql.raw('order_generation_runs.region_ids'));
  // A run of every category lists other categories' items and quantities: categories as regions.
  const categories = permittedListScope(actor, 'categories', sql.raw('order_generation_runs.category_ids'));
  return regions && categories ? and(regions, categories) : (regions ?? categories);
};

/** How the generic document queries read runs, row-scoped by their regions (issue 27). */
export const orderGenerationRunQueries: DocumentQueries<OrderGenerationRunDetail> = {
  rowSelection: {
    id: orderGenerationRuns.id,
    documentNumber: orderGenerationRuns.documentNumber,
    asOf: orderGenerationRuns.documentDate,
    status: orderGenerationRuns.status,
    vendorId: orderGenerationRuns.vendorId,
    vendor: sql<{ vendorName: string } | null>`(SELECT json_build_object('vendorName', v.vendor_name) FROM vendors v WHERE v.id = order_generation_runs.vendor_id)`.mapWith(
      jsonValue<{ vendorName: string } | null>,
    ),
    regionIds: orderGenerationRuns.regionIds,
    categoryIds: orderGenerationRuns.categoryIds,
    reviewDays: orderGenerationRuns.reviewDays,
    historyMonths: orderGenerationRuns.historyMonths,
    demandBasis: orderGenerationRuns.demandBasis,
    lineCount: orderGenerationRuns.lineCount,
    totalValue: orderGenerationRuns.totalValue,
    purchaseOrderIds: sql<number[]>`(SELECT coalesce(array_agg(o.purchase_order_id ORDER BY o.purchase_order_id), '{}') FROM order_generation_run_orders o
      WHERE o.order_generation_run_id = order_generation_runs.id)`,
    convertedAt: orderGenerationRuns.convertedAt,
    convertedBy: orderGenerationRuns.convertedBy,
    discardedAt: orderGenerationRuns.discardedAt,
    discardedBy: orderGenerationRuns.discardedBy,
    createdBy: orderGenerationRuns.createdBy,
    createdAt: orderGenerationRuns.createdAt,
    updatedAt: orderGenerationRuns.updatedAt,
  },
  linesSelection: sql`(
    SELECT coalesce(json_agg(${lineObject} ORDER BY it.item_name, l.item_id), '[]')
    FROM order_generation_run_lines l JOIN items it ON it.id = l.item_id LEFT JOIN vendors v ON v.id = l.vendor_id
    WHERE l.order_generation_run_id = order_generation_runs.id)`,
  rowScope: runScope,
  searchColumns: [(pattern) => sql`order_generation_runs.vendor_id IN (SELECT v.id FROM vendors v WHERE v.vendor_name ILIKE ${pattern})`],
  sortColumns: {
    asOf: orderGenerationRuns.documentDate,
    documentNumber: orderGenerationRuns.documentNumber,
    totalValue: orderGenerationRuns.totalValue,
    createdAt: orderGenerationRuns.createdAt,
  },
  exportColumns: [
    { header: 'Number', value: (row) => (row.documentNumber as string | null) ?? '' },
    { header: 'As of', value: (row) => String(row.asOf) },
    { header: 'Demand basis', value: (row) => String(row.demandBasis) },
    { header: 'Lines', value: (row) => String(row.lineCount) },
    { header: 'Value', value: (row) => String(row.totalValue) },
    { header: 'Status', value: (row) => String(row.status) },
  ],
};

/** A run's header as the database holds it now (the answer of a transition). */
export async function readRunHeader(executor: Executor, id: number): Promise<OrderGenerationRunDetail | undefined> {
  const [row] = await executor.select(orderGenerationRunQueries.rowSelection).from(orderGenerationRuns).where(eq(orderGenerationRuns.id, id));
  return row as OrderGenerationRunDetail | undefined;
}
