import type { LotTrace, RecallFigures, ReconciliationLine } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, intArray, jsonValue, queryRows } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import { NotFoundError } from '../../lib/app-error.ts';
import { lotStatusSql } from '../inventory/inventory.api.ts';

/** The lots traced: a recall's lines, or one lot named by item and number. */
export type TracedLots = { recallId: number } | { itemId: number; lotNumber: string };

const lotsOf = (lots: TracedLots): SQL =>
  'recallId' in lots
    ? sql`SELECT item_id, lot_number FROM recall_lines WHERE recall_id = ${lots.recallId}::int`
    : sql`SELECT ${lots.itemId}::int AS item_id, ${lots.lotNumber}::text AS lot_number`;

const figureKeys = ['received', 'transferredIn', 'transferredOut', 'sold', 'returned', 'onHand', 'destroyed', 'returnedToSupplier', 'writtenOff'] as const;

/** The figures' sums as JSON keys over `f` (figures by region and lot), difference included. */
const figuresJson = sql.raw(
  `${figureKeys.map((key) => `'${key}', coalesce(sum(f."${key}"), 0)::int`).join(', ')}, 'difference', coalesce(sum(f.received + f."transferredIn" - f."transferredOut" - f.sold + f.returned - f."onHand" - f.destroyed - f."returnedToSupplier" - f."writtenOff"), 0)::int`,
);

/**
 * Where the lots went, as ONE statement (issue 31, section 2: trace and reconciliation). The
 * stock ledger is netted per document and inventory row, so a cancelled document (its mirror
 * moves carry its type, id and number) counts for nothing; the lists join the posted documents.
 * A unit is classed by the document that moved it: goods receipts and adjustments in are
 * received; invoices and consignment usage sold; sales returns returned (any condition: a
 * written-off one also counts written off, as it never re-enters stock); recall disposals
 * destroyed or returned to the supplier; other adjustments out written off; transfers move
 * units between regions (0 company-wide); any other draw (consignments to a site and back,
 * placements, service parts) nets by region, in as received and out as written off. Since
 * every unit on hand came through the ledger, the difference is 0 exactly when every move is
 * classed. `regions` (a user kept to them) narrows every list and figure to their part: a
 * transfer from or to them, what moved in their regions.
 */
export function traceStatement(lots: TracedLots, regions: readonly number[] | undefined, today: string): SQL {
  const scope = regions ? intArray([...regions]) : sql`NULL::int[]`;
  const inScope = (column: SQL) => sql`(${scope} IS NULL OR ${column} = ANY(${scope}))`;
  return sql`
    WITH lots AS (${lotsOf(lots)}),
    inv AS (
      SELECT i.id, i.item_id, i.lot_number, i.region_id, i.quantity, ${lotStatusSql('i', today)} AS lot_status, loc.kind AS location_kind, loc.customer_id
      FROM lots JOIN inventory i ON i.item_id = lots.item_id AND i.lot_number = lots.lot_number
      JOIN stock_locations loc ON loc.id = i.location_id
    ),
    mv AS (
      SELECT m.document_type, m.document_id, m.inventory_id, inv.item_id, inv.lot_number, inv.region_id, inv.location_kind,
             sum(m.quantity_in - m.quantity_out)::int AS net, min(m.move_date) AS move_date, min(m.document_number) AS document_number
      FROM inv JOIN stock_moves m ON m.inventory_id = inv.id
      GROUP BY m.document_type, m.document_id, m.inventory_id, inv.item_id, inv.lot_number, inv.region_id, inv.location_kind
    ),
    classed AS (
      SELECT mv.*,
             CASE
               WHEN mv.document_type = 'goods-receipt' THEN 'received'
               WHEN mv.document_type = 'stock-adjustment' AND d.kind IS NOT NULL THEN d.kind
               WHEN mv.document_type = 'stock-adjustment' THEN CASE WHEN mv.net > 0 THEN 'received' ELSE 'writtenOff' END
               WHEN mv.document_type = 'invoice' THEN 'sold'
               WHEN mv.document_type = 'consignments' AND c.consignment_kind = 'usage' THEN 'sold'
               WHEN mv.document_type = 'sales-return' THEN 'restocked'
               WHEN mv.document_type = 'transfer' THEN 'transfer'
               ELSE 'other'
             END AS class
      FROM mv
      LEFT JOIN recall_disposals d ON mv.document_type = 'stock-adjustment' AND d.adjustment_id = mv.document_id
      LEFT JOIN consignments c ON mv.document_type = 'consignments' AND c.id = mv.document_id
      WHERE mv.net <> 0
    ),
    -- Transfers and other draws count by region: what left one place of a region for another of it is nothing.
    by_region AS (
      SELECT class, document_type, document_id, item_id, lot_number, region_id, sum(net)::int AS net
      FROM classed WHERE class IN ('transfer', 'other')
      GROUP BY class, document_type, document_id, item_id, lot_number, region_id
    ),
    il AS (
      SELECT l.id, l.invoice_id, l.quantity, l.returned_quantity, inv.item_id, inv.lot_number, iv.document_number, iv.document_date, iv.customer_id, iv.region_id
      FROM inv JOIN invoice_lines l ON l.inventory_id = inv.id JOIN invoices iv ON iv.id = l.invoice_id AND iv.status = 'posted'
    ),
    rl AS (
      SELECT r.id AS sales_return_id, r.document_number, r.document_date, r.customer_id, r.region_id, r.invoice_id, il.item_id, il.lot_number, s.quantity, s.condition
      FROM il JOIN sales_return_lines s ON s.invoice_line_id = il.id JOIN sales_returns r ON r.id = s.sales_return_id AND r.status = 'posted'
    ),
    cs AS (
      SELECT c.id AS consignment_id, c.document_number, c.consignment_date, c.consignment_kind, c.rental_agreement_id, a.customer_id, a.region_id,
             x.item_id, x.lot_number, sum(-x.net) FILTER (WHERE x.net < 0)::int AS quantity
      FROM classed x JOIN consignments c ON x.document_type = 'consignments' AND c.id = x.document_id AND c.status = 'posted'
      JOIN rental_agreements a ON a.id = c.rental_agreement_id
      GROUP BY c.id, a.customer_id, a.region_id, x.item_id, x.lot_number
    ),
    -- Figures by region and lot, each a count of units.
    parts AS (
      SELECT region_id, item_id, lot_number, net AS received, 0 AS "transferredIn", 0 AS "transferredOut", 0 AS sold, 0 AS returned, 0 AS "onHand", 0 AS destroyed, 0 AS "returnedToSupplier", 0 AS "writtenOff"
        FROM classed WHERE class = 'received'
      UNION ALL SELECT region_id, item_id, lot_number, 0, 0, 0, -net, 0, 0, 0, 0, 0 FROM classed WHERE class = 'sold'
      UNION ALL SELECT region_id, item_id, lot_number, 0, 0, 0, 0, 0, 0, -net, 0, 0 FROM classed WHERE class = 'destroyed'
      UNION ALL SELECT region_id, item_id, lot_number, 0, 0, 0, 0, 0, 0, 0, -net, 0 FROM classed WHERE class = 'returnedToSupplier'
      UNION ALL SELECT region_id, item_id, lot_number, 0, 0, 0, 0, 0, 0, 0, 0, -net FROM classed WHERE class = 'writtenOff'
      UNION ALL SELECT region_id, item_id, lot_number, 0, greatest(net, 0), greatest(-net, 0), 0, 0, 0, 0, 0, 0 FROM by_region WHERE class = 'transfer'
      UNION ALL SELECT region_id, item_id, lot_number, greatest(net, 0), 0, 0, 0, 0, 0, 0, 0, greatest(-net, 0) FROM by_region WHERE class = 'other'
      UNION ALL SELECT region_id, item_id, lot_number, 0, 0, 0, 0, quantity, 0, 0, 0, CASE WHEN condition = 'writeOff' THEN quantity ELSE 0 END FROM rl
      UNION ALL SELECT region_id, item_id, lot_number, 0, 0, 0, 0, 0, quantity, 0, 0, 0 FROM inv
    ),
    f AS (SELECT * FROM parts WHERE ${inScope(sql`parts.region_id`)}),
    customer_parts AS (
      SELECT customer_id, quantity AS sold, 0 AS returned, 0 AS on_site FROM il WHERE ${inScope(sql`il.region_id`)}
      UNION ALL SELECT customer_id, quantity, 0, 0 FROM cs WHERE consignment_kind = 'usage' AND ${inScope(sql`cs.region_id`)}
      UNION ALL SELECT customer_id, 0, quantity, 0 FROM rl WHERE ${inScope(sql`rl.region_id`)}
      UNION ALL SELECT customer_id, 0, 0, quantity FROM inv WHERE location_kind = 'customer' AND customer_id IS NOT NULL AND ${inScope(sql`inv.region_id`)}
    )
    SELECT
      (SELECT coalesce(json_agg(json_build_object('documentType', r.document_type, 'documentId', r.document_id, 'documentNumber', r.document_number,
                'date', r.move_date, 'regionId', r.region_id, 'vendorId', v.id, 'vendorName', v.vendor_name, 'itemId', r.item_id, 'lotNumber', r.lot_number,
                'quantity', r.quantity) ORDER BY r.move_date, r.document_number, r.item_id, r.lot_number), '[]')
         FROM (SELECT document_type, document_id, min(document_number) AS document_number, min(move_date) AS move_date, region_id, item_id, lot_number, sum(net)::int AS quantity
               FROM classed WHERE class = 'received' AND ${inScope(sql`classed.region_id`)}
               GROUP BY document_type, document_id, region_id, item_id, lot_number) r
         LEFT JOIN goods_receipts g ON r.document_type = 'goods-receipt' AND g.id = r.document_id
         LEFT JOIN purchase_orders po ON po.id = g.purchase_order_id
         LEFT JOIN vendors v ON v.id = po.vendor_id) AS receipts,
      (SELECT coalesce(json_agg(json_build_object('customerId', cu.id, 'customerName', cu.customer_name, 'regionId', cu.region_id, 'regionName', rg.region_name,
                'sold', x.sold, 'returned', x.returned, 'onSite', x.on_site) ORDER BY cu.customer_name, cu.id), '[]')
         FROM (SELECT customer_id, sum(sold)::int AS sold, sum(returned)::int AS returned, sum(on_site)::int AS on_site FROM customer_parts GROUP BY customer_id) x
         JOIN customers cu ON cu.id = x.customer_id JOIN regions rg ON rg.id = cu.region_id) AS customers,
      (SELECT coalesce(json_agg(json_build_object('invoiceId', x.invoice_id, 'documentNumber', x.document_number, 'invoiceDate', x.document_date,
                'customerId', x.customer_id, 'regionId', x.region_id, 'itemId', x.item_id, 'lotNumber', x.lot_number, 'quantity', x.quantity,
                'returnedQuantity', x.returned_quantity) ORDER BY x.document_date, x.document_number, x.item_id, x.lot_number), '[]')
         FROM (SELECT invoice_id, document_number, document_date, customer_id, region_id, item_id, lot_number, sum(quantity)::int AS quantity, sum(returned_quantity)::int AS returned_quantity
               FROM il WHERE ${inScope(sql`il.region_id`)} GROUP BY invoice_id, document_number, document_date, customer_id, region_id, item_id, lot_number) x) AS invoices,
      (SELECT coalesce(json_agg(json_build_object('salesReturnId', x.sales_return_id, 'documentNumber', x.document_number, 'returnDate', x.document_date,
                'customerId', x.customer_id, 'invoiceId', x.invoice_id, 'itemId', x.item_id, 'lotNumber', x.lot_number, 'quantity', x.quantity,
                'condition', x.condition) ORDER BY x.document_date, x.document_number, x.item_id, x.lot_number, x.condition), '[]')
         FROM (SELECT sales_return_id, document_number, document_date, customer_id, invoice_id, item_id, lot_number, condition, sum(quantity)::int AS quantity
               FROM rl WHERE ${inScope(sql`rl.region_id`)} GROUP BY sales_return_id, document_number, document_date, customer_id, invoice_id, item_id, lot_number, condition) x) AS returns,
      (SELECT coalesce(json_agg(json_build_object('transferId', x.id, 'documentNumber', x.document_number, 'transferDate', x.document_date,
                'fromRegionId', x.from_region_id, 'toRegionId', x.to_region_id, 'itemId', x.item_id, 'lotNumber', x.lot_number, 'quantity', x.quantity,
                'status', x.status) ORDER BY x.document_date, x.document_number, x.item_id, x.lot_number), '[]')
         FROM (SELECT t.id, t.document_number, t.document_date, t.from_region_id, t.to_region_id, t.status, inv.item_id, inv.lot_number, sum(l.quantity)::int AS quantity
               FROM inv JOIN transfer_lines l ON l.inventory_id = inv.id JOIN transfers t ON t.id = l.transfer_id AND t.status IN ('dispatched', 'received')
               WHERE ${inScope(sql`t.from_region_id`)} OR ${inScope(sql`t.to_region_id`)}
               GROUP BY t.id, inv.item_id, inv.lot_number) x) AS transfers,
      (SELECT coalesce(json_agg(json_build_object('consignmentId', cs.consignment_id, 'documentNumber', cs.document_number, 'consignmentDate', cs.consignment_date,
                'consignmentKind', cs.consignment_kind, 'rentalAgreementId', cs.rental_agreement_id, 'customerId', cs.customer_id, 'itemId', cs.item_id,
                'lotNumber', cs.lot_number, 'quantity', cs.quantity) ORDER BY cs.consignment_date, cs.document_number, cs.item_id, cs.lot_number), '[]')
         FROM cs WHERE ${inScope(sql`cs.region_id`)}) AS consignments,
      (SELECT coalesce(json_agg(json_build_object('inventoryId', inv.id, 'regionId', inv.region_id, 'regionName', rg.region_name, 'locationKind', inv.location_kind,
                'customerId', inv.customer_id, 'itemId', inv.item_id, 'lotNumber', inv.lot_number, 'quantity', inv.quantity, 'lotStatus', inv.lot_status)
                ORDER BY inv.item_id, inv.lot_number, inv.region_id, inv.id), '[]')
         FROM inv JOIN regions rg ON rg.id = inv.region_id WHERE inv.quantity > 0 AND ${inScope(sql`inv.region_id`)}) AS "onHand",
      (SELECT json_build_object(${figuresJson}) FROM f) AS totals,
      (SELECT coalesce(json_agg(x.line ORDER BY x.item_id, x.lot_number), '[]')
         FROM (SELECT lots.item_id, lots.lot_number,
                      json_build_object('itemId', lots.item_id, 'lotNumber', lots.lot_number, ${figuresJson}) AS line
               FROM lots LEFT JOIN f ON f.item_id = lots.item_id AND f.lot_number = lots.lot_number
               GROUP BY lots.item_id, lots.lot_number) x) AS lines`;
}

/** The lines' figures without the transfers (0 company-wide), as the reconciliation answers them. */
function reconciliationLine(line: ReconciliationLine & Partial<RecallFigures>): ReconciliationLine {
  const { transferredIn: _in, transferredOut: _out, ...rest } = line;
  return rest;
}

/** The trace of the lots as `regions` may see it (undefined: every region). */
export async function traceLots(executor: Executor, lots: TracedLots, regions: readonly number[] | undefined): Promise<LotTrace> {
  const [row] = await queryRows<Record<keyof LotTrace, unknown>>(executor, traceStatement(lots, regions, todayIso()));
  return {
    receipts: jsonValue(row!.receipts),
    customers: jsonValue(row!.customers),
    invoices: jsonValue(row!.invoices),
    returns: jsonValue(row!.returns),
    transfers: jsonValue(row!.transfers),
    consignments: jsonValue(row!.consignments),
    onHand: jsonValue(row!.onHand),
    totals: jsonValue(row!.totals),
    lines: jsonValue<ReconciliationLine[]>(row!.lines).map(reconciliationLine),
  };
}

/** A user kept to categories traces only their items' lots, as /inventory lists them: 404 otherwise. */
export async function assertItemInCategories(executor: Executor, itemId: number, categories: readonly number[] | undefined): Promise<void> {
  if (!categories) return;
  const [item] = await queryRows<{ categoryId: number }>(executor, sql`SELECT category_id AS "categoryId" FROM items WHERE id = ${itemId}::int`);
  if (!item || !categories.includes(Number(item.categoryId))) throw new NotFoundError();
}
