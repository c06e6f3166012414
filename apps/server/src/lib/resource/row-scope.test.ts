import { accountMessages, cities as citiesDeclaration } from '@erp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { cities } from '../../db/schema/index.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { registerResource } from './register-resource.ts';

let t: TestApp;
let north: number;
let south: number;
let headId: number;
/** An admin narrowed to the south region (and one category): every write must keep to those rows. */
let narrowed: { id: number; token: string };
let ownCategory: number;
let otherCategory: number;

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = t.adminToken) =>
  t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: bearer(token) });

async function created(url: string, payload: Record<string, unknown>): Promise<number> {
  const response = await inject('POST', url, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

let codes = 0;
const account = (regionId: number | null, token = t.adminToken) =>
  inject('POST', '/api/accounts', { accountCode: `RS-${++codes}`, accountName: `Scoped ${codes}`, headId, regionId, kind: 'other', active: true }, token);

beforeAll(async () => {
  t = await createTestApp();
  north = await created('/api/regions', { regionName: 'North', regionCode: 'NTH' });
  south = await created('/api/regions', { regionName: 'South', regionCode: 'STH' });
  ownCategory = await created('/api/categories', { categoryName: 'Reagents' });
  otherCategory = await created('/api/categories', { categoryName: 'Analysers' });
  headId = (await inject('GET', '/api/account-heads?pageSize=1')).json().data[0].id;
  narrowed = await t.userWithRole('admin');
  const permissions = await inject('PUT', `/api/users/${narrowed.id}`, { permissions: { regions: [south], categories: [ownCategory] } });
  expect(permissions.statusCode, permissions.body).toBe(200);
});
afterAll(async () => t?.close());

describe('row scope on writes (issue 6)', () => {
  it('answers 404 to an update or delete of a row outside the scope, changing nothing', async () => {
    const northAccount = (await account(north)).json().data.id;
    expect((await inject('GET', `/api/accounts/${northAccount}`, undefined, narrowed.token)).statusCode).toBe(404);
    const update = await inject('PUT', `/api/accounts/${northAccount}`, { accountName: 'Taken over' }, narrowed.token);
    expect(update.statusCode).toBe(404);
    const remove = await inject('DELETE', `/api/accounts/${northAccount}`, undefined, narrowed.token);
    expect(remove.statusCode).toBe(404);
    const after = await inject('GET', `/api/accounts/${northAccount}`);
    expect(after.json().data.accountName).toBe(`Scoped ${codes}`);

    const northCity = await created('/api/cities', { cityName: 'Northtown', regionId: north });
    expect((await inject('PUT', `/api/cities/${northCity}`, { cityName: 'Mine now' }, narrowed.token)).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/cities/${northCity}`, undefined, narrowed.token)).statusCode).toBe(404);
    expect((await inject('PUT', `/api/regions/${north}`, { regionName: 'Renamed' }, narrowed.token)).statusCode).toBe(404);
    expect((await inject('GET', `/api/cities/${northCity}`)).json().data.cityName).toBe('Northtown');
  });

  it('lets the same user change and delete rows inside the scope, but not company-wide accounts (issue 17: those are for users of every region)', async () => {
    const southAccount = (await account(south)).json().data.id;
    const update = await inject('PUT', `/api/accounts/${southAccount}`, { accountName: 'South cash' }, narrowed.token);
    expect(update.statusCode, update.body).toBe(200);
    expect((await inject('DELETE', `/api/accounts/${southAccount}`, undefined, narrowed.token)).statusCode).toBe(200);
    const companyWide = (await account(null)).json().data.id;
    const refused = await inject('PUT', `/api/accounts/${companyWide}`, { accountName: 'Everyone' }, narrowed.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(accountMessages.companyWide);
    expect((await inject('PUT', `/api/accounts/${companyWide}`, { accountName: 'Everyone' })).statusCode).toBe(200);
  });

  it('refuses a create or update whose reference points outside the scope, naming the field', async () => {
    const outside = await account(north, narrowed.token);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors).toEqual({ regionId: 'Region does not exist' });
    const inside = await account(south, narrowed.token);
    expect(inside.statusCode, inside.body).toBe(201);
    const moved = await inject('PUT', `/api/accounts/${inside.json().data.id}`, { regionId: north }, narrowed.token);
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual({ regionId: 'Region does not exist' });
    expect((await inject('GET', `/api/accounts/${inside.json().data.id}`)).json().data.regionId).toBe(south);

    const city = await inject('POST', '/api/cities', { cityName: 'Elsewhere', regionId: north }, narrowed.token);
    expect(city.statusCode).toBe(400);
    expect(city.json().errors).toEqual({ regionId: 'Region does not exist' });
    expect((await inject('POST', '/api/cities', { cityName: 'Southtown', regionId: south }, narrowed.token)).statusCode).toBe(201);

    const subCategory = await inject('POST', '/api/sub-categories', { subCategoryName: 'Monitors', categoryId: otherCategory }, narrowed.token);
    expect(subCategory.statusCode).toBe(400);
    expect(subCategory.json().errors).toEqual({ categoryId: 'Category does not exist' });
    expect((await inject('POST', '/api/sub-categories', { subCategoryName: 'Kits', categoryId: ownCategory }, narrowed.token)).statusCode).toBe(201);
  });

  it('keeps actions and write hooks of a resource to the rows of the scope', async () => {
    const app = await buildApp({ db: t.database });
    const calls: string[] = [];
    // Resources serve paths relative to their area's /api prefix.
    await app.register(
      async (api) =>
        registerResource(api, {
          declaration: { ...citiesDeclaration, name: 'scoped-cities-test' },
          table: cities,
          hooks: {
            update: async (_request, id) => (calls.push(`update ${id}`), { id }),
            remove: async (_request, id) => void calls.push(`remove ${id}`),
            actions: { touch: async (_request, id) => (calls.push(`touch ${id}`), { message: 'Touched' }) },
          },
        }),
      { prefix: '/api' },
    );
    await app.ready();
    try {
      const northCity = await created('/api/cities', { cityName: 'North Hook', regionId: north });
      const southCity = await created('/api/cities', { cityName: 'South Hook', regionId: south });
      const call = (method: 'POST' | 'PUT' | 'DELETE', url: string) =>
        app.inject({ method, url, payload: {}, headers: bearer(narrowed.token) });
      expect((await call('POST', `/api/scoped-cities-test/${northCity}/touch`)).statusCode).toBe(404);
      expect((await call('PUT', `/api/scoped-cities-test/${northCity}`)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/scoped-cities-test/${northCity}`)).statusCode).toBe(404);
      expect(calls).toEqual([]);
      expect((await call('POST', `/api/scoped-cities-test/${southCity}/touch`)).statusCode).toBe(200);
      expect((await call('PUT', `/api/scoped-cities-test/${southCity}`)).statusCode).toBe(200);
      expect((await call('DELETE', `/api/scoped-cities-test/${southCity}`)).statusCode).toBe(200);
      expect(calls).toEqual([`touch ${southCity}`, `update ${southCity}`, `remove ${southCity}`]);
    } finally {
      await app.close();
    }
  });
});
