import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { inventoryAgainstLots, lotOf, receiveLots, sell } from './landed-costs-fixtures.ts';

/**
 * Issue 33, section 7, concurrency (PostgreSQL): two shipments on one lot posted at once add up.
 * Each posts under the lot's lock, so the second reads the first's rise and its own units on hand.
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
