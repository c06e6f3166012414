import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { DeepLedger } from './accounting-measures.ts';
import { root } from './processes.ts';
import { deepCursorSql, encodeLedgerCursor, ledgerRows, ledgerVolumeSql } from './ledger-volume.ts';
import { planVolumeSql } from './plan-progress-volume.ts';
import { salesLines, salesVolumeSql } from './sales-volume.ts';
import { type StockFactsRow, stockFactsSql, stockLots, stockRows, type StockVolume, stockVolumeOf, stockVolumeSql } from './stock-volume.ts';

export const rowsPerResource = Number(process.env.BENCH_ROWS ?? 10_000);

/** 10,000 rows per Setup resource, bulk-inserted by SQL after the server has migrated the schema. */
export const volumeSql = (n: number) => `
  INSERT INTO regions (region_name, region_code) SELECT 'Bench Region ' || i, 'B' || i FROM generate_series(1, ${n}) AS i;
  INSERT INTO cities (city_name, region_id) SELECT 'City ' || r.id, r.id FROM regions r WHERE r.region_code LIKE 'B%';
  INSERT INTO categories (category_name) SELECT 'Bench Category ' || i FROM generate_series(1, ${n}) AS i;
  INSERT INTO sub_categories (sub_category_name, category_id) SELECT 'Sub ' || c.id, c.id FROM categories c WHERE c.category_name LIKE 'Bench%';
  INSERT INTO asset_categories (asset_category_name, useful_life_months, depreciation_method)
    SELECT 'Bench Asset Category ' || i, 12 + i % 100, 'straightLine' FROM generate_series(1, ${n}) AS i;
  INSERT INTO couriers (courier_name, phone) SELECT 'Bench Courier ' || i, '+92 300 ' || lpad(i::text, 7, '0') FROM generate_series(1, ${n}) AS i;
  ANALYZE;
`;

type DeepRow = { account_id: number; entry_date: string; id: string };

function deepLedgerOf(row: DeepRow | undefined): DeepLedger {
  if (!row) throw new Error('the deep ledger row was not found');
  return { accountId: row.account_id, cursor: encodeLedgerCursor(row.entry_date, row.id), rowsBefore: Math.floor(ledgerRows * 0.9) };
}

// Measure a settled database: without this, PostgreSQL's autovacuum works through the bulk
// load during the measurements and takes a core from the server.
const settleSql = 'VACUUM (ANALYZE)';

/** What the measures need of the seeded database. */
export interface Seeded {
  deep: DeepLedger;
  stock: StockVolume;
}

export async function seedPglite(dataDir: string): Promise<Seeded> {
  // The schema's search indexes use pg_trgm and the price list btree_gist, which PGlite loads only when asked.
  const db = await PGlite.create(dataDir, { extensions: { pg_trgm, btree_gist } });
  await db.exec(volumeSql(rowsPerResource));
  await db.exec(ledgerVolumeSql(ledgerRows));
  const deep = deepLedgerOf((await db.query<DeepRow>(deepCursorSql(ledgerRows))).rows[0]);
  await db.exec(stockVolumeSql(stockRows, stockLots));
  const stock = stockVolumeOf((await db.query<StockFactsRow>(stockFactsSql(stockRows))).rows[0], stockRows);
  await db.exec(salesVolumeSql(salesLines));
  await db.exec(planVolumeSql);
  await db.exec(settleSql);
  await db.close();
  return { deep, stock };
}

export async function seedPostgres(databaseUrl: string): Promise<Seeded> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(volumeSql(rowsPerResource));
  await client.query(ledgerVolumeSql(ledgerRows));
  const deep = deepLedgerOf((await client.query<DeepRow>(deepCursorSql(ledgerRows))).rows[0]);
  await client.query(stockVolumeSql(stockRows, stockLots));
  const stock = stockVolumeOf((await client.query<StockFactsRow>(stockFactsSql(stockRows))).rows[0], stockRows);
  await client.query(salesVolumeSql(salesLines));
  await client.query(planVolumeSql);
  await client.query(settleSql);
  await client.end();
  return { deep, stock };
}

/** A fresh database for the PostgreSQL run; false when no server answers. */
export async function recreatePostgresDatabase(serverUrl: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
  } catch {
    return false;
  }
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  return true;
}

/**
 * The environment of a server over a fresh database for one bench: `database` recreated on the
 * PostgreSQL server (BENCH_POSTGRES_URL) when `engine` is `postgres`, else bench/.data/<dataDir>
 * emptied for PGlite.
 */
export async function freshEngineEnv(engine: string, database: string, dataDir: string): Promise<Record<string, string>> {
  if (engine === 'postgres') {
    const server = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    if (!(await recreatePostgresDatabase(server, database))) throw new Error(`No PostgreSQL at ${server}`);
    return { DATABASE_URL: server.replace(/\/[^/]*$/, `/${database}`) };
  }
  const dir = join(root, 'bench/.data', dataDir);
  rmSync(dir, { recursive: true, force: true });
  return { DATA_DIR: dir };
}

/** Drops a bench's database after its run (kept when BENCH_KEEP_DATABASE is set, to look at its plans). */
export async function dropPostgresDatabase(serverUrl: string, name: string): Promise<void> {
  if (process.env.BENCH_KEEP_DATABASE) return;
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.end();
}

/**
 * Loads a volume by SQL into the engine's database (the server stopped) and answers what the bench
 * checks its answers against, read by `factsSql` right after; then analyses, as autovacuum would
 * have on a server left to run.
 */
export async function seedBySql<Facts>(engine: string, env: Record<string, string>, volume: string, factsSql: string): Promise<Facts> {
  if (engine === 'pglite') {
    const db = await PGlite.create(env.DATA_DIR!, { extensions: { pg_trgm, btree_gist } });
    await db.exec(volume);
    const facts = (await db.query<Facts>(factsSql)).rows[0]!;
    await db.exec('VACUUM (ANALYZE)');
    await db.close();
    return facts;
  }
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  await client.query(volume);
  const facts = (await client.query<Facts & pg.QueryResultRow>(factsSql)).rows[0]!;
  await client.query('VACUUM (ANALYZE)');
  await client.end();
  return facts;
}

/**
 * Statistics of the seeded tables, as autovacuum would have gathered them on a server left to run:
 * without them (this machine's PostgreSQL runs with autovacuum off) the planner guesses, and the
 * figures measure the guess. PGlite has no autovacuum either and stays as the server keeps it.
 */
export async function analysePostgres(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('VACUUM (ANALYZE)');
  } finally {
    await client.end();
  }
}
