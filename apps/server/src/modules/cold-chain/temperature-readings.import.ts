import { coldChainMessages, instantOf, parseTimeText, permittedIds, temperatureReadingsWriteScope, temperatureSchema } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, intArray, intList, queryRows, textArray, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { dateOf, numberTextOf } from '../../lib/import/cell-values.ts';
import type { CheckedRow, ImportJobRef, ImportKind, ImportProgress, ImportRow } from '../../lib/import/import-kind.ts';
import { chunksOf } from '../../lib/import/name-lookup.ts';
import { fieldErrorsOf } from '../../lib/validation.ts';
import { companyTimeZone, utcText } from './cold-chain-sql.ts';
import { lockUnit, storeReadings } from './temperature-readings.service.ts';

/** A logger's row, checked: the unit, the instant (ISO) and the temperature. */
interface LoggerReading {
  storageUnitId: number;
  readAt: string;
  temperatureC: string;
}

const temperatureRule = temperatureSchema('Temperature');

/** Units the actor may see, by lower-cased name and logger serial. */
async function unitsOf(executor: Executor, actor: Actor): Promise<{ byName: Map<string, number[]>; bySerial: Map<string, number> }> {
  const regions = permittedIds(actor.permissions, 'regions');
  const rows = await queryRows<{ id: number; unitName: string; loggerSerial: string | null }>(
    executor,
    sql`SELECT id, unit_name AS "unitName", logger_serial AS "loggerSerial" FROM storage_units ${regions ? sql`WHERE region_id IN (${intList(regions)})` : sql``}`,
  );
  const byName = new Map<string, number[]>();
  const bySerial = new Map<string, number>();
  for (const row of rows) {
    const key = row.unitName.toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), Number(row.id)]);
    if (row.loggerSerial) bySerial.set(row.loggerSerial.toLowerCase(), Number(row.id));
  }
  return { byName, bySerial };
}

/** "Read at", else "Date" and "Time" together; a day-first date (`01/03/2026 08:30`) read as the importers' dates are. */
function timeTextOf(values: Record<string, string>): string {
  const joined = values.readAt || (values.date && values.time ? `${dateOf(values.date.split(/[ T]/)[0]!)} ${/(\d{1,2}:\d{2}(:\d{2})?)\s*$/.exec(values.time)?.[1] ?? values.time}` : '');
  const dayFirst = /^(\d{1,2}[/.-]\d{1,2}[/.-]\d{4})[ T](.*)$/.exec(joined);
  return dayFirst ? `${dateOf(dayFirst[1]!)} ${dayFirst[2]}` : joined.replace(/^(\d{4}-\d{2}-\d{2}) (\d):/, '$1 0$2:');
}

/** The temperatures already stored at the rows' instants, by `unit|instant`. */
async function storedAt(executor: Executor, keys: readonly { storageUnitId: number; readAt: string }[]): Promise<Map<string, string>> {
  const stored = new Map<string, string>();
  const byUnit = new Map<number, string[]>();
  for (const key of keys) {
    const instants = byUnit.get(key.storageUnitId) ?? [];
    instants.push(key.readAt);
    byUnit.set(key.storageUnitId, instants);
  }
  for (const [unitId, instants] of byUnit) {
    for (const chunk of chunksOf(instants, 5_000)) {
      const rows = await queryRows<{ readAt: string; temperatureC: string }>(
        executor,
        sql`SELECT ${utcText(sql`read_at`)} AS "readAt", temperature_c::text AS "temperatureC" FROM temperature_readings
            WHERE storage_unit_id = ${unitId}::int AND read_at = ANY(${textArray(chunk)}::timestamptz[])`,
      );
      for (const row of rows) stored.set(`${unitId}|${row.readAt}`, row.temperatureC);
    }
  }
  return stored;
}

async function check(tx: Executor, actor: Actor, rows: readonly ImportRow[]): Promise<CheckedRow<LoggerReading>[]> {
  const units = await unitsOf(tx, actor);
  const timeZone = await companyTimeZone(tx);
  const now = Date.now();
  const checked: CheckedRow<LoggerReading>[] = rows.map((row) => {
    const v = row.values;
    const errors: Record<string, string> = {};
    let storageUnitId: number | undefined;
    const unitText = (v.storageUnit ?? '').trim();
    if (!unitText) errors.storageUnit = 'Storage unit is required';
    else {
      const serial = units.bySerial.get(unitText.toLowerCase());
      const named = units.byName.get(unitText.toLowerCase()) ?? [];
      if (serial !== undefined) storageUnitId = serial;
      else if (named.length === 1) storageUnitId = named[0];
      else errors.storageUnit = named.length > 1 ? coldChainMessages.unitAmbiguous(unitText) : coldChainMessages.unitUnknown(unitText);
    }
    let readAt: string | undefined;
    const timeText = timeTextOf(v);
    const parsed = timeText ? parseTimeText(timeText) : null;
    if (!timeText) errors.readAt = coldChainMessages.readAtRequired;
    else if (!parsed) errors.readAt = 'Read at must be a date and time (YYYY-MM-DD HH:MM, or DD/MM/YYYY HH:MM)';
    else {
      const instant = instantOf(parsed, timeZone);
      if (instant.getTime() > now) errors.readAt = coldChainMessages.readingInFuture;
      else readAt = instant.toISOString();
    }
    const temperature = temperatureRule.safeParse(v.temperatureC ? numberTextOf(v.temperatureC) : undefined);
    if (!temperature.success) errors.temperatureC = Object.values(fieldErrorsOf(temperature.error.issues))[0] ?? 'Temperature is required';
    if (Object.keys(errors).length > 0) return { rowNumber: row.rowNumber, errors };
    return { rowNumber: row.rowNumber, input: { storageUnitId: storageUnitId!, readAt: readAt!, temperatureC: temperature.data! } };
  });

  // A row equal to a stored reading (or an earlier row) is accepted and stored once; the same instant at another temperature is refused.
  const stored = await storedAt(
    tx,
    checked.flatMap((r) => (r.input ? [r.input] : [])),
  );
  const inFile = new Map<string, { rowNumber: number; temperatureC: string }>();
  return checked.map((row) => {
    if (!row.input) return row;
    const key = `${row.input.storageUnitId}|${row.input.readAt}`;
    const before = stored.get(key);
    if (before !== undefined && before !== row.input.temperatureC) return { rowNumber: row.rowNumber, errors: { readAt: coldChainMessages.readingDiffers(before) } };
    const earlier = inFile.get(key);
    if (earlier && earlier.temperatureC !== row.input.temperatureC) return { rowNumber: row.rowNumber, errors: { readAt: coldChainMessages.sameRowTwice(earlier.rowNumber, earlier.temperatureC) } };
    if (!earlier) inFile.set(key, { rowNumber: row.rowNumber, temperatureC: row.input.temperatureC });
    return row;
  });
}

/**
 * Stores the rows unit by unit (locked in id order, so two imports of one unit take turns) and
 * computes each unit's excursions once, in the import's transaction. Answers the units' ids:
 * the readings are many, their units are what the audit entry names.
 */
async function write(tx: Tx, actor: Actor, rows: readonly { rowNumber: number; input: LoggerReading }[], progress: ImportProgress, job: ImportJobRef): Promise<number[]> {
  const timeZone = await companyTimeZone(tx);
  const byUnit = new Map<number, LoggerReading[]>();
  for (const { input } of rows) {
    const readings = byUnit.get(input.storageUnitId) ?? [];
    readings.push(input);
    byUnit.set(input.storageUnitId, readings);
  }
  const unitIds = [...byUnit.keys()].sort((a, b) => a - b);
  // Every unit of the file first, in id order, before any lot: a decision on one of them (unit, then
  // lots) waits for the import instead of holding a lot the import's next unit wants.
  await tx.execute(sql`SELECT id FROM storage_units WHERE id = ANY(${intArray(unitIds)}) ORDER BY id FOR UPDATE`);
  let done = 0;
  for (const unitId of unitIds) {
    const unit = await lockUnit(tx, actor, unitId);
    if (!unit) throw new Error(`Storage unit ${unitId} left the actor's scope during the import`);
    const readings = byUnit.get(unitId)!;
    await storeReadings(
      tx,
      actor,
      unit,
      readings.map((r) => ({ readAt: new Date(r.readAt), temperatureC: r.temperatureC, notes: '' })),
      { source: 'logger', importJobId: job.id, timeZone },
    );
    done += readings.length;
    progress(done);
  }
  return unitIds;
}

/** Logger files (issue 31, section 3): readings of the units, source `logger`, on /inventory's cold chain tab. */
export const temperatureReadingsImport: ImportKind<LoggerReading> = {
  name: 'temperature-readings',
  title: 'Temperature readings',
  route: '/inventory',
  scope: temperatureReadingsWriteScope,
  resource: 'temperature-readings',
  columns: [
    { key: 'storageUnit', label: 'Storage unit', required: true, hint: "the unit's name or its logger's serial", aliases: ['Unit', 'Unit name', 'Logger serial', 'Logger', 'Serial', 'Serial number', 'Fridge'], example: 'Fridge 1' },
    { key: 'readAt', label: 'Read at', required: false, hint: 'YYYY-MM-DD HH:MM (the company’s time zone unless an offset is given); or Date and Time', aliases: ['Timestamp', 'Time stamp', 'Date time', 'Datetime', 'Date and time'], example: '2026-03-01 08:30' },
    { key: 'date', label: 'Date', required: false, hint: 'YYYY-MM-DD or DD/MM/YYYY, with Time when Read at is not given', aliases: ['Reading date'], example: '' },
    { key: 'time', label: 'Time', required: false, hint: 'HH:MM, with Date', aliases: [], example: '' },
    { key: 'temperatureC', label: 'Temperature (°C)', required: true, hint: '-100 to 100, at most 2 decimals', aliases: ['Temperature', 'Temp', 'Temp (°C)', 'Temperature C', 'Celsius', '°C'], example: '5.4' },
  ],
  check,
  write,
};
