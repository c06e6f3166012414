import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { companySettings } from '../../db/schema/index.ts';

/**
 * How another area reads the company settings (docs/decisions/setup.md, "Other areas read the
 * settings through setup"). The settings are setup's single row; another area names a setting by
 * its key, never the table or its columns, so the row's shape may change with setup alone.
 */

/** The settings another area may read: every column of the row but its identity and stamps. */
export type SettingKey = Exclude<keyof typeof companySettings.$inferSelect, 'id' | 'createdAt' | 'updatedAt'>;

/** The values as the row holds them; a decimal (the tax rate) is its text, as `numeric::text` gives it. */
export type SettingValues = { [K in SettingKey]: (typeof companySettings.$inferSelect)[K] };

const columnOf = (key: SettingKey) => sql.identifier(companySettings[key].name);

/**
 * One setting as a scalar subquery, `(SELECT <column> FROM company_settings LIMIT 1)`, for a
 * statement that reads it with other rows: the statement stays one. Null when there is no row; a
 * caller's cast or default (`::text`, `coalesce(..., 30)`) goes around it.
 */
export function companySettingSql(key: SettingKey): SQL {
  return sql`(SELECT ${columnOf(key)} FROM company_settings LIMIT 1)`;
}

/** Some settings (one key at least), one statement; a key is absent when there is no settings row yet. */
export async function readSettingValues<K extends SettingKey>(executor: Executor, keys: readonly [K, ...K[]]): Promise<Partial<Pick<SettingValues, K>>> {
  const columns = keys.map((key) => sql`${columnOf(key)}${companySettings[key].columnType === 'PgNumeric' ? sql`::text` : sql``} AS ${sql.identifier(key)}`);
  const [row] = await queryRows<Pick<SettingValues, K>>(executor, sql`SELECT ${sql.join(columns, sql`, `)} FROM company_settings LIMIT 1`);
  return row ?? {};
}
