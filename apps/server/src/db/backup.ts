import { createReadStream } from 'node:fs';
import { once } from 'node:events';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { type Db, type Executor, queryRows } from './client.ts';
import { schemaVersion } from './migrate.ts';

export const backupFormat = 'erp-backup/1';
const chunkRows = 2_000;
/**
 * Tables computed from others by triggers (account_daily_totals from gl_entries,
 * stock_daily_totals from stock_moves, the sales summary's two rollups from it): not dumped;
 * a restore truncates them and the triggers rebuild them as the source rows return.
 */
export const derivedTables: ReadonlySet<string> = new Set(['account_daily_totals', 'stock_daily_totals', 'sales_summary_by_item', 'sales_summary_by_customer']);

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
 * Replaces every table's rows with the file's, in ONE transaction: truncate all, insert
 * parents before children, then move each identity sequence past its highest id.
 * The database must already be migrated to the backup's schema version.
 */
export async function restoreDatabase(db: Db, file: string): Promise<{ tables: number; rows: number }> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  const iterator = lines[Symbol.asyncIterator]();
  const next = async (): Promise<string | undefined> => {
    const result = await iterator.next();
    return result.done ? undefined : result.value;
  };
  const headerLine = await next();
  const header = headerLine ? (JSON.parse(headerLine) as BackupHeader) : undefined;
  if (header?.format !== backupFormat) throw new Error('This file is not a backup of this application');
  const currentVersion = await schemaVersion(db);
  if (header.schemaVersion !== currentVersion) {
    throw new Error(`The backup has schema ${header.schemaVersion}; this database has ${currentVersion}. Migrate to the same version first.`);
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
    for (let line = await next(); line !== undefined; line = await next()) {
      if (line.trim() === '') continue;
      const section = JSON.parse(line) as { table: string; rows: number };
      if (!tables.includes(section.table)) throw new Error(`The backup has a table this database does not: ${section.table}`);
      let batch: string[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        await tx.execute(
          sql`INSERT INTO ${identifier(section.table)} OVERRIDING SYSTEM VALUE
              SELECT * FROM jsonb_populate_recordset(NULL::${identifier(section.table)}, ${`[${batch.join(',')}]`}::jsonb)`,
        );
        total += batch.length;
        batch = [];
      };
      for (let i = 0; i < section.rows; i++) {
        const row = await next();
        if (row === undefined) throw new Error(`The backup ends inside table ${section.table}`);
        batch.push(row);
        if (batch.length >= 500) await flush();
      }
      await flush();
    }
    for (const table of tables) await resetIdentity(tx, table);
    await restoreSequences(tx, header.sequences ?? {});
  });
  lines.close();
  return { tables: header.tables.length, rows: total };
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
