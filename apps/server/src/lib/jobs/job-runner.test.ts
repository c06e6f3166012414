import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../db/client.ts';
import { openMigratedTestDatabase } from '../../test/test-app.ts';
import { ConflictError } from '../app-error.ts';
import { enqueueJob, latestJobOf } from './job-queue.ts';
import { type JobKind, JobRunner } from './job-runner.ts';

let database: Database;
beforeAll(async () => {
  database = await openMigratedTestDatabase();
  await database.db.execute(sql`CREATE TABLE job_marks (job_id int NOT NULL, n int NOT NULL, UNIQUE (job_id, n))`);
});
afterAll(async () => database?.close());

/** Counts to `payload.to`, one mark a chunk: a duplicate mark (a chunk run twice) breaks the unique key. */
const countTo: JobKind<{ to: number }, { n?: number }> = {
  kind: 'count-to',
  async step(tx, job) {
    const n = (job.cursor.n ?? 0) + 1;
    await tx.execute(sql`INSERT INTO job_marks (job_id, n) VALUES (${job.id}::int, ${n}::int)`);
    return { cursor: { n }, done: n >= job.payload.to };
  },
};

const failures: string[] = [];
const refuses: JobKind = {
  kind: 'refuses',
  async step() {
    throw new ConflictError('The period is closed', { month: 'The period is closed through 2026-01-31' });
  },
  async failed(_tx, job, message) {
    failures.push(`${job.id}: ${message}`);
  },
};
const breaks: JobKind = {
  kind: 'breaks',
  async step() {
    throw new Error('connection lost');
  },
};

/** A statement that fails the same way on every try: PostgreSQL's division_by_zero (22012). */
const divides: JobKind = {
  kind: 'divides',
  async step(tx) {
    await tx.execute(sql`SELECT 1 / 0`);
    return { cursor: {}, done: true };
  },
};
/** A serialization failure (40001): another try may well pass. */
const serializes: JobKind = {
  kind: 'serializes',
  async step() {
    throw Object.assign(new Error('could not serialize access'), { code: '40001' });
  },
};

function runner(options: { exclusive?: boolean; maxAttempts?: number } = {}): JobRunner {
  const r = new JobRunner({ db: database.db, leaseSeconds: 60, pollMs: 20, ...options });
  for (const kind of [countTo, refuses, breaks, divides, serializes]) r.register(kind);
  return r;
}

const enqueue = (kind: string, payload: Record<string, unknown> = {}) => database.db.transaction((tx) => enqueueJob(tx, { kind, payload }));
const marksOf = async (jobId: number) =>
  (await queryRows<{ n: number }>(database.db, sql`SELECT n FROM job_marks WHERE job_id = ${jobId}::int ORDER BY n`)).map((r) => Number(r.n));
const expireLeases = () => database.db.execute(sql`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE status = 'running'`);

describe('the job runner', () => {
  it('runs a job chunk by chunk to its end, each chunk once', async () => {
    const id = await enqueue('count-to', { to: 5 });
    await runner().runUntilIdle();
    expect(await marksOf(id)).toEqual([1, 2, 3, 4, 5]);
    expect(await latestJobOf(database.db, 'count-to', 0)).toBeUndefined();
    const [job] = await queryRows<{ status: string; cursor: unknown; lockedUntil: unknown }>(database.db, sql`SELECT status, cursor, locked_until AS "lockedUntil" FROM jobs WHERE id = ${id}::int`);
    expect(job).toMatchObject({ status: 'done', cursor: { n: 5 }, lockedUntil: null });
  });

  it('does nothing for a job enqueued in a transaction that rolled back', async () => {
    await database.db.transaction(async (tx) => {
      await enqueueJob(tx, { kind: 'count-to', payload: { to: 1 } });
      tx.rollback();
    }).catch(() => undefined);
    expect(await runner().tick()).toBe(false);
  });

  it('resumes a crashed worker’s job from its cursor once the lease lapses, and fences the old worker off', async () => {
    const id = await enqueue('count-to', { to: 4 });
    const first = runner();
    await first.tick();
    await first.tick();
    expect(await marksOf(id)).toEqual([1, 2]);
    // The lease holds: another worker leaves the job alone.
    const second = runner();
    expect(await second.tick()).toBe(false);
    await expireLeases();
    await second.runUntilIdle();
    expect(await marksOf(id)).toEqual([1, 2, 3, 4]);
    // The first worker still believes it holds the job: its next chunk finds the claim gone and writes nothing.
    expect(await first.tick()).toBe(true);
    expect(await marksOf(id)).toEqual([1, 2, 3, 4]);
    const [job] = await queryRows<{ attempts: number; status: string }>(database.db, sql`SELECT attempts, status FROM jobs WHERE id = ${id}::int`);
    expect(job).toMatchObject({ attempts: 2, status: 'done' });
  });

  it('hands the job back on stop, and an exclusive worker takes up orphans at start', async () => {
    const id = await enqueue('count-to', { to: 3 });
    const first = runner();
    await first.tick();
    await first.stop();
    const second = runner();
    await second.runUntilIdle();
    expect(await marksOf(id)).toEqual([1, 2, 3]);

    const orphan = await enqueue('count-to', { to: 2 });
    const crashed = runner();
    await crashed.tick();
    crashed.abandon();
    const restarted = runner({ exclusive: true });
    restarted.start();
    await expect.poll(() => marksOf(orphan), { timeout: 5000 }).toEqual([1, 2]);
    await restarted.stop();
  });

  it('fails a refused job at once and tells its kind; retries an unexpected error up to maxAttempts', async () => {
    const refused = await enqueue('refuses');
    const r = runner({ maxAttempts: 2 });
    await r.runUntilIdle();
    expect(await queryRows(database.db, sql`SELECT status, error, attempts FROM jobs WHERE id = ${refused}::int`)).toEqual([
      { status: 'failed', error: 'The period is closed through 2026-01-31', attempts: 1 },
    ]);
    expect(failures).toEqual([`${refused}: The period is closed through 2026-01-31`]);

    const broken = await enqueue('breaks');
    await r.runUntilIdle();
    expect(await queryRows(database.db, sql`SELECT status, attempts FROM jobs WHERE id = ${broken}::int`)).toEqual([{ status: 'running', attempts: 1 }]);
    await expireLeases();
    await r.runUntilIdle();
    expect(await queryRows(database.db, sql`SELECT status, attempts, error FROM jobs WHERE id = ${broken}::int`)).toEqual([
      { status: 'failed', attempts: 2, error: 'The job stopped on an unexpected error; it is logged on the server' },
    ]);
  });

  it('fails a deterministic SQL error at once, for any kind; retries a transient one after a pause', async () => {
    const r = runner({ maxAttempts: 5 });
    const divided = await enqueue('divides');
    await r.runUntilIdle();
    expect(await queryRows(database.db, sql`SELECT status, attempts, error FROM jobs WHERE id = ${divided}::int`)).toEqual([
      { status: 'failed', attempts: 1, error: 'The job stopped on a division by zero; it is logged on the server' },
    ]);

    const serialized = await enqueue('serializes');
    await r.runUntilIdle();
    const [waiting] = await queryRows<{ status: string; attempts: number; pause: number }>(
      database.db,
      sql`SELECT status, attempts, round(extract(epoch FROM locked_until - updated_at))::int AS pause FROM jobs WHERE id = ${serialized}::int`,
    );
    expect(waiting).toEqual({ status: 'running', attempts: 1, pause: 5 });
    await expireLeases();
    await r.runUntilIdle();
    const [again] = await queryRows<{ attempts: number; pause: number }>(
      database.db,
      sql`SELECT attempts, round(extract(epoch FROM locked_until - updated_at))::int AS pause FROM jobs WHERE id = ${serialized}::int`,
    );
    expect(again).toEqual({ attempts: 2, pause: 10 });
  });
});
