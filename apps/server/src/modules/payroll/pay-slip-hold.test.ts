import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PayrollFixtures, payrollFixtures } from '../../test/payroll-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let f: PayrollFixtures;

beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
  f = await payrollFixtures(t, 'PH');
  for (const name of ['Hina Held', 'Kamran Kept']) await f.assign(await f.employee({ name, regionId: f.north, departmentId: f.sales }), '2025-01-01', '50000');
});
afterAll(async () => t?.close());

describe('holding a pay slip', () => {
  it('holds and releases a slip of a draft run; the held slip is left out of the posting; a posted run refuses (409), a missing slip is 404', async () => {
    const runId = await f.generate({ month: '2026-04', regionIds: [f.north] });
    const slips = (await f.call('GET', `/api/pay-slips?payRunId=${runId}`)).json().data as Array<{ id: number; employeeName: string; net: string }>;
    const hina = slips.find((s) => s.employeeName === 'Hina Held')!;
    const kamran = slips.find((s) => s.employeeName === 'Kamran Kept')!;

    const held = await f.call('POST', `/api/pay-slips/${hina.id}/hold`, { held: true });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toMatchObject({ status: 200, message: 'Pay slip held', data: { id: hina.id, status: 'held' } });
    const released = await f.call('POST', `/api/pay-slips/${hina.id}/hold`, { held: false });
    expect(released.json()).toMatchObject({ status: 200, message: 'Pay slip released', data: { id: hina.id, status: 'draft' } });
    expect((await f.call('POST', `/api/pay-slips/${hina.id}/hold`, { held: true })).statusCode).toBe(200);

    await f.post(runId);
    const run = (await f.call('GET', `/api/pay-runs/${runId}`)).json().data;
    expect(run.net).toBe(kamran.net);
    const refused = await f.call('POST', `/api/pay-slips/${kamran.id}/hold`, { held: true });
    expect(refused.statusCode).toBe(409);
    expect((await f.call('POST', '/api/pay-slips/999999/hold', { held: true })).statusCode).toBe(404);
  });
});
