import { type DemandBasis } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { intArray, queryRows, type Tx } from '../../db/client.ts';
import { companySettingSql } from '../setup/setup.api.ts';

/**
 * What a Generate Order run reads, in a fixed number of set-based statements whatever the item
 * count (issue 19, section 5: at most 15 for the whole run): the settings, one row per item
 * with its velocity terms (net sold over the history window, days in stock from the stock
 * ledger, this year's actual), its lots and open supply in one statement, and the approved
 * region plans when their table exists. Regions pooled unless the run names some.
 */

export interface RunSettings {
  defaultLeadTimeDays: number;
  reviewDays: number;
  historyMonths: number;
  safetyStockDays: number;
  hasPlans: boolean;
  /** Whether the run's vendor exists (true without one): read here, so checking it costs no statement. */
  vendorFound: boolean;
}

export interface RunScope {
  asOf: string;
  historyMonths: number;
  vendorId: number | null;
  regionIds: readonly number[];
  categoryIds: readonly number[];
  basis: DemandBasis;
  defaultLeadTimeDays: number;
  defaultSafetyStockDays: number;
}

export interface ItemInputRow {
  itemId: number;
  itemName: string;
  articleNumber: string;
  plans: Record<string, boolean>;
  vendorId: number | null;
  vendorName: string | null;
  leadTimeDays: number;
  packSize: number;
  minOrderQuantity: number;
  safetyStockDays: number;
  minShelfLifeDays: number;
  shelfLifeDays: number | null;
  unitCost: string;
  soldQty: number;
  ytdActual: number;
  daysInStock: number;
}

export interface StockRow {
  kind: 'lot' | 'supply' | 'draft';
  itemId: number;
  quantity: number;
  /** A lot's expiry, a supply's due date, a run's draft order's creation date. */
  date: string | null;
  unitCost: string | null;
}

export interface PlanRow {
  itemId: number;
  year: number;
  months: number[];
}

export async function readRunSettings(tx: Tx, vendorId: number | null): Promise<RunSettings> {
  const [row] = await queryRows<RunSettings>(
    tx,
    sql`SELECT coalesce(${companySettingSql('defaultLeadTimeDays')}, 30) AS "defaultLeadTimeDays", coalesce(${companySettingSql('reviewDays')}, 30) AS "reviewDays",
               coalesce(${companySettingSql('historyMonths')}, 6) AS "historyMonths", coalesce(${companySettingSql('safetyStockDays')}, 15) AS "safetyStockDays",
               to_regclass('sales_plans') IS NOT NULL AS "hasPlans",
               ${vendorId === null ? sql`true` : sql`EXISTS (SELECT 1 FROM vendors WHERE id = ${vendorId}::int)`} AS "vendorFound"`,
  );
  return row!;
}

/** First day of the month `months` before `date`'s month. */
export function monthStartBefore(date: string, months: number): string {
  const moved = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1 - months, 1));
  return moved.toISOString().slice(0, 10);
}

const anyOf = (column: SQL, ids: readonly number[]) => (ids.length > 0 ? sql` AND ${column} = ANY(${intArray(ids)})` : sql``);

/**
 * One row per approved, active item in the run's scope. The history window is the N whole
 * months before the as-of month. Days in stock: the pooled warehouse balance of each day of the
 * window, walked back from today's on-hand through the window's stock moves (a day counts when
 * the item had stock at its start or its end), so no per-item query and no daily snapshot.
 */
export async function readItemInputs(tx: Tx, scope: RunScope): Promise<ItemInputRow[]> {
  const windowStart = monthStartBefore(scope.asOf, scope.historyMonths);
  const monthStart = monthStartBefore(scope.asOf, 0);
  const yearStart = `${scope.asOf.slice(0, 4)}-01-01`;
  const from = windowStart < yearStart ? windowStart : yearStart;
  const sales =
    scope.regionIds.length > 0
      ? sql`SELECT item_id, month, quantity FROM sales_summary WHERE month >= ${from}::date AND month <= ${monthStart}::date${anyOf(sql`region_id`, scope.regionIds)}`
      : sql`SELECT item_id, month, quantity FROM sales_summary_by_item WHERE month >= ${from}::date AND month <= ${monthStart}::date`;
  return queryRows<ItemInputRow>(
    tx,
    sql`WITH it AS MATERIALIZED (
          SELECT i.id, i.item_name, i.article_number, i.plans, i.vendor_id, v.vendor_name,
                 coalesce(i.lead_time_days, v.lead_time_days, ${scope.defaultLeadTimeDays}::int) AS lead_time_days,
                 i.pack_size, i.min_order_quantity, coalesce(i.safety_stock_days, ${scope.defaultSafetyStockDays}::int) AS safety_stock_days,
                 i.min_shelf_life_days, i.shelf_life_days, i.cost_price
          FROM items i LEFT JOIN vendors v ON v.id = i.vendor_id
          WHERE i.is_approved AND i.active${scope.vendorId === null ? sql`` : sql` AND i.vendor_id = ${scope.vendorId}::int`}${anyOf(sql`i.category_id`, scope.categoryIds)}
        ),
        wh AS (SELECT id FROM stock_locations WHERE kind = 'warehouse'${anyOf(sql`region_id`, scope.regionIds)}),
        onhand AS (SELECT item_id, sum(quantity)::bigint AS q FROM inventory WHERE quantity > 0 AND location_id IN (SELECT id FROM wh) GROUP BY item_id),
        moves AS (
          SELECT item_id, move_date, sum(quantity_in - quantity_out)::bigint AS net
          FROM stock_moves WHERE move_date >= ${windowStart}::date AND location_id IN (SELECT id FROM wh)
          GROUP BY item_id, move_date
        ),
        mv AS (
          SELECT item_id, move_date, net, sum(net) OVER (PARTITION BY item_id ORDER BY move_date DESC ROWS UNBOUNDED PRECEDING) AS from_here
          FROM moves
        ),
        win AS (
          SELECT mv.item_id, mv.move_date, coalesce(oh.q, 0) - mv.from_here AS bal_start, coalesce(oh.q, 0) - mv.from_here + mv.net AS bal_end,
                 lead(mv.move_date, 1, ${monthStart}::date) OVER (PARTITION BY mv.item_id ORDER BY mv.move_date) AS next_day
          FROM mv LEFT JOIN onhand oh ON oh.item_id = mv.item_id
          WHERE mv.move_date < ${monthStart}::date
        ),
        days AS (
          SELECT item_id, min(move_date) AS first_day,
                 sum(CASE WHEN bal_start > 0 OR bal_end > 0 THEN 1 ELSE 0 END + CASE WHEN bal_end > 0 THEN next_day - move_date - 1 ELSE 0 END) AS days
          FROM win GROUP BY item_id
        ),
        total AS (SELECT item_id, sum(net) AS net FROM moves GROUP BY item_id),
        sold AS (
          SELECT item_id,
                 sum(quantity) FILTER (WHERE month >= ${windowStart}::date AND month < ${monthStart}::date) AS sold,
                 sum(quantity) FILTER (WHERE month >= ${yearStart}::date) AS ytd
          FROM (${sales}) s GROUP BY item_id
        )
        SELECT it.id AS "itemId", it.item_name AS "itemName", it.article_number AS "articleNumber", it.plans, it.vendor_id AS "vendorId", it.vendor_name AS "vendorName",
               it.lead_time_days AS "leadTimeDays", it.pack_size AS "packSize", it.min_order_quantity AS "minOrderQuantity",
               it.safety_stock_days AS "safetyStockDays", it.min_shelf_life_days AS "minShelfLifeDays", it.shelf_life_days AS "shelfLifeDays",
               it.cost_price::text AS "unitCost", coalesce(s.sold, 0)::int AS "soldQty", coalesce(s.ytd, 0)::int AS "ytdActual",
               (CASE WHEN coalesce(oh.q, 0) - coalesce(t.net, 0) > 0 THEN coalesce(d.first_day, ${monthStart}::date) - ${windowStart}::date ELSE 0 END
                + coalesce(d.days, 0))::int AS "daysInStock"
        FROM it
        LEFT JOIN sold s ON s.item_id = it.id
        LEFT JOIN onhand oh ON oh.item_id = it.id
        LEFT JOIN total t ON t.item_id = it.id
        LEFT JOIN days d ON d.item_id = it.id
        ORDER BY it.item_name, it.id`,
  );
}

/**
 * Lots in the warehouses (expired ones too), stock in transit (due now), approved orders' lines
 * not yet received (due on their expected date) and the lines of draft orders a run created
 * (their creation date: the caller adds the item's lead time), in one statement.
 */
export async function readStockAndSupply(tx: Tx, scope: RunScope, itemIds: readonly number[]): Promise<StockRow[]> {
  const items = intArray(itemIds);
  const regions = (column: SQL) => anyOf(column, scope.regionIds);
  return queryRows<StockRow>(
    tx,
    sql`SELECT 'lot' AS kind, i.item_id AS "itemId", i.quantity, i.date_expiry::text AS date, i.unit_cost::text AS "unitCost"
        FROM inventory i JOIN stock_locations l ON l.id = i.location_id AND l.kind = 'warehouse'
        WHERE i.quantity > 0 AND i.item_id = ANY(${items})${regions(sql`i.region_id`)}
        UNION ALL
        SELECT 'supply', i.item_id, i.quantity, ${scope.asOf}::text, NULL
        FROM inventory i JOIN stock_locations l ON l.id = i.location_id AND l.kind = 'transit'
        WHERE i.quantity > 0 AND i.item_id = ANY(${items})${regions(sql`i.region_id`)}
        UNION ALL
        SELECT 'supply', pl.item_id, pl.quantity - pl.received_quantity, po.expected_date::text, NULL
        FROM purchase_orders po JOIN purchase_order_lines pl ON pl.purchase_order_id = po.id
        WHERE po.status = 'approved' AND pl.quantity > pl.received_quantity AND pl.item_id = ANY(${items})${regions(sql`po.region_id`)}
        UNION ALL
        SELECT 'draft', pl.item_id, pl.quantity, po.created_at::date::text, NULL
        FROM purchase_orders po JOIN purchase_order_lines pl ON pl.purchase_order_id = po.id
        WHERE po.status = 'draft' AND pl.item_id = ANY(${items})${regions(sql`po.region_id`)}
          AND EXISTS (SELECT 1 FROM order_generation_run_orders r WHERE r.purchase_order_id = po.id)`,
  );
}

/**
 * The approved region plans (no customer, no salesperson: their customer and salesperson plans
 * split the same demand), regions pooled, summed per item, year and month, from the as-of year
 * on. Only called when the sales plans' table exists (migration 0022).
 */
export async function readPlans(tx: Tx, scope: RunScope, itemIds: readonly number[]): Promise<PlanRow[]> {
  const year = Number(scope.asOf.slice(0, 4));
  return queryRows<PlanRow>(
    tx,
    sql`SELECT item_id AS "itemId", year, array_agg(qty ORDER BY ord)::int[] AS months
        FROM (SELECT l.item_id, p.year, m.ord, sum(m.qty)::int AS qty
              FROM sales_plans p
              JOIN sales_plan_lines l ON l.sales_plan_id = p.id
              CROSS JOIN LATERAL unnest(l.months) WITH ORDINALITY AS m(qty, ord)
              WHERE p.status = 'approved' AND p.customer_id IS NULL AND p.salesperson_id IS NULL
                AND p.year BETWEEN ${year}::int AND ${year + 3}::int AND l.item_id = ANY(${intArray(itemIds)})${anyOf(sql`p.region_id`, scope.regionIds)}
              GROUP BY l.item_id, p.year, m.ord) x
        GROUP BY item_id, year`,
  );
}
