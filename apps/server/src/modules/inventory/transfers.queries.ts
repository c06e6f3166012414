import { permittedIds, type TransferDetail, type TransferLineRow } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { intList, jsonValue } from '../../db/client.ts';
import { transfers } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import type { DocumentQueries } from '../../lib/document/document-binding.ts';

export type { TransferDetail, TransferLineRow };

/**
 * A user kept to regions sees the transfers from or to them (the destination sees what is
 * coming); kept to categories, those whose every line is of their categories.
 */
function rowScope(actor: Actor): SQL | undefined {
  const regions = permittedIds(actor.permissions, 'regions');
  const categories = permittedIds(actor.permissions, 'categories');
  if (!regions && !categories) return undefined;
  const conditions: SQL[] = [];
  if (regions) conditions.push(sql`(${transfers.fromRegionId} IN (${intList(regions)}) OR ${transfers.toRegionId} IN (${intList(regions)}))`);
  if (categories) {
    conditions.push(sql`NOT EXISTS (
      SELECT 1 FROM transfer_lines l JOIN inventory i ON i.id = l.inventory_id JOIN items it ON it.id = i.item_id
      WHERE l.transfer_id = ${transfers.id} AND it.category_id NOT IN (${intList(categories)}))`);
  }
  return sql.join(conditions, sql` AND `);
}

// A select names its columns unqualified, so the subqueries name the document's row `transfers.` themselves.
const regionName = (column: 'from_region_id' | 'to_region_id') => sql`(SELECT json_build_object('regionName', r.region_name) FROM regions r WHERE r.id = ${sql.raw(`transfers.${column}`)})`;


/** How the generic document queries read transfers: the row of the API, the lines with their lot and item. */
export const transferQueries: DocumentQueries<TransferDetail> = {
  rowSelection: {
    id: transfers.id,
    documentNumber: transfers.documentNumber,
    transferDate: transfers.documentDate,
    fromRegionId: transfers.fromRegionId,
    toRegionId: transfers.toRegionId,
    courierId: transfers.courierId,
    notes: transfers.notes,
    status: transfers.status,
    // The lots' cost never changes, so the value is the same read at any time.
    totalValue: sql<string>`(SELECT round(coalesce(sum(l.quantity * i.unit_cost), 0), 2)::text FROM transfer_lines l JOIN inventory i ON i.id = l.inventory_id
                              WHERE l.transfer_id = transfers.id)`,
    fromRegion: regionName('from_region_id'),
    toRegion: regionName('to_region_id'),
    courier: sql`(SELECT json_build_object('courierName', c.courier_name) FROM couriers c WHERE c.id = transfers.courier_id)`,
    dispatchedAt: transfers.dispatchedAt,
    dispatchedBy: transfers.dispatchedBy,
    receivedAt: transfers.receivedAt,
    receivedBy: transfers.receivedBy,
    cancelledAt: transfers.cancelledAt,
    cancelledBy: transfers.cancelledBy,
    createdBy: transfers.createdBy,
    createdAt: transfers.createdAt,
    updatedAt: transfers.updatedAt,
  },
  linesSelection: sql`(
    SELECT coalesce(json_agg(json_build_object(
             'lineNo', l.line_no, 'inventoryId', l.inventory_id, 'quantity', l.quantity, 'itemId', i.item_id,
             'lotNumber', i.lot_number, 'dateExpiry', i.date_expiry, 'unitCost', i.unit_cost::text, 'value', round(l.quantity * i.unit_cost, 2)::text,
             'item', json_build_object('itemName', it.item_name, 'articleNumber', it.article_number, 'unit', it.unit)) ORDER BY l.line_no), '[]')
    FROM transfer_lines l JOIN inventory i ON i.id = l.inventory_id JOIN items it ON it.id = i.item_id
    WHERE l.transfer_id = transfers.id)`,
  searchColumns: [transfers.notes],
  sortColumns: { transferDate: transfers.documentDate, documentNumber: transfers.documentNumber, createdAt: transfers.createdAt },
  rowScope,
  exportColumns: [
    { header: 'Number', value: (row) => (row.documentNumber as string | null) ?? '' },
    { header: 'Date', value: (row) => String(row.transferDate) },
    { header: 'From', value: (row) => jsonValue<{ regionName: string } | null>(row.fromRegion)?.regionName ?? '' },
    { header: 'To', value: (row) => jsonValue<{ regionName: string } | null>(row.toRegion)?.regionName ?? '' },
    { header: 'Courier', value: (row) => jsonValue<{ courierName: string } | null>(row.courier)?.courierName ?? '' },
    { header: 'Status', value: (row) => String(row.status) },
    { header: 'Value', value: (row) => String(row.totalValue) },
    { header: 'Notes', value: (row) => String(row.notes) },
  ],
  shape: (row) => {
    const lines = jsonValue<TransferLineRow[]>(row.lines).map((l) => ({ ...l, quantity: Number(l.quantity), inventoryId: Number(l.inventoryId), itemId: Number(l.itemId) }));
    return {
      ...(row as unknown as TransferDetail),
      fromRegion: jsonValue(row.fromRegion),
      toRegion: jsonValue(row.toRegion),
      courier: jsonValue(row.courier) ?? null,
      lines,
    };
  },
};
