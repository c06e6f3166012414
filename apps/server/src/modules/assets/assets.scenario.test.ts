import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AssetFixtures, assetFixtures } from '../../test/assets-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let f: AssetFixtures;
beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
  f = await assetFixtures(t, 'Story');
});
afterAll(async () => t?.close());

/** Issue 9, section 6: an asset bought, three monthly runs, a disposal with a gain, and the statements balance. */
describe('an asset from purchase to sale', () => {
  it('is capitalised, depreciated three months, sold at a gain, and every account holds what it should', async () => {
    // A delivery van owed to the vendor: 12,000.00, salvage 0, 48 months straight line = 250.00 a month.
    const van = await f.asset({ assetName: 'Delivery van', assetCategoryId: f.vehicles, regionId: f.south, purchaseDate: '2026-01-05', cost: '12000.00', usefulLifeMonths: 48, depreciationMethod: 'straightLine', paymentAccountId: null, vendorId: f.vendor.id });
    expect(van).toMatchObject({ status: 'active', bookValue: '12000.00' });
    expect(await f.balance('1510')).toBe('12000.00');
    expect(await f.balance(f.vendor.accountId)).toBe('-12000.00');

    for (const month of ['2026-01', '2026-02', '2026-03']) {
      const response = await f.call('POST', '/api/depreciation-runs', { month, post: true });
      expect(response.statusCode, response.body).toBe(201);
      await t.app.ctx.jobs.runUntilIdle();
      expect((await f.call('GET', `/api/depreciation-runs/${response.json().data.id}`)).json().data).toMatchObject({ status: 'posted', totalAmount: '250.00' });
    }
    const depreciated = (await f.call('GET', `/api/assets/${van.id}`)).json().data;
    expect(depreciated).toMatchObject({ accumulatedDepreciation: '750.00', bookValue: '11250.00', depreciatedThrough: '2026-03-31' });
    expect(await f.balance('6000')).toBe('750.00');
    expect(await f.balance('1590')).toBe('-750.00');

    // Sold for 11,500.00 in cash: 250.00 above its book value.
    const sold = await f.call('POST', `/api/assets/${van.id}/dispose`, { disposalDate: '2026-04-02', kind: 'sale', proceeds: '11500.00', accountId: f.account('1000') });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json().data).toMatchObject({ status: 'disposed', disposalGain: '250.00' });

    expect(await f.balance('1510')).toBe('0.00');
    expect(await f.balance('1590')).toBe('0.00');
    expect(await f.balance('1000')).toBe('11500.00');
    expect(await f.balance('4900')).toBe('-250.00');
    expect(await f.balance('6000')).toBe('750.00');
    expect(await f.balance(f.vendor.accountId)).toBe('-12000.00');

    const trial = (await f.call('GET', '/api/accounting/trial-balance?from=2026-01-01&to=2026-12-31')).json();
    expect(trial.totals.debit).toBe(trial.totals.credit);
    expect(trial.totals.closing).toBe('0.00');
    // The schedule shows the three months charged.
    const schedule = (await f.call('GET', `/api/assets/${van.id}/schedule`)).json().data;
    expect(schedule.filter((r: { posted: boolean }) => r.posted).map((r: { month: string }) => r.month)).toEqual(['2026-01', '2026-02', '2026-03']);
    // A disposed asset is charged no more.
    const april = await f.call('POST', '/api/depreciation-runs', { month: '2026-04', post: true });
    await t.app.ctx.jobs.runUntilIdle();
    expect((await f.call('GET', `/api/depreciation-runs/${april.json().data.id}`)).json().data).toMatchObject({ status: 'posted', totalAssets: 0, totalAmount: '0.00' });
  });
});
