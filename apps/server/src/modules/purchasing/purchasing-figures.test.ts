import { addDays, type DashboardResponse } from '@erp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PurchasingFixtures, purchasingFixtures } from '../../test/purchasing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let f: PurchasingFixtures;

beforeAll(async () => {
  t = await createTestApp();
  f = await purchasingFixtures(t, 'Pf');
});
afterAll(async () => t?.close());

/** An approved order of one line, ordered 10 days ago (or `orderedAgo`) and expected 5 days ago: late. */
async function lateOrder(vendorId: number, quantity: number, unitCost: string, orderedAgo = 10) {
  const created = await f.call('POST', '/api/purchase-orders', {
    vendorId,
    regionId: f.north,
    orderDate: addDays(f.today, -orderedAgo),
    expectedDate: addDays(f.today, -5),
    lines: [{ itemId: f.gloves, quantity, unitCost }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const approved = await f.call('POST', `/api/purchase-orders/${created.json().data.id}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json().data as { exchangeRate: string | null; totalValueCompany: string | null };
}

describe('the warehouse board: purchase orders late', () => {
  it('values them in the company currency, as each order answers totalValueCompany: a foreign one without a rate is counted, not valued', async () => {
    expect((await f.call('POST', '/api/currencies', { code: 'USD', currencyName: 'US dollar' })).statusCode).toBe(201);
    expect((await f.call('POST', '/api/exchange-rates', { currency: 'USD', rateDate: addDays(f.today, -10), rate: '280' })).statusCode).toBe(201);
    const usd = await f.call('POST', '/api/vendors', { vendorName: 'Pf Abbott US', paymentTermsDays: 30, currency: 'USD' });
    expect(usd.statusCode, usd.body).toBe(201);

    expect(await lateOrder(f.vendor.id, 1, '5.00')).toMatchObject({ totalValueCompany: '5.00' });
    expect(await lateOrder(usd.json().data.id, 10, '1.00')).toMatchObject({ exchangeRate: '280.000000', totalValueCompany: '2800.00' });
    // Ordered before any rate was entered.
    expect(await lateOrder(usd.json().data.id, 7, '1.00', 60)).toMatchObject({ exchangeRate: null, totalValueCompany: null });

    const board = await f.call('GET', '/api/dashboard?board=warehouse');
    expect(board.statusCode, board.body).toBe(200);
    const figure = board.json<DashboardResponse>().figures.find((fig) => fig.id === 'purchase-orders-late');
    expect(figure).toMatchObject({ value: '3', compare: { label: 'Ordered value', value: '2805.00', unit: 'money' } });
  });
});
