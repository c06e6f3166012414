import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { openMigratedTestDatabase } from '../../test/test-app.ts';
import type { Database } from '../../db/client.ts';
import { JobRunner } from './job-runner.ts';
import { tableStatisticsJob, tableStatisticsSchedule } from './table-statistics.ts';

describe('table statistics where autovacuum does not keep them', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openMigratedTestDatabase();
  });
  afterAll(async () => database?.close());

  const probe = async () =>
    (await queryRows<{ mods: string; analysed: boolean }>(database.db, sql`SELECT n_mod_since_analyze::text AS mods, last_analyze IS NOT NULL AS analysed FROM pg_stat_user_tables WHERE relname = 'stats_probe'`))[0];

  it('analyses a table once a tenth of it changed, one job per tick, and nothing where autovacuum runs', async () => {
    const db = database.db;
    await db.execute(sql`CREATE TABLE stats_probe (id integer PRIMARY KEY)`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO stats_probe SELECT g FROM generate_series(1, 1000) g`);
      await tx.execute(sql`SELECT pg_stat_force_next_flush()`);
    });
    // The backend reports its counters once idle: wait for them rather than for a time.
    for (let i = 0; i < 100 && Number((await probe())?.mods ?? 0) < 1000; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(Number((await probe())!.mods)).toBe(1000);

    const [setting] = await queryRows<{ on: boolean }>(db, sql`SELECT current_setting('autovacuum') = 'on' AS on`);
    const kept = database.kind === 'postgres' && setting!.on;
    const runner = new JobRunner({ db });
    runner.register(tableStatisticsJob(database.kind));
    runner.schedule(tableStatisticsSchedule(database.kind));
    expect([await runner.fireSchedules(), await runner.fireSchedules()]).toEqual([1, 0]);
    const jobs = await queryRows(db, sql`SELECT id FROM jobs WHERE kind = 'table-statistics'`);
    expect(jobs).toHaveLength(kept ? 0 : 1);
    await runner.runUntilIdle();
    if (!kept) expect(await probe()).toEqual({ mods: '0', analysed: true });
  });
});
