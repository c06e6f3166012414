import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type PayrollFixtures, payrollFixtures } from '../../test/payroll-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { payRunJobKind } from './pay-run-job.ts';

let t: TestApp;
let f: PayrollFixtures;
let employee = 0;

beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
  f = await payrollFixtures(t, 'PF');
  employee = await f.employee({ name: 'Zainab Malik', regionId: f.north, departmentId: f.sales });
  await f.assign(employee, '2025-01-01', '50000');
});
afterAll(async () => t?.close());

const addComponent = (code: string, formula: string) =>
  f.call('POST', '/api/salary-components', { code, componentName: `${code} allowance`, kind: 'earning', calculation: 'formula', formula, prorated: false, accountId: f.account('6120') });

/** Generates a run of the north region for `month` and lets the worker take it as far as it goes. */
async function runFor(month: string) {
  const created = await f.call('POST', '/api/pay-runs', { month, regionIds: [f.north] });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  await t.app.ctx.jobs.runUntilIdle();
  const [job] = await queryRows<{ status: string; attempts: number; error: string | null }>(
    t.database.db,
    sql`SELECT status, attempts, error FROM jobs WHERE kind = ${payRunJobKind} AND subject_id = ${id}::int ORDER BY id DESC LIMIT 1`,
  );
  return { run: (await f.call('GET', `/api/pay-runs/${id}`)).json().data, job };
}

describe('a salary component formula that cannot be computed', () => {
  it('is refused when saved if it divides by a constant zero (400 formula)', async () => {
    for (const formula of ['BASIC/0', '1/0', 'BASIC / (2 - 2)']) {
      const refused = await addComponent('ZERO', formula);
      expect(refused.statusCode, formula).toBe(400);
      expect(refused.json().errors).toEqual({ formula: 'Formula: Division by zero' });
    }
  });

  it('fails the pay run at once, naming the employee and the component, when it divides by an input of 0', async () => {
    const added = await addComponent('PER_HOUR', 'BASIC / OVERTIME_HOURS');
    expect(added.statusCode, added.body).toBe(201);
    const { run, job } = await runFor('2026-04');
    const message = 'PF-1 Zainab Malik: PER_HOUR (PER_HOUR allowance): Division by zero';
    expect(job).toEqual({ status: 'failed', attempts: 1, error: message });
    expect(run).toMatchObject({ generating: false, error: message, slips: 0 });
    expect((await f.call('PUT', `/api/salary-components/${added.json().data.id}`, { active: false })).statusCode).toBe(200);
  });

  it('fails the pay run at once when an amount is beyond what an amount may hold (numeric overflow)', async () => {
    const added = await addComponent('HUGE', 'BASIC * 1000000000000000');
    expect(added.statusCode, added.body).toBe(201);
    const { run, job } = await runFor('2026-05');
    const message = 'PF-1 Zainab Malik: HUGE (HUGE allowance): comes to 50000000000000000000.00, more than an amount may hold';
    expect(job).toEqual({ status: 'failed', attempts: 1, error: message });
    expect(run).toMatchObject({ generating: false, error: message });
  });
});

describe('a pay run whose generation failed part way', () => {
  it('keeps the slips of the chunks before the failure but is neither approved nor posted (409) until a recompute completes', async () => {
    // The previous test's component would fail every run.
    const [huge] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM salary_components WHERE code = 'HUGE'`);
    expect((await f.call('PUT', `/api/salary-components/${huge!.id}`, { active: false })).statusCode).toBe(200);
    const region = Number((await queryRows<{ id: number }>(t.database.db, sql`INSERT INTO regions (region_name, region_code) VALUES ('Part way', 'PRTW') RETURNING id`))[0]!.id);
    const worked = await f.employee({ name: 'Worked Hours', regionId: region, departmentId: f.sales });
    await f.assign(worked, '2025-01-01', '50000');
    const idle = await f.employee({ name: 'No Hours', regionId: region, departmentId: f.sales });
    await f.assign(idle, '2025-01-01', '50000');
    await t.database.db.execute(sql`INSERT INTO pay_inputs (employee_id, month, overtime_hours) VALUES (${worked}::int, '2026-06', 10)`);
    const hourly = await addComponent('HOURLY', 'BASIC / OVERTIME_HOURS');
    expect(hourly.statusCode, hourly.body).toBe(201);

    const created = await f.call('POST', '/api/pay-runs', { month: '2026-06', regionIds: [region] });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    // One employee a chunk: the first chunk's slip is written before the second fails.
    await t.database.db.execute(sql`UPDATE jobs SET payload = '{"chunkSize": 1}'::jsonb WHERE kind = ${payRunJobKind} AND subject_id = ${id}::int`);
    await t.app.ctx.jobs.runUntilIdle();
    const failed = (await f.call('GET', `/api/pay-runs/${id}`)).json().data;
    const error = 'PF-3 No Hours: HOURLY (HOURLY allowance): Division by zero';
    expect(failed).toMatchObject({ generating: false, error, slips: 1, processedEmployees: 1, totalEmployees: 2 });
    const approve = await f.call('POST', `/api/pay-runs/${id}/approve`);
    expect(approve.statusCode, approve.body).toBe(409);
    expect(approve.json().message).toBe(`The pay run's generation failed, so some employees have no slip: ${error}. Correct it and recompute the run`);
    // An approved run in that state (none is made so now) is not posted either.
    await t.database.db.execute(sql`UPDATE pay_runs SET status = 'approved' WHERE id = ${id}::int`);
    expect((await f.call('POST', `/api/pay-runs/${id}/post`)).statusCode).toBe(409);
    await t.database.db.execute(sql`UPDATE pay_runs SET status = 'draft', error = NULL WHERE id = ${id}::int`);
    const short = await f.call('POST', `/api/pay-runs/${id}/approve`);
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe('The pay run computed 1 of its 2 employees: recompute it');

    await t.database.db.execute(sql`INSERT INTO pay_inputs (employee_id, month, overtime_hours) VALUES (${idle}::int, '2026-06', 5)`);
    expect((await f.call('POST', `/api/pay-runs/${id}/recompute`)).statusCode).toBe(200);
    await t.app.ctx.jobs.runUntilIdle();
    expect((await f.call('GET', `/api/pay-runs/${id}`)).json().data).toMatchObject({ error: null, slips: 2, processedEmployees: 2 });
    await f.post(id);
  });
});
