import { permittedIds } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { intList } from '../../db/client.ts';
import type { RowScopeSubject } from '../../lib/resource/resource-binding.ts';

/**
 * The items list's `belowReorder` filter (and the warehouse board's figure): an item whose
 * quantity on hand in the warehouses of the caller's regions (every region's for a caller of all)
 * is under its reorder level. Stock in transit is not on hand; an item without stock has none; a
 * reorder level of 0 never asks for more.
 */
export function belowReorderLevel(subject: RowScopeSubject): SQL {
  const regions = permittedIds(subject.permissions, 'regions');
  const inRegions = regions ? sql` AND i.region_id IN (${intList(regions)})` : sql``;
  // The first condition spares the sum for the items that set no reorder level. The table is named in full:
  // Drizzle leaves a column of a one-table select unqualified, which the subquery would read as its own.
  return sql`items.reorder_level > 0 AND items.reorder_level > coalesce((SELECT sum(i.quantity) FROM inventory i JOIN stock_locations l ON l.id = i.location_id
                                        WHERE i.item_id = items.id AND l.kind = 'warehouse'${inRegions}), 0)`;
}
