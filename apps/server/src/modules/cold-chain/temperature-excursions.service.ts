import {
  coldChainMessages,
  type ExcursionDispositionInput,
  type ExcursionListQuery,
  type ExcursionLotRow,
  type ExcursionRow,
  excursionMinutes,
  permittedIds,
} from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, intArray, intList, queryRows, textArray, type Tx } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import { type Actor, auditActorOf } from '../../lib/actor.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/app-error.ts';
import { audit } from '../../plugins/audit.ts';
import { holdLotsForExcursion, lotStatusSql, markLotsDestroyed, releaseExcursionLots, stockAdjustmentServices } from '../inventory/inventory.api.ts';
import { companyTimeZone, instantOfValue, utcText } from './cold-chain-sql.ts';
import { holdReasonOf } from './excursion-runs.service.ts';

/** Excursions the caller may see: those of their regions (the unit's, or a shipment's receipt's). */
export function excursionScope(subject: Pick<Actor, 'permissions'>, alias = 'e'): SQL | undefined {
  const regions = permittedIds(subject.permissions, 'regions');
  return regions ? sql`${sql.identifier(alias)}.region_id IN (${intList(regions)})` : undefined;
}

/** The list's conditions, shared with the dashboard's count so the two cannot disagree. */
export function excursionListWhere(actor: Pick<Actor, 'permissions'>, query: Pick<ExcursionListQuery, 'storageUnitId' | 'regionId' | 'status' | 'from' | 'to'>, timeZone: SQL): SQL {
  const conditions: SQL[] = [];
  const scope = excursionScope(actor);
  if (scope) conditions.push(scope);
  if (query.storageUnitId) conditions.push(sql`e.storage_unit_id = ${query.storageUnitId}::int`);
  if (query.regionId) conditions.push(sql`e.region_id = ${query.regionId}::int`);
  if (query.status) conditions.push(sql`e.status = ${query.status}`);
  // An excursion touching the days: it ends (or reads last) on or after `from`, and starts on or before `to`.
  if (query.from) conditions.push(sql`coalesce(e.ended_at, e.last_reading_at) >= (${query.from}::date::timestamp AT TIME ZONE ${timeZone})`);
  if (query.to) conditions.push(sql`e.started_at < ((${query.to}::date + 1)::timestamp AT TIME ZONE ${timeZone})`);
  return conditions.length > 0 ? sql.join(conditions, sql` AND `) : sql`true`;
}

type StoredRow = Omit<ExcursionRow, 'durationMinutes' | 'lots'>;

const columns = sql`e.id, e.storage_unit_id AS "storageUnitId", coalesce(u.unit_name, '') AS "unitName", e.region_id AS "regionId", e.source,
  e.goods_receipt_id AS "goodsReceiptId", ${utcText(sql`e.started_at`)} AS "startedAt", ${utcText(sql`e.ended_at`)} AS "endedAt",
  ${utcText(sql`e.last_reading_at`)} AS "lastReadingAt", e.min_c::text AS "minC", e.max_c::text AS "maxC", e.range_min_c::text AS "rangeMinC",
  e.range_max_c::text AS "rangeMaxC", e.direction, e.status, e.disposition, e.disposition_reason AS "dispositionReason",
  e.disposition_by AS "dispositionBy", ${utcText(sql`e.disposition_at`)} AS "dispositionAt", e.write_off_adjustment_id AS "writeOffAdjustmentId"`;

const nullableId = (value: unknown) => (value === null || value === undefined ? null : Number(value));

function answerOf(row: StoredRow): ExcursionRow {
  const startedAt = instantOfValue(row.startedAt);
  return {
    ...row,
    id: Number(row.id),
    storageUnitId: nullableId(row.storageUnitId) as number,
    regionId: Number(row.regionId),
    goodsReceiptId: nullableId(row.goodsReceiptId),
    dispositionBy: nullableId(row.dispositionBy),
    writeOffAdjustmentId: nullableId(row.writeOffAdjustmentId),
    durationMinutes: excursionMinutes({ startedAt, endedAt: row.endedAt ? instantOfValue(row.endedAt) : null, lastReadingAt: instantOfValue(row.lastReadingAt) }),
  };
}

/** `GET /api/temperature-excursions`: newest first, paged, with the total. */
export async function listExcursions(executor: Executor, actor: Actor, query: ExcursionListQuery): Promise<{ data: ExcursionRow[]; total: number }> {
  const timeZone = await companyTimeZone(executor);
  const where = excursionListWhere(actor, query, sql`${timeZone}::text`);
  const rows = await queryRows<StoredRow & { total: number }>(
    executor,
    sql`SELECT ${columns}, count(*) OVER ()::int AS total
        FROM temperature_excursions e LEFT JOIN storage_units u ON u.id = e.storage_unit_id
        WHERE ${where} ORDER BY e.started_at DESC, e.id DESC
        LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`,
  );
  const total = rows.length > 0 ? Number(rows[0]!.total) : Number((await queryRows<{ n: number }>(executor, sql`SELECT count(*)::int AS n FROM temperature_excursions e WHERE ${where}`))[0]!.n);
  return { data: rows.map(({ total: _total, ...row }) => answerOf(row)), total };
}

/** The lots of an excursion, each with its status now (expired judged today). */
async function lotsOf(executor: Executor, excursionId: number): Promise<ExcursionLotRow[]> {
  const rows = await queryRows<ExcursionLotRow>(
    executor,
    sql`SELECT x.inventory_id AS "inventoryId", i.item_id AS "itemId", it.item_name AS "itemName", i.lot_number AS "lotNumber",
               i.date_expiry::text AS "dateExpiry", x.quantity, ${lotStatusSql('i', todayIso())} AS "lotStatus", x.disposition
        FROM temperature_excursion_lots x JOIN inventory i ON i.id = x.inventory_id JOIN items it ON it.id = i.item_id
        WHERE x.excursion_id = ${excursionId}::int ORDER BY it.item_name, i.lot_number, x.inventory_id`,
  );
  return rows.map((r) => ({ ...r, inventoryId: Number(r.inventoryId), itemId: Number(r.itemId), quantity: Number(r.quantity) }));
}

/** `GET /api/temperature-excursions/:id`, with its lots; 404 outside the caller's regions. */
export async function findExcursion(executor: Executor, actor: Actor, id: number, options: { lock?: boolean } = {}): Promise<ExcursionRow> {
  const scope = excursionScope(actor);
  const [row] = await queryRows<StoredRow>(
    executor,
    sql`SELECT ${columns} FROM temperature_excursions e LEFT JOIN storage_units u ON u.id = e.storage_unit_id
        WHERE e.id = ${id}::int ${scope ? sql`AND ${scope}` : sql``} ${options.lock ? sql`FOR UPDATE OF e` : sql``}`,
  );
  if (!row) throw new NotFoundError();
  return { ...answerOf(row), lots: await lotsOf(executor, id) };
}

/**
 * `POST /api/temperature-excursions/:id/disposition`, one transaction: the Responsible Person's
 * decision for every lot (or per lot). `release`: the excursion's hold lifted, the lot released
 * unless something else holds it (answered by lot); `quarantine`: held until a person releases
 * it; `writeOff`: what the excursion exposed written off by one posted adjustment
 * (`coldChainWriteOff`), the rows taken to 0 destroyed and the rest of a row quarantined by a
 * person's hold. A lot another undecided excursion lists stays held by it.
 */
export async function dispositionExcursion(
  tx: Tx,
  actor: Actor,
  id: number,
  input: ExcursionDispositionInput,
): Promise<{ excursion: ExcursionRow; stillBlocked: Record<number, string> }> {
  // The unit first, then the excursion: the readings' writer takes them in that order.
  const scope = excursionScope(actor);
  const [owner] = await queryRows<{ storageUnitId: number | null }>(
    tx,
    sql`SELECT e.storage_unit_id AS "storageUnitId" FROM temperature_excursions e WHERE e.id = ${id}::int ${scope ? sql`AND ${scope}` : sql``}`,
  );
  if (!owner) throw new NotFoundError();
  if (owner.storageUnitId !== null) await tx.execute(sql`SELECT id FROM storage_units WHERE id = ${Number(owner.storageUnitId)}::int FOR UPDATE`);
  const before = await findExcursion(tx, actor, id, { lock: true });
  if (before.status !== 'awaitingDisposition') {
    const message = coldChainMessages.notAwaiting(before.status);
    throw new ConflictError(message, { status: message });
  }
  const listed = new Set(before.lots!.map((l) => l.inventoryId));
  const errors: Record<string, string> = {};
  input.lots?.forEach((lot, index) => {
    if (!listed.has(lot.inventoryId)) errors[`lots.${index}.inventoryId`] = coldChainMessages.lotNotListed;
  });
  if (Object.keys(errors).length > 0) throw new BadRequestError(errors);
  const chosen = new Map(input.lots?.map((l) => [l.inventoryId, l.disposition]) ?? []);
  const decisions = before.lots!.map((lot) => ({ inventoryId: lot.inventoryId, disposition: chosen.get(lot.inventoryId) ?? input.disposition }));

  const writeOff = await writeOffLots(
    tx,
    actor,
    id,
    decisions.filter((d) => d.disposition === 'writeOff').map((d) => d.inventoryId),
    input.reason,
  );
  // A lot written off to 0 is destroyed; one with nothing left to write off keeps a quarantine.
  const released = await releaseExcursionLots(tx, actor, {
    excursionId: id,
    reason: input.reason,
    lots: decisions.map((d) => ({
      inventoryId: d.inventoryId,
      disposition: d.disposition === 'quarantine' || (d.disposition === 'writeOff' && !writeOff.destroyed.has(d.inventoryId)) ? ('quarantine' as const) : ('release' as const),
    })),
  });
  await holdForOtherExcursions(tx, actor, id, decisions.map((d) => d.inventoryId));

  await tx.execute(
    sql`UPDATE temperature_excursion_lots x SET disposition = d.disposition
        FROM unnest(${intArray(decisions.map((d) => d.inventoryId))}, ${textArray(decisions.map((d) => d.disposition))}) AS d(inventory_id, disposition)
        WHERE x.excursion_id = ${id}::int AND x.inventory_id = d.inventory_id`,
  );
  await tx.execute(
    sql`UPDATE temperature_excursions SET status = 'dispositioned', disposition = ${input.disposition}, disposition_reason = ${input.reason},
          disposition_by = ${actor.userId}::int, disposition_at = now(), write_off_adjustment_id = ${writeOff.adjustmentId}::int, updated_at = now()
        WHERE id = ${id}::int`,
  );
  if (before.storageUnitId !== null) {
    await tx.execute(
      sql`UPDATE storage_units SET open_excursion_id = (SELECT e.id FROM temperature_excursions e WHERE e.storage_unit_id = storage_units.id AND e.status <> 'dispositioned' ORDER BY e.started_at DESC LIMIT 1)
          WHERE id = ${before.storageUnitId}::int`,
    );
  }
  const excursion = await findExcursion(tx, actor, id);
  const stillBlocked = Object.fromEntries(Object.entries(released).filter(([inventoryId]) => decisions.find((d) => d.inventoryId === Number(inventoryId))?.disposition === 'release'));
  await audit(tx, auditActorOf(actor), { action: 'disposition', resource: 'temperature-excursions', recordId: id, before, after: { ...excursion, stillBlocked } });
  return { excursion, stillBlocked };
}

/**
 * Writes off what the excursion exposed of each lot (its listed quantity, at most what the row
 * holds now) by one posted stock adjustment; answers it and the rows it took to 0. A row also holds
 * the lot's units that were never inside (a later receipt into the same place): they stay.
 */
async function writeOffLots(tx: Tx, actor: Actor, excursionId: number, inventoryIds: readonly number[], reason: string): Promise<{ adjustmentId: number | null; destroyed: Set<number> }> {
  if (inventoryIds.length === 0) return { adjustmentId: null, destroyed: new Set() };
  // The excursion's lots cannot change meanwhile (its unit is locked; a shipment's never change); the row's quantity is the locked row's.
  const onHand = await queryRows<{ id: number; quantity: number }>(
    tx,
    sql`SELECT i.id, least(i.quantity, x.quantity) AS quantity
        FROM inventory i JOIN temperature_excursion_lots x ON x.inventory_id = i.id AND x.excursion_id = ${excursionId}::int
        WHERE i.id = ANY(${intArray(inventoryIds)}) AND i.quantity > 0 AND x.quantity > 0 ORDER BY i.id FOR NO KEY UPDATE OF i`,
  );
  if (onHand.length === 0) return { adjustmentId: null, destroyed: new Set() };
  // The decision is the Responsible Person's under their own scope: its write-off is part of it, whoever may post adjustments.
  const poster: Actor = { ...actor, scopes: [...actor.scopes, 'stock-adjustments:post'] };
  const adjustment = await stockAdjustmentServices.createPosted(tx, poster, {
    adjustmentDate: todayIso(),
    reason: 'coldChainWriteOff',
    narration: `Temperature excursion ${excursionId}: ${reason}`.slice(0, 500),
    lines: onHand.map((row) => ({ inventoryId: Number(row.id), quantity: -Number(row.quantity) })),
  });
  const destroyed = await markLotsDestroyed(tx, actor, {
    inventoryIds: onHand.map((r) => Number(r.id)),
    reason,
    document: { documentType: 'stock-adjustment', documentId: adjustment.id, documentNumber: adjustment.documentNumber },
  });
  return { adjustmentId: adjustment.id, destroyed: new Set(destroyed) };
}

/** Lots this decision let go that another undecided excursion lists are held by that one again (the latest). */
async function holdForOtherExcursions(tx: Tx, actor: Actor, excursionId: number, inventoryIds: readonly number[]): Promise<void> {
  const others = await queryRows<{ excursionId: number; inventoryId: number; unitName: string | null; startedAt: unknown }>(
    tx,
    sql`SELECT DISTINCT ON (x.inventory_id) x.excursion_id AS "excursionId", x.inventory_id AS "inventoryId", u.unit_name AS "unitName", e.started_at AS "startedAt"
        FROM temperature_excursion_lots x JOIN temperature_excursions e ON e.id = x.excursion_id LEFT JOIN storage_units u ON u.id = e.storage_unit_id
        JOIN inventory i ON i.id = x.inventory_id
        WHERE x.inventory_id = ANY(${intArray(inventoryIds)}) AND x.excursion_id <> ${excursionId}::int AND e.status <> 'dispositioned' AND i.excursion_id IS NULL
        ORDER BY x.inventory_id, e.started_at DESC`,
  );
  if (others.length === 0) return;
  const timeZone = await companyTimeZone(tx);
  const byExcursion = new Map<number, { reason: string; ids: number[] }>();
  for (const other of others) {
    const entry = byExcursion.get(Number(other.excursionId)) ?? { reason: holdReasonOf(other.unitName ?? 'a shipment', instantOfValue(other.startedAt), timeZone), ids: [] };
    entry.ids.push(Number(other.inventoryId));
    byExcursion.set(Number(other.excursionId), entry);
  }
  for (const [other, { reason, ids }] of byExcursion) await holdLotsForExcursion(tx, actor, { excursionId: other, inventoryIds: ids, reason });
}
