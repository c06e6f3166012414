import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { type RentalFixtures, rentalFixtures } from '../../test/rental-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Issue 27, section 3: rentals' inputs that answered 500 (or the wrong 4xx) answer what every other input does. */
let t: TestApp;
let f: RentalFixtures;
let agreement = 0;

beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
  f = await rentalFixtures(t, 'RI');
  agreement = await f.placedAgreement('RI-SN-1');
}, 120_000);
afterAll(async () => t?.close());

const placedAssetOf = async (agreementId: number) =>
  Number((await queryRows<{ id: number }>(t.database.db, sql`SELECT asset_id AS id FROM placements WHERE rental_agreement_id = ${agreementId}::int`))[0]!.id);

describe('rentals inputs (no 500)', () => {
  it('a consignment without lines, or with lines null, is 400 naming lines', async () => {
    const consignment = { rentalAgreementId: agreement, consignmentKind: 'usage', consignmentDate: '2024-05-01' };
    for (const body of [consignment, { ...consignment, lines: null }]) {
      const refused = await f.call('POST', '/api/consignments', body);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errors).toEqual({ lines: 'Add at least one line' });
    }
  });

  it('a meter reading with notes null is kept with no notes', async () => {
    const saved = await f.call('POST', '/api/meter-readings', { rentalAgreementId: agreement, readingDate: '2024-05-31', reading: 100, notes: null });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().data).toMatchObject({ notes: '', reading: 100 });
  });

  it("a meter reading naming another region's agreement is 400 rentalAgreementId, like one naming no agreement", async () => {
    const southOnly = await t.userWithRole('operationManager');
    await t.database.db.update(users).set({ permissions: { regions: [f.south] } }).where(eq(users.id, southOnly.id));
    for (const [rentalAgreementId, token] of [
      [agreement, southOnly.token],
      [999_999, t.adminToken],
    ] as const) {
      const refused = await f.call('POST', '/api/meter-readings', { rentalAgreementId, readingDate: '2024-05-31', reading: 1 }, token);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errors).toEqual({ rentalAgreementId: 'Agreement does not exist' });
    }
  });

  it('the month-end run of a month outside 1900-2999 is 400 month, and starts no job', async () => {
    const [before] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM jobs`);
    for (const month of ['0000-01', '1899-12', '3000-01']) {
      const refused = await f.call('POST', '/api/rental-agreements/month-end', { month });
      expect(refused.statusCode, month).toBe(400);
      expect(refused.json().errors).toEqual({ month: 'Month must be between 1900 and 2999' });
    }
    const [after] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM jobs`);
    expect(after).toEqual(before);
  });

  it('a placed analyser is not disposed of or cancelled as an asset (409): it leaves through its rental return', async () => {
    const assetId = await placedAssetOf(agreement);
    for (const [action, body] of [
      ['dispose', { kind: 'writeOff', disposalDate: '2024-06-30' }],
      ['cancel', {}],
    ] as const) {
      const refused = await f.call('POST', `/api/assets/${assetId}/${action}`, body);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toBe('A placed analyser leaves through a rental return');
    }
    const returned = await f.call('POST', '/api/rental-returns', { rentalAgreementId: agreement, returnDate: '2024-06-30', condition: 'ok', post: true });
    expect(returned.statusCode, returned.body).toBe(201);
    expect((await f.call('GET', `/api/assets/${assetId}`)).json().data).toMatchObject({ status: 'disposed', disposalDate: '2024-06-30' });
    // Disposed by its return: a second disposal is the workflow's ordinary refusal.
    const again = await f.call('POST', `/api/assets/${assetId}/dispose`, { kind: 'writeOff', disposalDate: '2024-07-31' });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).not.toBe('A placed analyser leaves through a rental return');
  });
});
