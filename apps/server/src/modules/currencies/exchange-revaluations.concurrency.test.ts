import { addDays } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type PurchasingFixtures, purchasingFixtures } from '../../test/purchasing-fixtures.ts';
import { queuedBehind } from '../../test/queued-behind.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * A revaluation posted while a payment of a foreign bill is in flight (PostgreSQL, real concurrent
 * transactions): the payment holds the period row (shared) and waits for its number, held by the
 * test. The revaluation waits for the payment to commit, then reads the bill as settled: it is not
 * both paid (a realised difference) and revalued (an unrealised one) on the date.
 */
let t: TestApp;
let f: PurchasingFixtures;
let vendorId: number;
let bank: number;
let bill: { id: number; documentNumber: string };

// Past days the test clock never reaches.
const august = (day: number) => `2026-08-${String(day).padStart(2, '0')}`;

describe.runIf(process.env.DATABASE_URL !== undefined)('a revaluation queued behind a payment in flight (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await createTestApp({ startJobs: false });
    f = await purchasingFixtures(t, 'Rc');
    expect((await f.call('POST', '/api/currencies', { code: 'USD', currencyName: 'US dollar' })).statusCode).toBe(201);
    for (const [rateDate, rate] of [
      [august(1), '280'],
      [august(20), '285'],
      [august(31), '290'],
    ] as const) {
      expect((await f.call('POST', '/api/exchange-rates', { currency: 'USD', rateDate, rate })).statusCode).toBe(201);
    }
    vendorId = (await f.call('POST', '/api/vendors', { vendorName: 'Rc Abbott US', currency: 'USD' })).json().data.id;
    const order = (await f.call('POST', '/api/purchase-orders', { vendorId, regionId: f.north, orderDate: august(1), expectedDate: august(1), lines: [{ itemId: f.reagent, quantity: 100, unitCost: '10.00' }] })).json().data;
    const approved = (await f.call('POST', `/api/purchase-orders/${order.id}/approve`)).json().data;
    const received = await f.call('POST', '/api/goods-receipts', {
      purchaseOrderId: approved.id,
      receiptDate: august(3),
      post: true,
      lines: [{ purchaseOrderLineId: approved.lines[0].id, quantity: 100, lotNumber: 'RC-LOT-1', dateExpiry: addDays(f.today, 400) }],
    });
    expect(received.statusCode, received.body).toBe(201);
    bill = received.json().data;
    const heads = (await f.call('GET', '/api/account-heads?pageSize=100')).json().data as Array<{ id: number; headType: string }>;
    bank = (await f.call('POST', '/api/accounts', { accountCode: 'RC-PKR-1', accountName: 'Rc HBL PKR', headId: heads.find((h) => h.headType === 'asset')!.id, kind: 'bank' })).json().data.id;
    // The payments' number row exists, so the test can hold it.
    await t.database.db.execute(sql`INSERT INTO document_sequences (doc_type, year, last_number) VALUES ('PV', 2026, 0) ON CONFLICT (doc_type, year) DO NOTHING`);
  }, 120_000);
  afterAll(async () => t?.close());

  it('waits for the payment, then leaves the settled bill out', async () => {
    const [paid, revalued] = await queuedBehind(t, sql`SELECT 1 FROM document_sequences WHERE doc_type = 'PV' AND year = 2026 FOR UPDATE`, [
      () => f.call('POST', '/api/payments', { payeeType: 'vendor', vendorId, paymentDate: august(20), method: 'bank', accountId: bank, amount: '1000.00', allocations: [{ goodsReceiptId: bill.id, amount: '1000.00' }], post: true }),
      () => f.call('POST', '/api/exchange-revaluations', { revaluationDate: august(31), post: true }),
    ]);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(revalued.statusCode, revalued.body).toBe(201);
    expect(revalued.json().data.rows).toEqual([]);
    const rows = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM gl_entries WHERE document_type = 'exchange-revaluations'`);
    expect(rows[0]!.n).toBe(0);
  }, 60_000);
});
