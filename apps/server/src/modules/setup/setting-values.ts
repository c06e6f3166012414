import type { CompanySettings } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';

/**
 * How the settings row is read and written by key (docs/decisions/setup.md, "Other areas read the
 * settings through setup" and "A setting is its area's"). The row holds one column per setting of
 * every area's section, named as its key in snake case (`nearExpiryDays`: `near_expiry_days`) and
 * added by its area's migration; no Drizzle column lists them, so a new setting edits no shared
 * schema file. Another area names a setting by its key, never the table or its columns.
 */

/** A setting of some area's section (the logos are not settings). */
export type SettingKey = Exclude<keyof CompanySettings, 'rectangleLogo' | 'squareLogo'>;

/** The values as the row holds them; a decimal (the tax rate) is its text, as both engines answer `numeric`. */
export type SettingValues = Pick<CompanySettings, SettingKey>;

/** The column of a setting: its key in snake case. */
export const settingColumn = (key: string): SQL => sql`${sql.identifier(key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`))}`;

/**
 * One setting as a scalar subquery, `(SELECT <column> FROM company_settings LIMIT 1)`, for a
 * statement that reads it with other rows: the statement stays one. Null when there is no row; a
 * caller's cast or default (`::text`, `coalesce(..., 30)`) goes around it.
 */
export function companySettingSql(key: SettingKey): SQL {
  return sql`(SELECT ${settingColumn(key)} FROM company_settings LIMIT 1)`;
}

/** Settings by key (one at least), one statement; none when there is no settings row yet. */
export async function readSettingRow(executor: Executor, keys: readonly string[]): Promise<Record<string, unknown> | undefined> {
  const columns = keys.map((key) => sql`${settingColumn(key)} AS ${sql.identifier(key)}`);
  const [row] = await queryRows<Record<string, unknown>>(executor, sql`SELECT ${sql.join(columns, sql`, `)} FROM company_settings LIMIT 1`);
  return row;
}

/** Some settings (one key at least), one statement; a key is absent when there is no settings row yet. */
export async function readSettingValues<K extends SettingKey>(executor: Executor, keys: readonly [K, ...K[]]): Promise<Partial<Pick<SettingValues, K>>> {
  return ((await readSettingRow(executor, keys)) ?? {}) as Partial<Pick<SettingValues, K>>;
}

/**
 * Sets the settings given on the row (locked first). When there is no row yet it is made from
 * `whole(values)` (a first save's defaults; by default the values alone, the other columns at
 * their columns' defaults).
 */
export async function writeSettingValues(
  executor: Executor,
  given: Readonly<Record<string, unknown>>,
  whole: (values: Readonly<Record<string, unknown>>) => Readonly<Record<string, unknown>> = (values) => values,
): Promise<void> {
  const [existing] = await queryRows<{ id: number }>(executor, sql`SELECT id FROM company_settings LIMIT 1 FOR UPDATE`);
  const values = existing ? given : whole(given);
  const keys = Object.keys(values);
  if (!existing) {
    const insert = keys.length === 0 ? sql`DEFAULT VALUES` : sql`(${sql.join(keys.map(settingColumn), sql`, `)}) VALUES (${sql.join(keys.map((key) => sql`${values[key]}`), sql`, `)})`;
    await executor.execute(sql`INSERT INTO company_settings ${insert}`);
    return;
  }
  if (keys.length === 0) return;
  const sets = keys.map((key) => sql`${settingColumn(key)} = ${values[key]}`);
  await executor.execute(sql`UPDATE company_settings SET ${sql.join([...sets, sql`updated_at = now()`], sql`, `)} WHERE id = ${existing.id}::int`);
}
