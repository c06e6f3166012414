import {
  addDays,
  effectiveLotStatus,
  expiryStatus,
  fromMinorUnits,
  type InventoryListResponse,
  inventoryListQuerySchema,
  type InventoryOption,
  inventoryOptionsQuerySchema,
  type InventoryRow,
  messages,
  type StoredLotStatus,
  toMinorUnits,
} from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Executor, queryRows, intList } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import type { RowScopeSubject } from '../../lib/resource/resource-binding.ts';
import { allOf, stockScope } from './stock-scope.ts';
import { likePattern } from '../../lib/resource/resource-query.ts';
import { readSettingValues } from '../setup/setup.api.ts';
import { lotStatusIs, lotStatusSql } from './lot-status.ts';

type ListQuery = Omit<z.output<typeof inventoryListQuerySchema>, 'page' | 'pageSize'>;

/** Settings' near-expiry window (days). */
export async function nearExpiryDays(executor: Executor): Promise<number> {
  const { nearExpiryDays: days } = await readSettingValues(executor, ['nearExpiryDays']);
  return Number(days ?? 90);
}

/** The lots list's FROM and WHERE, shared with the dashboard's stock figures (inventory-figures.ts) so they add up the same rows. */
export const lotFrom = sql`FROM inventory i JOIN items it ON it.id = i.item_id JOIN regions r ON r.id = i.region_id JOIN stock_locations l ON l.id = i.location_id`;

/**
 * The joins `listConditions` needs and no more, for reads that add lots up (the list's totals,
 * the dashboard's figures): items only when a condition names an item's column. Joining the
 * names as well made the warehouse's expiry figures twice as slow over 200,000 lots.
 */
export function lotConditionsFrom(query: Pick<ListQuery, 'categoryId' | 'search'>): SQL {
  return query.categoryId || query.search
    ? sql`FROM inventory i JOIN items it ON it.id = i.item_id JOIN stock_locations l ON l.id = i.location_id`
    : sql`FROM inventory i JOIN stock_locations l ON l.id = i.location_id`;
}

export function listConditions(query: ListQuery, subject: RowScopeSubject, today: string, windowDays: number): SQL {
  const conditions: SQL[] = stockScope(subject, sql`i.region_id`, sql`i.item_id`);
  if (!query.includeEmpty) conditions.push(sql`i.quantity > 0`);
  if (query.location !== 'all') conditions.push(sql`l.kind = ${query.location}`);
  if (query.itemId) conditions.push(sql`i.item_id = ${query.itemId}`);
  if (query.categoryId) conditions.push(sql`it.category_id = ${query.categoryId}`);
  if (query.regionId) conditions.push(sql`i.region_id = ${query.regionId}`);
  if (query.expiringWithin !== undefined) conditions.push(sql`i.date_expiry <= ${addDays(today, query.expiringWithin)}::date`);
  if (query.status === 'expired') conditions.push(sql`i.date_expiry < ${today}::date`);
  if (query.status === 'nearExpiry') conditions.push(sql`i.date_expiry BETWEEN ${today}::date AND ${addDays(today, windowDays)}::date`);
  if (query.status === 'usable') conditions.push(sql`(i.date_expiry IS NULL OR i.date_expiry >= ${today}::date)`);
  if (query.lotStatus) conditions.push(lotStatusIs(query.lotStatus, today));
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(sql`(it.item_name ILIKE ${pattern} OR it.article_number ILIKE ${pattern} OR i.lot_number ILIKE ${pattern})`);
  }
  return allOf(conditions);
}

const sortColumns: Record<ListQuery['sort'], SQL> = {
  itemName: sql`it.item_name`,
  articleNumber: sql`it.article_number`,
  lotNumber: sql`i.lot_number`,
  dateExpiry: sql`i.date_expiry`,
  regionName: sql`r.region_name`,
  quantity: sql`i.quantity`,
  value: sql`(i.quantity * i.unit_cost)`,
};

interface LotRow {
  id: number;
  itemId: number;
  itemName: string;
  articleNumber: string;
  unit: string;
  categoryId: number;
  storageCondition: string;
  lotNumber: string;
  dateExpiry: string | null;
  regionId: number;
  regionName: string;
  locationId: number;
  locationName: string;
  kind: string;
  quantity: number;
  unitCost: string;
  value: string;
  lotStatus: StoredLotStatus;
  statusReason: string;
  recallId: number | null;
  excursionId: number | null;
}

function rowOf(row: LotRow, today: string, windowDays: number): InventoryRow {
  const status = expiryStatus(row.dateExpiry, today, windowDays);
  return {
    id: Number(row.id),
    inventoryId: Number(row.id),
    itemId: Number(row.itemId),
    item: { itemName: row.itemName, articleNumber: row.articleNumber, unit: row.unit, categoryId: Number(row.categoryId), storageCondition: row.storageCondition },
    lotNumber: row.lotNumber,
    dateExpiry: row.dateExpiry,
    regionId: Number(row.regionId),
    region: { regionName: row.regionName },
    locationId: Number(row.locationId),
    location: { locationName: row.locationName, kind: row.kind as InventoryRow['location']['kind'] },
    quantity: Number(row.quantity),
    unitCost: row.unitCost,
    value: fromMinorUnits(toMinorUnits(row.value)),
    nearExpiry: status === 'nearExpiry',
    expired: status === 'expired',
    lotStatus: effectiveLotStatus(row.lotStatus, row.dateExpiry, today),
    statusReason: row.statusReason,
    recallId: row.recallId === null ? null : Number(row.recallId),
    excursionId: row.excursionId === null ? null : Number(row.excursionId),
  };
}

async function lotRows(executor: Executor, where: SQL, query: ListQuery, limits: { limit: number; offset: number }): Promise<LotRow[]> {
  const direction = query.order.startsWith('desc') ? sql.raw('DESC') : sql.raw('ASC');
  // Lots without an expiry sort after every dated one whichever the direction; the id breaks ties.
  return queryRows<LotRow>(
    executor,
    sql`SELECT i.id, i.item_id AS "itemId", it.item_name AS "itemName", it.article_number AS "articleNumber", it.unit, it.category_id AS "categoryId",
               it.storage_condition AS "storageCondition", i.lot_number AS "lotNumber", i.date_expiry::text AS "dateExpiry", i.region_id AS "regionId", r.region_name AS "regionName",
               i.location_id AS "locationId", l.location_name AS "locationName", l.kind, i.quantity, i.unit_cost::text AS "unitCost",
               (i.quantity * i.unit_cost)::text AS value, i.lot_status AS "lotStatus", i.status_reason AS "statusReason",
               i.recall_id AS "recallId", i.excursion_id AS "excursionId"
        ${lotFrom}
        WHERE ${where}
        ORDER BY ${sortColumns[query.sort]} ${direction} NULLS LAST, i.id ${direction}
        LIMIT ${limits.limit} OFFSET ${limits.offset}`,
  );
}

/** GET /api/inventory: a page of lots, the count and the totals of the whole filter. */
export async function listInventory(executor: Executor, subject: RowScopeSubject, query: z.output<typeof inventoryListQuerySchema>): Promise<InventoryListResponse> {
  const today = todayIso();
  const windowDays = await nearExpiryDays(executor);
  const where = listConditions(query, subject, today, windowDays);
  const blocked = sql`NOT ${lotStatusIs('released', today)}`;
  const [rows, [totals]] = await Promise.all([
    lotRows(executor, where, query, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    queryRows<{ count: number; quantity: string; value: string; blockedQuantity: string; blockedValue: string }>(
      executor,
      sql`SELECT count(*)::int AS count, coalesce(sum(i.quantity), 0)::text AS quantity, coalesce(sum(i.quantity * i.unit_cost), 0)::text AS value,
                 coalesce(sum(i.quantity) FILTER (WHERE ${blocked}), 0)::text AS "blockedQuantity",
                 coalesce(sum(i.quantity * i.unit_cost) FILTER (WHERE ${blocked}), 0)::text AS "blockedValue"
          ${lotConditionsFrom(query)} WHERE ${where}`,
    ),
  ]);
  return {
    status: 200,
    message: messages.ok,
    data: rows.map((row) => rowOf(row, today, windowDays)),
    total: Number(totals!.count),
    totals: {
      quantity: Number(totals!.quantity),
      value: fromMinorUnits(toMinorUnits(totals!.value)),
      blockedQuantity: Number(totals!.blockedQuantity),
      blockedValue: fromMinorUnits(toMinorUnits(totals!.blockedValue)),
    },
    nearExpiryDays: windowDays,
    today,
  };
}

/** One row as /api/inventory answers it, whatever its quantity or place (the answer of a status change). */
export async function inventoryRow(executor: Executor, subject: RowScopeSubject, inventoryId: number): Promise<InventoryRow | undefined> {
  const today = todayIso();
  const windowDays = await nearExpiryDays(executor);
  const query = inventoryListQuerySchema.parse({ location: 'all', includeEmpty: 'true' });
  const [row] = await lotRows(executor, allOf([...stockScope(subject, sql`i.region_id`, sql`i.item_id`), sql`i.id = ${inventoryId}::int`]), query, { limit: 1, offset: 0 });
  return row && rowOf(row, today, windowDays);
}

export const inventoryExportRowCap = 100_000;

/** Every lot of the filter (at most the cap) for the CSV and Excel export. */
export async function inventoryForExport(executor: Executor, subject: RowScopeSubject, query: ListQuery): Promise<InventoryRow[]> {
  const today = todayIso();
  const windowDays = await nearExpiryDays(executor);
  const rows = await lotRows(executor, listConditions(query, subject, today, windowDays), query, { limit: inventoryExportRowCap, offset: 0 });
  return rows.map((row) => rowOf(row, today, windowDays));
}

/**
 * GET /api/inventory/options: warehouse lots with stock (spec section 5: quantity 0 or less
 * is never offered), soonest expiry first (FEFO), expired lots left out for an issue. Lots
 * named in `ids` come back too, so a picker can label its current value.
 */
export async function inventoryOptions(
  executor: Executor,
  subject: RowScopeSubject,
  query: z.output<typeof inventoryOptionsQuerySchema>,
): Promise<{ options: InventoryOption[]; hasMore: boolean }> {
  const today = todayIso();
  const scope = stockScope(subject, sql`i.region_id`, sql`i.item_id`);
  const offered: SQL[] = [...scope, sql`l.kind = 'warehouse'`, sql`i.quantity > 0`];
  if (query.purpose === 'issue') offered.push(lotStatusIs('released', today));
  if (query.itemId) offered.push(sql`i.item_id = ${query.itemId}`);
  if (query.regionId) offered.push(sql`i.region_id = ${query.regionId}`);
  if (query.search) {
    const pattern = likePattern(query.search);
    offered.push(sql`(it.item_name ILIKE ${pattern} OR it.article_number ILIKE ${pattern} OR i.lot_number ILIKE ${pattern})`);
  }
  const select = (where: SQL, limit: number) =>
    queryRows<Omit<InventoryOption, 'region' | 'item'> & { regionName: string; itemName: string; articleNumber: string }>(
      executor,
      sql`SELECT i.id, i.id AS "inventoryId", it.item_name || ' / ' || i.lot_number AS name, i.lot_number AS "lotNumber", i.date_expiry::text AS "dateExpiry",
                 i.quantity, i.unit_cost::text AS "unitCost", i.item_id AS "itemId", i.region_id AS "regionId", r.region_name AS "regionName",
                 it.item_name AS "itemName", it.article_number AS "articleNumber", ${lotStatusSql('i', today)} AS "lotStatus"
          ${lotFrom}
          WHERE ${where}
          ORDER BY i.date_expiry NULLS LAST, i.lot_number, i.id
          LIMIT ${limit}`,
    );
  const page = query.limit === 0 ? [] : await select(allOf(offered), query.limit + 1);
  const hasMore = page.length > query.limit;
  const rows = page.slice(0, query.limit);
  const missing = (query.ids ?? []).filter((id) => !rows.some((row) => Number(row.id) === id));
  if (missing.length > 0) rows.push(...(await select(allOf([...scope, sql`i.id IN (${intList(missing)})`]), missing.length)));
  const options = rows.map(({ regionName, itemName, articleNumber, ...row }) => ({
    ...row,
    id: Number(row.id),
    inventoryId: Number(row.inventoryId),
    quantity: Number(row.quantity),
    itemId: Number(row.itemId),
    regionId: Number(row.regionId),
    region: { regionName },
    item: { itemName, articleNumber },
  }));
  return { options, hasMore };
}
