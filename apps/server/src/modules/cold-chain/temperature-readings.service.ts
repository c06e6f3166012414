import {
  coldChainMessages,
  deviationOf,
  instantOf,
  parseTimeText,
  type ReadingPoint,
  type TemperatureReadingInput,
  type TemperatureReadingListQuery,
  type TemperatureReadingRow,
  type TemperatureReadingSource,
} from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, numericArray, queryRows, textArray, type Tx } from '../../db/client.ts';
import { audit } from '../../plugins/audit.ts';
import { type Actor, auditActorOf } from '../../lib/actor.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import { companyTimeZone, utcText } from './cold-chain-sql.ts';
import { type LockedUnit, recomputeExcursions } from './excursion-runs.service.ts';
import { unitRegionScope } from './storage-units.binding.ts';

/** The unit, locked, within the actor's regions; undefined when there is none they may see. */
export async function lockUnit(tx: Tx, actor: Actor, id: number): Promise<LockedUnit | undefined> {
  const scope = unitRegionScope(actor, sql`u.region_id`);
  const [unit] = await queryRows<LockedUnit>(
    tx,
    sql`SELECT u.id, u.unit_name AS "unitName", u.region_id AS "regionId", u.storage_condition AS "storageCondition", u.min_c::text AS "minC", u.max_c::text AS "maxC"
        FROM storage_units u WHERE u.id = ${id}::int ${scope ? sql`AND ${scope}` : sql``} FOR UPDATE`,
  );
  return unit ? { ...unit, id: Number(unit.id), regionId: Number(unit.regionId) } : undefined;
}

export interface NewReading {
  readAt: Date;
  temperatureC: string;
  notes: string;
}

/**
 * Stores readings of one locked unit (an instant already stored is skipped: the caller checked
 * it holds the same temperature) and computes its excursions again, in the caller's transaction.
 * Answers how many were stored.
 */
export async function storeReadings(
  tx: Tx,
  actor: Actor,
  unit: LockedUnit,
  readings: readonly NewReading[],
  options: { source: TemperatureReadingSource; importJobId?: number; timeZone: string },
): Promise<number> {
  if (readings.length === 0) return 0;
  // One point per instant: a file may repeat a row (the check made sure a repeat is equal).
  const seen = new Set<number>();
  const unique = readings.filter((r) => !seen.has(r.readAt.getTime()) && seen.add(r.readAt.getTime()));
  const points: ReadingPoint[] = unique.map((r) => ({ readAt: r.readAt, temperatureC: r.temperatureC, deviation: deviationOf(r.temperatureC, unit) }));
  const [inserted] = await queryRows<{ stored: number }>(
    tx,
    sql`WITH stored AS (
          INSERT INTO temperature_readings (storage_unit_id, read_at, temperature_c, deviation, source, notes, import_job_id, created_by)
          SELECT ${unit.id}::int, r.read_at::timestamptz, r.temperature_c, r.deviation, ${options.source}, r.notes, ${options.importJobId ?? null}::int, ${actor.userId}::int
          FROM unnest(${textArray(points.map((r) => r.readAt.toISOString()))}, ${numericArray(points.map((r) => r.temperatureC))},
                      ${textArray(points.map((r) => r.deviation))}, ${textArray(unique.map((r) => r.notes))}) AS r(read_at, temperature_c, deviation, notes)
          ON CONFLICT (storage_unit_id, read_at) DO NOTHING
          RETURNING 1)
        SELECT count(*)::int AS stored FROM stored`,
  );
  const stored = Number(inserted?.stored ?? 0);
  if (stored === 0) return 0;
  await recomputeExcursions(tx, actor, unit, points, options.timeZone, { allNew: stored === points.length });
  return stored;
}

/** `POST /api/temperature-readings`: a reading taken by hand; a later time than now is 400, a second reading of the unit's instant 409. */
export async function recordReading(tx: Tx, actor: Actor, input: TemperatureReadingInput, now = new Date()): Promise<TemperatureReadingRow> {
  const unit = await lockUnit(tx, actor, input.storageUnitId);
  // Another region's unit reads as none: a reference the caller may not see is their mistake, as every reference.
  if (!unit) throw new BadRequestError({ storageUnitId: 'Storage unit does not exist' });
  const timeZone = await companyTimeZone(tx);
  const readAt = instantOf(parseTimeText(input.readAt)!, timeZone);
  if (readAt.getTime() > now.getTime()) throw new BadRequestError({ readAt: coldChainMessages.readingInFuture });
  const stored = await storeReadings(tx, actor, unit, [{ readAt, temperatureC: input.temperatureC, notes: input.notes ?? '' }], { source: 'manual', timeZone });
  if (stored === 0) throw new ConflictError(coldChainMessages.readingTaken, { readAt: coldChainMessages.readingTaken });
  const [row] = await readingRows(tx, sql`r.storage_unit_id = ${unit.id}::int AND r.read_at = ${readAt.toISOString()}::timestamptz`, sql`r.id`, 1);
  await audit(tx, auditActorOf(actor), { action: 'create', resource: 'temperature-readings', recordId: row!.id, after: row });
  return row!;
}

async function readingRows(executor: Executor, where: SQL, order: SQL, limit: number): Promise<TemperatureReadingRow[]> {
  const rows = await queryRows<TemperatureReadingRow>(
    executor,
    sql`SELECT r.id, r.storage_unit_id AS "storageUnitId", u.unit_name AS "unitName", u.region_id AS "regionId", ${utcText(sql`r.read_at`)} AS "readAt",
               r.temperature_c::text AS "temperatureC", r.deviation, r.source, r.notes, r.created_by AS "createdBy", ${utcText(sql`r.created_at`)} AS "createdAt"
        FROM temperature_readings r JOIN storage_units u ON u.id = r.storage_unit_id
        WHERE ${where} ORDER BY ${order} LIMIT ${limit}`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), storageUnitId: Number(r.storageUnitId), regionId: Number(r.regionId), createdBy: r.createdBy === null ? null : Number(r.createdBy) }));
}

/**
 * `GET /api/temperature-readings`: oldest first, a keyset page after the cursor `readAt~id`;
 * `from`/`to` cover their whole days in the company's zone. `nextAfter` is null on the last page.
 */
export async function listReadings(executor: Executor, actor: Actor, query: TemperatureReadingListQuery): Promise<{ data: TemperatureReadingRow[]; nextAfter: string | null }> {
  const timeZone = await companyTimeZone(executor);
  const conditions: SQL[] = [];
  const scope = unitRegionScope(actor, sql`u.region_id`);
  if (scope) conditions.push(scope);
  if (query.storageUnitId) conditions.push(sql`r.storage_unit_id = ${query.storageUnitId}::int`);
  // The zone's midnight of the day as an instant: the index on (unit, read_at) serves the range.
  if (query.from) conditions.push(sql`r.read_at >= (${query.from}::date::timestamp AT TIME ZONE ${timeZone})`);
  if (query.to) conditions.push(sql`r.read_at < ((${query.to}::date + 1)::timestamp AT TIME ZONE ${timeZone})`);
  if (query.after) {
    const [readAt, id] = query.after.split('~') as [string, string];
    conditions.push(sql`(r.read_at, r.id) > (${readAt}::timestamptz, ${id}::bigint)`);
  }
  const rows = await readingRows(executor, conditions.length > 0 ? sql.join(conditions, sql` AND `) : sql`true`, sql`r.read_at, r.id`, query.pageSize + 1);
  const page = rows.slice(0, query.pageSize);
  const last = page.at(-1);
  return { data: page, nextAfter: rows.length > query.pageSize && last ? `${last.readAt}~${last.id}` : null };
}
