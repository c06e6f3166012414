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

// A fixed as-of date: the numbers' year never depends on the clock (in the past: a run's as-of is not ahead of today).
const asOf = '2021-03-14';

beforeAll(async () => {
  t = await createTestApp();
  f = await purchasingFixtures(t, 'Ogs');
  const southUser = await t.userWithRole('accountant');
  await t.database.db.update(users).set({ permissions: { regions: [f.south] } }).where(eq(users.id, southUser.id));
  southToken = southUser.token;
});
afterAll(async () => t?.close());

interface Run {
  id: number;
  documentNumber: string;
  regionIds: number[];
}

const create = async (body: Record<string, unknown>, token = t.adminToken) => f.call('POST', '/api/order-generation-runs', { demandBasis: 'velocity', asOf, ...body }, token);
const run = async (body: Record<string, unknown>, token = t.adminToken): Promise<Run> => {
  const response = await create(body, token);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Run;
};

describe('Generate Order runs and permissions.regions (issue 27, section 2)', () => {
  it("a user kept to a region neither sees nor touches a run of another region or a pooled one: 404 on every route, absent from the list and search", async () => {
    const north = await run({ regionIds: [f.north] });
    const pooled = await run({});
    const south = await run({ regionIds: [f.south] });
    const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object) => f.call(method, url, body, southToken);

    for (const other of [north, pooled]) {
      const base = `/api/order-generation-runs/${other.id}`;
      expect((await as('GET', base)).statusCode).toBe(404);
      expect((await as('GET', `${base}/lines/export?format=csv`)).statusCode).toBe(404);
      expect((await as('PUT', base, { demandBasis: 'velocity', asOf, regionIds: [f.south] })).statusCode).toBe(404);
      expect((await as('PUT', `${base}/lines/${f.reagent}`, { finalQty: 5 })).statusCode).toBe(404);
      expect((await as('POST', `${base}/discard`)).statusCode).toBe(404);
      expect((await as('POST', `${base}/create-orders`, { regionId: f.south })).statusCode).toBe(404);
      const search = await as('GET', `/api/search?q=${encodeURIComponent(other.documentNumber)}`);
      expect(search.statusCode, search.body).toBe(200);
      expect(search.json<{ results: SearchResult[] }>().results).toEqual([]);
      // Untouched: still a draft with the line's suggestion.
      const admin = (await f.call('GET', base)).json().data;
      expect(admin.status).toBe('draft');
    }

    const list = await as('GET', '/api/order-generation-runs?pageSize=100');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((r: Run) => r.id)).toEqual([south.id]);
    expect(list.json().total).toBe(1);
    const everyone = (await f.call('GET', '/api/order-generation-runs?pageSize=100')).json().data.map((r: Run) => r.id);
    expect(everyone).toEqual(expect.arrayContaining([north.id, pooled.id, south.id]));

    // Their own run: read, export, searched, edited.
    expect((await as('GET', `/api/order-generation-runs/${south.id}`)).statusCode).toBe(200);
    expect((await as('GET', `/api/order-generation-runs/${south.id}/lines/export?format=csv`)).statusCode).toBe(200);
    const found = (await as('GET', `/api/search?q=${encodeURIComponent(south.documentNumber)}`)).json<{ results: SearchResult[] }>().results;
    expect(found.map((r) => r.id)).toEqual([south.id]);
    expect((await as('PUT', `/api/order-generation-runs/${south.id}/lines/${f.reagent}`, { finalQty: 5 })).statusCode).toBe(200);
  });

  it('creates runs of their regions only: another region is 400 regionIds, none named means theirs', async () => {
    for (const regionIds of [[f.north], [f.north, f.south]]) {
      const refused = await create({ regionIds }, southToken);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(Object.keys(refused.json().errors)).toEqual(['regionIds']);
    }
    const theirs = await run({}, southToken);
    expect(theirs.regionIds).toEqual([f.south]);
    expect((await f.call('GET', `/api/order-generation-runs/${theirs.id}`, undefined, southToken)).json().data.regionIds).toEqual([f.south]);
    const recomputed = await f.call('PUT', `/api/order-generation-runs/${theirs.id}`, { demandBasis: 'velocity', asOf, regionIds: [f.north] }, southToken);
    expect(recomputed.statusCode, recomputed.body).toBe(400);
    expect(Object.keys(recomputed.json().errors)).toEqual(['regionIds']);
    // A user of every region still pools every region when naming none.
    expect((await run({})).regionIds).toEqual([]);
  });
});

describe('Generate Order numbers stay gapless (issue 27, section 3)', () => {
  it('a draft is never deleted (409, discard keeps its number): every OG number of the year is taken, one after another', async () => {
    const first = await run({ regionIds: [f.south] });
    const deleted = await f.call('DELETE', `/api/order-generation-runs/${first.id}`);
    expect(deleted.statusCode, deleted.body).toBe(409);
    expect(deleted.json().message).toBe('A run keeps its number once computed: discard it instead');
    expect((await f.call('GET', `/api/order-generation-runs/${first.id}`)).json().data.documentNumber).toBe(first.documentNumber);
    // Out of scope reads as missing before the refusal.
    const north = await run({ regionIds: [f.north] });
    expect((await f.call('DELETE', `/api/order-generation-runs/${north.id}`, undefined, southToken)).statusCode).toBe(404);
    expect((await f.call('POST', `/api/order-generation-runs/${first.id}/discard`)).json().data).toMatchObject({ status: 'discarded', documentNumber: first.documentNumber });
    const next = await run({});
    const sequence = (number: string) => Number(number.slice(-6));
    expect(sequence(next.documentNumber)).toBe(sequence(north.documentNumber) + 1);
    // A refused create takes no number either.
    expect((await create({ regionIds: [f.north] }, southToken)).statusCode).toBe(400);
    expect(sequence((await run({})).documentNumber)).toBe(sequence(next.documentNumber) + 1);

    // The invariant: the year's numbers are 1..N, each once, N the sequence's last.
    const numbers = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT right(document_number, 6)::int AS n FROM order_generation_runs WHERE document_number LIKE 'OG-2021-%' ORDER BY 1`,
    );
    const [last] = await queryRows<{ lastNumber: number }>(t.database.db, sql`SELECT last_number AS "lastNumber" FROM document_sequences WHERE doc_type = 'OG' AND year = 2021`);
    expect(numbers.map((row) => row.n)).toEqual(Array.from({ length: last!.lastNumber }, (_, index) => index + 1));
  });
});
