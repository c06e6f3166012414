import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type PurchasingFixtures, purchasingFixtures } from '../../test/purchasing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The pay runs answer these questions (0026); here a posted slip is said to use assignment 1 and
// to have recovered every instalment of March.
vi.mock('./payroll-usage.ts', () => ({
  assignmentUsedByPostedSlip: async (_executor: unknown, assignmentId: number) => assignmentId === used,
  advanceRecoveredInPostedSlip: async (_executor: unknown, _advanceId: number, month: string) => month === '2026-03',
  advanceRecoveredInUnpostedSlip: async () => false,
}));

let used = 0;
let t: TestApp;
let f: PurchasingFixtures;
let employeeId = 0;

beforeAll(async () => {
  t = await createTestApp();
  f = await purchasingFixtures(t, 'Use');
  const departmentId = (await f.call('POST', '/api/departments', { departmentName: 'Sales' })).json().data.id;
  employeeId = (
    await f.call('POST', '/api/employees', { employeeCode: 'U-1', employeeName: 'Used', departmentId, regionId: f.north, joinDate: '2025-01-01', status: 'active', nationalId: '35202-0000009-9', payMode: 'cash' })
  ).json().data.id;
});
afterAll(async () => t?.close());

describe('what posted slips used stays as it is', () => {
  it('an assignment a posted slip used is neither changed nor deleted (409); a raise is a new assignment', async () => {
    const first = (await f.call('POST', '/api/salary-assignments', { employeeId, effectiveFrom: '2026-01-01', basic: '50000.00', lines: [] })).json().data.id;
    used = first;
    const changed = await f.call('PUT', `/api/salary-assignments/${first}`, { basic: '55000.00' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe('A posted pay slip used this salary assignment: it cannot be changed or deleted (a raise is a new assignment)');
    expect((await f.call('DELETE', `/api/salary-assignments/${first}`)).statusCode).toBe(409);
    expect((await f.call('GET', `/api/salary-assignments/${first}`)).json().data.basic).toBe('50000.00');
    const raise = await f.call('POST', '/api/salary-assignments', { employeeId, effectiveFrom: '2026-04-01', basic: '55000.00', lines: [] });
    expect(raise.statusCode).toBe(201);
    expect((await f.call('PUT', `/api/salary-assignments/${raise.json().data.id}`, { basic: '56000.00' })).statusCode).toBe(200);
    expect((await f.call('DELETE', `/api/salary-assignments/${raise.json().data.id}`)).statusCode).toBe(200);
  });

  it('a month a posted slip recovered cannot be skipped', async () => {
    const advance = (await f.call('POST', '/api/employee-advances', { employeeId, advanceDate: '2026-01-10', amount: '9000.00', instalments: 3, startMonth: '2026-02' })).json().data.id;
    expect((await f.call('POST', `/api/employee-advances/${advance}/skip`, { month: '2026-03' })).statusCode).toBe(409);
    expect((await f.call('POST', `/api/employee-advances/${advance}/skip`, { month: '2026-04' })).statusCode).toBe(200);
  });
});
