import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTokenService } from '../tokens.ts';
import { until } from '../../test/until.ts';

const assets = 2_000;
const chunkSize = 50;
const secret = 'crash-test-secret-crash-test-secret-0123';
const ports = [3586, 3587];
const main = fileURLToPath(new URL('../../main.ts', import.meta.url));

/** A real server process on the test's database; its worker takes a dead process's job after a 2 s lease. */
function startServer(databaseUrl: string, port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), JWT_SECRET: secret, JOB_LEASE_SECONDS: '2', LOG_LEVEL: 'error', WEB_DIST: '/nonexistent' },
    stdio: 'ignore',
  });
}

/**
 * Issue 22, section 3: kill -9 of the process running a 2,000-asset depreciation run half-way.
 * Two real server processes; the one holding the job dies; the other shows the progress and
 * finishes the run: one entry per asset, the run posted once, one chunk at most redone.
 */
describe.skipIf(!process.env.DATABASE_URL)('a depreciation run whose process is killed (PostgreSQL, two server processes)', () => {
  let t: TestApp;
  const servers: ChildProcess[] = [];
  beforeAll(async () => {
    t = await createTestApp({ startJobs: false });
    await t.database.db.execute(sql`INSERT INTO regions (region_name, region_code) VALUES ('Crash Region', 'CR1')`);
    await t.database.db.execute(
      sql`INSERT INTO asset_categories (asset_category_name, useful_life_months, depreciation_method, asset_account_id, accumulated_depreciation_account_id, depreciation_expense_account_id)
          SELECT 'Crash analysers', 60, 'straightLine', (SELECT id FROM accounts WHERE account_code = '1500'),
                 (SELECT id FROM accounts WHERE account_code = '1590'), (SELECT id FROM accounts WHERE account_code = '6000')`,
    );
    await t.database.db.execute(
      sql`INSERT INTO assets (document_number, document_date, status, asset_name, asset_category_id, region_id, cost, salvage_value, useful_life_months,
                              depreciation_method, payment_account_id, accumulated_depreciation, posted_at)
          SELECT 'FA-C-' || lpad(i::text, 6, '0'), '2026-01-01', 'active', 'Crash asset ' || i, (SELECT id FROM asset_categories WHERE asset_category_name = 'Crash analysers'),
                 (SELECT id FROM regions WHERE region_code = 'CR1'), 6000, 0, 60, 'straightLine', (SELECT id FROM accounts WHERE account_code = '1010'), 0, now()
          FROM generate_series(1, ${assets}::int) AS i`,
    );
  }, 60_000);
  afterAll(async () => {
    for (const server of servers) if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    await Promise.all(servers.map((server) => (server.exitCode === null && server.signalCode === null ? new Promise((resolve) => server.on('exit', resolve)) : undefined)));
    await t?.close();
  });

  it('is finished by the other process: one entry per asset, at most one chunk redone, progress read there', async () => {
    // Enqueued with no worker running and held (as if claimed) until both servers are up: whichever then claims it is killed.
    const started = await t.app.inject({ method: 'POST', url: '/api/depreciation-runs', payload: { month: '2026-02', post: true }, headers: { authorization: `Bearer ${t.adminToken}` } });
    expect(started.statusCode, started.body).toBe(201);
    const runId = Number(started.json().data.id);
    const job = sql`kind = 'depreciation-run' AND subject_id = ${runId}::int`;
    await t.database.db.execute(sql`UPDATE jobs SET status = 'running', locked_until = now() + interval '1 hour', payload = ${JSON.stringify({ chunkSize })}::jsonb WHERE ${job}`);

    for (const port of ports) servers.push(startServer(t.database.url!, port));
    const byPid = new Map<number, { server: ChildProcess; port: number }>();
    for (const [i, port] of ports.entries()) {
      const pid = await until(`the server on ${port}`, async () => {
        const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
        return ready.ok ? Number(((await ready.json()) as { pid: number }).pid) : undefined;
      });
      byPid.set(pid, { server: servers[i]!, port });
    }
    await t.database.db.execute(sql`UPDATE jobs SET status = 'queued', locked_until = NULL WHERE ${job}`);

    // Half-way, the process holding the job dies without a word.
    const holder = await until('the run half-way', async () => {
      const [job] = await queryRows<{ lockedBy: string | null; processed: number }>(
        t.database.db,
        sql`SELECT j.locked_by AS "lockedBy", r.processed_assets AS processed FROM jobs j JOIN depreciation_runs r ON r.id = j.subject_id
            WHERE j.kind = 'depreciation-run' AND j.subject_id = ${runId}::int`,
      );
      return job && job.lockedBy && job.processed >= assets / 2 ? Number(job.lockedBy.split(':').at(-1)) : undefined;
    });
    const victim = byPid.get(holder)!;
    expect(victim).toBeDefined();
    victim.server.kill('SIGKILL');
    await new Promise((resolve) => victim.server.on('exit', resolve));
    const [atKill] = await queryRows<{ processed: number }>(t.database.db, sql`SELECT processed_assets AS processed FROM depreciation_runs WHERE id = ${runId}::int`);
    expect(atKill!.processed).toBeLessThan(assets);

    const survivor = [...byPid.values()].find((entry) => entry !== victim)!;
    const [admin] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM users WHERE username = 'admin'`);
    const token = createTokenService(secret).signMain(Number(admin!.id));
    const read = async () => {
      const answer = await fetch(`http://127.0.0.1:${survivor.port}/api/depreciation-runs/${runId}`, { headers: { authorization: `Bearer ${token}` } });
      return ((await answer.json()) as { data: { status: string; processedAssets: number } }).data;
    };
    // The progress committed before the crash is what the other process shows.
    expect((await read()).processedAssets).toBeGreaterThanOrEqual(atKill!.processed);
    const done = await until('the run posted by the survivor', async () => {
      const run = await read();
      return run.status === 'posted' ? run : undefined;
    });
    expect(done.processedAssets).toBe(assets);

    const [entries] = await queryRows<{ n: number; assets: number; most: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n, count(DISTINCT asset_id)::int AS assets, max(per)::int AS most
          FROM (SELECT asset_id, count(*) OVER (PARTITION BY asset_id) AS per FROM depreciation_entries WHERE depreciation_run_id = ${runId}::int) e`,
    );
    expect(entries).toEqual({ n: assets, assets, most: 1 });
    const [claims] = await queryRows<{ attempts: number; status: string }>(t.database.db, sql`SELECT attempts, status FROM jobs WHERE ${job}`);
    // Two claims: the dead process's and the survivor's (which redid at most the chunk in flight, rolled back by the crash).
    expect(claims).toEqual({ attempts: 2, status: 'done' });
    const [posted] = await queryRows<{ accumulated: string; charged: string }>(
      t.database.db,
      sql`SELECT (SELECT sum(accumulated_depreciation) FROM assets WHERE asset_name LIKE 'Crash asset %')::text AS accumulated,
                 (SELECT sum(amount) FROM depreciation_entries WHERE depreciation_run_id = ${runId}::int)::text AS charged`,
    );
    // Each asset's charge added to it once.
    expect(Number(posted!.charged)).toBeGreaterThan(0);
    expect(posted!.accumulated).toBe(posted!.charged);
  }, 180_000);
});
