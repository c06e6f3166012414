import { coldChainMessages, type StoragePlacement } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { dateArray, type Executor, intArray, queryRows, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, NotFoundError } from '../../lib/app-error.ts';
import { allOf, stockScope } from '../inventory/inventory.api.ts';

/**
 * Which unit each cold row of a region was in on each day: its latest placement from that day or
 * before, else the region's default unit for its condition (also before the unit was recorded).
 * Rows: warehouse rows of refrigerated, frozen or deep-frozen items. SQL answering
 * (inventory_id, day, storage_unit_id) for the days `days` (a SQL list of dates, alias d(day)).
 */
export function unitOfRowByDay(regionId: number, condition: string, days: SQL) {
  return sql`SELECT inv.id AS inventory_id, d.day,
                coalesce((SELECT p.storage_unit_id FROM storage_unit_placements p
                          WHERE p.inventory_id = inv.id AND p.from_date <= d.day ORDER BY p.from_date DESC LIMIT 1),
                         (SELECT u.id FROM storage_units u WHERE u.region_id = inv.region_id AND u.storage_condition = it.storage_condition AND u.is_default)) AS storage_unit_id
             FROM inventory inv
             JOIN stock_locations l ON l.id = inv.location_id AND l.kind = 'warehouse'
             JOIN items it ON it.id = inv.item_id AND it.storage_condition = ${condition}
             CROSS JOIN (${days}) AS d(day)
             WHERE inv.region_id = ${regionId}::int`;
}

/**
 * The lots excursions of one unit touched: for each excursion, the rows in the unit on any of
 * its days `from`..`to` (the company's days), each with the most that can have been on hand there
 * on one of them (the day's opening balance and what came in that day: a lot received and issued
 * within the day counts). A row with nothing on any of those days is not listed (received the day
 * after: not there). One statement however many excursions: each day's balances are read once.
 */
export async function rowsInUnitOnDays(
  executor: Executor,
  unit: { id: number; regionId: number; storageCondition: string },
  spans: readonly { excursionId: number; from: string; to: string }[],
): Promise<{ excursionId: number; inventoryId: number; quantity: number }[]> {
  if (spans.length === 0) return [];
  const excursions = sql`SELECT * FROM unnest(${intArray(spans.map((s) => s.excursionId))}, ${dateArray(spans.map((s) => s.from))}, ${dateArray(spans.map((s) => s.to))}) AS x(excursion_id, from_day, to_day)`;
  const days = sql`SELECT DISTINCT generate_series(x.from_day, x.to_day, interval '1 day')::date FROM (${excursions}) x`;
  const rows = await queryRows<{ excursionId: number; inventoryId: number; quantity: number }>(
    executor,
    sql`WITH placed AS (${unitOfRowByDay(unit.regionId, unit.storageCondition, days)}),
         there AS (
           SELECT p.inventory_id, p.day,
                  coalesce((SELECT sum(m.quantity_in - m.quantity_out) FROM stock_moves m WHERE m.inventory_id = p.inventory_id AND m.move_date < p.day), 0)
                    + coalesce((SELECT sum(m.quantity_in) FROM stock_moves m WHERE m.inventory_id = p.inventory_id AND m.move_date = p.day), 0) AS most
           FROM placed p WHERE p.storage_unit_id = ${unit.id}::int)
        SELECT x.excursion_id AS "excursionId", t.inventory_id AS "inventoryId", max(t.most)::int AS quantity
        FROM (${excursions}) x JOIN there t ON t.day BETWEEN x.from_day AND x.to_day
        GROUP BY x.excursion_id, t.inventory_id HAVING max(t.most) > 0
        ORDER BY x.excursion_id, t.inventory_id`,
  );
  return rows.map((r) => ({ excursionId: Number(r.excursionId), inventoryId: Number(r.inventoryId), quantity: Number(r.quantity) }));
}

/** The stock rows (alias `inv`) the actor may see, as /inventory lists them: `AND ...`. */
const stockRowScope = (actor: Pick<Actor, 'permissions'>): SQL => sql`AND ${allOf(stockScope(actor, sql`inv.region_id`, sql`inv.item_id`))}`;

/**
 * Places a cold warehouse row in a unit from a day on (the lead's `POST /api/inventory/:inventoryId/storage-unit`
 * calls it): the unit must be active, of the row's region and its item's condition; a placement of
 * the same day replaces the earlier one. Rows outside the actor's regions and categories, and
 * units outside their regions, read as missing.
 */
export async function placeInStorageUnit(tx: Tx, actor: Actor, input: { inventoryId: number; storageUnitId: number; fromDate: string }): Promise<void> {
  const [row] = await queryRows<{ regionId: number; condition: string; warehouse: boolean }>(
    tx,
    sql`SELECT inv.region_id AS "regionId", it.storage_condition AS condition, (l.kind = 'warehouse') AS warehouse
        FROM inventory inv JOIN items it ON it.id = inv.item_id JOIN stock_locations l ON l.id = inv.location_id
        WHERE inv.id = ${input.inventoryId}::int ${stockRowScope(actor)}`,
  );
  if (!row) throw new NotFoundError();
  if (!row.warehouse || row.condition === 'ambient') throw new BadRequestError({ inventoryId: coldChainMessages.placementRow });
  // Locked, so judged as it stands once a change of it commits; a change waiting for this lock
  // then sees this placement and is refused (storage-units.binding.ts): never a lot in a changed unit.
  const [unit] = await queryRows<{ active: boolean }>(
    tx,
    sql`SELECT active FROM storage_units WHERE id = ${input.storageUnitId}::int AND region_id = ${Number(row.regionId)}::int AND storage_condition = ${row.condition} FOR SHARE`,
  );
  if (!unit) throw new BadRequestError({ storageUnitId: coldChainMessages.placementUnit });
  if (!unit.active) throw new BadRequestError({ storageUnitId: coldChainMessages.receiptUnitInactive });
  await tx.execute(
    sql`INSERT INTO storage_unit_placements (inventory_id, storage_unit_id, from_date, created_by)
        VALUES (${input.inventoryId}::int, ${input.storageUnitId}::int, ${input.fromDate}::date, ${actor.userId}::int)
        ON CONFLICT (inventory_id, from_date) DO UPDATE SET storage_unit_id = EXCLUDED.storage_unit_id, created_by = EXCLUDED.created_by, created_at = now()`,
  );
}

/** A row's placements by day, oldest first (`GET .../storage-history`); 404 for a row outside `actor`'s regions and categories. */
export async function storageHistoryOf(executor: Executor, inventoryId: number, actor?: Pick<Actor, 'permissions'>): Promise<StoragePlacement[]> {
  const rows = await queryRows<{ fromDate: string | null; storageUnitId: number | null; unitName: string | null }>(
    executor,
    sql`SELECT p.from_date::text AS "fromDate", p.storage_unit_id AS "storageUnitId", u.unit_name AS "unitName"
        FROM inventory inv LEFT JOIN storage_unit_placements p ON p.inventory_id = inv.id LEFT JOIN storage_units u ON u.id = p.storage_unit_id
        WHERE inv.id = ${inventoryId}::int ${actor ? stockRowScope(actor) : sql``}
        ORDER BY p.from_date`,
  );
  if (rows.length === 0) throw new NotFoundError();
  return rows.filter((r) => r.fromDate !== null).map((r) => ({ fromDate: r.fromDate!, storageUnitId: Number(r.storageUnitId), unitName: r.unitName! }));
}
