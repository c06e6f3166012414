import type { PaySlipDetail } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type PayrollFixtures, payrollFixtures } from '../../test/payroll-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 20 on PostgreSQL (real concurrent transactions): paying a run from its bank file while
 * another pay of the same run and payments of its slips run at once never pays a slip twice.
 */
describe.skipIf(!process.env.DATABASE_URL)('a pay run paid from its bank file while others pay it (PostgreSQL)', () => {
  let t: TestApp;
  let f: PayrollFixtures;
  beforeAll(async () => {
    t = await createTestApp({ startJobs: false });
    f = await payrollFixtures(t, 'PC');
  });
  afterAll(async () => t?.close());

  it('five pays of one run and a payment of each slip at once: every slip is paid exactly its net', async () => {
    const people: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const id = await f.employee({ name: `Racer ${i}`, regionId: i % 2 === 0 ? f.north : f.south, departmentId: f.sales });
      await f.assign(id, '2025-01-01', String(40000 + i * 1000));
      people.push(id);
    }
    const created = await f.call('POST', '/api/pay-runs', { month: '2026-04' });
    expect(created.statusCode, created.body).toBe(201);
    await t.app.ctx.jobs.runUntilIdle();
    const runId = created.json().data.id as number;
    expect((await f.call('POST', `/api/pay-runs/${runId}/approve`)).statusCode).toBe(200);
    expect((await f.call('POST', `/api/pay-runs/${runId}/post`)).statusCode).toBe(200);
    const slips = (await f.call('GET', `/api/pay-slips?payRunId=${runId}`)).json().data as PaySlipDetail[];
    const bank = f.account('1010');

    const pays = Array.from({ length: 5 }, () => f.call('POST', `/api/pay-runs/${runId}/pay`, { paymentDate: '2026-05-02', accountId: bank }));
    const singles = slips.map((slip) =>
      f.call('POST', '/api/payments', {
        payeeType: 'employee',
        employeeId: slip.employeeId,
        paymentDate: '2026-05-02',
        method: 'bank',
        accountId: bank,
        amount: slip.net,
        allocations: [{ paySlipId: slip.id, amount: slip.net }],
        post: true,
      }),
    );
    const answers = await Promise.all([...pays, ...singles]);
    const payCodes = answers.slice(0, 5).map((a) => a.statusCode);
    // At most one pay pays anything; the others find the file empty (409), or the singles took every slip.
    expect(payCodes.filter((c) => c === 200).length).toBeLessThanOrEqual(1);
    expect(payCodes.every((c) => c === 200 || c === 409)).toBe(true);
    expect(answers.slice(5).every((a) => a.statusCode === 201 || a.statusCode === 409)).toBe(true);

    const rows = await queryRows<{ id: number; net: string; paid: string; allocated: string }>(
      t.database.db,
      sql`SELECT s.id, s.net::text, s.paid_amount::text AS paid,
                 (SELECT coalesce(sum(a.amount), 0) FROM payment_allocations a JOIN payments p ON p.id = a.payment_id
                  WHERE a.pay_slip_id = s.id AND a.released_at IS NULL AND p.status = 'posted')::numeric(18, 2)::text AS allocated
          FROM pay_slips s WHERE s.pay_run_id = ${runId}::int ORDER BY s.id`,
    );
    expect(rows).toHaveLength(6);
    for (const row of rows) expect([row.paid, row.allocated]).toEqual([row.net, row.net]);
    expect((await f.call('GET', `/api/pay-runs/${runId}`)).json().data.paymentState).toBe('paid');
  }, 120_000);
});
