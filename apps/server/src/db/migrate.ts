import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from './client.ts';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Any constant shared by every process of this application: serialises migrations across processes. */
const migrationLockKey = 4_242_001;

export interface MigrationResult {
  applied: string[];
  version: string | null;
}

export async function migrationFiles(): Promise<string[]> {
  return (await readdir(migrationsDir)).filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name)).sort();
}

/**
 * Applies the SQL files not yet applied, each in its own transaction, in name order.
 * Every transaction first takes a transaction-level advisory lock, so a second process
 * waits, then sees the file recorded and skips it. Safe to run at every start.
 */
export async function migrate(db: Db): Promise<MigrationResult> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${migrationLockKey})`);
    await tx.execute(
      sql`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
  });
  const applied: string[] = [];
  for (const name of await migrationFiles()) {
    const text = await readFile(`${migrationsDir}${name}`, 'utf8');
    const didApply = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${migrationLockKey})`);
      const done = await queryRows(tx, sql`SELECT 1 FROM schema_migrations WHERE name = ${name}`);
      if (done.length > 0) return false;
      for (const statement of splitStatements(text)) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO schema_migrations (name) VALUES (${name})`);
      return true;
    });
    if (didApply) applied.push(name);
  }
  return { applied, version: await schemaVersion(db) };
}

export async function schemaVersion(db: Db): Promise<string | null> {
  const rows = await queryRows<{ name: string }>(db, sql`SELECT max(name) AS name FROM schema_migrations`);
  return rows[0]?.name ?? null;
}

/**
 * One statement per query: PGlite's extended protocol takes a single statement.
 * A statement ends with `;` at the end of a line, outside any dollar-quoted body
 * (`$$ ... $$`, `$tag$ ... $tag$`), so a function body with its own `;` stays whole.
 * Lines starting with `--` are comments and dropped.
 */
export function splitStatements(text: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  let openQuote: string | null = null;
  const finish = () => {
    const statement = current.join('\n').trim().replace(/;\s*$/, '').trim();
    if (statement.length > 0) statements.push(statement);
    current = [];
  };
  for (const line of text.split('\n')) {
    if (openQuote === null && line.trimStart().startsWith('--')) continue;
    current.push(line);
    for (const match of line.matchAll(/\$[A-Za-z_]*\$/g)) {
      if (openQuote === null) openQuote = match[0];
      else if (match[0] === openQuote) openQuote = null;
    }
    if (openQuote === null && /;\s*$/.test(line)) finish();
  }
  if (openQuote !== null) throw new Error(`A dollar-quoted body (${openQuote}) is not closed`);
  finish();
  return statements;
}
