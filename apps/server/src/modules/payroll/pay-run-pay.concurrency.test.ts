import type { PaySlipDetail } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type PayrollFixtures, payrollFixtures } from '../../test/payroll-fixtures.ts';
import { queuedBehind } from '../../test/queued-behind.ts';
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

  /**
   * A payment of a slip and the cancel of its run, queued on the slip's lock in either order: the
   * cancel refused once the slip is paid, or the payment refused once the run is cancelled (its
   * status is the run's, which the slip's lock does not cover); never a paid slip of a reversed run.
   */
  describe('a slip paid while its run is cancelled', () => {
    const postedRun = async (month: string) => {
      const employeeId = await f.employee({ name: `Slip ${month}`, regionId: f.north, departmentId: f.sales });
      await f.assign(employeeId, '2025-01-01', '50000');
      const runId = await f.generate({ month });
      await f.post(runId);
      const [slip] = (await f.call('GET', `/api/pay-slips?payRunId=${runId}`)).json().data as PaySlipDetail[];
      return { runId, slip: slip! };
    };
    // A draft saved before: posting it takes the slip's lock first. (Saved and posted in one request, its
    // allocation row's foreign key would share the slip's lock first, and PostgreSQL then lets it past the queue.)
    const pay = async (slip: PaySlipDetail) => {
      const saved = await f.call('POST', '/api/payments', {
        payeeType: 'employee', employeeId: slip.employeeId, paymentDate: '2026-08-02', method: 'bank', accountId: f.account('1010'),
        amount: slip.net, allocations: [{ paySlipId: slip.id, amount: slip.net }],
      });
      expect(saved.statusCode, saved.body).toBe(201);
      return () => f.call('POST', `/api/payments/${saved.json().data.id}/post`);
    };
    const cancel = (runId: number) => () => f.call('POST', `/api/pay-runs/${runId}/cancel`);
    const slipLock = (slip: PaySlipDetail) => sql`SELECT id FROM pay_slips WHERE id = ${slip.id}::int FOR NO KEY UPDATE`;

    it('the payment first: it posts, and the cancel is refused (409)', async () => {
      const { runId, slip } = await postedRun('2026-06');
      const [paid, cancelled] = await queuedBehind(t, slipLock(slip), [await pay(slip), cancel(runId)]);
      expect([paid.statusCode, cancelled.statusCode], `${paid.body} | ${cancelled.body}`).toEqual([200, 409]);
      expect((await f.call('GET', `/api/pay-runs/${runId}`)).json().data.status).toBe('posted');
    }, 60_000);

    it('the cancel first: it lands, and the payment is refused (400): the slip is no longer of a posted run', async () => {
      const { runId, slip } = await postedRun('2026-07');
      const [cancelled, paid] = await queuedBehind(t, slipLock(slip), [cancel(runId), await pay(slip)]);
      expect([cancelled.statusCode, paid.statusCode], `${cancelled.body} | ${paid.body}`).toEqual([200, 400]);
      expect(paid.json().errors).toEqual({ 'allocations.0.paySlipId': 'Not a posted pay slip of this payee' });
      const [row] = await queryRows<{ paid: string }>(t.database.db, sql`SELECT paid_amount::text AS paid FROM pay_slips WHERE id = ${slip.id}::int`);
      expect(row!.paid).toBe('0.00');
    }, 60_000);
  });
});
