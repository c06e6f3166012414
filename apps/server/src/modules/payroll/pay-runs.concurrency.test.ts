import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type PayrollFixtures, payrollFixtures } from '../../test/payroll-fixtures.ts';
import { queuedBehind } from '../../test/queued-behind.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Pay runs meeting other writers on PostgreSQL (real concurrent transactions). */
describe.skipIf(!process.env.DATABASE_URL)('pay runs at once with other writers (PostgreSQL)', () => {
  let t: TestApp;
  let f: PayrollFixtures;
  beforeAll(async () => {
    t = await createTestApp({ startJobs: false });
    f = await payrollFixtures(t, 'SC');
  });
  afterAll(async () => t?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a skip of an advance's month while a run computes it: the run recovers the month and the skip is refused (409)", async () => {
    const borrower = await f.employee({ name: 'Racing Borrower', regionId: f.south, departmentId: f.sales });
    await f.assign(borrower, '2025-01-01', '80000');
    const [advance] = await queryRows<{ id: number }>(
      t.database.db,
      sql`INSERT INTO employee_advances (employee_id, amount, instalments, start_month) VALUES (${borrower}::int, 30000, 3, '2026-05') RETURNING id`,
    );
    const created = await f.call('POST', '/api/pay-runs', { month: '2026-05', regionIds: [f.south] });
    expect(created.statusCode, created.body).toBe(201);
    const [, skip] = await queuedBehind(t, sql`SELECT id FROM employee_advances WHERE id = ${advance!.id}::int FOR UPDATE`, [
      () => t.app.ctx.jobs.runUntilIdle(),
      () => f.call('POST', `/api/employee-advances/${advance!.id}/skip`, { month: '2026-05' }),
    ] as const);
    expect(skip.statusCode, skip.body).toBe(409);
    const [slip] = (await f.call('GET', `/api/pay-slips?payRunId=${created.json().data.id}`)).json().data as Array<{ lines: Array<{ code: string; amount: string }> }>;
    expect(slip!.lines.find((l) => l.code === 'ADVANCE')?.amount).toBe('10000.00');
  });

  // Two supplementary runs holding the same difference, both approved: one posts, the other finds it posted.
  it('posts the difference once: one run 200, the other 409', async () => {
    const raised = await f.employee({ name: 'Raised Racer', regionId: f.north, departmentId: f.sales });
    await f.assign(raised, '2025-01-01', '50000');
    await f.post(await f.generate({ month: '2026-09', regionIds: [f.north] }));
    await f.assign(raised, '2026-09-01', '60000');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 9, 15, 12));
    const body = { month: '2026-10', kind: 'supplementary', regionIds: [f.north] };
    const runs = [await f.generate(body), await f.generate(body)];
    for (const id of runs) expect((await f.call('POST', `/api/pay-runs/${id}/approve`)).statusCode).toBe(200);

    const answers = await queuedBehind(
      t,
      sql`LOCK TABLE pay_runs IN SHARE ROW EXCLUSIVE MODE`,
      runs.map((id) => () => f.call('POST', `/api/pay-runs/${id}/post`)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const journals = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT DISTINCT document_id AS id FROM gl_entries WHERE document_type = 'pay-runs' AND document_id = ANY(${sql.param(runs)}::int[])`,
    );
    expect(journals).toHaveLength(1);
  });
});
