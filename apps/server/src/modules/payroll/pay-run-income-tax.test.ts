import { pakistanSalariedSlabs2025, type PaySlipDetail } from '@erp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PayrollFixtures, payrollFixtures } from '../../test/payroll-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Issue 27, section 4: a joiner mid tax year is taxed on the pay of the months left from joining, not on 12 x the month. */
let t: TestApp;
let f: PayrollFixtures;

beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
  f = await payrollFixtures(t, 'TX');
  // Pakistan's salaried table, in force from 1 July: the tax year runs July to June.
  const { slabs } = pakistanSalariedSlabs2025;
  const table = await f.call('POST', '/api/tax-tables', { country: 'PK', effectiveFrom: '2026-07-01', tableName: 'Salaried 2026-27', slabs: slabs.map((s) => ({ ...s, to: s.to ?? undefined })) });
  expect(table.statusCode, table.body).toBe(201);
}, 120_000);
afterAll(async () => t?.close());

const taxOf = (slip: PaySlipDetail) => slip.lines.find((l) => l.code === 'INCOME_TAX')?.amount ?? '0.00';

describe('income tax of a pay run', () => {
  it('spreads a January joiner\'s tax over January to June, with their earlier employment; a whole-year employee pays a twelfth', async () => {
    const joiner = await f.employee({ name: 'Joined January', regionId: f.north, departmentId: f.sales, joinDate: '2027-01-01' });
    const veteran = await f.employee({ name: 'Here All Year', regionId: f.north, departmentId: f.sales, joinDate: '2020-01-01' });
    for (const id of [joiner, veteran]) await f.assign(id, id === joiner ? '2027-01-01' : '2020-01-01', '100000');
    const run = async () => {
      const created = await f.call('POST', '/api/pay-runs', { month: '2027-01', regionIds: [f.north] });
      expect(created.statusCode, created.body).toBe(201);
      await t.app.ctx.jobs.runUntilIdle();
      const slips = (await f.call('GET', `/api/pay-slips?payRunId=${created.json().data.id}`)).json().data as PaySlipDetail[];
      return { id: created.json().data.id as number, joiner: slips.find((s) => s.employeeId === joiner)!, veteran: slips.find((s) => s.employeeId === veteran)! };
    };
    const first = await run();
    const taxable = (slip: PaySlipDetail) => Number(slip.lines.filter((l) => ['BASIC', 'HRA', 'CONVEYANCE'].includes(l.code)).reduce((sum, l) => sum + Math.round(Number(l.amount) * 100), 0)) / 100;
    expect(taxable(first.joiner)).toBe(taxable(first.veteran));
    // The same pay: the joiner's 6 months project to half the veteran's year, so far less tax, never the veteran's twelfth.
    expect(Number(taxOf(first.veteran))).toBeGreaterThan(0);
    expect(Number(taxOf(first.joiner))).toBeLessThan(Number(taxOf(first.veteran)));
    // What they earned before joining raises it: entered on the employee, as the employee declared it.
    const declared = await f.call('PUT', `/api/employees/${joiner}`, { taxablePayBeforeJoining: '1200000.00', taxDeductedBeforeJoining: '6000.00' });
    expect(declared.statusCode, declared.body).toBe(200);
    expect((await f.call('POST', `/api/pay-runs/${first.id}/recompute`)).statusCode).toBe(200);
    await t.app.ctx.jobs.runUntilIdle();
    const slips = (await f.call('GET', `/api/pay-slips?payRunId=${first.id}`)).json().data as PaySlipDetail[];
    expect(Number(taxOf(slips.find((s) => s.employeeId === joiner)!))).toBeGreaterThan(Number(taxOf(first.joiner)));
  });
});
