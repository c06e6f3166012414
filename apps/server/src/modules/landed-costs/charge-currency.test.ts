import { addDays, importShipmentMessages } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type PurchasingFixtures, purchasingFixtures } from '../../test/purchasing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * A charge's rate is taken for the currency it was saved in. A vendor or account with no postings
 * may change currency after the draft is saved: the post then refuses the charge (400 naming its
 * party) instead of pricing the new currency at the old currency's rate; saved again, it posts.
 */
let t: TestApp;
let f: PurchasingFixtures;
let receiptId: number;
let asset: number;

// Past days the test clock never reaches.
const june = (day: number) => `2026-06-${String(day).padStart(2, '0')}`;

beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
  f = await purchasingFixtures(t, 'Cc');
  expect((await f.call('POST', '/api/currencies', { code: 'USD', currencyName: 'US dollar' })).statusCode).toBe(201);
  expect((await f.call('POST', '/api/exchange-rates', { currency: 'USD', rateDate: june(1), rate: '280' })).statusCode).toBe(201);
  const order = await f.call('POST', '/api/purchase-orders', { vendorId: f.vendor.id, regionId: f.north, orderDate: june(1), expectedDate: june(1), lines: [{ itemId: f.reagent, quantity: 10, unitCost: '1000.00' }] });
  const approved = (await f.call('POST', `/api/purchase-orders/${order.json().data.id}/approve`)).json().data;
  const received = await f.call('POST', '/api/goods-receipts', {
    purchaseOrderId: approved.id,
    receiptDate: june(2),
    post: true,
    lines: [{ purchaseOrderLineId: approved.lines[0].id, quantity: 10, lotNumber: 'CC-LOT-1', dateExpiry: addDays(f.today, 400) }],
  });
  expect(received.statusCode, received.body).toBe(201);
  receiptId = received.json().data.id;
  const heads = (await f.call('GET', '/api/account-heads?pageSize=100')).json().data as Array<{ id: number; headType: string }>;
  asset = heads.find((h) => h.headType === 'asset')!.id;
});
afterAll(async () => t?.close());

const usdAtOne = async () =>
  (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM gl_entries WHERE currency = 'USD' AND exchange_rate = 1`))[0]!.n;

const draftOf = (charge: Record<string, unknown>) => ({ shipmentDate: june(3), goodsReceiptIds: [receiptId], charges: [{ kind: 'freight', amount: '1000.00', ...charge }] });

describe("a charge whose party's currency changed after the draft was saved", () => {
  it("a vendor's: the post is 400 naming charges.0.vendorId, nothing in USD at rate 1; saved again, it posts at USD's rate", async () => {
    const vendor = (await f.call('POST', '/api/vendors', { vendorName: 'Cc Maersk' })).json().data as { id: number };
    const draft = await f.call('POST', '/api/import-shipments', draftOf({ vendorId: vendor.id }));
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().data.id as number;
    expect(draft.json().data.charges[0]).toMatchObject({ currency: 'PKR', exchangeRate: '1.000000' });
    // No postings on its account yet: purchasing lets the currency change.
    expect((await f.call('PUT', `/api/vendors/${vendor.id}`, { currency: 'USD' })).statusCode).toBe(200);

    const refused = await f.call('POST', `/api/import-shipments/${id}/post`);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual({ 'charges.0.vendorId': importShipmentMessages.partyCurrencyChanged('PKR', 'USD', 'vendor') });
    expect(await usdAtOne()).toBe(0);

    expect((await f.call('PUT', `/api/import-shipments/${id}`, draftOf({ vendorId: vendor.id }))).statusCode).toBe(200);
    const posted = await f.call('POST', `/api/import-shipments/${id}/post`);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().data.charges[0]).toMatchObject({ currency: 'USD', exchangeRate: '280.000000', companyAmount: '280000.00' });
    expect(await usdAtOne()).toBe(0);
  });

  it("an account's: 400 naming charges.0.accountId", async () => {
    const bank = (await f.call('POST', '/api/accounts', { accountCode: 'CC-BANK-1', accountName: 'Cc Meezan', headId: asset, kind: 'bank' })).json().data as { id: number };
    const draft = await f.call('POST', '/api/import-shipments', draftOf({ accountId: bank.id }));
    expect(draft.statusCode, draft.body).toBe(201);
    expect((await f.call('PUT', `/api/accounts/${bank.id}`, { currency: 'USD' })).statusCode).toBe(200);
    const refused = await f.call('POST', `/api/import-shipments/${draft.json().data.id}/post`);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual({ 'charges.0.accountId': importShipmentMessages.partyCurrencyChanged('PKR', 'USD', 'account') });
    expect(await usdAtOne()).toBe(0);
  });
});
