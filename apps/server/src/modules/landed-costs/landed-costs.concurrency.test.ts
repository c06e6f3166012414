import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryDisagreementsByRegion } from '../../test/purchasing-fixtures.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { queuedBehind } from '../../test/queued-behind.ts';
import { inventoryAgainstLots, ledgerOf, lotOf, receiveLots, sell } from './landed-costs-fixtures.ts';

/**
 * Issue 33, section 7, concurrency (PostgreSQL): two shipments on one lot posted at once add up.
 * Each posts under the lot's lock, so the second reads the first's rise and its own units on hand.
 * A cancel racing a posting on the same lot checks under the lot's lock: a sale and the shipment's
 * cancel, a shipment and the cancel of a sale before it, never both land against each other.
 */
let t: TestApp;
let f: SalesFixtures;

beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
  f = await salesFixtures(t, 'Imc');
}, 120_000);
afterAll(async () => t?.close());

describe.runIf(process.env.DATABASE_URL !== undefined)('two shipments on one lot (PostgreSQL)', () => {
  it('posted at once, both rises land: the lot at 2,800 + 700 + 350, Inventory worth the lots', async () => {
    const receipt = await receiveLots(f, [{ lotNumber: 'IMC-1', quantity: 100, unitCost: '2800.00' }]);
    await sell(f, receipt.lots[0]!, 40);
    const draft = async (amount: string) => {
      const saved = await f.call('POST', '/api/import-shipments', { shipmentDate: f.today, goodsReceiptIds: [receipt.id], charges: [{ kind: 'freight', vendorId: f.vendor.id, amount }] });
      expect(saved.statusCode, saved.body).toBe(201);
      return saved.json().data.id as number;
    };
    const [a, b] = [await draft('70000.00'), await draft('35000.00')];
    for (let round = 0; round < 1; round += 1) {
      const posted = await Promise.all([a, b].map((id) => f.call('POST', `/api/import-shipments/${id}/post`)));
      expect(posted.map((p) => p.statusCode)).toEqual([200, 200]);
      expect(posted.map((p) => p.json().data.toInventory).sort()).toEqual(['21000.00', '42000.00']);
    }
    expect(await lotOf(t, receipt.lots[0]!)).toEqual({ unitCost: '3850.00', quantity: 60 });
    const against = await inventoryAgainstLots(t);
    expect(against.ledger).toBe(against.lots);
  });
});

/** Two requests queued in order on a lot held by the test: both waiting, then the lot let go. */
const queuedOnLot = <A, B>(inventoryId: number, first: () => Promise<A>, second: () => Promise<B>) =>
  queuedBehind(t, sql`SELECT id FROM inventory WHERE id = ${inventoryId}::int FOR NO KEY UPDATE`, [first, second]);

describe.runIf(process.env.DATABASE_URL !== undefined)('a cancel racing a posting on the same lot (PostgreSQL)', () => {
  const draft = async (receiptId: number) => {
    const saved = await f.call('POST', '/api/import-shipments', { shipmentDate: f.today, goodsReceiptIds: [receiptId], charges: [{ kind: 'freight', vendorId: f.vendor.id, amount: '70000.00' }] });
    expect(saved.statusCode, saved.body).toBe(201);
    return saved.json().data.id as number;
  };
  const post = (id: number) => f.call('POST', `/api/import-shipments/${id}/post`);
  const cancel = (resource: string, id: number) => f.call('POST', `/api/${resource}/${id}/cancel`);

  it('a sale’s cancel queued behind a shipment’s posting is refused once the rise lands', async () => {
    const receipt = await receiveLots(f, [{ lotNumber: 'IMC-2', quantity: 100, unitCost: '2800.00' }]);
    const invoice = await sell(f, receipt.lots[0]!, 40);
    const shipment = await draft(receipt.id);
    const [posted, cancelled] = await queuedOnLot(receipt.lots[0]!, () => post(shipment), () => cancel('invoices', invoice));
    expect(posted.statusCode, posted.body).toBe(200);
    expect(cancelled.statusCode, cancelled.body).toBe(409);
    expect(cancelled.json().message).toMatch(/IMC-2 has changed cost since \(IMP-/);
    expect(await lotOf(t, receipt.lots[0]!)).toEqual({ unitCost: '3500.00', quantity: 60 });
    expect(await inventoryDisagreementsByRegion(t.database.db)).toEqual([]);
  });

  it('a shipment’s cancel queued behind a sale of its lot is refused; queued before it, the cancel lands and the sale takes the old cost', async () => {
    const receipt = await receiveLots(f, [{ lotNumber: 'IMC-3', quantity: 100, unitCost: '2800.00' }]);
    const lot = receipt.lots[0]!;
    const first = await draft(receipt.id);
    expect((await post(first)).statusCode).toBe(200);
    const [sold, refused] = await queuedOnLot(lot, () => sell(f, lot, 10), () => cancel('import-shipments', first));
    expect((await ledgerOf(t, 'invoice', sold))['5000']).toBe('35000.00');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toMatch(/has moved since/);

    const second = await draft(receipt.id);
    expect((await post(second)).statusCode).toBe(200);
    expect(await lotOf(t, lot)).toEqual({ unitCost: '4200.00', quantity: 90 });
    const [cancelled, later] = await queuedOnLot(lot, () => cancel('import-shipments', second), () => sell(f, lot, 10));
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await ledgerOf(t, 'invoice', later))['5000']).toBe('35000.00');
    expect(await lotOf(t, lot)).toEqual({ unitCost: '3500.00', quantity: 80 });
    expect(await inventoryDisagreementsByRegion(t.database.db)).toEqual([]);
  });
});
