import { addDecimals, type PaySlipDetail } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type PayrollFixtures, payrollFixtures } from '../../test/payroll-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Issue 27, section 4: a supplementary run covers every posted month a change affects; one with nothing to correct says so and is not approved. */
let t: TestApp;
let f: PayrollFixtures;

beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
  f = await payrollFixtures(t, 'SU');
});
afterAll(async () => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

const generate = (body: Record<string, unknown>) => f.generate(body);
const post = (id: number) => f.post(id);
const slipsOf = async (runId: number): Promise<PaySlipDetail[]> => (await f.call('GET', `/api/pay-slips?payRunId=${runId}`)).json().data;
const monthsFrom = (first: string, count: number) =>
  Array.from({ length: count }, (_, index) => {
    const [y, m] = first.split('-').map(Number) as [number, number];
    const at = y * 12 + m - 1 + index;
    return `${Math.floor(at / 12)}-${String((at % 12) + 1).padStart(2, '0')}`;
  });

describe('a supplementary run', () => {
  it('covers a raise back-dated 18 months: basic 18 x 1,000 = 18,000, not the last 12 months', async () => {
    const region = Number((await queryRows<{ id: number }>(t.database.db, sql`INSERT INTO regions (region_name, region_code) VALUES ('Back-dated', 'BKD') RETURNING id`))[0]!.id);
    const raised = await f.employee({ name: 'Raised Long Ago', regionId: region, departmentId: f.sales });
    await f.assign(raised, '2025-01-01', '50000');
    // 18 posted months, April 2025 to September 2026.
    for (const month of monthsFrom('2025-04', 18)) await post(await generate({ month, regionIds: [region] }));
    await f.assign(raised, '2025-04-01', '51000');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 9, 15, 12));
    const id = await generate({ month: '2026-10', kind: 'supplementary', regionIds: [region] });
    const slips = await slipsOf(id);
    expect(slips.map((s) => s.month)).toEqual(monthsFrom('2025-04', 18));
    expect(addDecimals(slips.flatMap((s) => s.lines.filter((l) => l.code === 'BASIC').map((l) => l.amount)))).toBe('18000.00');
  }, 120_000);

  it('with no differences says "No differences since the posted months" and is neither approved nor posted (409)', async () => {
    const region = Number((await queryRows<{ id: number }>(t.database.db, sql`INSERT INTO regions (region_name, region_code) VALUES ('Unchanged', 'UNCH') RETURNING id`))[0]!.id);
    await f.assign(await f.employee({ name: 'Never Changed', regionId: region, departmentId: f.lab }), '2025-01-01', '40000');
    await post(await generate({ month: '2026-09', regionIds: [region] }));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 9, 15, 12));
    const id = await generate({ month: '2026-10', kind: 'supplementary', regionIds: [region] });
    expect(await slipsOf(id)).toEqual([]);
    const approve = await f.call('POST', `/api/pay-runs/${id}/approve`);
    expect(approve.statusCode, approve.body).toBe(409);
    expect(approve.json().message).toBe('No differences since the posted months');
    // Never approved, it is never posted either.
    expect((await f.call('POST', `/api/pay-runs/${id}/post`)).statusCode).toBe(409);
    expect((await f.call('GET', `/api/pay-runs/${id}`)).json().data.status).toBe('draft');
  });

  it('computed before another posted the same difference is refused on approve and post (409), and finds nothing once recomputed', async () => {
    const region = Number((await queryRows<{ id: number }>(t.database.db, sql`INSERT INTO regions (region_name, region_code) VALUES ('Twice', 'TWC') RETURNING id`))[0]!.id);
    const raised = await f.employee({ name: 'Raised Once', regionId: region, departmentId: f.sales });
    await f.assign(raised, '2025-01-01', '50000');
    await post(await generate({ month: '2026-09', regionIds: [region] }));
    await f.assign(raised, '2026-09-01', '60000');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 9, 15, 12));
    const body = { month: '2026-10', kind: 'supplementary', regionIds: [region] };
    const [first, second, third] = [await generate(body), await generate(body), await generate(body)];
    expect((await slipsOf(second)).map((s) => s.lines.find((l) => l.code === 'BASIC')?.amount)).toEqual(['10000.00']);
    expect((await f.call('POST', `/api/pay-runs/${second}/approve`)).statusCode).toBe(200);
    await post(first);
    const message = 'Pay of these employees was posted or cancelled since this supplementary run was computed: Raised Once. Recompute it';
    const posted = await f.call('POST', `/api/pay-runs/${second}/post`);
    expect(posted.statusCode, posted.body).toBe(409);
    expect(posted.json().message).toBe(message);
    const ledger = await queryRows(t.database.db, sql`SELECT 1 FROM gl_entries WHERE document_type = 'pay-runs' AND document_id = ${second}::int`);
    expect(ledger).toEqual([]);
    const approved = await f.call('POST', `/api/pay-runs/${third}/approve`);
    expect(approved.statusCode, approved.body).toBe(409);
    expect(approved.json().message).toBe(message);
    expect((await f.call('POST', `/api/pay-runs/${third}/recompute`)).statusCode).toBe(200);
    await t.app.ctx.jobs.runUntilIdle();
    expect(await slipsOf(third)).toEqual([]);
  });
});
