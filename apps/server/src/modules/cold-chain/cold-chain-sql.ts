import { coldChainSettings } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { readSettingValues } from '../setup/setup.api.ts';

/** An instant as the API answers it, `2026-03-01T03:30:00.000Z`, the same text on both engines. */
export const utcText = (instant: SQL): SQL => sql`to_char(${instant} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The company's time zone (settings): times without an offset and excursions' days are read in it. */
export async function companyTimeZone(executor: Executor): Promise<string> {
  const { timeZone } = await readSettingValues(executor, ['timeZone']);
  return timeZone ?? coldChainSettings.defaults.timeZone;
}

/** An ISO instant from the driver's value (a Date, or text on some paths). */
export function instantOfValue(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}
