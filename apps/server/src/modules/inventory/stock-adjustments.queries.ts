import { permittedIds, type StockAdjustmentDetail, type StockAdjustmentLineRow } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { intList } from '../../db/client.ts';
import { stockAdjustments } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import type { DocumentQueries } from '../../lib/document/document-binding.ts';

export type { StockAdjustmentDetail, StockAdjustmentLineRow };


/** Adjustments with a line outside the actor's regions or categories are not theirs to see. */
function rowScope(actor: Actor): SQL | undefined {
  const regions = permittedIds(actor.permissions, 'regions');
  const categories = permittedIds(actor.permissions, 'categories');
  if (!regions && !categories) return undefined;
  const outside = [
    ...(regions ? [sql`coalesce(l.region_id, i.region_id) NOT IN (${intList(regions)})`] : []),
    ...(categories ? [sql`it.category_id NOT IN (${intList(categories)})`] : []),
  ];
  return sql`NOT EXISTS (
    SELECT 1 FROM stock_adjustment_lines l LEFT JOIN inventory i ON i.id = l.inventory_id JOIN items it ON it.id = coalesce(l.item_id, i.item_id)
    WHERE l.stock_adjustment_id = ${stockAdjustments.id} AND (${sql.join(outside, sql` OR `)}))`;
}

/** How the generic document queries read stock adjustments: the row of docs/api/inventory.md, the lines with their lot, item and region. */
export const stockAdjustmentQueries: DocumentQueries<StockAdjustmentDetail> = {
  rowSelection: {
    id: stockAdjustments.id,
    documentNumber: stockAdjustments.documentNumber,
    adjustmentDate: stockAdjustments.documentDate,
    reason: stockAdjustments.reason,
    narration: stockAdjustments.narration,
    status: stockAdjustments.status,
    totalValue: stockAdjustments.totalValue,
    postedAt: stockAdjustments.postedAt,
    postedBy: stockAdjustments.postedBy,
    cancelledAt: stockAdjustments.cancelledAt,
    cancelledBy: stockAdjustments.cancelledBy,
    createdBy: stockAdjustments.createdBy,
    createdAt: stockAdjustments.createdAt,
    updatedAt: stockAdjustments.updatedAt,
  },
  linesSelection: sql`(
    SELECT coalesce(json_agg(json_build_object(
             'lineNo', l.line_no, 'inventoryId', l.inventory_id, 'itemId', it.id, 'regionId', r.id,
             'lotNumber', coalesce(i.lot_number, l.lot_number, ''), 'dateExpiry', coalesce(i.date_expiry, l.date_expiry),
             'quantity', l.quantity, 'unitCost', coalesce(l.unit_cost, i.unit_cost)::text,
             'item', json_build_object('itemName', it.item_name, 'articleNumber', it.article_number),
             'region', json_build_object('regionName', r.region_name)) ORDER BY l.line_no), '[]')
    FROM stock_adjustment_lines l LEFT JOIN inventory i ON i.id = l.inventory_id
      JOIN items it ON it.id = coalesce(l.item_id, i.item_id) JOIN regions r ON r.id = coalesce(l.region_id, i.region_id)
    WHERE l.stock_adjustment_id = stock_adjustments.id)`,
  searchColumns: [stockAdjustments.narration],
  sortColumns: { adjustmentDate: stockAdjustments.documentDate, documentNumber: stockAdjustments.documentNumber, createdAt: stockAdjustments.createdAt },
  rowScope,
  exportColumns: [
    { header: 'Number', value: (row) => (row.documentNumber as string | null) ?? '' },
    { header: 'Date', value: (row) => String(row.adjustmentDate) },
    { header: 'Reason', value: (row) => String(row.reason) },
    { header: 'Narration', value: (row) => String(row.narration) },
    { header: 'Status', value: (row) => String(row.status) },
    { header: 'Value', value: (row) => String(row.totalValue) },
  ],
  shape: (row) => {
    const lines = (row.lines as StockAdjustmentLineRow[]).map((l) => ({ ...l, quantity: Number(l.quantity), unitCost: l.unitCost ?? null }));
    return { ...(row as unknown as StockAdjustmentDetail), lines };
  },
};
