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
 * them out; the six months before this one run, posted and paid by bank (a payment per
 * employee and quarter, allocated to its slips); then a raise back-dated two months for the
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
  const runs: number[] = [];
  for (let offset = 0; offset < 6; offset += 1) {
    const id = await generatedRun(tx, actor, { month: addMonths(firstMonth, offset) });
    await payRuns.run(tx, actor, id, 'approve');
    await payRuns.run(tx, actor, id, 'post');
    runs.push(id);
  }
  // Paid by bank a quarter at a time (one payment per employee allocated to the quarter's three
  // slips): the demo's start-up stays short, and every month ends paid.
  for (const quarter of [runs.slice(0, 3), runs.slice(3, 6)]) {
    const owed = await queryRows<{ employeeId: number; slips: Array<{ id: number; net: string }>; total: string }>(
      tx,
      sql`SELECT employee_id AS "employeeId", json_agg(json_build_object('id', id, 'net', net::text) ORDER BY month) AS slips, sum(net)::text AS total
          FROM pay_slips WHERE pay_run_id = ANY(${sql.param(quarter)}::int[]) AND net > 0 GROUP BY employee_id ORDER BY employee_id`,
    );
    const [last] = await queryRows<{ month: string }>(tx, sql`SELECT to_char(max(month), 'YYYY-MM') AS month FROM pay_runs WHERE id = ANY(${sql.param(quarter)}::int[])`);
    for (const employee of owed) {
      const slips = typeof employee.slips === 'string' ? (JSON.parse(employee.slips) as Array<{ id: number; net: string }>) : employee.slips;
      await paymentServices.createPosted(tx, actor, {
        payeeType: 'employee',
        employeeId: Number(employee.employeeId),
        paymentDate: `${addMonths(last!.month, 1)}-01`,
        method: 'bank',
        accountId: Number(bank.id),
        amount: employee.total,
        reference: 'Salaries by bank transfer',
        allocations: slips.map((slip) => ({ paySlipId: Number(slip.id), amount: slip.net })),
      });
    }
  }
  // A raise agreed late: back-dated two posted months, paid as this month's supplementary run.
  const raisedFrom = `${addMonths(thisMonth, -2)}-01`;
  // The raise keeps each manager's own lines (a negotiated allowance): a new assignment copies them.
  await tx.execute(sql`WITH managers AS (
      SELECT e.id AS employee_id, a.id AS previous_id, a.basic FROM employees e
      JOIN LATERAL (SELECT id, basic FROM salary_assignments s WHERE s.employee_id = e.id ORDER BY effective_from DESC LIMIT 1) a ON true
      JOIN departments d ON d.id = e.department_id
      WHERE d.department_name = 'Sales' AND e.designation ILIKE '%manager%' AND e.status = 'active'),
    raised AS (
      INSERT INTO salary_assignments (employee_id, effective_from, basic, notes)
      SELECT employee_id, ${raisedFrom}::date, basic + 20000, 'Raise agreed late, back-dated' FROM managers
      ON CONFLICT DO NOTHING RETURNING id, employee_id)
    INSERT INTO salary_assignment_lines (salary_assignment_id, line_number, component_id, amount, percent)
    SELECT r.id, l.line_number, l.component_id, l.amount, l.percent
    FROM raised r JOIN managers m ON m.employee_id = r.employee_id JOIN salary_assignment_lines l ON l.salary_assignment_id = m.previous_id`);
  const supplementary = await generatedRun(tx, actor, { month: thisMonth, kind: 'supplementary' });
  const [{ slips }] = (await queryRows<{ slips: number }>(tx, sql`SELECT count(*)::int AS slips FROM pay_slips WHERE pay_run_id = ${supplementary}::int`)) as [{ slips: number }];
  if (Number(slips) > 0) {
    await payRuns.run(tx, actor, supplementary, 'approve');
    await payRuns.run(tx, actor, supplementary, 'post');
  }
}
