import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase, queryRows } from '../../db/client.ts';
import { bearer, createTestApp, type TestApp, testPasswordHashing } from '../../test/test-app.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import { JobRunner } from '../jobs/job-runner.ts';

/**
 * Issue 22, section 3, on PostgreSQL: several app instances in this test process over one
 * database, each with its own pool and its own listening connection, as separate server
 * processes would have. What one writes, the others must not serve stale.
 */
describe.skipIf(!process.env.DATABASE_URL)('several processes over one PostgreSQL', () => {
  let a: TestApp;
  const others: Array<{ app: FastifyInstance; database: Database }> = [];
  let b: FastifyInstance;

  beforeAll(async () => {
    a = await createTestApp({ startJobs: false });
    for (let i = 0; i < 3; i++) {
      // A second's deafness after a killed listener: long enough that a save through A, which may take
      // more than 50 ms on a loaded machine, ends while B still reads around its cache.
      const database = await openDatabase({ databaseUrl: a.database.url!, poolMax: 3 });
      const app = await buildApp({ db: database, passwordHashing: testPasswordHashing, startJobs: false, cacheBus: { reconnectMs: 1000 } });
      await app.ready();
      others.push({ app, database });
    }
    b = others[0]!.app;
  });
  afterAll(async () => {
    for (const other of others) {
      await other.app.close();
      await other.database.close();
    }
    await a?.close();
  });

  const companyNameOn = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/api/company' })).json().company.companyName as string | null;
  const saveCompanyName = async (companyName: string) => {
    const saved = await a.app.inject({ method: 'PUT', url: '/api/settings', payload: { companyName }, headers: bearer(a.adminToken) });
    expect(saved.statusCode, saved.body).toBe(200);
  };

  it('a setting changed through A is read through B once its notification arrives; with B deaf, B reads around its cache: 0 stale reads', async () => {
    await saveCompanyName('First Name');
    expect(await companyNameOn(b)).toBe('First Name'); // now cached in B
    const heard = b.ctx.cacheBus.waitFor((scope) => scope === 'company');
    await saveCompanyName('Second Name');
    await heard;
    expect(await companyNameOn(b)).toBe('Second Name');

    // B's listening connection is killed: until it listens again B must not trust its cache.
    const pid = b.ctx.cacheBus.listenerPid();
    const reconnections = b.ctx.cacheBus.stats.reconnections;
    await a.database.db.execute(sql`SELECT pg_terminate_backend(${pid}::int)`);
    while (b.ctx.cacheBus.healthy) await new Promise((resolve) => setTimeout(resolve, 5));
    await saveCompanyName('Written While Deaf');
    const reads: Array<string | null> = [];
    while (!b.ctx.cacheBus.healthy) {
      reads.push(await companyNameOn(b));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    for (let i = 0; i < 5; i++) reads.push(await companyNameOn(b));
    expect(reads.length).toBeGreaterThan(5);
    expect(reads.filter((name) => name !== 'Written While Deaf')).toEqual([]);
    expect(b.ctx.cacheBus.stats.reconnections).toBeGreaterThan(reconnections);
  });

  it('a user disabled through A is refused by B, and a token ended by a password reset through A is refused by B', async () => {
    const user = await a.userWithRole('accountant');
    const token = b.ctx.tokens.signMain(user.id);
    const me = () => b.inject({ method: 'POST', url: '/api/verify-token', headers: bearer(token) });
    expect((await me()).statusCode).toBe(200); // the user is now in B's cache

    let heard = b.ctx.cacheBus.waitFor((scope) => scope === `user:${user.id}`);
    expect((await a.app.inject({ method: 'PUT', url: `/api/users/${user.id}`, payload: { active: false }, headers: bearer(a.adminToken) })).statusCode).toBe(200);
    await heard;
    expect((await me()).statusCode).toBe(401);

    heard = b.ctx.cacheBus.waitFor((scope) => scope === `user:${user.id}`);
    await a.app.inject({ method: 'PUT', url: `/api/users/${user.id}`, payload: { active: true }, headers: bearer(a.adminToken) });
    await heard;
    expect((await me()).statusCode).toBe(200);
    heard = b.ctx.cacheBus.waitFor((scope) => scope === `user:${user.id}`);
    const reset = await a.app.inject({ method: 'POST', url: `/api/users/${user.id}/reset-password`, payload: { password: 'Brand-New-1' }, headers: bearer(a.adminToken) });
    expect(reset.statusCode).toBe(200);
    await heard;
    expect((await me()).statusCode).toBe(401);
  });

  it('a permission taken away through A (a role change) is refused by B once the notification arrived', async () => {
    const user = await a.userWithRole('accountant');
    const token = b.ctx.tokens.signMain(user.id);
    const trialBalance = () => b.inject({ method: 'GET', url: '/api/accounting/trial-balance', headers: bearer(token) });
    expect((await trialBalance()).statusCode).toBe(200); // the user, with the accountant's rights, is now in B's cache
    const heard = b.ctx.cacheBus.waitFor((scope) => scope === `user:${user.id}`);
    const changed = await a.app.inject({ method: 'PUT', url: `/api/users/${user.id}`, payload: { role: 'salesExecutive' }, headers: bearer(a.adminToken) });
    expect(changed.statusCode, changed.body).toBe(200);
    await heard;
    expect((await trialBalance()).statusCode).toBe(403);
  });

  it('an option list cached by B drops once a write through A answered', async () => {
    const options = async () => (await b.inject({ method: 'GET', url: '/api/regions/options?search=Optioned', headers: bearer(a.adminToken) })).json().options as unknown[];
    expect(await options()).toEqual([]); // cached empty in B
    const heard = b.ctx.cacheBus.waitFor((scope) => scope === 'options');
    const created = await a.app.inject({ method: 'POST', url: '/api/regions', headers: bearer(a.adminToken), payload: { regionName: 'Optioned Region', regionCode: 'OPT' } });
    expect(created.statusCode, created.body).toBe(201);
    await heard;
    expect(await options()).toHaveLength(1);
  });

  it('sends nothing for a write that rolled back', async () => {
    const scopes: string[] = [];
    const user = await a.userWithRole('accountant');
    const heard = b.ctx.cacheBus.waitFor((scope) => (scopes.push(scope), scope === `user:${user.id}`));
    await a.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE company_settings SET company_name = 'Never Saved'`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    // A committed write after it: notifications arrive in commit order, so the rolled-back one would come first.
    await a.database.db.execute(sql`UPDATE users SET name = 'Renamed' WHERE id = ${user.id}::int`);
    await heard;
    expect(scopes).not.toContain('company');
  });

  it('counts 10 wrong passwords spread over 4 processes: the 11th answers 429 on every one', async () => {
    const user = await a.userWithRole('accountant', { username: 'spread', password: 'Right@12345' });
    const apps = [a.app, ...others.map((other) => other.app)];
    const login = (app: FastifyInstance, password: string) => app.inject({ method: 'POST', url: '/api/login', payload: { username: user.username, password } });
    for (let i = 0; i < 10; i++) expect((await login(apps[i % 4]!, 'wrong')).statusCode).toBe(401);
    for (const app of apps) expect((await login(app, 'Right@12345')).statusCode).toBe(429);
  });

  it('enqueues a scheduled job exactly once per tick with 4 processes asking at once', async () => {
    const runners = [a.database, ...others.map((other) => other.database)].map((database) => {
      const runner = new JobRunner({ db: database.db });
      runner.schedule({ name: 'four-processes', everySeconds: 3600, enqueue: (tx, tick) => enqueueJob(tx, { kind: 'four-processes', payload: { tick } }) });
      return runner;
    });
    const fired = await Promise.all(runners.map((runner) => runner.fireSchedules()));
    expect(fired.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await queryRows(a.database.db, sql`SELECT id FROM jobs WHERE kind = 'four-processes'`)).toHaveLength(1);
  });

  it('serves the heavy reads through a read-only replica pool, through which any write fails', async () => {
    const replica = await openDatabase({ databaseUrl: a.database.url!, poolMax: 2, readOnly: true });
    try {
      // 25006: read_only_sql_transaction, whether or not the write opened a transaction of its own.
      const codeOf = (write: Promise<unknown>) => write.then(() => 'written', (error: { cause?: { code?: string } }) => error.cause?.code);
      expect(await codeOf(replica.db.execute(sql`UPDATE company_settings SET company_name = 'Through The Replica'`))).toBe('25006');
      expect(await codeOf(replica.db.transaction(async (tx) => tx.execute(sql`INSERT INTO login_failures (key, failures, window_ends_at) VALUES ('x', 1, now())`)))).toBe('25006');
      const app = await buildApp({ db: a.database, replica, passwordHashing: testPasswordHashing, startJobs: false });
      await app.ready();
      try {
        const aging = await app.inject({ method: 'GET', url: '/api/accounting/aging?kind=receivable', headers: bearer(a.adminToken) });
        expect(aging.statusCode, aging.body).toBe(200);
        expect(app.ctx.reads.hasReplica).toBe(true);
        expect((await app.ctx.reads.target()).db).toBe(replica.db);
      } finally {
        await app.close();
      }
    } finally {
      await replica.close();
    }
  });
});
