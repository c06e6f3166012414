import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { accounts } from '../../db/schema/index.ts';
import { queuedBehind } from '../../test/queued-behind.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * A reopen sent while a year-end close holds the period row (PostgreSQL, real concurrent
 * transactions): the reopen waits for the close, and must then see the year it closed, which a
 * read made before the wait does not hold. Fiscal year 2024 (July 2023 to June 2024, the default
 * start) ended long before any clock this runs on.
 */
describe.runIf(process.env.DATABASE_URL !== undefined)('a period reopen queued behind a year-end close (PostgreSQL)', () => {
  let t: TestApp;
  const inject = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: bearer(t.adminToken) });
  beforeAll(async () => {
    t = await createTestApp({ startJobs: false });
    const code = new Map((await t.database.db.select({ id: accounts.id, code: accounts.accountCode }).from(accounts)).map((a) => [a.code, a.id]));
    const journal = await inject('/api/journals', {
      journalDate: '2024-03-10',
      narration: 'A sale of fiscal year 2024',
      post: true,
      lines: [{ accountId: code.get('1000'), debit: '500.00', credit: '0' }, { accountId: code.get('4000'), debit: '0', credit: '500.00' }],
    });
    expect(journal.statusCode, journal.body).toBe(201);
    const closed = await inject('/api/accounting/period-close', { closedThrough: '2024-06-30' });
    expect(closed.statusCode, closed.body).toBe(200);
  });
  afterAll(async () => t?.close());

  it('the close posts; the reopen into its year is refused and the books stay closed through its end', async () => {
    const [closeYear, reopen] = await queuedBehind(t, sql`SELECT 1 FROM period_close WHERE id = 1 FOR UPDATE`, [
      () => inject('/api/accounting/year-end-close', { fiscalYear: 2024 }),
      () => inject('/api/accounting/period-reopen', { closedThrough: '2024-03-31' }),
    ]);
    expect(closeYear.statusCode, closeYear.body).toBe(200);
    expect(reopen.statusCode, reopen.body).toBe(400);
    expect(reopen.json().errors).toEqual({ closedThrough: 'Fiscal year 2024 is closed (year-end close): the books stay closed through 2024-06-30 at least' });
    const [row] = await queryRows<{ closedThrough: string }>(t.database.db, sql`SELECT closed_through::text AS "closedThrough" FROM period_close WHERE id = 1`);
    expect(row!.closedThrough).toBe('2024-06-30');
  }, 60_000);
});
