import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { bearer, type TestApp } from '../test/test-app.ts';
import { createDemoTestApp } from '../test/demo-database.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createDemoTestApp({ startJobs: false });
}, 600_000);
afterAll(async () => t?.close());

describe('the demo payroll', () => {
  it('holds six posted and paid months and one posted supplementary run, every journal balanced', async () => {
    const runs = await queryRows<{ month: string; kind: string; status: string; slips: number; net: string; paid: string }>(
      t.database.db,
      sql`SELECT to_char(r.month, 'YYYY-MM') AS month, r.kind, r.status, count(s.id)::int AS slips, coalesce(sum(s.net), 0)::text AS net, coalesce(sum(s.paid_amount), 0)::text AS paid
          FROM pay_runs r LEFT JOIN pay_slips s ON s.pay_run_id = r.id GROUP BY r.id ORDER BY r.month, r.kind`,
    );
    const regular = runs.filter((r) => r.kind === 'regular');
    expect(regular).toHaveLength(6);
    for (const run of regular) {
      expect(run.status).toBe('posted');
      expect(run.slips).toBeGreaterThan(100);
      expect(run.paid).toBe(run.net);
    }
    const supplementary = runs.filter((r) => r.kind === 'supplementary');
    expect(supplementary).toHaveLength(1);
    expect(supplementary[0]!.status).toBe('posted');
    expect(supplementary[0]!.slips).toBeGreaterThan(0);
    // The back-dated raise changes what follows from the basic, not a manager's own allowance.
    const conveyance = await queryRows(
      t.database.db,
      sql`SELECT 1 FROM pay_slip_lines l JOIN pay_slips s ON s.id = l.pay_slip_id JOIN pay_runs r ON r.id = s.pay_run_id WHERE r.kind = 'supplementary' AND l.code = 'CONVEYANCE'`,
    );
    expect(conveyance).toEqual([]);
    const unbalanced = await queryRows(
      t.database.db,
      sql`SELECT document_id FROM gl_entries WHERE document_type = 'pay-runs' GROUP BY document_id HAVING sum(debit) <> sum(credit)`,
    );
    expect(unbalanced).toEqual([]);
    const unpaid = (await t.app.inject({ method: 'GET', url: '/api/pay-slips?unpaid=true', headers: bearer(t.adminToken) })).json();
    expect(unpaid.totals.count).toBe(supplementary[0]!.slips);
  });
});
