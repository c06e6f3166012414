import {
  isExpired,
  type LotStatus,
  type LotStatusChange,
  lotStatusMessages,
  type StoredLotStatus,
} from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, intArray, queryRows, textArray, type Tx } from '../../db/client.ts';
import type { PostedStockMove } from '../../ledger/stock-ledger.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError, NotFoundError } from '../../lib/app-error.ts';
import type { RowScopeSubject } from '../../lib/resource/resource-binding.ts';
import { allOf, stockScope } from './stock-scope.ts';

/**
 * Issue 31, section 1: what holds a lot on each inventory row, and the one writer of it. A row
 * keeps its holds (a person's quarantine, a recall, a temperature excursion) and a stored status
 * that follows from them, the later winning: destroyed, recalled, quarantined, released. The
 * stock ledger reads the stored status under the lot's lock, so a draw and a hold never both win.
 * Other areas (recalls, the cold chain) change holds through the functions here (inventory.api.ts).
 */

/** The status a row shows on `today` (expired judged, never stored), as SQL of the row `alias`. */
export function lotStatusSql(alias: string, today: string): SQL {
  const row = sql.identifier(alias);
  return sql`(CASE WHEN ${row}.lot_status = 'released' AND ${row}.date_expiry < ${today}::date THEN 'expired' ELSE ${row}.lot_status END)`;
}

/** Rows of the inventory alias `i` whose status on `today` is `status`. */
export function lotStatusIs(status: LotStatus, today: string): SQL {
  if (status === 'released') return sql`(i.lot_status = 'released' AND (i.date_expiry IS NULL OR i.date_expiry >= ${today}::date))`;
  if (status === 'expired') return sql`(i.lot_status = 'released' AND i.date_expiry < ${today}::date)`;
  return sql`i.lot_status = ${status}`;
}

interface StatusDocument {
  documentType: string;
  documentId: number | null;
  documentNumber: string | null;
}

/** A change of holds: each given hold is set (SQL of its new value), the others kept. */
interface HoldChange {
  recallId?: SQL;
  excursionId?: SQL;
  manual?: SQL;
  /** Said in a refusal while the change holds the lot (a recall's number, a quarantine's reason). */
  statusReason: string;
  /** Kept in the history: why it changed. */
  reason: string;
  document: StatusDocument | null;
}

export interface ChangedLot {
  inventoryId: number;
  fromStatus: StoredLotStatus;
  lotStatus: StoredLotStatus;
  statusReason: string;
}

/**
 * Changes the holds of the rows `where` (of alias `i`) in one statement: locks them in id order
 * (the stock ledger's lock order), sets the holds and the status that follows, and keeps each
 * change of status in the history.
 */
async function changeHolds(tx: Tx, actor: Pick<Actor, 'userId'>, where: SQL, change: HoldChange): Promise<ChangedLot[]> {
  const recall = change.recallId ?? sql`i.recall_id`;
  const excursion = change.excursionId ?? sql`i.excursion_id`;
  const manual = change.manual ?? sql`i.quarantined_manually`;
  const status = sql`(CASE WHEN i.lot_status = 'destroyed' THEN 'destroyed' WHEN (${recall}) IS NOT NULL THEN 'recalled'
                           WHEN (${excursion}) IS NOT NULL OR (${manual}) THEN 'quarantined' ELSE 'released' END)`;
  const document = change.document;
  const rows = await queryRows<ChangedLot>(
    tx,
    sql`WITH target AS MATERIALIZED (SELECT i.id, i.lot_status FROM inventory i WHERE ${where} ORDER BY i.id FOR NO KEY UPDATE OF i),
         changed AS (
           UPDATE inventory i
           SET recall_id = ${recall}, excursion_id = ${excursion}, quarantined_manually = ${manual}, lot_status = ${status},
               status_reason = CASE WHEN ${status} = 'released' THEN '' WHEN ${status} <> i.lot_status THEN ${change.statusReason}::text ELSE i.status_reason END,
               updated_at = now()
           FROM target t WHERE i.id = t.id
           RETURNING i.id AS "inventoryId", t.lot_status AS "fromStatus", i.lot_status AS "lotStatus", i.status_reason AS "statusReason"),
         history AS (
           INSERT INTO lot_status_changes (inventory_id, from_status, to_status, reason, document_type, document_id, document_number, changed_by)
           SELECT c."inventoryId", c."fromStatus", c."lotStatus", ${change.reason}::text, ${document?.documentType ?? null}::text,
                  ${document?.documentId ?? null}::int, ${document?.documentNumber ?? null}::text, ${actor.userId}::int
           FROM changed c WHERE c."fromStatus" <> c."lotStatus")
       SELECT * FROM changed ORDER BY "inventoryId"`,
  );
  return rows.map((r) => ({ ...r, inventoryId: Number(r.inventoryId) }));
}

/** The advisory lock of a lot (item and number) over `v(item_id, lot_number)`, as 0051's trigger takes it. */
const lotLockKey = sql`hashtext(v.item_id::text || '|' || v.lot_number)`;

/** A recall opened: every row of its lots, in every region and place, is recalled. Answers the rows. */
export async function recallLots(
  tx: Tx,
  actor: Pick<Actor, 'userId'>,
  input: { recallId: number; documentNumber: string; lots: readonly { itemId: number; lotNumber: string }[]; reason: string },
): Promise<number[]> {
  if (input.lots.length === 0) return [];
  const items = intArray(input.lots.map((l) => l.itemId));
  const numbers = textArray(input.lots.map((l) => l.lotNumber));
  // A row of the lot created meanwhile (a receipt into a new place) takes this lock's shared form in
  // inventory_born_recalled: it waits for the recall and is born recalled, or the recall waits for it and sees it.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${lotLockKey})
                       FROM (SELECT DISTINCT * FROM unnest(${items}, ${numbers}) AS v(item_id, lot_number) ORDER BY 1, 2) v`);
  const changed = await changeHolds(tx, actor, sql`(i.item_id, i.lot_number) IN (SELECT * FROM unnest(${items}, ${numbers}))`, {
    recallId: sql`${input.recallId}::int`,
    statusReason: input.documentNumber,
    reason: input.reason,
    document: { documentType: 'recalls', documentId: input.recallId, documentNumber: input.documentNumber },
  });
  return changed.map((c) => c.inventoryId);
}

/** A temperature excursion holds the lots that were inside: quarantined, unless recalled or destroyed. */
export async function holdLotsForExcursion(
  tx: Tx,
  actor: Pick<Actor, 'userId'>,
  input: { excursionId: number; inventoryIds: readonly number[]; reason: string },
): Promise<ChangedLot[]> {
  if (input.inventoryIds.length === 0) return [];
  return changeHolds(tx, actor, sql`i.id = ANY(${intArray(input.inventoryIds)})`, {
    excursionId: sql`${input.excursionId}::int`,
    statusReason: input.reason,
    reason: input.reason,
    document: { documentType: 'temperature-excursions', documentId: input.excursionId, documentNumber: null },
  });
}

/**
 * An excursion's disposition lifts its hold: `release` leaves the lot released unless something
 * else holds it, `quarantine` keeps it quarantined until a person releases it. Answers, by
 * inventory id, what still holds each lot that is not released (`recalled (RCL-...)`).
 */
export async function releaseExcursionLots(
  tx: Tx,
  actor: Pick<Actor, 'userId'>,
  input: { excursionId: number; lots: readonly { inventoryId: number; disposition: 'release' | 'quarantine' }[]; reason: string },
): Promise<Record<number, string>> {
  const still: Record<number, string> = {};
  for (const disposition of ['release', 'quarantine'] as const) {
    const ids = input.lots.filter((l) => l.disposition === disposition).map((l) => l.inventoryId);
    if (ids.length === 0) continue;
    // A row a later excursion holds keeps that hold; this decision still sets a person's quarantine on it.
    const changed = await changeHolds(tx, actor, sql`i.id = ANY(${intArray(ids)})`, {
      excursionId: sql`(CASE WHEN i.excursion_id = ${input.excursionId}::int THEN NULL ELSE i.excursion_id END)`,
      ...(disposition === 'quarantine' ? { manual: sql`true` } : {}),
      statusReason: input.reason,
      reason: input.reason,
      document: { documentType: 'temperature-excursions', documentId: input.excursionId, documentNumber: null },
    });
    for (const lot of changed) if (lot.lotStatus !== 'released') still[lot.inventoryId] = lot.statusReason ? `${lot.lotStatus} (${lot.statusReason})` : lot.lotStatus;
  }
  return still;
}

/** Each line's units: the row they left and the row they entered (a posting's movements, by line). */
export function movedRows(moves: ReadonlyArray<Pick<PostedStockMove, 'lineNo' | 'inventoryId' | 'quantityIn' | 'quantityOut'>>): Array<{ fromId: number; toId: number }> {
  const into = new Map(moves.filter((m) => m.quantityIn > 0).map((m) => [m.lineNo, m.inventoryId]));
  return moves.flatMap((m) => (m.quantityOut > 0 && into.has(m.lineNo) ? [{ fromId: m.inventoryId, toId: into.get(m.lineNo)! }] : []));
}

/**
 * Units moved from one row of a lot to another (a transfer received out of transit, or cancelled
 * back to its source; a consignment's or a rented unit's return from the customer's site, or a
 * shipment's cancel) keep the quarantine they were under: the hold travels with the units
 * (docs/decisions/inventory.md, "A quarantine travels with the units"). The receiving row takes a
 * person's quarantine with the moved row's reason, lifted only by a person's release; an
 * excursion's hold is carried as a person's, since the excursion's disposition lists the row it
 * held and would never reach the new one. A person's quarantine of a row the units all left goes
 * with them (an empty in-transit row would otherwise hold the next shipment of the lot). A recall
 * needs no carrying: it holds every row of the lot, and a row born under it is born recalled.
 * Called after the movements are written, with both rows locked by the posting, so the holds read
 * are the ones the units left under and the quantities the ones they left behind.
 */
export async function carryHolds(
  tx: Tx,
  actor: Pick<Actor, 'userId'>,
  moves: readonly { fromId: number; toId: number }[],
  input: { reason: string; leftReason: string; document: StatusDocument },
): Promise<void> {
  if (moves.length === 0) return;
  const held = await queryRows<{ fromId: number; toId: number; statusReason: string; manual: boolean; emptied: boolean }>(
    tx,
    sql`SELECT v.from_id AS "fromId", v.to_id AS "toId", CASE WHEN i.lot_status = 'quarantined' THEN i.status_reason ELSE '' END AS "statusReason",
               i.quarantined_manually AS manual, i.quantity = 0 AS emptied
        FROM unnest(${intArray(moves.map((m) => m.fromId))}, ${intArray(moves.map((m) => m.toId))}) AS v(from_id, to_id) JOIN inventory i ON i.id = v.from_id
        WHERE (i.quarantined_manually OR i.excursion_id IS NOT NULL) AND v.from_id <> v.to_id
        ORDER BY v.to_id, v.from_id`,
  );
  for (const row of held) {
    await changeHolds(tx, actor, sql`i.id = ${Number(row.toId)}::int`, { manual: sql`true`, statusReason: row.statusReason || input.reason, reason: input.reason, document: input.document });
  }
  const left = [...new Set(held.filter((row) => row.manual && row.emptied).map((row) => Number(row.fromId)))];
  if (left.length > 0) await changeHolds(tx, actor, sql`i.id = ANY(${intArray(left)})`, { manual: sql`false`, statusReason: '', reason: input.leftReason, document: input.document });
}

/** Rows a disposal or write-off took to 0 are destroyed for good. */
export async function markLotsDestroyed(
  tx: Tx,
  actor: Pick<Actor, 'userId'>,
  input: { inventoryIds: readonly number[]; reason: string; document: StatusDocument },
): Promise<number[]> {
  if (input.inventoryIds.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`WITH changed AS (
          UPDATE inventory i SET lot_status = 'destroyed', status_reason = ${input.document.documentNumber ?? input.reason}::text, updated_at = now()
          FROM (SELECT id, lot_status FROM inventory WHERE id = ANY(${intArray(input.inventoryIds)}) AND quantity = 0 AND lot_status <> 'destroyed' ORDER BY id FOR NO KEY UPDATE) t
          WHERE i.id = t.id
          RETURNING i.id, t.lot_status AS from_status),
        history AS (
          INSERT INTO lot_status_changes (inventory_id, from_status, to_status, reason, document_type, document_id, document_number, changed_by)
          SELECT id, from_status, 'destroyed', ${input.reason}::text, ${input.document.documentType}::text, ${input.document.documentId}::int,
                 ${input.document.documentNumber}::text, ${actor.userId}::int FROM changed)
        SELECT id FROM changed`,
  );
  return rows.map((r) => Number(r.id));
}

interface HeldRow {
  id: number;
  lotStatus: StoredLotStatus;
  statusReason: string;
  dateExpiry: string | null;
  quarantinedManually: boolean;
  excursionId: number | null;
}

/** One row the caller may see (regions, categories), locked; 404 otherwise. */
async function lockedRow(tx: Tx, subject: RowScopeSubject, inventoryId: number): Promise<HeldRow> {
  const [row] = await queryRows<HeldRow>(
    tx,
    sql`SELECT i.id, i.lot_status AS "lotStatus", i.status_reason AS "statusReason", i.date_expiry::text AS "dateExpiry",
               i.quarantined_manually AS "quarantinedManually", i.excursion_id AS "excursionId"
        FROM inventory i WHERE i.id = ${inventoryId}::int AND ${allOf(stockScope(subject, sql`i.region_id`, sql`i.item_id`))}
        FOR NO KEY UPDATE OF i`,
  );
  if (!row) throw new NotFoundError();
  return row;
}

/** POST /api/inventory/:inventoryId/quarantine: a person holds the lot until a person releases it. */
export async function quarantineLot(tx: Tx, actor: Actor, inventoryId: number, reason: string): Promise<void> {
  const row = await lockedRow(tx, actor, inventoryId);
  if (row.lotStatus === 'recalled' || row.lotStatus === 'destroyed') {
    const message = lotStatusMessages.quarantineBlocked(row.lotStatus);
    throw new ConflictError(message, { inventoryId: message });
  }
  await changeHolds(tx, actor, sql`i.id = ${inventoryId}::int`, { manual: sql`true`, statusReason: reason, reason, document: null });
}

/** POST /api/inventory/:inventoryId/release: the Responsible Person lifts a quarantine. */
export async function releaseLot(tx: Tx, actor: Actor, inventoryId: number, reason: string): Promise<void> {
  const row = await lockedRow(tx, actor, inventoryId);
  const refuse = (message: string) => new ConflictError(message, { inventoryId: message });
  if (row.lotStatus === 'recalled' || row.lotStatus === 'destroyed') throw refuse(lotStatusMessages.releaseBlocked(row.lotStatus, row.statusReason));
  if (row.excursionId !== null) throw refuse(lotStatusMessages.releaseHeldByExcursion);
  if (isExpired(row.dateExpiry, todayIso())) throw refuse(lotStatusMessages.releaseExpired(row.dateExpiry!));
  if (row.lotStatus !== 'quarantined') throw refuse(lotStatusMessages.notQuarantined);
  await changeHolds(tx, actor, sql`i.id = ${inventoryId}::int`, { manual: sql`false`, statusReason: '', reason, document: null });
}

/** GET /api/inventory/:inventoryId/status-history, oldest first; 404 for a row the caller may not see. */
export async function lotStatusHistory(executor: Executor, subject: RowScopeSubject, inventoryId: number): Promise<LotStatusChange[]> {
  const rows = await queryRows<{
    id: number;
    from: LotStatus;
    to: LotStatus;
    reason: string;
    documentType: string | null;
    documentId: number | null;
    documentNumber: string | null;
    userId: number | null;
    name: string | null;
    changedAt: string;
  }>(
    executor,
    sql`SELECT h.id, h.from_status AS "from", h.to_status AS "to", h.reason, h.document_type AS "documentType", h.document_id AS "documentId",
               h.document_number AS "documentNumber", h.changed_by AS "userId", u.name, to_char(h.changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "changedAt"
        FROM inventory i LEFT JOIN lot_status_changes h ON h.inventory_id = i.id LEFT JOIN users u ON u.id = h.changed_by
        WHERE i.id = ${inventoryId}::int AND ${allOf(stockScope(subject, sql`i.region_id`, sql`i.item_id`))}
        ORDER BY h.id`,
  );
  if (rows.length === 0) throw new NotFoundError();
  return rows
    .filter((r) => r.id !== null)
    .map((r) => ({
      id: Number(r.id),
      from: r.from,
      to: r.to,
      reason: r.reason,
      document: r.documentType ? { documentType: r.documentType, documentId: r.documentId === null ? null : Number(r.documentId), documentNumber: r.documentNumber } : null,
      changedBy: r.userId === null ? null : { userId: Number(r.userId), name: r.name ?? '' },
      changedAt: r.changedAt,
    }));
}
