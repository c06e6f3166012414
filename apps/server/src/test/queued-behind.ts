import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import type { TestApp } from './test-app.ts';
import { until } from './until.ts';

type Requests = ReadonlyArray<() => Promise<unknown>>;

/**
 * Requests queued in order behind a lock the test holds (PostgreSQL): `lock` (a locking
 * statement) is taken in a transaction of the test's, each request is sent once the ones before
 * it wait on a lock, and the lock is let go when all of them wait. They then meet in that order,
 * however fast each is. Answers their results in order. A request that never waits (the defect a
 * test looks for) ends the wait after 20 s with an error naming it.
 */
export async function queuedBehind<const R extends Requests>(t: TestApp, lock: SQL, requests: R): Promise<{ -readonly [K in keyof R]: Awaited<ReturnType<R[K]>> }> {
  const waiting = (n: number) =>
    until(
      `request ${n} waiting on a lock`,
      async () => {
        const [row] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
        return Number(row!.n) >= n ? true : undefined;
      },
      20_000,
    );
  const sent = await t.database.db.transaction(async (tx) => {
    await tx.execute(lock);
    const answers: Array<Promise<unknown>> = [];
    for (const request of requests) {
      answers.push(request());
      await waiting(answers.length);
    }
    // Not awaited here: they finish only once this transaction lets the lock go.
    return { answers };
  });
  return (await Promise.all(sent.answers)) as { -readonly [K in keyof R]: Awaited<ReturnType<R[K]>> };
}
