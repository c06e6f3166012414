import {
  fromMinorUnits,
  type InventoryLedgerResponse,
  type InventoryLedgerRow,
  inventoryLedgerQuerySchema,
  isIsoDate,
  messages,
  permittedIds,
  type StockBalance,
  toMinorUnits,
} from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Executor, queryRows, intList } from '../../db/client.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import type { RowScopeSubject } from '../../lib/resource/resource-binding.ts';
import { allOf, stockScope } from './stock-scope.ts';

type LedgerQuery = z.output<typeof inventoryLedgerQuerySchema>;
type LedgerRangeQuery = Omit<LedgerQuery, 'pageSize' | 'after'>;

interface Cursor {
  date: string;
  id: string;
}

export function encodeStockCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.date}|${cursor.id}`).toString('base64url');
}

export function decodeStockCursor(text: string): Cursor {
  const [date, id, extra] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (!date || !id || extra !== undefined || !isIsoDate(date) || !/^\d{1,18}$/.test(id)) throw new BadRequestError({ after: 'The page cursor is not valid' });
  return { date, id };
}

/**
 * The movements a caller asked for and may see, over `m` (stock_moves), without the dates.
 * `byDays` tells whether the per-region day totals can answer sums for it: only a filter by
 * region (or none) can, a lot, an item or a category narrows below a region's day.
 */
function filterOf(query: LedgerRangeQuery, subject: RowScopeSubject): { where: SQL; byDays: boolean; regions: SQL } {
  const scope = stockScope(subject, sql`m.region_id`, sql`m.item_id`);
  const conditions: SQL[] = [...scope];
  if (query.itemId) conditions.push(sql`m.item_id = ${query.itemId}`);
  if (query.inventoryId) conditions.push(sql`m.inventory_id = ${query.inventoryId}`);
  if (query.regionId) conditions.push(sql`m.region_id = ${query.regionId}`);
  const byDays = !query.itemId && !query.inventoryId && permittedIds(subject.permissions, 'categories') === undefined;
  const regionConditions: SQL[] = [];
  const regions = permittedIds(subject.permissions, 'regions');
  if (regions) regionConditions.push(sql`d.region_id IN (${intList(regions)})`);
  if (query.regionId) regionConditions.push(sql`d.region_id = ${query.regionId}`);
  return { where: allOf(conditions), byDays, regions: allOf(regionConditions) };
}

interface Sums {
  quantityIn: bigint;
  quantityOut: bigint;
  valueIn: bigint;
  valueOut: bigint;
  count: number;
}

const zero: Sums = { quantityIn: 0n, quantityOut: 0n, valueIn: 0n, valueOut: 0n, count: 0 };

function sumsOf(row: { qin: string; qout: string; vin: string; vout: string; n: string | number } | undefined): Sums {
  if (!row) return zero;
  return { quantityIn: BigInt(row.qin), quantityOut: BigInt(row.qout), valueIn: toMinorUnits(row.vin), valueOut: toMinorUnits(row.vout), count: Number(row.n) };
}

const add = (a: Sums, b: Sums): Sums => ({
  quantityIn: a.quantityIn + b.quantityIn,
  quantityOut: a.quantityOut + b.quantityOut,
  valueIn: a.valueIn + b.valueIn,
  valueOut: a.valueOut + b.valueOut,
  count: a.count + b.count,
});

async function sumMoves(executor: Executor, where: SQL): Promise<Sums> {
  const [row] = await queryRows<{ qin: string; qout: string; vin: string; vout: string; n: number }>(
    executor,
    sql`SELECT coalesce(sum(m.quantity_in), 0)::text AS qin, coalesce(sum(m.quantity_out), 0)::text AS qout,
               coalesce(sum(m.value) FILTER (WHERE m.quantity_in > 0 OR (m.kind = 'value' AND m.value > 0)), 0)::text AS vin,
               coalesce(sum(abs(m.value)) FILTER (WHERE m.quantity_out > 0 OR (m.kind = 'value' AND m.value < 0)), 0)::text AS vout, count(*)::int AS n
        FROM stock_moves m WHERE ${where}`,
  );
  return sumsOf(row);
}

async function sumDays(executor: Executor, where: SQL): Promise<Sums> {
  const [row] = await queryRows<{ qin: string; qout: string; vin: string; vout: string; n: string }>(
    executor,
    sql`SELECT coalesce(sum(d.quantity_in), 0)::text AS qin, coalesce(sum(d.quantity_out), 0)::text AS qout,
               coalesce(sum(d.value_in), 0)::text AS vin, coalesce(sum(d.value_out), 0)::text AS vout, coalesce(sum(d.moves), 0)::text AS n
        FROM stock_daily_totals d WHERE ${where}`,
  );
  return sumsOf(row);
}

type Filter = ReturnType<typeof filterOf>;

/** Movements dated before `date`: day totals when the filter allows, else the movements' index. */
function sumBefore(executor: Executor, filter: Filter, date: string): Promise<Sums> {
  if (filter.byDays) return sumDays(executor, sql`${filter.regions} AND d.move_date < ${date}::date`);
  return sumMoves(executor, sql`${filter.where} AND m.move_date < ${date}::date`);
}

/** Movements from `from` to `to` (either open). */
function sumRange(executor: Executor, filter: Filter, from: string | undefined, to: string | undefined): Promise<Sums> {
  const dates = (column: SQL) => sql`${from ? sql`${column} >= ${from}::date` : sql`TRUE`} AND ${to ? sql`${column} <= ${to}::date` : sql`TRUE`}`;
  if (filter.byDays) return sumDays(executor, sql`${filter.regions} AND ${dates(sql`d.move_date`)}`);
  return sumMoves(executor, sql`${filter.where} AND ${dates(sql`m.move_date`)}`);
}

/** Every movement up to and including the cursor's: the days before its day, then that day's movements up to it. */
async function sumThrough(executor: Executor, filter: Filter, cursor: Cursor): Promise<Sums> {
  const day = await sumMoves(executor, sql`${filter.where} AND m.move_date = ${cursor.date}::date AND m.id <= ${cursor.id}::bigint`);
  return add(await sumBefore(executor, filter, cursor.date), day);
}

const balanceOf = (sums: Sums): StockBalance => ({
  quantity: Number(sums.quantityIn - sums.quantityOut),
  value: fromMinorUnits(sums.valueIn - sums.valueOut),
});

type MoveRow = Omit<InventoryLedgerRow, 'moveId' | 'item' | 'region' | 'location' | 'balance' | 'balanceValue'> & {
  locationName: string;
  kind: InventoryLedgerRow['location']['kind'];
  moveId: string;
  itemName: string;
  articleNumber: string;
  regionName: string;
  balance: string;
  balanceValue: string;
};

/** Movements of the range after the cursor, in order, each with the running balance (a window sum on the balance before). */
async function moveRows(executor: Executor, filter: Filter, query: LedgerRangeQuery, base: Sums, after: Cursor | undefined, limit: number): Promise<MoveRow[]> {
  const conditions = [filter.where];
  if (query.from) conditions.push(sql`m.move_date >= ${query.from}::date`);
  if (query.to) conditions.push(sql`m.move_date <= ${query.to}::date`);
  if (after) conditions.push(sql`(m.move_date, m.id) > (${after.date}::date, ${after.id}::bigint)`);
  const opening = balanceOf(base);
  return queryRows<MoveRow>(
    executor,
    sql`SELECT m.id::text AS "moveId", m.move_date::text AS "moveDate", m.item_id AS "itemId", it.item_name AS "itemName", it.article_number AS "articleNumber",
               m.inventory_id AS "inventoryId", i.lot_number AS "lotNumber", i.date_expiry::text AS "dateExpiry", m.region_id AS "regionId",
               r.region_name AS "regionName", m.location_id AS "locationId", loc.location_name AS "locationName", loc.kind, m.document_type AS "documentType", m.document_id AS "documentId",
               m.document_number AS "documentNumber", m.line_no AS "lineNo", m.quantity_in AS "quantityIn", m.quantity_out AS "quantityOut",
               m.unit_cost::text AS "unitCost", m.value::text AS value,
               (${opening.quantity}::bigint + sum(m.quantity_in - m.quantity_out) OVER running)::text AS balance,
               (${opening.value}::numeric + sum(CASE WHEN m.quantity_out > 0 THEN -m.value ELSE m.value END) OVER running)::text AS "balanceValue"
        FROM stock_moves m JOIN items it ON it.id = m.item_id JOIN inventory i ON i.id = m.inventory_id JOIN regions r ON r.id = m.region_id
          JOIN stock_locations loc ON loc.id = m.location_id
        WHERE ${allOf(conditions)}
        WINDOW running AS (ORDER BY m.move_date, m.id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
        ORDER BY m.move_date, m.id
        LIMIT ${limit}`,
  );
}

function ledgerRowOf(row: MoveRow): InventoryLedgerRow {
  const { itemName, articleNumber, regionName, locationName, kind, ...rest } = row;
  return {
    ...rest,
    moveId: Number(row.moveId),
    itemId: Number(row.itemId),
    item: { itemName, articleNumber },
    inventoryId: Number(row.inventoryId),
    regionId: Number(row.regionId),
    region: { regionName },
    locationId: Number(row.locationId),
    location: { locationName, kind },
    documentId: Number(row.documentId),
    lineNo: Number(row.lineNo),
    quantityIn: Number(row.quantityIn),
    quantityOut: Number(row.quantityOut),
    value: fromMinorUnits(toMinorUnits(row.value)),
    balance: Number(row.balance),
    balanceValue: fromMinorUnits(toMinorUnits(row.balanceValue)),
  };
}

/** The range's order, which the query's schema cannot say field by field. */
function assertRange(query: LedgerRangeQuery): void {
  if (query.from && query.to && query.from > query.to) throw new BadRequestError({ to: 'To must be on or after From' });
}

/**
 * GET /api/inventory-ledger: the opening before `from`, a keyset page of movements with the
 * running balance (quantity and value) for the filter, the range's totals and the closing.
 */
export async function inventoryLedger(executor: Executor, subject: RowScopeSubject, query: LedgerQuery): Promise<InventoryLedgerResponse> {
  assertRange(query);
  const after = query.after ? decodeStockCursor(query.after) : undefined;
  const filter = filterOf(query, subject);
  const [opening, range] = await Promise.all([query.from ? sumBefore(executor, filter, query.from) : zero, sumRange(executor, filter, query.from, query.to)]);
  const base = after ? await sumThrough(executor, filter, after) : opening;
  const rows = await moveRows(executor, filter, query, base, after, query.pageSize + 1);
  const page = rows.slice(0, query.pageSize);
  const last = page[page.length - 1];
  return {
    status: 200,
    message: messages.ok,
    from: query.from ?? null,
    to: query.to ?? null,
    opening: balanceOf(opening),
    rows: page.map(ledgerRowOf),
    totals: {
      quantityIn: Number(range.quantityIn),
      quantityOut: Number(range.quantityOut),
      valueIn: fromMinorUnits(range.valueIn),
      valueOut: fromMinorUnits(range.valueOut),
      count: range.count,
    },
    closing: balanceOf(add(opening, range)),
    nextCursor: rows.length > query.pageSize && last ? encodeStockCursor({ date: last.moveDate, id: last.moveId }) : null,
  };
}

export const inventoryLedgerExportRowCap = 100_000;

/** The whole range (at most the cap) for the CSV and Excel export. */
export async function inventoryLedgerForExport(executor: Executor, subject: RowScopeSubject, query: LedgerRangeQuery) {
  assertRange(query);
  const filter = filterOf(query, subject);
  const [opening, range] = await Promise.all([query.from ? sumBefore(executor, filter, query.from) : zero, sumRange(executor, filter, query.from, query.to)]);
  const rows = (await moveRows(executor, filter, query, opening, undefined, inventoryLedgerExportRowCap)).map(ledgerRowOf);
  return { query, opening: balanceOf(opening), closing: balanceOf(add(opening, range)), rows };
}
