import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type PayrollFixtures, payrollFixtures } from '../../test/payroll-fixtures.ts';
import { queuedBehind } from '../../test/queued-behind.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * An advance paid out by two payments posted at once (PostgreSQL, real concurrent transactions):
 * the second waits for the advance's lock, and must then see the first's payout, which its
 * statement's snapshot, taken before the wait, does not hold.
 */
describe.runIf(process.env.DATABASE_URL !== undefined)('two payouts of one advance posted at once (PostgreSQL)', () => {
  let t: TestApp;
  let f: PayrollFixtures;
  beforeAll(async () => {
    t = await createTestApp({ startJobs: false });
    f = await payrollFixtures(t, 'AdvRace');
  });
  afterAll(async () => t?.close());

  it('of 100.00, two of 60.00: one posts, the other is refused with what is left; never 120.00 paid out', async () => {
    const employeeId = await f.employee({ name: 'Borrower', regionId: f.north, departmentId: f.sales });
    const advance = await f.call('POST', '/api/employee-advances', { employeeId, advanceDate: '2026-05-01', amount: '100.00', instalments: 1, startMonth: '2026-06' });
    expect(advance.statusCode, advance.body).toBe(201);
    const advanceId = advance.json().data.id as number;
    const draft = async () => {
      const saved = await f.call('POST', '/api/payments', {
        payeeType: 'employee', employeeId, employeeAdvanceId: advanceId, paymentDate: '2026-05-02', method: 'cash', amount: '60.00', reference: 'Advance',
      });
      expect(saved.statusCode, saved.body).toBe(201);
      return saved.json().data.id as number;
    };
    const [a, b] = [await draft(), await draft()];
    const post = (id: number) => () => f.call('POST', `/api/payments/${id}/post`);
    const answers = await queuedBehind(t, sql`SELECT id FROM employee_advances WHERE id = ${advanceId}::int FOR UPDATE`, [post(a), post(b)]);
    expect(answers.map((r) => r.statusCode), answers.map((r) => r.body).join(' | ')).toEqual([200, 400]);
    expect(answers[1].json().errors).toEqual({ employeeAdvanceId: 'The advance has 40.00 left to pay out' });
    const [paid] = await queryRows<{ total: string }>(t.database.db, sql`SELECT coalesce(sum(amount), 0)::numeric(18,2)::text AS total FROM payments WHERE employee_advance_id = ${advanceId}::int AND status = 'posted'`);
    expect(paid!.total).toBe('60.00');
  }, 60_000);
});
