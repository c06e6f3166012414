import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { type RentalFixtures, rentalFixtures } from '../../test/rental-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// A journal line's venture and agreement stamps follow permissions.regions: one outside the
// user's row scope reads as missing, as on the ventures' and agreements' own routes.
let t: TestApp;
let f: RentalFixtures;
const tokens = { north: '', south: '' };
const ids = { agreement: 0, northVenture: 0, southVenture: 0, everywhereVenture: 0, cash: 0, sales: 0 };

async function keptTo(regions: number[]): Promise<string> {
  const user = await t.userWithRole('accountant');
  await t.database.db.update(users).set({ permissions: { regions } }).where(eq(users.id, user.id));
  return user.token;
}

async function venture(ventureName: string, regionIds: number[]): Promise<number> {
  const created = await f.call('POST', '/api/joint-ventures', {
    ventureName, partnerType: 'vendor', partnerId: f.vendor.id, regionIds, startDate: '2024-01-01', basis: 'revenue', lossRule: 'share',
    shares: [{ effectiveFrom: '2024-01-01', partnerPercent: '40' }],
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  f = await rentalFixtures(t, 'JStamp');
  // The agreement is the north region's; the hospital's venture names no region (every region's).
  ids.agreement = await f.placedAgreement('JSTAMP-SN-1');
  ids.everywhereVenture = await f.hospitalVenture('JStamp hospital venture');
  ids.northVenture = await venture('JStamp north venture', [f.north]);
  ids.southVenture = await venture('JStamp south venture', [f.south]);
  const accounts = (await f.call('GET', '/api/accounts?pageSize=200')).json().data as { id: number; accountCode: string }[];
  ids.cash = accounts.find((a) => a.accountCode === '1000')!.id;
  ids.sales = accounts.find((a) => a.accountCode === '4000')!.id;
  tokens.north = await keptTo([f.north]);
  tokens.south = await keptTo([f.south]);
});
afterAll(async () => t?.close());

/** Two lines on company-wide accounts (anyone's), the first stamped with `venture`, the second with `agreement`. */
const body = (stamps: { venture?: number; agreement?: number }, post = false) => ({
  journalDate: '2026-03-10',
  narration: 'Stamped journal',
  post,
  lines: [
    { accountId: ids.cash, debit: '10.00', credit: '0', jointVentureId: stamps.venture ?? null },
    { accountId: ids.sales, debit: '0', credit: '10.00', rentalAgreementId: stamps.agreement ?? null },
  ],
});

describe("a journal's venture and agreement stamps and permissions.regions", () => {
  it('a user kept to the south may not stamp the north agreement, nor a venture of the north or of every region: 400 naming the lines, as missing', async () => {
    for (const venture of [ids.northVenture, ids.everywhereVenture]) {
      const refused = await f.call('POST', '/api/journals', body({ venture, agreement: ids.agreement }, true), tokens.south);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errors).toEqual({ 'lines.0.jointVentureId': 'Joint venture does not exist', 'lines.1.rentalAgreementId': 'Rental agreement does not exist' });
    }
  });

  it('their own region’s venture is theirs; changing the draft to the north agreement is refused the same way', async () => {
    const draft = await f.call('POST', '/api/journals', body({ venture: ids.southVenture }), tokens.south);
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().data.id as number;
    const changed = await f.call('PUT', `/api/journals/${id}`, body({ venture: ids.southVenture, agreement: ids.agreement }), tokens.south);
    expect(changed.statusCode, changed.body).toBe(400);
    expect(changed.json().errors).toEqual({ 'lines.1.rentalAgreementId': 'Rental agreement does not exist' });
  });

  it('a user kept to the north stamps the north venture and agreement; a draft of theirs stays unposted by a user of the south', async () => {
    const posted = await f.call('POST', '/api/journals', body({ venture: ids.northVenture, agreement: ids.agreement }, true), tokens.north);
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().data.status).toBe('posted');
    const draft = await f.call('POST', '/api/journals', body({ venture: ids.northVenture, agreement: ids.agreement }), tokens.north);
    expect(draft.statusCode, draft.body).toBe(201);
    const refused = await f.call('POST', `/api/journals/${draft.json().data.id}/post`, undefined, tokens.south);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual({ 'lines.0.jointVentureId': 'Joint venture does not exist', 'lines.1.rentalAgreementId': 'Rental agreement does not exist' });
    // Of every region, the admin stamps any of them.
    expect((await f.call('POST', '/api/journals', body({ venture: ids.everywhereVenture, agreement: ids.agreement }, true))).statusCode).toBe(201);
  });
});
