import { pakistanSalariedSlabs2025 } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import type { Actor } from '../lib/actor.ts';
import { documentServices } from '../lib/document/document-services.ts';
import { runJobInline } from '../lib/jobs/job-runner.ts';
import { ensureDefaultSalaryComponents } from '../modules/hr/salary-components.service.ts';
import { paymentServices } from '../modules/money/money.api.ts';
import { payRunJob } from '../modules/payroll/pay-run-job.ts';
import { payRunBinding } from '../modules/payroll/pay-runs.binding.ts';

const payRuns = documentServices(payRunBinding);

const addMonths = (month: string, count: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};

/** A run computed by its job inside the seed's transaction (nothing else can see it before the commit). */
async function generatedRun(tx: Tx, actor: Actor, input: { month: string; kind?: 'regular' | 'supplementary' }): Promise<number> {
  const run = await payRuns.create(tx, actor, input);
  const [job] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM jobs WHERE kind = 'pay-run' AND subject_id = ${run.id}::int AND status = 'queued' ORDER BY id DESC LIMIT 1`);
  await runJobInline(tx, payRunJob, Number(job!.id));
  return run.id;
}

/**
 * The demo's payroll (issue 20, section 4): HR's default components, a salary for every
 * employee (by grade of designation) and Pakistan's salaried tax slabs when HR's seed left
 * them out; the six months before this one run, posted and paid by bank (one payment per
 * employee and month, allocated to the slip); then a raise back-dated two months for the
 * Sales department's managers and this month's supplementary run of the differences, posted
 * and left unpaid.
 */
export async function seedPayroll(tx: Tx, dates: { today: string }): Promise<void> {
  const [accountant] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'accountant'));
  if (!accountant) return;
  const actor: Actor = { userId: accountant.id, role: 'accountant', scopes: [], permissions: {} };
  await ensureDefaultSalaryComponents(tx);
  const thisMonth = dates.today.slice(0, 7);
  const firstMonth = addMonths(thisMonth, -6);
  const [{ assigned }] = (await queryRows<{ assigned: number }>(tx, sql`SELECT count(*)::int AS assigned FROM salary_assignments`)) as [{ assigned: number }];
  if (Number(assigned) === 0) {
    // Managers 180,000, senior and specialist staff 110,000, the others 55,000 to 85,000 by id.
    await tx.execute(sql`INSERT INTO salary_assignments (employee_id, effective_from, basic)
      SELECT e.id, least(e.join_date, ${`${firstMonth}-01`}::date),
             CASE WHEN e.designation ILIKE '%manager%' THEN 180000 WHEN e.designation ~* '(senior|specialist|supervisor)' THEN 110000 ELSE 55000 + (e.id % 7) * 5000 END
      FROM employees e WHERE e.status <> 'left'`);
  }
  const [{ tables }] = (await queryRows<{ tables: number }>(tx, sql`SELECT count(*)::int AS tables FROM tax_tables`)) as [{ tables: number }];
  if (Number(tables) === 0) {
    const table = pakistanSalariedSlabs2025;
    const [row] = await queryRows<{ id: number }>(tx, sql`INSERT INTO tax_tables (country, effective_from, table_name) VALUES (${table.country}, ${table.effectiveFrom}, 'Salaried, tax year 2026') RETURNING id`);
    for (const [index, slab] of table.slabs.entries()) {
      await tx.execute(sql`INSERT INTO tax_table_slabs (tax_table_id, line_number, from_amount, to_amount, fixed_amount, rate)
        VALUES (${row!.id}::int, ${index + 1}::int, ${slab.from}::numeric, ${slab.to ?? null}::numeric, ${slab.fixed}::numeric, ${slab.rate}::numeric)`);
    }
  }
  const [bank] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM accounts WHERE account_code = '1010'`);
  if (!bank) return;
  for (let offset = 0; offset < 6; offset += 1) {
    const month = addMonths(firstMonth, offset);
    const id = await generatedRun(tx, actor, { month });
    await payRuns.run(tx, actor, id, 'approve');
    await payRuns.run(tx, actor, id, 'post');
    const slips = await queryRows<{ id: number; employeeId: number; net: string }>(
      tx,
      sql`SELECT id, employee_id AS "employeeId", net::text AS net FROM pay_slips WHERE pay_run_id = ${id}::int AND net > 0 ORDER BY id`,
    );
    const paymentDate = `${addMonths(month, 1)}-01`;
    for (const slip of slips) {
      await paymentServices.createPosted(tx, actor, {
        payeeType: 'employee',
        employeeId: Number(slip.employeeId),
        paymentDate,
        method: 'bank',
        accountId: Number(bank.id),
        amount: slip.net,
        reference: `Salary ${month}`,
        allocations: [{ paySlipId: Number(slip.id), amount: slip.net }],
      });
    }
  }
  // A raise agreed late: back-dated two posted months, paid as this month's supplementary run.
  const raisedFrom = `${addMonths(thisMonth, -2)}-01`;
  await tx.execute(sql`INSERT INTO salary_assignments (employee_id, effective_from, basic)
    SELECT e.id, ${raisedFrom}::date, a.basic + 20000 FROM employees e
    JOIN LATERAL (SELECT basic FROM salary_assignments s WHERE s.employee_id = e.id ORDER BY effective_from DESC LIMIT 1) a ON true
    JOIN departments d ON d.id = e.department_id
    WHERE d.department_name = 'Sales' AND e.designation ILIKE '%manager%' AND e.status = 'active'
    ON CONFLICT DO NOTHING`);
  const supplementary = await generatedRun(tx, actor, { month: thisMonth, kind: 'supplementary' });
  const [{ slips }] = (await queryRows<{ slips: number }>(tx, sql`SELECT count(*)::int AS slips FROM pay_slips WHERE pay_run_id = ${supplementary}::int`)) as [{ slips: number }];
  if (Number(slips) > 0) {
    await payRuns.run(tx, actor, supplementary, 'approve');
    await payRuns.run(tx, actor, supplementary, 'post');
  }
}
