import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase, queryRows } from '../../db/client.ts';
import { writeDataDir } from '../../test/tarball.ts';
import { emptyPgliteDump } from '../../test/template-database.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import { JobRunner } from '../jobs/job-runner.ts';
import { heavyRead, ReplicaReads } from './replica.ts';
import { gracefulShutdown } from './shutdown.ts';

/** Issue 22 on one process, on PGlite and on PostgreSQL alike (the multi-process checks are in cluster.concurrency.test.ts). */
describe('scale-out, one process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const login = (username: string, password: string) => t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });

  it('keeps failed logins in the database: the 11th try is refused, a new app on the same database still refuses, a success resets', async () => {
    const user = await t.userWithRole('accountant', { username: 'limited', password: 'Right@12345' });
    for (let i = 0; i < 10; i++) expect((await login(user.username, 'wrong')).statusCode).toBe(401);
    expect((await login(user.username, 'Right@12345')).statusCode).toBe(429);
    const [row] = await queryRows<{ failures: number }>(t.database.db, sql`SELECT failures FROM login_failures WHERE key = 'user:limited'`);
    expect(Number(row!.failures)).toBe(10);

    // A restart: another app (its own limiter) on the same database counts the same failures.
    const { buildApp } = await import('../../app.ts');
    const restarted = await buildApp({ db: t.database, startJobs: false });
    await restarted.ready();
    const again = await restarted.inject({ method: 'POST', url: '/api/login', payload: { username: 'LIMITED', password: 'Right@12345' } });
    expect(again.statusCode).toBe(429);
    await restarted.close();

    // The window lapses: a success clears the count.
    await t.database.db.execute(sql`UPDATE login_failures SET window_ends_at = now() - interval '1 second' WHERE key IN ('user:limited', 'pair:limited|127.0.0.1')`);
    expect((await login(user.username, 'wrong')).statusCode).toBe(401);
    expect((await login(user.username, 'Right@12345')).statusCode).toBe(200);
    expect(await queryRows(t.database.db, sql`SELECT 1 FROM login_failures WHERE key = 'user:limited'`)).toEqual([]);
  });

  it('answers /api/health with the pid, /api/ready 200, and 503 while the schema is behind', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({ status: 200, message: 'OK', pid: process.pid });
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    const [latest] = await queryRows<{ name: string }>(t.database.db, sql`SELECT max(name) AS name FROM schema_migrations`);
    await t.database.db.execute(sql`DELETE FROM schema_migrations WHERE name = ${latest!.name}`);
    const behind = await t.app.inject({ method: 'GET', url: '/api/ready' });
    await t.database.db.execute(sql`INSERT INTO schema_migrations (name) VALUES (${latest!.name})`);
    expect(behind.statusCode).toBe(503);
    expect(behind.json()).toMatchObject({ status: 503, message: 'The database schema is not up to date', pid: process.pid });
  });

  it('never runs a job enqueued in a transaction that rolled back', async () => {
    const runner = new JobRunner({ db: t.database.db });
    const ran: number[] = [];
    runner.register({ kind: 'rolled-back', step: async (_tx, job) => (ran.push(job.id), { cursor: {}, done: true }) });
    await t.database.db
      .transaction(async (tx) => {
        await enqueueJob(tx, { kind: 'rolled-back' });
        throw new Error('the caller fails');
      })
      .catch(() => undefined);
    await runner.runUntilIdle();
    expect(ran).toEqual([]);
    expect(await queryRows(t.database.db, sql`SELECT 1 FROM jobs WHERE kind = 'rolled-back'`)).toEqual([]);
  });

  it('enqueues a scheduled job once per tick, however often it is asked', async () => {
    const runner = new JobRunner({ db: t.database.db });
    runner.schedule({ name: 'nightly-test', everySeconds: 3600, enqueue: (tx, tick) => enqueueJob(tx, { kind: 'nightly-test', payload: { tick } }) });
    expect([await runner.fireSchedules(), await runner.fireSchedules()]).toEqual([1, 0]);
    // The next tick comes (the row says the last one was earlier): one more.
    await t.database.db.execute(sql`UPDATE job_schedules SET last_tick = last_tick - 1 WHERE name = 'nightly-test'`);
    expect(await runner.fireSchedules()).toBe(1);
    const jobs = await queryRows<{ tick: number }>(t.database.db, sql`SELECT (payload->>'tick')::int AS tick FROM jobs WHERE kind = 'nightly-test'`);
    expect(jobs).toHaveLength(2);
  });
});

describe('the embedded database', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'erp-scaleout-'));
    // A directory initdb already made (its cached result): the refusal is what is tested, not initdb.
    await writeDataDir(dataDir, await emptyPgliteDump());
  });
  afterAll(async () => rm(dataDir, { recursive: true, force: true }));

  it('refuses a second server on the same PGlite directory, saying why', async () => {
    const held = await openDatabase({ dataDir });
    try {
      const main = fileURLToPath(new URL('../../main.ts', import.meta.url));
      const child = spawn(process.execPath, ['--import', 'tsx', main], {
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: '0', JWT_SECRET: 'x'.repeat(32), ADMIN_PASSWORD: 'Admin@12345' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      try {
        const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
        expect(code).toBe(1);
        expect(output).toContain(`The database in ${dataDir} is in use by another process (pid ${process.pid}); stop the server first`);
      } finally {
        // A run cut short (a timeout) must not leave a server behind holding a port.
        child.kill('SIGKILL');
      }
    } finally {
      await held.close();
    }
    // The refused server still imports the whole server first: half a minute on a loaded 2-core machine.
  }, 120_000);
});

describe('reads on a replica', () => {
  const now0 = Date.parse('2026-01-01T10:00:00Z');
  /** A stand-in replica answering the lag query as a standby would. */
  const standby = (row: Record<string, unknown>) => ({ execute: async () => ({ rows: [row] }) }) as unknown as Db;
  const primary = standby({});

  it('uses a standby that caught up or lags under 30 s, and the primary past 30 s or when it fails, each saying as of when', async () => {
    const now = Date.parse('2026-01-01T10:00:20Z');
    const readAt = '2026-01-01T10:00:20.000Z';
    const caughtUp = standby({ recovering: true, caughtUp: true, lag: '500', asOf: '2026-01-01T00:00:00Z' });
    expect(await new ReplicaReads(primary, caughtUp).target(now)).toEqual({ db: caughtUp, source: 'replica', asOf: readAt });
    const behind = standby({ recovering: true, caughtUp: false, lag: '12.5', asOf: '2026-01-01T10:00:00Z' });
    expect(await new ReplicaReads(primary, behind).target(now)).toEqual({ db: behind, source: 'replica', asOf: '2026-01-01T10:00:00Z' });
    const lagging = standby({ recovering: true, caughtUp: false, lag: '31', asOf: '2026-01-01T10:00:00Z' });
    expect(await new ReplicaReads(primary, lagging).target(now)).toEqual({ db: primary, source: 'primary', asOf: readAt });
    const down = { execute: async () => Promise.reject(new Error('connection refused')) } as unknown as Db;
    expect(await new ReplicaReads(primary, down).target(now)).toEqual({ db: primary, source: 'primary', asOf: readAt });
    expect(await heavyRead(new ReplicaReads(primary, behind), async () => ({ rows: [] }))).toEqual({ rows: [], dataAsOf: '2026-01-01T10:00:00Z', dataSource: 'replica' });
    // No replica: every read is live, nothing to say.
    expect(await new ReplicaReads(primary).target(now)).toEqual({ db: primary });
    expect(await heavyRead(new ReplicaReads(primary), async () => ({ rows: [] }))).toEqual({ rows: [] });
  });

  it('asks a replica once for requests arriving together, and counts one that does not answer as down', async () => {
    let asked = 0;
    const replica = { execute: async () => (asked++, { rows: [{ recovering: true, caughtUp: true }] }) } as unknown as Db;
    const reads = new ReplicaReads(primary, replica);
    const targets = await Promise.all([reads.target(1_000), reads.target(1_000), reads.target(1_000)]);
    expect([asked, ...targets.map((target) => target.source)]).toEqual([1, 'replica', 'replica', 'replica']);
    const silent = { execute: () => new Promise(() => undefined) } as unknown as Db;
    expect(await new ReplicaReads(primary, silent, 30, 5_000, 10).target(now0)).toEqual({ db: primary, source: 'primary', asOf: new Date(now0).toISOString() });
  });

  it('measures the lag at most every 5 s: a replica that fell behind meanwhile is seen at the next measure', async () => {
    let row: Record<string, unknown> = { recovering: true, caughtUp: true };
    const replica = { execute: async () => ({ rows: [row] }) } as unknown as Db;
    const reads = new ReplicaReads(primary, replica);
    expect((await reads.target(1_000)).source).toBe('replica');
    row = { recovering: true, caughtUp: false, lag: '60', asOf: '2026-01-01T10:00:00Z' };
    expect((await reads.target(5_999)).source).toBe('replica');
    expect((await reads.target(6_000)).source).toBe('primary');
  });
});

describe('graceful shutdown', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ startJobs: false });
  });
  afterAll(async () => t?.close());

  /** A gate a test opens: `reached` resolves once something waits at it. */
  const gate = () => {
    let open: () => void = () => undefined;
    let arrive: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => (open = resolve));
    const reached = new Promise<void>((resolve) => (arrive = resolve));
    return { open, reached, pass: () => (arrive(), opened) };
  };

  it('answers /api/ready 503 from its start, finishes the request in flight, and hands the running job back for another process to take at once', async () => {
    const { buildApp } = await import('../../app.ts');
    const request = gate();
    const chunk = gate();
    const chunks: number[] = [];
    // Three chunks; the first waits at the gate, as a long chunk in flight when SIGTERM comes.
    const kind = (wait: boolean) => ({
      kind: 'shutdown-test',
      async step(_tx: unknown, job: { cursor: { n?: number } }) {
        const n = (job.cursor.n ?? 0) + 1;
        if (wait && n === 1) await chunk.pass();
        chunks.push(n);
        return { cursor: { n }, done: n >= 3 };
      },
    });
    const app = await buildApp({ db: t.database, startJobs: true });
    app.ctx.jobs.register(kind(true));
    app.get('/api/test/slow', async () => (await request.pass(), { status: 200, message: 'finished' }));
    await app.ready();

    await t.database.db.transaction((tx) => enqueueJob(tx, { kind: 'shutdown-test' }));
    app.ctx.jobs.wake();
    await chunk.reached;
    const inFlight = app.inject({ method: 'GET', url: '/api/test/slow' });
    await request.reached;

    // SIGTERM: the drain (here until the test has looked) answers /api/ready 503 while every route still serves.
    const drain = gate();
    const closed = gracefulShutdown(app, drain.pass());
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.json()).toMatchObject({ status: 503, message: 'The server is shutting down' });
    // The drain over, Fastify closes; the request that came before still gets its answer.
    drain.open();
    await new Promise((resolve) => setImmediate(resolve));
    request.open();
    expect((await inFlight).json()).toEqual({ status: 200, message: 'finished' });
    chunk.open();
    await closed;

    // The chunk in flight finished and committed; the job is handed back: running, no lease.
    expect(chunks).toEqual([1]);
    const [job] = await queryRows<{ status: string; leased: boolean }>(t.database.db, sql`SELECT status, locked_until IS NOT NULL AS leased FROM jobs WHERE kind = 'shutdown-test'`);
    expect(job).toEqual({ status: 'running', leased: false });
    // Another process's worker takes it up at once (not after the 60 s lease) from its cursor.
    const other = new JobRunner({ db: t.database.db, leaseSeconds: 60 });
    other.register(kind(false));
    expect(await other.tick()).toBe(true);
    await other.runUntilIdle();
    expect(chunks).toEqual([1, 2, 3]);
  });
});
