import { once } from 'node:events';
import { type FileHandle, open } from 'node:fs/promises';
import { createInterface, type Interface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { pgErrorOf } from '../lib/pg-error.ts';
import { type Db, type Executor, queryRows, type Tx } from './client.ts';
import { schemaVersion } from './migrate.ts';

export const backupFormat = 'erp-backup/1';
const chunkRows = 2_000;
/**
 * Tables computed from others by triggers (account_daily_totals from gl_entries,
 * stock_daily_totals from stock_moves, the sales summary's two rollups from it): not dumped;
 * a restore truncates them and the triggers rebuild them as the source rows return.
 */
export const derivedTables: ReadonlySet<string> = new Set(['account_daily_totals', 'stock_daily_totals', 'sales_summary_by_item', 'sales_summary_by_customer', 'jv_daily_totals']);

interface BackupHeader {
  format: string;
  schemaVersion: string | null;
  createdAt: string;
  tables: string[];
  /** Sequences no table column owns (vendor and customer account codes): name -> last value taken, or null if none yet. */
  sequences?: Record<string, number | null>;
}

/** Sequences that are not a column's identity: restoring the rows alone would not move them on. */
async function freeSequences(executor: Executor): Promise<Record<string, number | null>> {
  const rows = await queryRows<{ name: string; last: string | null }>(
    executor,
    sql`SELECT s.sequencename AS name, s.last_value::text AS last FROM pg_sequences s
        WHERE s.schemaname = current_schema()
          AND NOT EXISTS (SELECT 1 FROM pg_depend d JOIN pg_class c ON c.oid = d.objid
                          WHERE c.relname = s.sequencename AND d.deptype IN ('a', 'i'))
        ORDER BY s.sequencename`,
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.last === null ? null : Number(r.last)]));
}

/** Every application table, parents before children (by foreign keys), schema_migrations excluded. */
export async function tablesInDependencyOrder(executor: Executor): Promise<string[]> {
  const tables = (
    await queryRows<{ name: string }>(
      executor,
      sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname <> 'schema_migrations' ORDER BY c.relname`,
    )
  ).map((r) => r.name);
  const edges = await queryRows<{ child: string; parent: string }>(
    executor,
    sql`SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
        JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE k.contype = 'f' AND n.nspname = current_schema()`,
  );
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string): void => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const edge of edges) if (edge.child === table && edge.parent !== table) visit(edge.parent);
    visiting.delete(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

const identifier = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/**
 * A consistent logical dump, written owner-only (0600): one REPEATABLE READ, read-only transaction sees one snapshot
 * of every table. Rows leave PostgreSQL as JSON text and are never parsed here, so
 * numerics, timestamps and bytea (as \x hex) come back exactly. Gzip'd JSON lines: a
 * header, then per table a `{table, rows}` line followed by its rows.
 */
export async function backupDatabase(db: Db, file: string): Promise<{ tables: number; rows: number }> {
  // A backup holds password hashes and the token-signing key: owner-only, also when the
  // file existed before (the mode of `open` applies to new files only, so chmod it too).
  const handle = await open(file, 'w', 0o600);
  await handle.chmod(0o600);
  const gzip = createGzip();
  const output = new PassThrough();
  const done = pipeline(output, gzip, handle.createWriteStream());
  const write = async (line: string) => {
    if (!output.write(`${line}\n`)) await once(output, 'drain');
  };
  let total = 0;
  let tableCount = 0;
  try {
    await db.transaction(
      async (tx) => {
        const tables = (await tablesInDependencyOrder(tx)).filter((table) => !derivedTables.has(table));
        tableCount = tables.length;
        const header: BackupHeader = {
          format: backupFormat,
          schemaVersion: await schemaVersion(tx as unknown as Db),
          createdAt: new Date().toISOString(),
          tables,
          sequences: await freeSequences(tx),
        };
        await write(JSON.stringify(header));
        for (const table of tables) {
          const [count] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM ${identifier(table)}`);
          await write(JSON.stringify({ table, rows: Number(count?.n ?? 0) }));
          // Keyset over the physical row id: stable inside one snapshot and cheap at any table size.
          for (let after = '(0,0)'; ; ) {
            const rows = await queryRows<{ row: string; position: string }>(
              tx,
              sql`SELECT row_to_json(t)::text AS row, t.ctid::text AS position FROM ${identifier(table)} t
                  WHERE t.ctid > ${after}::tid ORDER BY t.ctid LIMIT ${chunkRows}`,
            );
            for (const { row } of rows) await write(row);
            total += rows.length;
            if (rows.length < chunkRows) break;
            after = rows[rows.length - 1]!.position;
          }
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  } finally {
    output.end();
    await done;
  }
  return { tables: tableCount, rows: total };
}

/**
 * A restore's refusal, worded to be printed: it names the table and the row's number, never a
 * row's values (a backup holds password hashes and the token-signing key).
 */
export class BackupError extends Error {}

/** The constraint or SQLSTATE of a database refusal: names, never values (its message may quote them). */
function refusalOf(error: unknown): string {
  const pgError = pgErrorOf(error);
  if (!pgError) return error instanceof Error ? error.constructor.name : 'error';
  return pgError.constraint ? `constraint ${pgError.constraint}` : `SQLSTATE ${pgError.code}`;
}

/** Refuses, as a BackupError, a backup file that is missing or unreadable: before a database is opened for it. */
export async function assertBackupReadable(file: string): Promise<void> {
  await (await openBackup(file)).close();
}

async function openBackup(file: string): Promise<FileHandle> {
  try {
    return await open(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BackupError(code === 'ENOENT' ? `No backup file ${file}` : `Cannot read ${file} (${code ?? 'error'})`);
  }
}

/**
 * Replaces every table's rows with the file's, in ONE transaction: truncate all, insert
 * parents before children, then move each identity sequence past its highest id.
 * The database must already be migrated to the backup's schema version. Every refusal is a
 * BackupError naming at most the table and the row's number in it.
 */
export async function restoreDatabase(db: Db, file: string): Promise<{ tables: number; rows: number }> {
  const source = (await openBackup(file)).createReadStream();
  const lines = createInterface({ input: source.pipe(createGunzip()), crlfDelay: Infinity });
  try {
    return await restoreLines(db, lines);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    if ((error as { code?: unknown }).code === 'Z_DATA_ERROR' || (error as { code?: unknown }).code === 'Z_BUF_ERROR') throw new BackupError(`${file} is not a gzip'd backup`);
    throw new BackupError(`The restore failed (${refusalOf(error)}); nothing was restored`);
  } finally {
    lines.close();
    source.destroy();
  }
}

async function restoreLines(db: Db, lines: Interface): Promise<{ tables: number; rows: number }> {
  const iterator = lines[Symbol.asyncIterator]();
  let lineNo = 0;
  const next = async (): Promise<string | undefined> => {
    const result = await iterator.next();
    lineNo += 1;
    return result.done ? undefined : result.value;
  };
  // JSON.parse quotes the text it refuses: never its message.
  const parsed = <T>(line: string, what: string): T => {
    try {
      return JSON.parse(line) as T;
    } catch {
      throw new BackupError(`The backup is damaged at line ${lineNo} (${what})`);
    }
  };
  const headerLine = await next();
  const header = headerLine ? parsed<BackupHeader>(headerLine, 'its header') : undefined;
  if (header?.format !== backupFormat) throw new BackupError('This file is not a backup of this application');
  const currentVersion = await schemaVersion(db);
  if (header.schemaVersion !== currentVersion) {
    throw new BackupError(`The backup has schema ${header.schemaVersion}; this database has ${currentVersion}. Migrate to the same version first.`);
  }
  let total = 0;
  await db.transaction(async (tx) => {
    const tables = await tablesInDependencyOrder(tx);
    // Self-references (a journal and its reversal point at each other) are checked at commit,
    // so rows may come back in any order.
    await tx.execute(sql`SET CONSTRAINTS ALL DEFERRED`);
    // Triggers that create rows of their own (a region's warehouse location) stand aside: the backup holds those rows.
    await tx.execute(sql`SELECT set_config('erp.restoring', 'on', true)`);
    if (tables.length > 0) await tx.execute(sql.raw(`TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY CASCADE`));
    // Generated columns (a customer's registration_checked) are computed again, never written:
    // a table that has some is restored through its other columns, named.
    const written = new Map(
      (
        await queryRows<{ table: string; columns: string[] }>(
          tx,
          sql`SELECT table_name AS "table", array_agg(column_name::text ORDER BY ordinal_position) FILTER (WHERE is_generated = 'NEVER') AS columns
              FROM information_schema.columns WHERE table_schema = current_schema()
              GROUP BY table_name HAVING bool_or(is_generated = 'ALWAYS')`,
        )
      ).map((t) => [t.table, sql.join(t.columns.map((c) => identifier(c)), sql`, `)]),
    );
    for (let line = await next(); line !== undefined; line = await next()) {
      if (line.trim() === '') continue;
      const section = parsed<{ table: string; rows: number }>(line, 'a table heading');
      if (!tables.includes(section.table)) throw new BackupError(`The backup has a table this database does not: ${section.table}`);
      const columns = written.get(section.table);
      const [into, select] = columns ? [sql`(${columns})`, columns] : [sql``, sql`*`];
      const insert = (executor: Executor, rows: readonly string[]) =>
        executor.execute(
          sql`INSERT INTO ${identifier(section.table)} ${into} OVERRIDING SYSTEM VALUE
              SELECT ${select} FROM jsonb_populate_recordset(NULL::${identifier(section.table)}, ${`[${rows.join(',')}]`}::jsonb)`,
        );
      let batch: string[] = [];
      let firstRow = 1;
      const flush = async () => {
        if (batch.length === 0) return;
        // A savepoint per batch: a refused batch is tried row by row to name the row.
        try {
          await tx.transaction((savepoint) => insert(savepoint, batch));
        } catch (error) {
          throw await refusedRow(tx, batch, firstRow, section.table, insert, error);
        }
        total += batch.length;
        firstRow += batch.length;
        batch = [];
      };
      for (let i = 0; i < section.rows; i++) {
        const row = await next();
        if (row === undefined) throw new BackupError(`The backup ends inside table ${section.table}`);
        batch.push(row);
        if (batch.length >= 500) await flush();
      }
      await flush();
    }
    for (const table of tables) await resetIdentity(tx, table);
    await restoreSequences(tx, header.sequences ?? {});
  });
  return { tables: header.tables.length, rows: total };
}

/** The first row of a refused batch the database refuses alone, as a BackupError naming the table and its row number. */
async function refusedRow(
  tx: Tx,
  batch: readonly string[],
  firstRow: number,
  table: string,
  insert: (executor: Executor, rows: readonly string[]) => Promise<unknown>,
  batchError: unknown,
): Promise<BackupError> {
  // Each row kept once in, so a row refused for repeating an earlier one of the batch is found; the restore rolls back anyway.
  for (let i = 0; i < batch.length; i++) {
    try {
      await tx.transaction((savepoint) => insert(savepoint, [batch[i]!]));
    } catch (error) {
      return new BackupError(`The restore failed at table ${table}, row ${firstRow + i} (${refusalOf(error)}); nothing was restored`);
    }
  }
  return new BackupError(`The restore failed at table ${table}, rows ${firstRow} to ${firstRow + batch.length - 1} (${refusalOf(batchError)}); nothing was restored`);
}

/** Puts the free sequences back where the backup had them (a sequence this database lacks is skipped). */
async function restoreSequences(tx: Executor, sequences: Record<string, number | null>): Promise<void> {
  const present = await freeSequences(tx);
  for (const [name, last] of Object.entries(sequences)) {
    if (!(name in present)) continue;
    await tx.execute(last === null ? sql`SELECT setval(${name}::regclass, 1, false)` : sql`SELECT setval(${name}::regclass, ${last}::bigint, true)`);
  }
}

async function resetIdentity(tx: Executor, table: string): Promise<void> {
  const identities = await queryRows<{ column: string }>(
    tx,
    sql`SELECT a.attname AS column FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relname = ${table} AND a.attidentity <> '' AND a.attnum > 0`,
  );
  for (const { column } of identities) {
    await tx.execute(
      sql`SELECT setval(pg_get_serial_sequence(${`"${table}"`}, ${column}), coalesce((SELECT max(${identifier(column)}) FROM ${identifier(table)}), 0) + 1, false)`,
    );
  }
}
