import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { adminToken, root, startProcess, stopProcess } from './processes.ts';
import { recreatePostgresDatabase } from './seed-volume.ts';

export interface LoadedServer {
  base: string;
  /** The admin's token. */
  token: string;
  /** Seconds the SQL load took. */
  loadedSeconds: string;
  stop(): Promise<void>;
}

const password = 'Bench@12345';
const postgresServer = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A server over a fresh database (`erp_bench_<name>` on PostgreSQL, bench/.data/<name> on PGlite)
 * holding rows bulk-loaded by SQL while it was stopped: a first start applies the migrations and
 * the default chart, then `loadSql` runs (and `after`, each statement on its own: VACUUM cannot
 * run inside the load's implicit transaction), then the server starts again and signs in.
 */
export async function serveLoaded(options: { engine: string; name: string; port: number; loadSql: string; after?: readonly string[] }): Promise<LoadedServer> {
  const suffix = process.env.BENCH_DB_SUFFIX ?? '';
  const base = `http://127.0.0.1:${options.port}`;
  const run = async (exec: (statement: string) => Promise<unknown>) => {
    await exec(options.loadSql);
    for (const statement of options.after ?? []) await exec(statement);
  };
  let env: Record<string, string>;
  let load: () => Promise<void>;
  if (options.engine === 'postgres') {
    const name = `erp_bench_${options.name}${suffix}`;
    if (!(await recreatePostgresDatabase(postgresServer, name))) throw new Error(`No PostgreSQL at ${postgresServer}`);
    const url = postgresServer.replace(/\/[^/]*$/, `/${name}`);
    env = { DATABASE_URL: url };
    load = async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await run((statement) => client.query(statement));
      await client.end();
    };
  } else {
    const dataDir = join(root, `bench/.data/${options.name}${suffix}`);
    rmSync(dataDir, { recursive: true, force: true });
    env = { DATA_DIR: dataDir };
    load = async () => {
      const db = await PGlite.create(dataDir, { extensions: { pg_trgm, btree_gist } });
      await run((statement) => db.exec(statement));
      await db.close();
    };
  }
  const serverEnv = { PORT: String(options.port), ADMIN_PASSWORD: password, ...env };
  await stopProcess(await startProcess(join(root, 'apps/server/src/main.ts'), serverEnv, `${base}/api/health`, 120_000));
  const loadStart = performance.now();
  await load();
  const loadedSeconds = ((performance.now() - loadStart) / 1000).toFixed(0);
  const server = await startProcess(join(root, 'apps/server/src/main.ts'), serverEnv, `${base}/api/health`, 120_000);
  try {
    const token = await adminToken(base, password);
    return { base, token, loadedSeconds, stop: () => stopProcess(server) };
  } catch (error) {
    await stopProcess(server);
    throw error;
  }
}
