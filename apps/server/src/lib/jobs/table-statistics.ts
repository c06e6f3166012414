import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { enqueueJob } from './job-queue.ts';
import type { JobKind, JobSchedule } from './job-runner.ts';

/**
 * The planner's table statistics where nothing else keeps them. PostgreSQL's autovacuum
 * analyses a table once about a tenth of it changed; PGlite runs no autovacuum (and some
 * PostgreSQL servers run with it off), so there the statistics stay as the migrations left
 * them, empty, and a million-row ledger is planned on guesses. This job does autovacuum's
 * analyse part on the same threshold, one table per chunk so requests interleave with it.
 */
const kind = 'table-statistics';

/** autovacuum_analyze_threshold and autovacuum_analyze_scale_factor's defaults. */
const staleSql = sql`n_mod_since_analyze > 50 + 0.1 * n_live_tup`;

interface Cursor {
  tables?: string[];
}

/** Whether this database needs the job: always on PGlite, on PostgreSQL only while autovacuum is off. */
async function keptByAutovacuum(tx: Tx, engine: 'pglite' | 'postgres'): Promise<boolean> {
  if (engine === 'pglite') return false;
  const [row] = await queryRows<{ on: boolean }>(tx, sql`SELECT current_setting('autovacuum') = 'on' AS on`);
  return row!.on;
}

async function staleTables(tx: Tx): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    tx,
    sql`SELECT quote_ident(schemaname) || '.' || quote_ident(relname) AS name FROM pg_stat_user_tables
        WHERE ${staleSql} ORDER BY n_mod_since_analyze DESC`,
  );
  return rows.map((row) => row.name);
}

export function tableStatisticsJob(engine: 'pglite' | 'postgres'): JobKind<Record<string, never>, Cursor> {
  return {
    kind,
    async step(tx, job) {
      const tables = job.cursor.tables ?? ((await keptByAutovacuum(tx, engine)) ? [] : await staleTables(tx));
      const [table, ...rest] = tables;
      // The names come from the catalogue, quoted by quote_ident: no outside input reaches here.
      if (table) await tx.execute(sql.raw(`ANALYZE ${table}`));
      return { cursor: { tables: rest }, done: rest.length === 0 };
    },
  };
}

/** Every ten minutes; a tick with nothing stale enqueues nothing, so the jobs table stays quiet. */
export function tableStatisticsSchedule(engine: 'pglite' | 'postgres'): JobSchedule {
  return {
    name: kind,
    everySeconds: 600,
    async enqueue(tx) {
      if ((await keptByAutovacuum(tx, engine)) || (await staleTables(tx)).length === 0) return undefined;
      return enqueueJob(tx, { kind });
    },
  };
}
