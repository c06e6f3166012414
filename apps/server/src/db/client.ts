import { createHash } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { createLockFile, isAlive, lockOwner } from './lock-file.ts';
import { withPreparedStatements } from './pglite-prepared.ts';
import { createPrivateDataDir, restrictDataDirFiles } from './private-data-dir.ts';
import { fastQueryText, type QueryText, type RenderEntity } from './sql-text.ts';
/**
 * No relational schema: queries name their tables (each area's, declared in its manifest), so
 * no file lists every table for Drizzle.
 */
export type Schema = Record<string, never>;
/** Both drivers speak the same dialect; code is written once against this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database handle or an open transaction: repositories accept either. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for logs: a directory, `memory://` or a URL without its password. */
  location: string;
  /**
   * PostgreSQL: the URL the pool connects with, for connections of their own (the cache bus's
   * LISTEN must not use a pooled one). Absent on PGlite.
   */
  url?: string;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PGlite directory, or `memory://` for a throw-away database. */
  dataDir?: string;
  /** A PostgreSQL URL; when given it wins over dataDir. */
  databaseUrl?: string;
  /**
   * The pool's size on PostgreSQL (default DB_POOL_MAX, else 10): with N processes, N x pool
   * (plus one listening connection each) must stay under the server's max_connections.
   */
  poolMax?: number;
  /** Every session read-only (default_transaction_read_only): a replica's pool, where a write must fail. */
  readOnly?: boolean;
}

/** The pool size asked for by DB_POOL_MAX, or 10. */
export function poolMaxOf(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.DB_POOL_MAX);
  return Number.isInteger(value) && value > 0 ? value : 10;
}

/**
 * The contrib extensions the migrations create, which PGlite loads only when given here:
 * pg_trgm (search indexes), btree_gist (the price list's exclusion constraint).
 */
export const pgliteExtensions = { pg_trgm, btree_gist };

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    // JIT off unless PGOPTIONS says otherwise: compiling a dashboard's or report's plan cost more
    // (100-200 ms over 200,000 lots) than running it; our statements are short (docs/decisions/platform.md).
    const sessionOptions = `${process.env.PGOPTIONS ?? '-c jit=off'}${options.readOnly ? ' -c default_transaction_read_only=on' : ''}`;
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax ?? poolMaxOf(), options: sessionOptions });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    const db = drizzleNodePostgres({ client: pool }) as unknown as Db;
    return { db, kind: 'postgres', location: redactUrl(options.databaseUrl), url: options.databaseUrl, close: () => pool.end() };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (dataDir.startsWith('memory://')) {
    const client = withPreparedStatements(await PGlite.create(dataDir, { extensions: pgliteExtensions }));
    return { db: drizzlePglite({ client }) as unknown as Db, kind: 'pglite', location: dataDir, close: () => client.close() };
  }
  await createPrivateDataDir(dataDir);
  const releaseLock = await lockDataDir(dataDir);
  let client: PGlite | undefined;
  try {
    client = withPreparedStatements(await PGlite.create(dataDir, { extensions: pgliteExtensions }));
    await restrictDataDirFiles(dataDir);
  } catch (error) {
    await client?.close().catch(() => undefined);
    await releaseLock();
    throw error;
  }
  const db = drizzlePglite({ client }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    location: dataDir,
    async close() {
      try {
        await client.close();
      } finally {
        await releaseLock();
      }
    },
  };
}

export const lockFileName = '.erp.lock';

export class DatabaseInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(`The database in ${dataDir} is in use by another process (pid ${pid}); stop the server first`);
    this.name = 'DatabaseInUseError';
  }
}

/** The lock files this process holds (a second open of the same directory here is refused too). */
const heldLocks = new Set<string>();

/**
 * The embedded database is one process's files: two processes writing them (the server and
 * the CLI) would corrupt it. `DATA_DIR/.erp.lock` holds the owner's pid, created exclusively;
 * a lock whose pid is gone (a crash) is taken over. Answers the function that releases it.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = join(dataDir, lockFileName);
  for (let attempt = 0; ; attempt++) {
    if (await createLockFile(file)) {
      heldLocks.add(file);
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        heldLocks.delete(file);
        await unlink(file).catch(() => undefined);
      };
    }
    const owner = await lockOwner(file);
    // Our own pid on a lock this process does not hold is a leftover: after a restart (a
    // container's pid 1, say) the new process can carry the pid of the one that died.
    const ownLeftover = owner === process.pid && !heldLocks.has(file);
    if (owner !== undefined && !ownLeftover && isAlive(owner)) throw new DatabaseInUseError(dataDir, owner);
    if (attempt >= 2) throw new DatabaseInUseError(dataDir, owner ?? 0);
    // Stale (its process is gone): remove it unless another process took it over meanwhile, then try again.
    if ((await lockOwner(file)) === owner) await unlink(file).catch(() => undefined);
  }
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres';
  }
}

/** Rows of a raw query; both drivers answer `{rows}`. */
export async function queryRows<Row = Record<string, unknown>>(executor: Executor, query: SQL): Promise<Row[]> {
  const result = (await executor.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * A json or jsonb value of a raw query: node-postgres and PGlite hand back the parsed value,
 * a column cast to text arrives as a string.
 */
export function jsonValue<T>(value: unknown): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);
}

/** Ids as an SQL list for `IN (...)`; an empty list is `NULL`, which matches nothing. */
export function intList(ids: readonly number[]): SQL {
  return ids.length > 0 ? sql.join(ids.map((id) => sql`${id}::int`), sql`, `) : sql`NULL::int`;
}

/**
 * Values as ONE array parameter (`= ANY(...)`, `unnest(...)`), so a statement's text does not
 * grow with the data: it can stay prepared (queryPrepared) and parses and plans the same for 3
 * lines or 300. Decimals travel as text and are cast to numeric in SQL, never as floats.
 */
/*
 * One id is `ARRAY[$1::int]`, whose length the planner knows: against `$1::int[]` a generic plan
 * guesses ten elements, costs more than the custom plan of one, and PostgreSQL then plans a
 * prepared statement again on every call (the answer read after each posting: 0.4-0.55 ms of
 * planning against 0.06 of execution). Each list has two texts, one id or many: a statement with
 * k lists has up to 2^k, each prepared once per connection.
 */
export const intArray = (values: ReadonlyArray<number | null>): SQL =>
  values.length === 1 ? sql`ARRAY[${sql.param(values[0] ?? null)}::int]` : sql`${sql.param([...values])}::int[]`;
export const bigintArray = (values: ReadonlyArray<number | null>): SQL => sql`${sql.param([...values])}::bigint[]`;
export const textArray = (values: ReadonlyArray<string | null>): SQL => sql`${sql.param([...values])}::text[]`;
export const numericArray = (values: ReadonlyArray<string | null>): SQL => sql`${sql.param([...values])}::numeric[]`;
export const dateArray = (values: ReadonlyArray<string | null>): SQL => sql`${sql.param([...values])}::date[]`;

interface DriverInternals {
  dialect: { sqlToQuery(query: SQL): QueryText };
  session: { prepareQuery(query: QueryText, fields: undefined, name: string, arrayMode: false): { execute(): Promise<{ rows: unknown[] }> } };
}

/** A statement's text and parameters: the quick builder for raw statements, Drizzle's for the rest. */
// One renderer per dialect, so that fastQueryText remembers tables' and columns' texts per dialect.
const renderers = new WeakMap<DriverInternals['dialect'], RenderEntity>();
function rendererOf(dialect: DriverInternals['dialect']): RenderEntity {
  let render = renderers.get(dialect);
  if (!render) renderers.set(dialect, (render = (entity) => dialect.sqlToQuery(sql`${entity}`)));
  return render;
}

const queryText = (internals: DriverInternals, query: SQL): QueryText => fastQueryText(query, rendererOf(internals.dialect)) ?? internals.dialect.sqlToQuery(query);

const preparedNames = new Map<string, string>();

function preparedName(text: string): string {
  let name = preparedNames.get(text);
  if (!name) {
    name = `q_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    // Statement texts are fixed by construction; the bound guards against a caller that is not.
    if (preparedNames.size > 500) preparedNames.clear();
    preparedNames.set(text, name);
  }
  return name;
}

/**
 * For the rest of the transaction, prepared statements run their generic plan from the first
 * call. PostgreSQL otherwise keeps planning a statement whose custom plans look cheaper than
 * the generic one (a small array against the generic plan's guess of ten elements): the invoice's
 * facts read was planned on 510 of 579 calls, 0.84 ms each against 0.26 ms of execution. Only
 * for transactions whose statements are fixed-text lookups by key (their generic plans are the
 * custom ones); `LOCAL`, so nothing outlives the transaction on the pooled connection. Not a
 * session setting: node-postgres sends every query with parameters as an unnamed prepared
 * statement, which the setting reaches too (lists' LIMIT, date ranges, searches).
 */
export async function preferGenericPlans(executor: Executor): Promise<void> {
  await executor.execute(sql`SET LOCAL plan_cache_mode = force_generic_plan`);
}

/**
 * queryRows as a named prepared statement on PostgreSQL: parsed (and, once PostgreSQL settles
 * on a generic plan, planned) once per pooled connection instead of on every call, which is
 * most of a short posting's database time. Only for statements whose TEXT is fixed, whatever
 * the data (array parameters, not VALUES lists or IN lists): every distinct text stays
 * prepared on each connection. On PGlite every statement with parameters is prepared so
 * (db/pglite-prepared.ts).
 */
export async function queryPrepared<Row = Record<string, unknown>>(executor: Executor, query: SQL): Promise<Row[]> {
  const internals = executor as unknown as DriverInternals;
  const built = queryText(internals, query);
  const result = await internals.session.prepareQuery(built, undefined, preparedName(built.sql), false).execute();
  return result.rows as Row[];
}
