import type { DashboardResponse } from '@erp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RentalFixtures, rentalFixtures } from '../../test/rental-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { runMonthEndNow } from './rentals.api.ts';

/**
 * Issue 27, section 5: the dashboard's "Agreements under 80 % of commitment" (the list's
 * `underCommitment` view) and an agreement's "Under 80 % of the commitment for 3 months running"
 * are one rule. They disagreed: the view read last month's recorded row alone (none until the
 * month end runs, and a single month), the alert the recomputed last three months.
 */
let t: TestApp;
let f: RentalFixtures;
let threeMonths: number;
let twoMonths: number;

beforeAll(async () => {
  t = await createTestApp();
  f = await rentalFixtures(t, 'UC');
  // The hospital buys nothing: every month is under 80 % of its 150,000.
  threeMonths = await f.placedAgreement('UC-1', {}, '2024-04-01');
  twoMonths = await f.placedAgreement('UC-2', {}, '2024-05-01');
  for (const month of ['2024-04', '2024-05', '2024-06']) await t.database.db.transaction((tx) => runMonthEndNow(tx, f.admin, month));
}, 120_000);
afterAll(async () => t?.close());

const underAlert = async (id: number) => {
  const response = await f.call('GET', `/api/rental-agreements/${id}/periods`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().alerts as { kind: string; message: string }[]).find((a) => a.kind === 'underCommitment')?.message;
};

describe('agreements under 80 % of commitment', () => {
  it('lists, counts and alerts the same agreements: three recorded months running under 80 %', async () => {
    const listed = await f.call('GET', '/api/rental-agreements?view=underCommitment');
    expect(listed.statusCode, listed.body).toBe(200);
    const ids = (listed.json().data as { id: number }[]).map((row) => row.id);
    expect(ids).toContain(threeMonths);
    expect(ids).not.toContain(twoMonths);
    expect(await underAlert(threeMonths)).toBe('Under 80 % of the commitment for 3 months running (2024-04, 2024-05, 2024-06)');
    expect(await underAlert(twoMonths)).toBeUndefined();
    // Every agreement the list holds says so on its own screen.
    for (const id of ids) expect(await underAlert(id), String(id)).toBeDefined();

    const board = await f.call('GET', '/api/dashboard?board=accounts');
    const figure = board.json<DashboardResponse>().figures.find((fig) => fig.id === 'rental-under-commitment')!;
    expect(figure.value).toBe(String(listed.json().total));
  });

  it('drops an agreement from both once it is no longer active', async () => {
    const suspended = await f.call('POST', `/api/rental-agreements/${threeMonths}/suspend`);
    expect(suspended.statusCode, suspended.body).toBe(200);
    const listed = await f.call('GET', '/api/rental-agreements?view=underCommitment');
    expect((listed.json().data as { id: number }[]).map((row) => row.id)).not.toContain(threeMonths);
    expect(await underAlert(threeMonths)).toBeUndefined();
  });
});
