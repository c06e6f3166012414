import { type ExcursionRun, excursionRuns, type ReadingPoint, zonedDate, zonedDateTimeText } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { intArray, numericArray, queryRows, textArray, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { holdLotsForExcursion } from '../inventory/inventory.api.ts';
import { instantOfValue, utcText } from './cold-chain-sql.ts';
import { rowsInUnitOnDays } from './storage-placements.ts';

/** A unit as the readings' writer holds it: locked for the transaction, so one writer computes its excursions at a time. */
export interface LockedUnit {
  id: number;
  unitName: string;
  regionId: number;
  storageCondition: string;
  minC: string;
  maxC: string;
}

interface StoredExcursion {
  id: number;
  status: string;
  startedAt: Date;
  endedAt: Date | null;
  lastReadingAt: Date;
  minC: string;
  maxC: string;
}

const until = (e: Pick<ExcursionRun, 'endedAt' | 'lastReadingAt'>) => (e.endedAt ?? e.lastReadingAt).getTime();
const overlaps = (a: Pick<ExcursionRun, 'startedAt' | 'endedAt' | 'lastReadingAt'>, b: Pick<ExcursionRun, 'startedAt' | 'endedAt' | 'lastReadingAt'>) =>
  a.startedAt.getTime() <= until(b) && b.startedAt.getTime() <= until(a);
const sameInstant = (a: Date | null, b: Date | null) => (a === null || b === null ? a === b : a.getTime() === b.getTime());
const unchanged = (stored: StoredExcursion, run: ExcursionRun) =>
  sameInstant(stored.startedAt, run.startedAt) && sameInstant(stored.endedAt, run.endedAt) && sameInstant(stored.lastReadingAt, run.lastReadingAt) && stored.minC === run.minC && stored.maxC === run.maxC;
const iso = (instant: Date | null) => (instant === null ? null : instant.toISOString());

/**
 * Computes the unit's excursions again after the readings `stored` were stored, in the writer's
 * transaction. Runs before the last in-range reading earlier than the first of them cannot
 * change (a run ends at an in-range reading, and readings are never removed), so only the
 * readings after it are read. A run overlapping an excursion already decided is that excursion's and
 * changes nothing (a decided excursion never changes); a run overlapping an undecided one
 * updates it (a reading filled in may end it sooner, or start it earlier); a second run over one
 * excursion (an in-range reading filled in splits it) and a run over none are new. Every changed
 * excursion lists the rows in the unit on its days and holds those it did not hold yet.
 */
export async function recomputeExcursions(tx: Tx, actor: Actor, unit: LockedUnit, stored: readonly ReadingPoint[], timeZone: string, options: { allNew: boolean }): Promise<void> {
  const earliest = stored.reduce((min, r) => (r.readAt < min ? r.readAt : min), stored[0]!.readAt);
  const [anchor] = await queryRows<{ readAt: unknown }>(
    tx,
    sql`SELECT read_at AS "readAt" FROM temperature_readings
        WHERE storage_unit_id = ${unit.id}::int AND read_at < ${earliest.toISOString()}::timestamptz AND deviation IS NULL
        ORDER BY read_at DESC LIMIT 1`,
  );
  const after = anchor ? sql`AND read_at > ${instantOfValue(anchor.readAt).toISOString()}::timestamptz` : sql``;
  const points = await readingsAfter(tx, unit.id, after, options.allNew ? stored : null);
  const runs = excursionRuns(points);
  const existingAfter = anchor ? sql`AND coalesce(ended_at, last_reading_at) > ${instantOfValue(anchor.readAt).toISOString()}::timestamptz` : sql``;
  const existing = (
    await queryRows<{ id: number; status: string; startedAt: unknown; endedAt: unknown; lastReadingAt: unknown; minC: string; maxC: string }>(
      tx,
      sql`SELECT id, status, started_at AS "startedAt", ended_at AS "endedAt", last_reading_at AS "lastReadingAt", min_c::text AS "minC", max_c::text AS "maxC"
          FROM temperature_excursions WHERE storage_unit_id = ${unit.id}::int ${existingAfter} ORDER BY started_at FOR UPDATE`,
    )
  ).map(
    (e): StoredExcursion => ({
      id: Number(e.id),
      status: e.status,
      startedAt: instantOfValue(e.startedAt),
      endedAt: e.endedAt === null ? null : instantOfValue(e.endedAt),
      lastReadingAt: instantOfValue(e.lastReadingAt),
      minC: e.minC,
      maxC: e.maxC,
    }),
  );

  const taken = new Set<number>();
  const changed: { id: number; run: ExcursionRun }[] = [];
  const fresh: ExcursionRun[] = [];
  for (const run of runs) {
    const over = existing.filter((e) => overlaps(e, run));
    if (over.some((e) => e.status === 'dispositioned')) continue;
    const own = over.find((e) => !taken.has(e.id));
    if (!own) {
      fresh.push(run);
      continue;
    }
    taken.add(own.id);
    if (unchanged(own, run)) continue;
    await tx.execute(
      sql`UPDATE temperature_excursions SET started_at = ${iso(run.startedAt)}::timestamptz, ended_at = ${iso(run.endedAt)}::timestamptz,
            last_reading_at = ${iso(run.lastReadingAt)}::timestamptz, min_c = ${run.minC}::numeric, max_c = ${run.maxC}::numeric, direction = ${run.direction},
            status = ${run.endedAt ? 'awaitingDisposition' : 'inProgress'}, updated_at = now()
          WHERE id = ${own.id}::int`,
    );
    changed.push({ id: own.id, run });
  }
  changed.push(...(await insertExcursions(tx, unit, fresh)));
  await holdExcursionLots(tx, actor, unit, changed, timeZone);
  await tx.execute(
    sql`UPDATE storage_units SET open_excursion_id = (SELECT e.id FROM temperature_excursions e WHERE e.storage_unit_id = ${unit.id}::int AND e.status <> 'dispositioned' ORDER BY e.started_at DESC LIMIT 1)
        WHERE id = ${unit.id}::int`,
  );
}

/** New excursions of the unit in one statement (a logger file's year holds hundreds); each run's start is its key. */
async function insertExcursions(tx: Tx, unit: LockedUnit, runs: readonly ExcursionRun[]): Promise<{ id: number; run: ExcursionRun }[]> {
  if (runs.length === 0) return [];
  const inserted = await queryRows<{ id: number; startedAt: string }>(
    tx,
    sql`INSERT INTO temperature_excursions (storage_unit_id, region_id, source, started_at, ended_at, last_reading_at, min_c, max_c, direction, range_min_c, range_max_c, status)
        SELECT ${unit.id}::int, ${unit.regionId}::int, 'storage', r.started_at::timestamptz, r.ended_at::timestamptz, r.last_reading_at::timestamptz, r.min_c, r.max_c, r.direction,
               ${unit.minC}::numeric, ${unit.maxC}::numeric, CASE WHEN r.ended_at IS NULL THEN 'inProgress' ELSE 'awaitingDisposition' END
        FROM unnest(${textArray(runs.map((r) => iso(r.startedAt)))}, ${textArray(runs.map((r) => iso(r.endedAt)))}, ${textArray(runs.map((r) => iso(r.lastReadingAt)))},
                    ${numericArray(runs.map((r) => r.minC))}, ${numericArray(runs.map((r) => r.maxC))}, ${textArray(runs.map((r) => r.direction))})
             AS r(started_at, ended_at, last_reading_at, min_c, max_c, direction)
        RETURNING id, ${utcText(sql`started_at`)} AS "startedAt"`,
  );
  const byStart = new Map(runs.map((run) => [iso(run.startedAt), run]));
  return inserted.map((row) => ({ id: Number(row.id), run: byStart.get(row.startedAt)! }));
}

/**
 * The unit's readings after the anchor, oldest first. When they are exactly the ones just stored,
 * every one of them new (a logger file's first import: counted, not read), those are used: a
 * year of readings is not read back.
 */
async function readingsAfter(tx: Tx, unitId: number, after: SQL, stored: readonly ReadingPoint[] | null): Promise<ReadingPoint[]> {
  if (stored) {
    const [count] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM temperature_readings WHERE storage_unit_id = ${unitId}::int ${after}`);
    if (Number(count!.n) === stored.length) return [...stored].sort((a, b) => a.readAt.getTime() - b.readAt.getTime());
  }
  const rows = await queryRows<{ readAt: unknown; temperatureC: string; deviation: 'high' | 'low' | null }>(
    tx,
    sql`SELECT read_at AS "readAt", temperature_c::text AS "temperatureC", deviation FROM temperature_readings
        WHERE storage_unit_id = ${unitId}::int ${after} ORDER BY read_at`,
  );
  return rows.map((r) => ({ readAt: instantOfValue(r.readAt), temperatureC: r.temperatureC, deviation: r.deviation }));
}

/** The reason a held lot shows: the unit and when the excursion started, in the company's time. */
export const holdReasonOf = (unitName: string, startedAt: Date, timeZone: string) => `Temperature excursion in ${unitName} from ${zonedDateTimeText(startedAt, timeZone)}`;

/**
 * Lists the rows in the unit on the changed excursions' days (the most on hand kept), and holds
 * the rows they did not list yet. A row newly listed by several is held by the latest: one hold
 * column keeps one excursion, and a decision on it hands the row to the others still open.
 */
async function holdExcursionLots(tx: Tx, actor: Actor, unit: LockedUnit, changed: readonly { id: number; run: ExcursionRun }[], timeZone: string): Promise<void> {
  const spans = changed.map(({ id, run }) => ({ excursionId: id, from: zonedDate(run.startedAt, timeZone), to: zonedDate(run.endedAt ?? run.lastReadingAt, timeZone) }));
  const rows = await rowsInUnitOnDays(tx, unit, spans);
  if (rows.length === 0) return;
  const added = await queryRows<{ excursionId: number; inventoryId: number }>(
    tx,
    sql`WITH given AS (SELECT * FROM unnest(${intArray(rows.map((r) => r.excursionId))}, ${intArray(rows.map((r) => r.inventoryId))}, ${intArray(rows.map((r) => r.quantity))})
                       AS g(excursion_id, inventory_id, quantity)),
         upserted AS (
           INSERT INTO temperature_excursion_lots (excursion_id, inventory_id, quantity)
           SELECT g.excursion_id, g.inventory_id, g.quantity FROM given g
           ON CONFLICT (excursion_id, inventory_id) DO UPDATE SET quantity = greatest(temperature_excursion_lots.quantity, EXCLUDED.quantity))
       -- The statement's snapshot is the table before the upsert: rows not there yet are the new ones.
       SELECT g.excursion_id AS "excursionId", g.inventory_id AS "inventoryId" FROM given g
       WHERE NOT EXISTS (SELECT 1 FROM temperature_excursion_lots b WHERE b.excursion_id = g.excursion_id AND b.inventory_id = g.inventory_id)`,
  );
  const startOf = new Map(changed.map(({ id, run }) => [id, run.startedAt]));
  const latest = new Map<number, number>();
  for (const { excursionId, inventoryId } of added) {
    const held = latest.get(Number(inventoryId));
    if (held === undefined || startOf.get(Number(excursionId))!.getTime() > startOf.get(held)!.getTime()) latest.set(Number(inventoryId), Number(excursionId));
  }
  const byExcursion = new Map<number, number[]>();
  for (const [inventoryId, excursionId] of latest) {
    const inventoryIds = byExcursion.get(excursionId) ?? [];
    inventoryIds.push(inventoryId);
    byExcursion.set(excursionId, inventoryIds);
  }
  for (const [excursionId, inventoryIds] of byExcursion) {
    await holdLotsForExcursion(tx, actor, { excursionId, inventoryIds, reason: holdReasonOf(unit.unitName, startOf.get(excursionId)!, timeZone) });
  }
}
