import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 31, section 5: a recall opening while an invoice of its lot posts. Both lock the lot's
 * rows in id order (the opening before it looks for another open recall, the stock ledger before
 * it reads the lot's status), so the invoice is first (and traced) or refused (409 naming the
 * lot), never both; PostgreSQL never aborts either as a deadlock.
 */
describe.skipIf(!process.env.DATABASE_URL)('a recall opened while an invoice of its lot posts (PostgreSQL)', () => {
  const rounds = 12;
  let t: TestApp;
  let f: SalesFixtures;
  let lots: number[] = [];
  beforeAll(async () => {
    t = await createTestApp({ startJobs: false });
    f = await salesFixtures(t, 'RclRace');
    lots = await f.receive(Array.from({ length: rounds }, (_, n) => ({ itemId: f.reagent, lotNumber: `RACE-${n}`, quantity: 10, unitCost: '5.00', expiresIn: 300 })));
  }, 60_000);
  afterAll(async () => t?.close());

  it(`${rounds} rounds: the invoice posts and is traced, or is refused; the recall always opens`, async () => {
    const outcomes = { invoiceFirst: 0, recallFirst: 0 };
    for (let round = 0; round < rounds; round += 1) {
      const lotNumber = `RACE-${round}`;
      const draft = await f.call('POST', '/api/invoices', { customerId: f.customer.id, regionId: f.north, invoiceDate: f.today, lines: [{ itemId: f.reagent, inventoryId: lots[round], quantity: 2, price: '9.00' }] });
      expect(draft.statusCode, draft.body).toBe(201);
      const recall = await f.call('POST', '/api/recalls', { recallClass: 'II', sourceReference: `RACE/${round}`, reason: 'Race', lines: [{ itemId: f.reagent, lotNumber }] });
      expect(recall.statusCode, recall.body).toBe(201);
      const [posted, opened] = await Promise.all([f.call('POST', `/api/invoices/${draft.json().data.id}/post`), f.call('POST', `/api/recalls/${recall.json().data.id}/open`)]);
      const bodies = `${posted.statusCode} ${posted.body} | ${opened.statusCode} ${opened.body}`;
      expect(opened.statusCode, bodies).toBe(200);
      expect([200, 409], bodies).toContain(posted.statusCode);
      const trace = (await f.call('GET', `/api/recalls/${recall.json().data.id}/trace`)).json().data;
      if (posted.statusCode === 200) {
        outcomes.invoiceFirst += 1;
        expect(trace.invoices.map((i: { invoiceId: number }) => i.invoiceId), bodies).toEqual([draft.json().data.id]);
        expect(trace.onHand.map((r: { quantity: number; lotStatus: string }) => [r.quantity, r.lotStatus])).toEqual([[8, 'recalled']]);
      } else {
        outcomes.recallFirst += 1;
        expect(posted.json().message, bodies).toContain(lotNumber);
        expect(trace.invoices, bodies).toEqual([]);
        expect(trace.onHand.map((r: { quantity: number }) => r.quantity)).toEqual([10]);
      }
    }
    expect(outcomes.invoiceFirst + outcomes.recallFirst).toBe(rounds);
  }, 120_000);
});
