import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PurchasingFixtures, purchasingFixtures } from '../../test/purchasing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let f: PurchasingFixtures;
let sales = 0;

const employee = (overrides: object = {}) => ({
  employeeCode: 'E-100',
  employeeName: 'Ayesha Khan',
  designation: 'Field engineer',
  departmentId: sales,
  regionId: f.north,
  joinDate: '2025-03-16',
  status: 'active',
  nationalId: '35202-1234567-1',
  phone: '0300-1234567',
  payMode: 'bank',
  bankName: 'Meezan Bank',
  bankAccount: 'PK36MEZN0001234567890123',
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  f = await purchasingFixtures(t, 'Emp');
  sales = (await f.call('POST', '/api/departments', { departmentName: 'Sales' })).json().data.id;
});
afterAll(async () => t?.close());

describe('employees', () => {
  it('are a resource of /employees with the fields of issue 20: written by the accountant, listed by region, picked on /payments', async () => {
    const accountant = (await t.userWithRole('accountant')).token;
    const created = await f.call('POST', '/api/employees', employee(), accountant);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      employeeCode: 'E-100',
      employeeName: 'Ayesha Khan',
      departmentId: sales,
      department: { id: sales, departmentName: 'Sales' },
      regionId: f.north,
      joinDate: '2025-03-16',
      confirmationDate: null,
      status: 'active',
      nationalId: '35202-1234567-1',
      payMode: 'bank',
      bankAccount: 'PK36MEZN0001234567890123',
      userId: null,
    });
    const south = await f.call('POST', '/api/employees', employee({ employeeCode: 'E-101', employeeName: 'Bilal South', regionId: f.south, nationalId: '42101-7654321-3', payMode: 'cash', bankName: null, bankAccount: null }), accountant);
    expect(south.statusCode, south.body).toBe(201);
    const twice = await f.call('POST', '/api/employees', employee({ employeeName: 'Other' }), accountant);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors).toHaveProperty('employeeCode');
    expect((await f.call('POST', '/api/employees', { designation: 'x' }, accountant)).json().errors).toMatchObject({
      employeeCode: 'Code is required',
      employeeName: 'Employee is required',
      departmentId: 'Department is required',
      regionId: 'Region is required',
      joinDate: 'Join date is required',
      nationalId: 'National id is required',
    });
    const options = await f.call('GET', '/api/employees/options?search=E-10', undefined, accountant);
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json().options.map((o: { name: string }) => o.name).sort()).toEqual(['Ayesha Khan', 'Bilal South']);
    expect((await f.call('GET', `/api/employees?departmentId=${sales}&status=active&sort=employeeCode`, undefined, accountant)).json().total).toBe(2);
    // The command palette finds them by code or name, each user within their regions.
    const found = await f.call('GET', '/api/search?q=E-101&types=employees', undefined, accountant);
    expect(found.json().results).toEqual([expect.objectContaining({ type: 'employees', code: 'E-101', title: 'Bilal South', subtitle: 'Employee', route: '/employees?search=Bilal%20South' })]);
  });

  it("validate the national id by the company's country: a CNIC by default, another rule once the country changes", async () => {
    const bad = await f.call('POST', '/api/employees', employee({ employeeCode: 'E-200', nationalId: '3520212345671' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ nationalId: 'National id must be written #####-#######-# (CNIC)' });
    expect((await f.call('PUT', '/api/settings', { country: 'UAE' })).json().errors).toEqual({ country: 'Country must be a two-letter code such as PK' });
    const changed = await f.call('PUT', '/api/settings', { country: 'AE' });
    expect(changed.json().settings.country).toBe('AE');
    try {
      const cnic = await f.call('POST', '/api/employees', employee({ employeeCode: 'E-200' }));
      expect(cnic.json().errors).toEqual({ nationalId: 'National id must be written 784-####-#######-# (Emirates ID)' });
      expect((await f.call('POST', '/api/employees', employee({ employeeCode: 'E-200', nationalId: '784-1968-6570305-0' }))).statusCode).toBe(201);
    } finally {
      await f.call('PUT', '/api/settings', { country: 'PK' });
    }
  });

  it('refuse fields that do not go together: a leaver without exit date, dates out of order, bank pay without an account', async () => {
    const refused = await f.call('POST', '/api/employees', employee({ employeeCode: 'E-300', status: 'left', confirmationDate: '2025-01-01', bankAccount: null }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      exitDate: 'Exit date is required when the employee has left',
      confirmationDate: 'Confirmation date cannot be before the join date',
      bankAccount: 'Account / IBAN is required when paid by bank transfer',
    });
    const id = (await f.call('POST', '/api/employees', employee({ employeeCode: 'E-301', nationalId: '35202-1111111-1' }))).json().data.id;
    const left = await f.call('PUT', `/api/employees/${id}`, { status: 'left', exitDate: '2026-01-31' });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().data).toMatchObject({ status: 'left', exitDate: '2026-01-31' });
    expect((await f.call('PUT', `/api/employees/${id}`, { status: 'active' })).json().errors).toEqual({ exitDate: 'Only an employee who has left has an exit date' });
    // One employee per user.
    const user = await t.userWithRole('salesExecutive');
    expect((await f.call('POST', '/api/employees', employee({ employeeCode: 'E-302', nationalId: '35202-2222222-2', userId: user.id }))).statusCode).toBe(201);
    const again = await f.call('POST', '/api/employees', employee({ employeeCode: 'E-303', nationalId: '35202-3333333-3', userId: user.id }));
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toHaveProperty('userId');
  });

  it('role matrix: admin and accountant write, the auditor reads only, other roles are refused; a region-limited user sees and writes only their region', async () => {
    const auditor = (await t.userWithRole('auditor')).token;
    expect((await f.call('GET', '/api/employees', undefined, auditor)).statusCode).toBe(200);
    expect((await f.call('GET', '/api/departments', undefined, auditor)).statusCode).toBe(200);
    expect((await f.call('POST', '/api/employees', employee({ employeeCode: 'E-400' }), auditor)).statusCode).toBe(403);
    expect((await f.call('POST', '/api/departments', { departmentName: 'Audit' }, auditor)).statusCode).toBe(403);
    for (const role of ['salesExecutive', 'operationManager', 'inventorySupervisor', 'serviceEngineer'] as const) {
      const token = (await t.userWithRole(role)).token;
      expect((await f.call('GET', '/api/employees', undefined, token)).statusCode, role).toBe(403);
      expect((await f.call('GET', '/api/departments', undefined, token)).statusCode, role).toBe(403);
    }
    const southOnly = await t.userWithRole('accountant');
    await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions: [f.south] })}::jsonb WHERE id = ${southOnly.id}`);
    expect((await f.call('GET', '/api/search?q=Ayesha&types=employees', undefined, southOnly.token)).json().results).toEqual([]);
    expect((await f.call('GET', '/api/search?q=Bilal&types=employees', undefined, southOnly.token)).json().results).toHaveLength(1);
    const scoped = await f.call('GET', '/api/employees', undefined, southOnly.token);
    expect(scoped.json().data.map((e: { employeeName: string }) => e.employeeName)).toEqual(['Bilal South']);
    const north = (await f.call('GET', '/api/employees?search=Ayesha')).json().data[0].id;
    expect((await f.call('GET', `/api/employees/${north}`, undefined, southOnly.token)).statusCode).toBe(404);
    expect((await f.call('PUT', `/api/employees/${north}`, { designation: 'x' }, southOnly.token)).statusCode).toBe(404);
    expect((await f.call('POST', '/api/employees', employee({ employeeCode: 'E-401' }), southOnly.token)).json().errors).toEqual({ regionId: 'Region does not exist' });
  });
});
