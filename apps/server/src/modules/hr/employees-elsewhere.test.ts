import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AssetFixtures, assetFixtures } from '../../test/assets-fixtures.ts';
import { ledgerRowsOf } from '../../test/money-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let f: AssetFixtures;
let employeeId = 0;

beforeAll(async () => {
  t = await createTestApp();
  f = await assetFixtures(t, 'Els');
  const departmentId = (await f.created('/api/departments', { departmentName: 'Service' })).id;
  employeeId = (await f.created('/api/employees', { employeeCode: 'C-1', employeeName: 'Custodian One', departmentId, regionId: f.north, joinDate: '2024-01-01', nationalId: '35202-5555555-5', payMode: 'cash' })).id;
});
afterAll(async () => t?.close());

describe('employees of issue 20 where issue 9 used them', () => {
  it('keep an asset in their custody', async () => {
    const asset = await f.asset({ custodianEmployeeId: employeeId }, false);
    expect(asset).toMatchObject({ custodianEmployeeId: employeeId, custodianName: 'Custodian One' });
  });

  it('are paid salaries through /payments: Dr Salaries payable with the employee as party, as before', async () => {
    const paid = await f.call('POST', '/api/payments', { payeeType: 'employee', employeeId, paymentDate: '2026-02-01', method: 'bank', accountId: f.account('1010'), amount: '45000.00', reference: 'January salary', post: true });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data).toMatchObject({ employeeAdvanceId: null, payeeName: 'Custodian One', regionId: f.north });
    expect((await ledgerRowsOf(t, 'payments', paid.json().data.id)).map((r) => [r.account, r.debit, r.partyType, r.partyId])).toEqual([
      ['salariesPayable', '45000.00', 'employee', employeeId],
      [String(f.account('1010')), '0.00', 'employee', employeeId],
    ]);
  });
});
