import type { SearchResult } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { type PurchasingFixtures, purchasingFixtures } from '../../test/purchasing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let f: PurchasingFixtures;
/** An accountant kept to the south region. */
let southToken: string;

// Fixed dates: nothing here depends on the clock.
const start = '2030-01-01';
const period = 'from=2030-01-01&to=2030-01-31';

beforeAll(async () => {
  t = await createTestApp();
  f = await purchasingFixtures(t, 'Jvs');
  const southUser = await t.userWithRole('accountant');
  await t.database.db.update(users).set({ permissions: { regions: [f.south] } }).where(eq(users.id, southUser.id));
  southToken = southUser.token;
});
afterAll(async () => t?.close());

const ventureBody = (ventureName: string, scope: Record<string, unknown>) => ({
  ventureName,
  partnerType: 'vendor',
  partnerId: f.vendor.id,
  startDate: start,
  basis: 'revenue',
  lossRule: 'share',
  shares: [{ effectiveFrom: start, partnerPercent: '40' }],
  ...scope,
});

async function venture(name: string, scope: Record<string, unknown>, activate = true) {
  const created = await f.call('POST', '/api/joint-ventures', ventureBody(name, scope));
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  if (!activate) return { id, documentNumber: '' };
  const activated = await f.call('POST', `/api/joint-ventures/${id}/activate`);
  expect(activated.statusCode, activated.body).toBe(200);
  return activated.json().data as { id: number; documentNumber: string };
}

async function settlementOf(jointVentureId: number) {
  const created = await f.call('POST', '/api/jv-settlements', { jointVentureId, from: start, to: '2030-01-31' });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.id as number;
}

describe('joint ventures and permissions.regions (issue 27, section 2)', () => {
  it('a venture whose scope reaches beyond the user’s regions is 404 for them: list, statement, PDF, capital, settlements, search', async () => {
    const north = await venture('Jvs north venture', { regionIds: [f.north] });
    const south = await venture('Jvs south venture', { regionIds: [f.south] });
    // Scoped by item alone: every region's sales.
    const everywhere = await venture('Jvs reagent venture', { itemIds: [f.reagent] }, false);
    const northSettlement = await settlementOf(north.id);
    const southSettlement = await settlementOf(south.id);
    const [cash] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM accounts WHERE account_code = '1000'`);
    const as = (method: 'GET' | 'POST', url: string, body?: object) => f.call(method, url, body, southToken);

    const list = await as('GET', '/api/joint-ventures?pageSize=100');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((v: { id: number }) => v.id)).toEqual([south.id]);
    for (const other of [north.id, everywhere.id]) {
      expect((await as('GET', `/api/joint-ventures/${other}`)).statusCode).toBe(404);
      expect((await as('GET', `/api/joint-ventures/${other}/statement?${period}`)).statusCode).toBe(404);
      expect((await as('GET', `/api/joint-ventures/${other}/statement/pdf?${period}`)).statusCode).toBe(404);
      expect((await as('GET', `/api/joint-ventures/${other}/capital?${period}`)).statusCode).toBe(404);
      const contribution = await as('POST', `/api/joint-ventures/${other}/contributions`, { date: '2030-01-15', amount: '100.00', accountId: cash!.id });
      expect(contribution.statusCode, contribution.body).toBe(404);
    }
    expect((await as('GET', `/api/joint-ventures/${south.id}/statement?${period}`)).statusCode).toBe(200);
    expect((await as('GET', `/api/joint-ventures/${south.id}/statement/pdf?${period}`)).statusCode).toBe(200);
    expect((await as('GET', `/api/joint-ventures/${south.id}/capital?${period}`)).statusCode).toBe(200);
    // The admin still reads every one.
    expect((await f.call('GET', `/api/joint-ventures/${north.id}/statement?${period}`)).statusCode).toBe(200);

    const settlements = await as('GET', '/api/jv-settlements?pageSize=100');
    expect(settlements.json().data.map((s: { id: number }) => s.id)).toEqual([southSettlement]);
    expect((await as('GET', `/api/jv-settlements/${northSettlement}`)).statusCode).toBe(404);
    expect((await as('POST', `/api/jv-settlements/${northSettlement}/post`)).statusCode).toBe(404);
    const named = await as('POST', '/api/jv-settlements', { jointVentureId: north.id, from: start, to: '2030-01-31' });
    expect(named.statusCode, named.body).toBe(400);
    expect(named.json().errors).toEqual({ jointVentureId: 'The venture does not exist' });

    const search = await as('GET', `/api/search?q=${encodeURIComponent(north.documentNumber)}`);
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json<{ results: SearchResult[] }>().results).toEqual([]);
    const own = await as('GET', `/api/search?q=${encodeURIComponent(south.documentNumber)}`);
    expect(own.json<{ results: SearchResult[] }>().results.map((r) => r.id)).toEqual([south.id]);
  });

  it('the reconciliation is for users of every region (403 otherwise)', async () => {
    const refused = await f.call('GET', `/api/joint-ventures/reconciliation?${period}`, undefined, southToken);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toBe('The reconciliation is of the whole company: it is for users of every region');
    expect((await f.call('GET', `/api/joint-ventures/reconciliation?${period}`)).statusCode).toBe(200);
  });

  it('a user kept to regions saves ventures of their regions: another is 400 regionIds, none named means theirs', async () => {
    const refused = await f.call('POST', '/api/joint-ventures', ventureBody('Jvs reach', { regionIds: [f.north, f.south] }), southToken);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual(['regionIds']);
    const theirs = await f.call('POST', '/api/joint-ventures', ventureBody('Jvs own reagent', { itemIds: [f.gloves] }), southToken);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json().data.regionIds).toEqual([f.south]);
    expect((await f.call('GET', `/api/joint-ventures/${theirs.json().data.id}`, undefined, southToken)).statusCode).toBe(200);
  });
});
