import { advanceSchedule } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { csvOf, importClient } from '../../test/import-upload.ts';
import { ledgerRowsOf } from '../../test/money-fixtures.ts';
import { type PurchasingFixtures, purchasingFixtures } from '../../test/purchasing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let f: PurchasingFixtures;
let northEmployee = 0;
let southEmployee = 0;
let component: Record<string, number> = {};
let accountOf: Record<string, number> = {};
let southToken = '';

beforeAll(async () => {
  t = await createTestApp();
  f = await purchasingFixtures(t, 'Pay');
  const department = (await f.call('POST', '/api/departments', { departmentName: 'Service' })).json().data.id;
  const employee = async (code: string, regionId: number, nationalId: string) => {
    const response = await f.call('POST', '/api/employees', { employeeCode: code, employeeName: `${code} name`, departmentId: department, regionId, joinDate: '2025-01-01', status: 'active', nationalId, payMode: 'cash' });
    if (response.statusCode !== 201) throw new Error(response.body);
    return response.json().data.id as number;
  };
  northEmployee = await employee('P-1', f.north, '35202-0000001-1');
  southEmployee = await employee('P-2', f.south, '35202-0000002-2');
  accountOf = Object.fromEntries((await queryRows<{ code: string; id: number }>(t.database.db, sql`SELECT account_code AS code, id FROM accounts`)).map((a) => [a.code, Number(a.id)]));
  const southOnly = await t.userWithRole('accountant');
  await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions: [f.south] })}::jsonb WHERE id = ${southOnly.id}`);
  southToken = southOnly.token;
});
afterAll(async () => t?.close());

describe('salary components', () => {
  it('the default set is added once, BASIC among its ten; the auditor may not add it', async () => {
    expect((await f.call('POST', '/api/salary-components/defaults', {}, (await t.userWithRole('auditor')).token)).statusCode).toBe(403);
    const added = await f.call('POST', '/api/salary-components/defaults', {});
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().added).toEqual(['BASIC', 'HRA', 'MEDICAL', 'CONVEYANCE', 'OVERTIME', 'INCENTIVE', 'PF', 'INCOME_TAX', 'ADVANCE', 'PF_EMPLOYER']);
    expect((await f.call('POST', '/api/salary-components/defaults', {})).json().added).toEqual([]);
    const list = (await f.call('GET', '/api/salary-components?pageSize=50')).json();
    expect(list.total).toBe(10);
    component = Object.fromEntries(list.data.map((c: { code: string; id: number }) => [c.code, c.id]));
    expect(list.data.find((c: { code: string }) => c.code === 'PF_EMPLOYER')).toMatchObject({ kind: 'employerContribution', calculation: 'formula', formula: 'PF', accountId: accountOf['6130'], liabilityAccountId: accountOf['2220'] });
    expect(list.data.map((c: { code: string }) => c.code)[0]).toBe('BASIC');
  });

  it('check formulas: they parse, name known codes or month variables, and make no cycle', async () => {
    const base = { componentName: 'Test', kind: 'earning', calculation: 'formula', prorated: false, taxable: true, accountId: accountOf['6110'], printOrder: 70 };
    const ok = await f.call('POST', '/api/salary-components', { ...base, code: 'fuel', formula: '(BASIC + HRA) * 0.05 + PAID_DAYS * 10' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.code).toBe('FUEL');
    const refusals = await Promise.all([
      f.call('POST', '/api/salary-components', { ...base, code: 'X1', formula: 'BASIC *' }),
      f.call('POST', '/api/salary-components', { ...base, code: 'X2', formula: 'BASIC * BONUS' }),
      f.call('POST', '/api/salary-components', { ...base, code: 'X3', formula: null }),
      f.call('POST', '/api/salary-components', { ...base, code: 'X4', calculation: 'percentOfBasic' }),
      f.call('POST', '/api/salary-components', { ...base, code: 'X5', kind: 'employerContribution', formula: 'BASIC * 0.05' }),
      f.call('POST', '/api/salary-components', { ...base, code: 'PAID_DAYS', formula: '1' }),
      f.call('POST', '/api/salary-components', { ...base, code: 'X6', formula: 'X6 + 1' }),
    ]);
    expect(refusals.map((r) => r.json().errors)).toEqual([
      { formula: 'Formula: A number, a code or "(" is missing at the end' },
      { formula: 'Formula names BONUS, which is no component code' },
      { formula: 'Formula is required for a formula component' },
      { percent: 'Percent is required for a % of basic component' },
      { liabilityAccountId: 'Liability account is required for an employer contribution' },
      { code: 'Code is a name formulas already use for the month (PAID_DAYS, MONTHLY_TAX, ...)' },
      { formula: 'The formulas refer to each other: X6 -> X6' },
    ]);
    // HRA -> FUEL -> HRA once HRA reads FUEL.
    const cycle = await f.call('PUT', `/api/salary-components/${component.HRA}`, { calculation: 'formula', formula: 'FUEL * 2', percent: null });
    expect(cycle.json().errors).toEqual({ formula: 'The formulas refer to each other: HRA -> FUEL -> HRA' });
    const renamed = await f.call('PUT', `/api/salary-components/${component.PF}`, { code: 'PF_EE' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().message).toBe('The formulas of PF_EMPLOYER name PF: change them first');
    expect((await f.call('DELETE', `/api/salary-components/${component.BASIC}`)).statusCode).toBe(409);
    expect((await f.call('DELETE', `/api/salary-components/${ok.json().data.id}`)).statusCode).toBe(200);
  });

  it('are not deactivated while an active formula names them (409 active): the runs compute active components only', async () => {
    const base = { componentName: 'Test', kind: 'earning', prorated: false, taxable: true, accountId: accountOf['6110'], printOrder: 80 };
    const named = (await f.call('POST', '/api/salary-components', { ...base, code: 'SITE', calculation: 'fixed', amount: '500.00' })).json().data.id;
    const naming = (await f.call('POST', '/api/salary-components', { ...base, code: 'SITE_TWICE', calculation: 'formula', formula: 'SITE * 2' })).json().data.id;
    const refused = await f.call('PUT', `/api/salary-components/${named}`, { active: false });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'The formulas of SITE_TWICE name SITE: change them first', errors: { active: 'Component is used by active formulas' } });
    // Once the formula naming it is inactive too, it goes.
    expect((await f.call('PUT', `/api/salary-components/${naming}`, { active: false })).statusCode).toBe(200);
    expect((await f.call('PUT', `/api/salary-components/${named}`, { active: false })).statusCode).toBe(200);
  });

  it('refuse a percent beyond what the column holds, naming the field (400 percent), on a component as on an assignment line', async () => {
    const base = { componentName: 'Test', kind: 'earning', calculation: 'percentOfBasic', prorated: false, taxable: true, accountId: accountOf['6110'], printOrder: 90 };
    const message = 'Percent must have at most 5 digits before the decimal point (99999.9999)';
    const huge = await f.call('POST', '/api/salary-components', { ...base, code: 'HUGE_PCT', percent: '100000' });
    expect(huge.statusCode, huge.body).toBe(400);
    expect(huge.json().errors).toEqual({ percent: message });
    const most = await f.call('POST', '/api/salary-components', { ...base, code: 'MOST_PCT', percent: '99999.9999' });
    expect(most.statusCode, most.body).toBe(201);
    const line = await f.call('POST', '/api/salary-assignments', { employeeId: southEmployee, effectiveFrom: '2026-02-01', basic: '1.00', lines: [{ componentId: most.json().data.id, percent: 100000 }] });
    expect(line.statusCode, line.body).toBe(400);
    expect(line.json().errors).toEqual({ 'lines.0.percent': message });
    expect((await f.call('DELETE', `/api/salary-components/${most.json().data.id}`)).statusCode).toBe(200);
  });
});

describe('salary assignments', () => {
  it('hold a basic and component lines, answered with each row; a raise is a new dated assignment', async () => {
    const created = await f.call('POST', '/api/salary-assignments', {
      employeeId: northEmployee,
      effectiveFrom: '2026-01-01',
      basic: '80000.00',
      lines: [{ componentId: component.HRA, percent: '40' }, { componentId: component.CONVEYANCE, amount: '250.00' }, { componentId: component.MEDICAL }],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      employeeId: northEmployee,
      employee: { id: northEmployee, employeeName: 'P-1 name' },
      effectiveFrom: '2026-01-01',
      basic: '80000.00',
      lines: [
        { componentId: component.HRA, code: 'HRA', amount: null, percent: '40.0000' },
        { componentId: component.CONVEYANCE, code: 'CONVEYANCE', amount: '250.00', percent: null },
        { componentId: component.MEDICAL, code: 'MEDICAL', amount: null, percent: null },
      ],
    });
    const id = created.json().data.id;
    const raise = await f.call('POST', '/api/salary-assignments', { employeeId: northEmployee, effectiveFrom: '2026-04-16', basic: '90000', lines: [] });
    expect(raise.statusCode, raise.body).toBe(201);
    const sameDay = await f.call('POST', '/api/salary-assignments', { employeeId: northEmployee, effectiveFrom: '2026-04-16', basic: '1.00' });
    expect(sameDay.statusCode).toBe(409);
    const badLines = await f.call('POST', '/api/salary-assignments', {
      employeeId: northEmployee,
      effectiveFrom: '2026-06-01',
      basic: '1.00',
      lines: [{ componentId: component.BASIC }, { componentId: component.HRA, amount: '1.00', percent: '2' }, { componentId: 999999 }, { componentId: component.PF }, { componentId: component.PF }],
    });
    expect(badLines.statusCode).toBe(400);
    expect(badLines.json().errors).toEqual({ 'lines.1.percent': 'A line has an amount or a percent, not both' });
    const badComponents = await f.call('POST', '/api/salary-assignments', {
      employeeId: northEmployee,
      effectiveFrom: '2026-06-01',
      basic: '1.00',
      lines: [{ componentId: component.BASIC }, { componentId: 999999 }, { componentId: component.PF }, { componentId: component.PF }],
    });
    expect(badComponents.json().errors).toEqual({
      'lines.0.componentId': 'BASIC is paid from the basic: it needs no line',
      'lines.1.componentId': 'Component does not exist',
      'lines.3.componentId': 'A component appears once in an assignment',
    });
    const updated = await f.call('PUT', `/api/salary-assignments/${id}`, { basic: '82000.00', lines: [{ componentId: component.PF, percent: '5' }] });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ basic: '82000.00', lines: [{ code: 'PF', percent: '5.0000' }] });
    expect((await f.call('PUT', `/api/salary-assignments/${id}`, { notes: 'reviewed' })).json().data.lines).toHaveLength(1);
    const listed = await f.call('GET', `/api/salary-assignments?employeeId=${northEmployee}`);
    expect(listed.json().data.map((a: { effectiveFrom: string }) => a.effectiveFrom)).toEqual(['2026-04-16', '2026-01-01']);
  });

  it("keep a region-limited user to their region's employees", async () => {
    expect((await f.call('POST', '/api/salary-assignments', { employeeId: southEmployee, effectiveFrom: '2026-01-01', basic: '60000.00', lines: [] }, southToken)).statusCode).toBe(201);
    const seen = (await f.call('GET', '/api/salary-assignments', undefined, southToken)).json();
    expect(seen.data.map((a: { employeeId: number }) => a.employeeId)).toEqual([southEmployee]);
    const other = await f.call('POST', '/api/salary-assignments', { employeeId: northEmployee, effectiveFrom: '2026-09-01', basic: '1.00', lines: [] }, southToken);
    expect(other.json().errors).toEqual({ employeeId: 'Employee does not exist' });
    const northId = (await f.call('GET', `/api/salary-assignments?employeeId=${northEmployee}`)).json().data[0].id;
    expect((await f.call('PUT', `/api/salary-assignments/${northId}`, { basic: '1.00' }, southToken)).statusCode).toBe(404);
    expect((await f.call('DELETE', `/api/salary-assignments/${northId}`, undefined, southToken)).statusCode).toBe(404);
  });
});

describe('adjustments', () => {
  it('are one-off in a month or recurring over months, never zero', async () => {
    const base = { employeeId: northEmployee, componentId: component.HRA, amount: '5000.00', fromMonth: '2026-03', reason: 'Arrears' };
    expect((await f.call('POST', '/api/pay-adjustments', base)).statusCode).toBe(201);
    expect((await f.call('POST', '/api/pay-adjustments', { ...base, recurring: true, toMonth: '2026-06' })).statusCode).toBe(201);
    expect((await f.call('POST', '/api/pay-adjustments', { ...base, toMonth: '2026-06' })).json().errors).toEqual({ toMonth: 'A one-off adjustment has no to month (make it recurring)' });
    expect((await f.call('POST', '/api/pay-adjustments', { ...base, amount: '0.00', fromMonth: '2026-13' })).json().errors).toEqual({ fromMonth: 'From month must be a month (YYYY-MM)' });
    expect((await f.call('POST', '/api/pay-adjustments', { ...base, amount: '0' })).json().errors).toEqual({ amount: 'Amount cannot be zero' });
    expect((await f.call('POST', '/api/pay-adjustments', { ...base, recurring: true, toMonth: '2026-01' })).json().errors).toEqual({ toMonth: 'To month cannot be before the from month' });
    expect((await f.call('GET', '/api/pay-adjustments', undefined, southToken)).json().total).toBe(0);
  });
});

describe('pickers (issue 27)', () => {
  it('offer employees with their code, found by code, name or national id; components by code', async () => {
    const options = async (url: string) => (await f.call('GET', url)).json().options as Array<Record<string, unknown>>;
    const byNationalId = await options('/api/employees/options?search=35202-0000002');
    expect(byNationalId.map((o) => o.id)).toEqual([southEmployee]);
    expect(byNationalId[0]).toMatchObject({ name: 'P-2 name', employeeCode: 'P-2' });
    expect((await options('/api/employees/options?search=P-1')).map((o) => o.id)).toEqual([northEmployee]);
    const hra = await options('/api/salary-components/options?search=HRA');
    expect(hra.map((o) => [o.code, o.name])).toEqual([['HRA', 'House rent allowance']]);
  });
});

describe('advances and loans', () => {
  it('Advance 30,000 in 3 instalments with month 2 skipped: 10,000 in months 1, 3 and 4, then 0', async () => {
    const created = await f.call('POST', '/api/employee-advances', { employeeId: northEmployee, advanceDate: '2025-12-20', amount: '30000.00', instalments: 3, startMonth: '2026-01', reason: 'Wedding' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({ skippedMonths: [], paidOut: '0.00', recoveredAmount: '0.00' });
    const skipped = await f.call('POST', `/api/employee-advances/${id}/skip`, { month: '2026-02' });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json().data.skippedMonths).toEqual(['2026-02']);
    const row = (await f.call('GET', `/api/employee-advances/${id}`)).json().data;
    expect(advanceSchedule({ amount: row.amount, instalments: row.instalments, startMonth: row.startMonth, skippedMonths: row.skippedMonths })).toEqual([
      { month: '2026-01', amount: '10000.00' },
      { month: '2026-03', amount: '10000.00' },
      { month: '2026-04', amount: '10000.00' },
    ]);
    expect((await f.call('POST', `/api/employee-advances/${id}/skip`, { month: '2026-02' })).json().errors).toEqual({ month: 'The advance has no instalment in 2026-02' });
    expect((await f.call('POST', `/api/employee-advances/${id}/skip`, { month: '2026-07' })).statusCode).toBe(400);
    expect((await f.call('POST', `/api/employee-advances/${id}/skip`, { month: 'May' })).json().errors).toEqual({ month: 'Month must be a month (YYYY-MM)' });
    expect((await f.call('POST', `/api/employee-advances/${id}/skip`, { month: '2026-03' }, (await t.userWithRole('auditor')).token)).statusCode).toBe(403);
    expect((await f.call('POST', `/api/employee-advances/${id}/skip`, { month: '2026-03' }, southToken)).statusCode).toBe(404);
  });

  it('without a date (issue 20\'s body) is dated today on the server\'s clock (issue 27)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date(2027, 1, 28, 23, 30));
      // A session of that day: the admin's would have expired by then.
      const { token } = await t.userWithRole('accountant');
      const created = await f.call('POST', '/api/employee-advances', { employeeId: northEmployee, amount: '6000.00', instalments: 2, startMonth: '2027-03' }, token);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().data.advanceDate).toBe('2027-02-28');
      expect((await f.call('POST', '/api/employee-advances', { employeeId: northEmployee, advanceDate: null, amount: '6000.00', instalments: 2, startMonth: '2027-03' }, token)).statusCode).toBe(400);
    } finally {
      vi.useRealTimers();
    }
  });

  it('are paid out through /payments: Dr Employee advances with the employee as party, Cr cash; never beyond the amount', async () => {
    const advance = (await f.call('POST', '/api/employee-advances', { employeeId: southEmployee, advanceDate: f.today, amount: '12000.00', instalments: 4, startMonth: '2026-02', kind: 'loan' })).json().data.id;
    const base = { payeeType: 'employee', employeeId: southEmployee, employeeAdvanceId: advance, paymentDate: f.today, method: 'cash', reference: 'Loan', post: true };
    const paid = await f.call('POST', '/api/payments', { ...base, amount: '12000.00' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data).toMatchObject({ employeeAdvanceId: advance, status: 'posted' });
    expect((await ledgerRowsOf(t, 'payments', paid.json().data.id)).map((r) => [r.account, r.debit, r.credit, r.partyType, r.partyId])).toEqual([
      ['employeeAdvances', '12000.00', '0.00', 'employee', southEmployee],
      ['cash', '0.00', '12000.00', 'employee', southEmployee],
    ]);
    expect((await f.call('GET', `/api/employee-advances/${advance}`)).json().data.paidOut).toBe('12000.00');
    expect((await f.call('POST', '/api/payments', { ...base, amount: '0.01' })).json().errors).toEqual({ employeeAdvanceId: 'The advance has 0.00 left to pay out' });
    // Two drafts saved while nothing was paid out: the second one's posting is refused.
    const other = (await f.call('POST', '/api/employee-advances', { employeeId: southEmployee, advanceDate: f.today, amount: '5000.00', instalments: 1, startMonth: '2026-02' })).json().data.id;
    const drafts = await Promise.all([1, 2].map(() => f.call('POST', '/api/payments', { ...base, employeeAdvanceId: other, amount: '3000.00', post: false })));
    expect(drafts.map((d) => d.statusCode)).toEqual([201, 201]);
    expect((await f.call('POST', `/api/payments/${drafts[0]!.json().data.id}/post`)).statusCode).toBe(200);
    const second = await f.call('POST', `/api/payments/${drafts[1]!.json().data.id}/post`);
    expect(second.statusCode).toBe(400);
    expect(second.json().errors).toEqual({ employeeAdvanceId: 'The advance has 2000.00 left to pay out' });
    expect((await f.call('POST', '/api/payments', { ...base, employeeId: northEmployee, amount: '1.00' })).json().errors).toEqual({ employeeAdvanceId: "The advance is not one of the employee's" });
    // Terms change freely until a slip recovers some of it.
    expect((await f.call('PUT', `/api/employee-advances/${advance}`, { instalments: 6 })).statusCode).toBe(200);
    await t.database.db.execute(sql`UPDATE employee_advances SET recovered_amount = 2000 WHERE id = ${advance}`);
    expect((await f.call('PUT', `/api/employee-advances/${advance}`, { instalments: 3 })).statusCode).toBe(409);
    expect((await f.call('PUT', `/api/employee-advances/${advance}`, { reason: 'Medical' })).statusCode).toBe(200);
  });
});

describe('pay inputs', () => {
  it("are entered in a month's grid of the caller's employees: a row of zeros removes them", async () => {
    const saved = await f.call('PUT', '/api/pay-inputs/grid', {
      month: '2026-03',
      rows: [
        { employeeId: northEmployee, unpaidLeaveDays: '1.5', overtimeHours: '6', incentives: '2500.00' },
        { employeeId: southEmployee, unpaidLeaveDays: '0', overtimeHours: '0', incentives: '0' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const grid = (await f.call('GET', '/api/pay-inputs/grid?month=2026-03&search=P-')).json();
    expect(grid.data.map((r: object) => r)).toEqual([
      expect.objectContaining({ employeeCode: 'P-1', unpaidLeaveDays: '1.50', overtimeHours: '6.00', incentives: '2500.00', regionName: 'Pay North', departmentName: 'Service' }),
      expect.objectContaining({ employeeCode: 'P-2', unpaidLeaveDays: '0', overtimeHours: '0', incentives: '0.00' }),
    ]);
    expect((await f.call('GET', '/api/pay-inputs/grid?month=2026-03', undefined, southToken)).json().data.map((r: { employeeCode: string }) => r.employeeCode)).toEqual(['P-2']);
    const outOfScope = await f.call('PUT', '/api/pay-inputs/grid', { month: '2026-03', rows: [{ employeeId: northEmployee, unpaidLeaveDays: '0', overtimeHours: '1', incentives: '0' }] }, southToken);
    expect(outOfScope.json().errors).toEqual({ 'rows.0.employeeId': 'Employee does not exist' });
    const invalid = await f.call('PUT', '/api/pay-inputs/grid', { month: '2026-03', rows: [{ employeeId: northEmployee, unpaidLeaveDays: '40', overtimeHours: '-1', incentives: '0' }] });
    expect(invalid.json().errors).toEqual({ 'rows.0.unpaidLeaveDays': 'Unpaid leave days must be at most 31', 'rows.0.overtimeHours': 'Overtime hours cannot be negative' });
    await f.call('PUT', '/api/pay-inputs/grid', { month: '2026-03', rows: [{ employeeId: northEmployee, unpaidLeaveDays: '0', overtimeHours: '0', incentives: '0' }] });
    expect((await f.call('GET', '/api/pay-inputs?month=2026-03')).json().total).toBe(0);
  });

  it('are imported from a spreadsheet through the import machinery, by employee code', async () => {
    const imports = importClient(t.app, 'pay-inputs');
    const file = csvOf([
      ['Employee code', 'Month', 'Unpaid leave days', 'Overtime hours', 'Incentives'],
      ['p-1', '2026-04', '2', '10', '1,500.00'],
      ['P-2', '2026-04', '', '4', ''],
      ['P-9', '2026-04', '1', '', ''],
      ['P-1', '2026-04', '1', '', ''],
      ['P-2', 'April', '40', '', ''],
    ]);
    const preview = (await imports.preview(file, t.adminToken, 'inputs.csv')).json();
    expect(preview.mapping).toMatchObject({ employeeCode: 'Employee code', month: 'Month', incentives: 'Incentives' });
    expect(Object.fromEntries(preview.preview.map((r: { rowNumber: number; errors: object }) => [r.rowNumber, r.errors]))).toEqual({
      2: {},
      3: {},
      4: { employeeCode: 'No employee has code "P-9"' },
      5: { employeeCode: 'The employee and month appear twice in the file' },
      6: { month: 'Month must be a month (YYYY-MM)', unpaidLeaveDays: 'Unpaid leave days must be at most 31' },
    });
    const ran = await imports.run(preview.jobId, { mode: 'validOnly' }, t.adminToken);
    expect(ran.json(), ran.body).toMatchObject({ imported: 2, rejected: 3 });
    const rows = await queryRows(t.database.db, sql`SELECT employee_id AS "employeeId", unpaid_leave_days::text AS leave, overtime_hours::text AS ot, incentives::text AS inc FROM pay_inputs WHERE month = '2026-04' ORDER BY employee_id`);
    expect(rows).toEqual([
      { employeeId: northEmployee, leave: '2.00', ot: '10.00', inc: '1500.00' },
      { employeeId: southEmployee, leave: '0.00', ot: '4.00', inc: '0.00' },
    ]);
  });
});

describe('tax tables', () => {
  const slabs = [
    { from: '0', to: '600000', fixed: '0', rate: '0' },
    { from: '600000', to: '1200000', fixed: '0', rate: '1' },
    { from: '1200000', fixed: '6000', rate: '11' },
  ];

  it('hold annual slabs of a country from a date, checked to follow each other', async () => {
    const created = await f.call('POST', '/api/tax-tables', { country: 'pk', effectiveFrom: '2025-07-01', tableName: 'Salaried 2025-26', slabs });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      country: 'PK',
      slabs: [
        { from: '0.00', to: '600000.00', fixed: '0.00', rate: '0.0000' },
        { from: '600000.00', to: '1200000.00', fixed: '0.00', rate: '1.0000' },
        { from: '1200000.00', to: null, fixed: '6000.00', rate: '11.0000' },
      ],
    });
    expect((await f.call('POST', '/api/tax-tables', { country: 'PK', effectiveFrom: '2025-07-01', slabs })).statusCode).toBe(409);
    const gap = await f.call('POST', '/api/tax-tables', { country: 'PK', effectiveFrom: '2026-07-01', slabs: [slabs[0], { ...slabs[2], from: '700000' }] });
    expect(gap.json().errors).toEqual({ 'slabs.1.from': 'A slab starts where the one before ends' });
    const updated = await f.call('PUT', `/api/tax-tables/${created.json().data.id}`, { slabs: [{ from: '0', fixed: '0', rate: '5' }] });
    expect(updated.json().data.slabs).toEqual([{ from: '0.00', to: null, fixed: '0.00', rate: '5.0000' }]);
    const auditor = (await t.userWithRole('auditor')).token;
    expect((await f.call('GET', '/api/tax-tables', undefined, auditor)).json().total).toBe(1);
    expect((await f.call('POST', '/api/tax-tables', { country: 'AE', effectiveFrom: '2025-01-01', slabs }, auditor)).statusCode).toBe(403);
  });
});

describe('role matrix of the pay structure', () => {
  it('admin and accountant write, the auditor reads only, roles without /employees are refused', async () => {
    const resources = ['departments', 'salary-components', 'salary-assignments', 'pay-adjustments', 'employee-advances', 'pay-inputs', 'tax-tables'];
    const accountant = (await t.userWithRole('accountant')).token;
    const auditor = (await t.userWithRole('auditor')).token;
    const seller = (await t.userWithRole('salesManager')).token;
    for (const resource of resources) {
      expect((await f.call('GET', `/api/${resource}`, undefined, accountant)).statusCode, resource).toBe(200);
      expect((await f.call('GET', `/api/${resource}`, undefined, auditor)).statusCode, resource).toBe(200);
      expect((await f.call('POST', `/api/${resource}`, {}, auditor)).statusCode, resource).toBe(403);
      expect((await f.call('GET', `/api/${resource}`, undefined, seller)).statusCode, resource).toBe(403);
    }
    expect((await f.call('GET', '/api/pay-inputs/grid?month=2026-03', undefined, auditor)).statusCode).toBe(200);
    expect((await f.call('PUT', '/api/pay-inputs/grid', { month: '2026-03', rows: [] }, auditor)).statusCode).toBe(403);
    expect((await f.call('GET', '/api/pay-inputs/grid?month=2026-03', undefined, seller)).statusCode).toBe(403);
    expect((await f.call('POST', '/api/departments', { departmentName: 'Accounts' }, accountant)).statusCode).toBe(201);
  });
});
