import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type RentalFixtures, rentalFixtures } from '../../test/rental-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 21, section 2 (stock never negative, also concurrently): two usages reported at the same
 * instant over a site holding 5, each of 3: the second chooses from what the first left under
 * the lots' lock, so one is 201 and the other 409, and the site keeps 2. Two usages of 2 both pass.
 */
describe.skipIf(!process.env.DATABASE_URL)('two consignment usages of one site at once (PostgreSQL)', () => {
  let t: TestApp;
  let f: RentalFixtures;
  let agreement: number;
  beforeAll(async () => {
    t = await createTestApp();
    f = await rentalFixtures(t, 'CC');
    agreement = await f.placedAgreement('CC-SN-1', { billingModel: 'perTest', pricePerTest: '95.00', monthlyCommitment: '100000.00' });
  }, 120_000);
  afterAll(async () => t?.close());

  const use = (quantity: number) => f.call('POST', '/api/consignments', { rentalAgreementId: agreement, consignmentKind: 'usage', consignmentDate: f.today, lines: [{ itemId: f.reagent, quantity }] });
  const onSite = async () =>
    (await queryRows<{ q: number }>(t.database.db, sql`SELECT coalesce(sum(i.quantity), 0)::int AS q FROM inventory i JOIN stock_locations l ON l.id = i.location_id AND l.kind = 'customer' WHERE i.item_id = ${f.reagent}::int`))[0]!.q;

  it('10 rounds: 3 + 3 over 5 -> one 201, one 409, 2 left; 2 + 2 over 4 -> both 201, 0 left', async () => {
    for (let round = 0; round < 10; round += 1) {
      await f.receive([
        { itemId: f.reagent, lotNumber: `CC-A-${round}`, quantity: 2, unitCost: '100.00', expiresIn: 300 },
        { itemId: f.reagent, lotNumber: `CC-B-${round}`, quantity: 3, unitCost: '150.00', expiresIn: 200 },
      ]);
      const shipped = await f.call('POST', '/api/consignments', { rentalAgreementId: agreement, consignmentKind: 'shipment', consignmentDate: f.today, lines: [{ itemId: f.reagent, quantity: 5 }] });
      expect(shipped.statusCode, shipped.body).toBe(201);
      const [a, b] = await Promise.all([use(3), use(3)]);
      expect([a.statusCode, b.statusCode].sort(), `${a.body} | ${b.body}`).toEqual([201, 409]);
      expect(await onSite()).toBe(2);
      await f.receive([{ itemId: f.reagent, lotNumber: `CC-C-${round}`, quantity: 2, unitCost: '100.00', expiresIn: 300 }]);
      expect((await f.call('POST', '/api/consignments', { rentalAgreementId: agreement, consignmentKind: 'shipment', consignmentDate: f.today, lines: [{ itemId: f.reagent, quantity: 2 }] })).statusCode).toBe(201);
      const both = await Promise.all([use(2), use(2)]);
      expect(both.map((r) => r.statusCode), both.map((r) => r.body).join(' | ')).toEqual([201, 201]);
      expect(await onSite()).toBe(0);
    }
    const [negative] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM inventory WHERE quantity < 0`);
    expect(negative!.n).toBe(0);
  }, 180_000);
});
