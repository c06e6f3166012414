import { type DateOrder, type StatementFormat } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, jsonValue, queryRows } from '../../db/client.ts';

/** A bank account's remembered statement layout; the default is none, day first. */
export async function readStatementFormat(executor: Executor, accountId: number): Promise<StatementFormat> {
  const [row] = await queryRows<{ mapping: unknown; dateOrder: DateOrder }>(
    executor,
    sql`SELECT mapping, date_order AS "dateOrder" FROM bank_statement_formats WHERE account_id = ${accountId}::int`,
  );
  return row ? { mapping: jsonValue<Record<string, string | null>>(row.mapping), dateOrder: row.dateOrder } : { mapping: {}, dateOrder: 'dmy' };
}

/** Keeps the layout (a run's mapping; the date order unless given). */
export async function saveStatementFormat(executor: Executor, accountId: number, format: { mapping: Readonly<Record<string, string | null>>; dateOrder?: DateOrder }): Promise<StatementFormat> {
  const [row] = await queryRows<{ mapping: unknown; dateOrder: DateOrder }>(
    executor,
    sql`INSERT INTO bank_statement_formats AS f (account_id, mapping, date_order) VALUES (${accountId}::int, ${JSON.stringify(format.mapping)}::jsonb, ${format.dateOrder ?? 'dmy'})
        ON CONFLICT (account_id) DO UPDATE SET mapping = excluded.mapping, date_order = ${format.dateOrder ? sql`excluded.date_order` : sql`f.date_order`}, updated_at = now()
        RETURNING mapping, date_order AS "dateOrder"`,
  );
  return { mapping: jsonValue<Record<string, string | null>>(row!.mapping), dateOrder: row!.dateOrder };
}
