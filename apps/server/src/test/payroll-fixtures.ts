import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import { ensureDefaultSalaryComponents } from '../modules/hr/salary-components.service.ts';
import { bearer, type TestApp } from './test-app.ts';

/** Two regions, two departments, HR's default components, and helpers to add employees and assignments directly (HR's own screens are HR's tests). */
export interface PayrollFixtures {
  north: number;
  south: number;
  sales: number;
  lab: number;
  component(code: string): number;
  account(code: string): number;
  employee(input: { name: string; regionId: number; departmentId: number; joinDate?: string; bank?: boolean; exitDate?: string }): Promise<number>;
  assign(employeeId: number, effectiveFrom: string, basic: string, lines?: Array<{ code: string; amount?: string; percent?: string }>): Promise<number>;
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object, token?: string): Promise<LightMyRequestResponse>;
  /** A pay run saved as admin and its slips computed (the job run to the end): its id. */
  generate(body: Record<string, unknown>): Promise<number>;
  /** A draft run approved and posted as admin. */
  post(runId: number): Promise<void>;
}

export async function payrollFixtures(t: TestApp, prefix: string): Promise<PayrollFixtures> {
  const db = t.database.db;
  const one = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ id: number }>(db, query))[0]!.id);
  const north = await one(sql`INSERT INTO regions (region_name, region_code) VALUES (${`${prefix} North`}, ${`${prefix}N`}) RETURNING id`);
  const south = await one(sql`INSERT INTO regions (region_name, region_code) VALUES (${`${prefix} South`}, ${`${prefix}S`}) RETURNING id`);
  const sales = await one(sql`INSERT INTO departments (department_name) VALUES (${`${prefix} Sales`}) RETURNING id`);
  const lab = await one(sql`INSERT INTO departments (department_name) VALUES (${`${prefix} Lab`}) RETURNING id`);
  await db.transaction(async (tx) => {
    await ensureDefaultSalaryComponents(tx);
  });
  const components = new Map((await queryRows<{ id: number; code: string }>(db, sql`SELECT id, code FROM salary_components`)).map((c) => [c.code, Number(c.id)]));
  const accounts = new Map((await queryRows<{ id: number; code: string }>(db, sql`SELECT id, account_code AS code FROM accounts`)).map((a) => [a.code, Number(a.id)]));
  let count = 0;
  const call: PayrollFixtures['call'] = (method, url, body, token = t.adminToken) =>
    t.app.inject({ method, url, headers: bearer(token), ...(body === undefined ? {} : { payload: body }) });
  return {
    north,
    south,
    sales,
    lab,
    component: (code) => components.get(code)!,
    account: (code) => accounts.get(code)!,
    async employee(input) {
      count += 1;
      const bank = input.bank ?? true;
      return one(sql`INSERT INTO employees (employee_code, employee_name, region_id, department_id, join_date, exit_date, status, pay_mode, bank_name, bank_account)
        VALUES (${`${prefix}-${count}`}, ${input.name}, ${input.regionId}, ${input.departmentId}, ${input.joinDate ?? '2020-01-01'}, ${input.exitDate ?? null},
                ${input.exitDate ? 'left' : 'active'}, ${bank ? 'bank' : 'cash'}, ${bank ? 'Meezan Bank' : null}, ${bank ? `PK36MEZN00000${count}` : null}) RETURNING id`);
    },
    async assign(employeeId, effectiveFrom, basic, lines = []) {
      const id = await one(sql`INSERT INTO salary_assignments (employee_id, effective_from, basic) VALUES (${employeeId}, ${effectiveFrom}, ${basic}) RETURNING id`);
      for (const [index, line] of lines.entries()) {
        await db.execute(sql`INSERT INTO salary_assignment_lines (salary_assignment_id, line_number, component_id, amount, percent)
          VALUES (${id}, ${index + 1}, ${components.get(line.code)!}, ${line.amount ?? null}, ${line.percent ?? null})`);
      }
      return id;
    },
    call,
    async generate(body) {
      const response = await call('POST', '/api/pay-runs', body);
      if (response.statusCode !== 201) throw new Error(response.body);
      await t.app.ctx.jobs.runUntilIdle();
      return Number(response.json().data.id);
    },
    async post(runId) {
      for (const action of ['approve', 'post']) {
        const response = await call('POST', `/api/pay-runs/${runId}/${action}`);
        if (response.statusCode !== 200) throw new Error(`${action}: ${response.body}`);
      }
    },
  };
}
