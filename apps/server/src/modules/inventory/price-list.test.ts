import { priceFor, priceListMessages, type PriceRow } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const ids = { category: 0, otherCategory: 0, north: 0, south: 0, cbc: 0, glucose: 0, hidden: 0, customerA: 0, customerB: 0, customerC: 0 };

beforeAll(async () => {
  t = await createTestApp();
  ids.category = (await send('POST', '/api/categories', { categoryName: 'Price reagents' })).json().data.id;
  ids.otherCategory = (await send('POST', '/api/categories', { categoryName: 'Price hidden' })).json().data.id;
  ids.north = (await send('POST', '/api/regions', { regionName: 'Price North', regionCode: 'PN' })).json().data.id;
  ids.south = (await send('POST', '/api/regions', { regionName: 'Price South', regionCode: 'PS' })).json().data.id;
  const item = (itemName: string, articleNumber: string, categoryId = ids.category) =>
    send('POST', '/api/items', { itemName, articleNumber, categoryId, unit: 'kit', costPrice: '50.00', salePrice: '100.00', active: true, lotTracked: true, storageCondition: 'ambient' });
  ids.cbc = (await item('CBC Price Reagent', 'PL-CBC')).json().data.id;
  ids.glucose = (await item('Glucose Price Kit', 'PL-GLU')).json().data.id;
  ids.hidden = (await item('Hidden Price Kit', 'PL-HID', ids.otherCategory)).json().data.id;
  // Customers (issue 8) with their own prices; each in the North region.
  const customer = async (customerName: string) =>
    (await send('POST', '/api/customers', { customerName, customerType: 'hospital', regionId: ids.north, creditLimit: '0.00', paymentTermsDays: 30, active: true })).json().data.id as number;
  ids.customerA = await customer('Price Hospital A');
  ids.customerB = await customer('Price Hospital B');
  ids.customerC = await customer('Price Hospital C');
});
afterAll(async () => t?.close());

function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = t.adminToken) {
  return t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: bearer(token) });
}

async function created(payload: object, token = t.adminToken): Promise<number> {
  const response = await send('POST', '/api/price-list', payload, token);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

async function priceOf(query: string, token = t.adminToken) {
  const response = await send('GET', `/api/price-list/price?${query}`, undefined, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { price: string; source: string; rowId?: number; effectiveFrom?: string };
}

describe('price list resource', () => {
  it('creates, reads, finds by item name, updates, exports and deletes a row', async () => {
    const id = await created({ itemId: ids.glucose, price: '120.50', effectiveFrom: '2030-01-01', effectiveTo: '2030-06-30' });
    const read = await send('GET', `/api/price-list/${id}`);
    expect(read.json().data).toMatchObject({
      itemId: ids.glucose,
      item: { id: ids.glucose, itemName: 'Glucose Price Kit' },
      regionId: null,
      customerId: null,
      price: '120.50',
      effectiveFrom: '2030-01-01',
      effectiveTo: '2030-06-30',
    });
    const found = (await send('GET', '/api/price-list?search=glucose%20price')).json();
    expect(found.data.map((row: { id: number }) => row.id)).toEqual([id]);
    expect(found.total).toBe(1);
    // A page past the end still counts with the search on the item's name.
    expect((await send('GET', '/api/price-list?search=glucose&page=5')).json().total).toBe(1);
    expect((await send('GET', `/api/price-list?itemId=${ids.glucose}&sort=item&order=asc`)).json().total).toBe(1);
    const updated = await send('PUT', `/api/price-list/${id}`, { price: '125.00' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.price).toBe('125.00');
    const exported = await send('GET', `/api/price-list/export?itemId=${ids.glucose}`);
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('Glucose Price Kit');
    expect(exported.body).toContain('125.00');
    expect((await send('DELETE', `/api/price-list/${id}`)).statusCode).toBe(200);
    expect((await send('GET', `/api/price-list/${id}`)).statusCode).toBe(404);
  });

  it('refuses effectiveTo before effectiveFrom (400 naming the field), a negative price and unknown fields', async () => {
    const reversed = await send('POST', '/api/price-list', { itemId: ids.glucose, price: '1.00', effectiveFrom: '2031-02-01', effectiveTo: '2031-01-31' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors).toEqual({ effectiveTo: 'Effective to must be on or after effective from' });
    const id = await created({ itemId: ids.glucose, price: '1.00', effectiveFrom: '2031-02-01' });
    const reversedUpdate = await send('PUT', `/api/price-list/${id}`, { effectiveTo: '2031-01-01' });
    expect(reversedUpdate.statusCode).toBe(400);
    expect(reversedUpdate.json().errors).toHaveProperty('effectiveTo');
    const negative = await send('POST', '/api/price-list', { itemId: ids.glucose, price: '-1.00', effectiveFrom: '2032-01-01' });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors).toHaveProperty('price');
    const unknown = await send('POST', '/api/price-list', { itemId: 999_999, price: '1.00', effectiveFrom: '2032-01-01' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ itemId: 'Item does not exist' });
    expect((await send('DELETE', `/api/price-list/${id}`)).statusCode).toBe(200);
  });

  it('refuses a row overlapping another of the same scope, naming its dates, and allows other scopes and adjacent periods', async () => {
    const first = await created({ itemId: ids.glucose, price: '10.00', effectiveFrom: '2040-01-01', effectiveTo: '2040-12-31' });
    const overlap = await send('POST', '/api/price-list', { itemId: ids.glucose, price: '11.00', effectiveFrom: '2040-12-31' });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toBe('This price overlaps the price of the same item and scope effective from 2040-01-01 to 2040-12-31');
    expect(overlap.json().errors).toHaveProperty('effectiveFrom');
    const adjacent = await created({ itemId: ids.glucose, price: '11.00', effectiveFrom: '2041-01-01' });
    const openEnded = await send('POST', '/api/price-list', { itemId: ids.glucose, price: '12.00', effectiveFrom: '2045-01-01', effectiveTo: '2045-12-31' });
    expect(openEnded.statusCode).toBe(409);
    expect(openEnded.json().message).toBe('This price overlaps the price of the same item and scope effective from 2041-01-01 with no end date');
    // Another region, a customer, another item: other scopes.
    const regional = await created({ itemId: ids.glucose, regionId: ids.north, price: '9.00', effectiveFrom: '2040-06-01' });
    await created({ itemId: ids.glucose, regionId: ids.south, price: '9.50', effectiveFrom: '2040-06-01' });
    await created({ itemId: ids.glucose, customerId: ids.customerA, price: '8.00', effectiveFrom: '2040-06-01' });
    await created({ itemId: ids.glucose, customerId: ids.customerA, regionId: ids.north, price: '7.00', effectiveFrom: '2040-06-01' });
    const sameRegion = await send('POST', '/api/price-list', { itemId: ids.glucose, regionId: ids.north, price: '9.10', effectiveFrom: '2050-01-01' });
    expect(sameRegion.statusCode).toBe(409);
    // An update into another row's period is refused too; the row is unchanged.
    const moved = await send('PUT', `/api/price-list/${first}`, { effectiveTo: '2041-03-01' });
    expect(moved.statusCode).toBe(409);
    expect((await send('GET', `/api/price-list/${first}`)).json().data.effectiveTo).toBe('2040-12-31');
    // Closing the open row first makes room.
    expect((await send('PUT', `/api/price-list/${adjacent}`, { effectiveTo: '2041-12-31' })).statusCode).toBe(200);
    expect((await send('PUT', `/api/price-list/${regional}`, { effectiveTo: '2049-12-31' })).statusCode).toBe(200);
    await created({ itemId: ids.glucose, regionId: ids.north, price: '9.10', effectiveFrom: '2050-01-01' });
  });

  it("names a real customer: shows its name, refuses an unknown one, and keeps a customer with prices from being deleted", async () => {
    const id = await created({ itemId: ids.glucose, customerId: ids.customerB, price: '8.50', effectiveFrom: '2065-01-01' });
    expect((await send('GET', `/api/price-list/${id}`)).json().data).toMatchObject({ customerId: ids.customerB, customer: { id: ids.customerB, customerName: 'Price Hospital B' } });
    expect((await send('GET', `/api/price-list?customerId=${ids.customerB}`)).json().total).toBeGreaterThan(0);
    const unknown = await send('POST', '/api/price-list', { itemId: ids.glucose, customerId: 999_999, price: '1.00', effectiveFrom: '2066-01-01' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ customerId: 'Customer does not exist' });
    const kept = await send('DELETE', `/api/customers/${ids.customerB}`);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().message).toMatch(/Price List/);
    expect((await send('DELETE', `/api/price-list/${id}`)).statusCode).toBe(200);
  });

  it('lets only one of two overlapping rows written at once in', async () => {
    const row = (price: string) => ({ itemId: ids.glucose, customerId: ids.customerC, price, effectiveFrom: '2060-01-01' });
    const answers = await Promise.all([send('POST', '/api/price-list', row('1.00')), send('POST', '/api/price-list', row('2.00'))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('GET /api/price-list/price', () => {
  beforeAll(async () => {
    // CBC: defaults in 2024 and from 2025; North from mid-2024; customer A from 2025-03-01 through 2025.
    await created({ itemId: ids.cbc, price: '110.00', effectiveFrom: '2024-01-01', effectiveTo: '2024-12-31' });
    await created({ itemId: ids.cbc, price: '115.00', effectiveFrom: '2025-01-01' });
    await created({ itemId: ids.cbc, regionId: ids.north, price: '105.00', effectiveFrom: '2024-07-01' });
    await created({ itemId: ids.cbc, customerId: ids.customerA, price: '90.00', effectiveFrom: '2025-03-01', effectiveTo: '2025-12-31' });
  });

  it('answers the item sale price before any row starts', async () => {
    expect(await priceOf(`itemId=${ids.cbc}&date=2023-12-31`)).toMatchObject({ price: '100.00', source: 'item' });
    expect((await priceOf(`itemId=${ids.cbc}&date=2023-12-31`)).rowId).toBeUndefined();
  });

  it('answers the default row, the latest effectiveFrom in force', async () => {
    expect(await priceOf(`itemId=${ids.cbc}&date=2024-12-31`)).toMatchObject({ price: '110.00', source: 'default', effectiveFrom: '2024-01-01' });
    expect(await priceOf(`itemId=${ids.cbc}&date=2025-01-01`)).toMatchObject({ price: '115.00', source: 'default', effectiveFrom: '2025-01-01' });
  });

  it('prefers the region row in its region only, and the customer row over it', async () => {
    expect(await priceOf(`itemId=${ids.cbc}&regionId=${ids.north}&date=2024-06-30`)).toMatchObject({ price: '110.00', source: 'default' });
    expect(await priceOf(`itemId=${ids.cbc}&regionId=${ids.north}&date=2024-07-01`)).toMatchObject({ price: '105.00', source: 'region' });
    expect(await priceOf(`itemId=${ids.cbc}&regionId=${ids.south}&date=2025-06-01`)).toMatchObject({ price: '115.00', source: 'default' });
    expect(await priceOf(`itemId=${ids.cbc}&regionId=${ids.north}&customerId=${ids.customerA}&date=2025-06-01`)).toMatchObject({ price: '90.00', source: 'customer' });
    expect(await priceOf(`itemId=${ids.cbc}&regionId=${ids.north}&customerId=${ids.customerB}&date=2025-06-01`)).toMatchObject({ price: '105.00', source: 'region' });
    expect(await priceOf(`itemId=${ids.cbc}&customerId=${ids.customerA}&date=2026-01-01`)).toMatchObject({ price: '115.00', source: 'default' });
  });

  it('defaults the date to today', async () => {
    const answer = (await send('GET', `/api/price-list/price?itemId=${ids.cbc}`)).json().data;
    expect(answer.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(answer.source).not.toBe('item');
  });

  it('answers what priceFor answers over all the rows, for every scope and many dates', async () => {
    const list = (await send('GET', `/api/price-list?itemId=${ids.cbc}&pageSize=200`)).json().data as PriceRow[];
    const all = list.map(({ id, itemId, regionId, customerId, price, effectiveFrom, effectiveTo }) => ({ id, itemId, regionId, customerId, price, effectiveFrom, effectiveTo }));
    expect(all).toHaveLength(4);
    const dates = ['2023-12-31', '2024-01-01', '2024-06-30', '2024-07-01', '2024-12-31', '2025-01-01', '2025-02-28', '2025-03-01', '2025-12-31', '2026-01-01'];
    for (const date of dates) {
      for (const regionId of [undefined, ids.north, ids.south]) {
        for (const customerId of [undefined, ids.customerA, ids.customerB]) {
          const query = `itemId=${ids.cbc}&date=${date}${regionId ? `&regionId=${regionId}` : ''}${customerId ? `&customerId=${customerId}` : ''}`;
          const expected = priceFor(all, { itemId: ids.cbc, regionId: regionId ?? null, customerId: customerId ?? null, date }, '100.00');
          expect(await priceOf(query), query).toMatchObject(expected);
        }
      }
    }
  });

  it('refuses a missing or unknown item, an unknown region and a bad date', async () => {
    const missing = await send('GET', '/api/price-list/price');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('itemId');
    const unknown = await send('GET', '/api/price-list/price?itemId=999999&regionId=999999&customerId=999999');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ itemId: 'Item does not exist', regionId: 'Region does not exist', customerId: 'Customer does not exist' });
    const badDate = await send('GET', `/api/price-list/price?itemId=${ids.cbc}&date=2025-02-30`);
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().errors).toHaveProperty('date');
  });
});

describe('who may read and write the price list', () => {
  const row = (effectiveFrom: string) => ({ itemId: ids.cbc, regionId: ids.south, price: '99.00', effectiveFrom, effectiveTo: effectiveFrom });

  it('lets the auditor and the service engineer read but not write', async () => {
    const id = await created(row('2070-01-01'));
    for (const role of ['auditor', 'serviceEngineer', 'serviceManager', 'asm'] as const) {
      const { token } = await t.userWithRole(role);
      expect((await send('GET', '/api/price-list', undefined, token)).statusCode, role).toBe(200);
      expect((await send('GET', `/api/price-list/${id}`, undefined, token)).statusCode, role).toBe(200);
      expect((await send('GET', `/api/price-list/price?itemId=${ids.cbc}`, undefined, token)).statusCode, role).toBe(200);
      expect((await send('GET', '/api/price-list/export', undefined, token)).statusCode, role).toBe(200);
      expect((await send('POST', '/api/price-list', row('2070-02-01'), token)).statusCode, role).toBe(403);
      expect((await send('PUT', `/api/price-list/${id}`, { price: '1.00' }, token)).statusCode, role).toBe(403);
      expect((await send('DELETE', `/api/price-list/${id}`, undefined, token)).statusCode, role).toBe(403);
    }
  });

  it('refuses roles without /price-list, even to read; the price that applies is theirs when their sales forms prefill it', async () => {
    const { token } = await t.userWithRole('salesExecutive');
    expect((await send('GET', '/api/price-list', undefined, token)).statusCode).toBe(403);
    expect((await send('GET', `/api/price-list/price?itemId=${ids.cbc}`, undefined, token)).statusCode).toBe(200);
  });

  it('lets the accountant write and delete, the operation manager write but not delete, and a granted engineer write', async () => {
    const accountant = (await t.userWithRole('accountant')).token;
    const operations = (await t.userWithRole('operationManager')).token;
    const engineer = (await t.userWithRole('serviceEngineer', { scopes: ['price-list:write'] })).token;
    const byAccountant = await created(row('2071-01-01'), accountant);
    const byOperations = await created(row('2071-02-01'), operations);
    await created(row('2071-03-01'), engineer);
    expect((await send('PUT', `/api/price-list/${byAccountant}`, { price: '98.00' }, operations)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/price-list/${byOperations}`, undefined, operations)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/price-list/${byOperations}`, undefined, accountant)).statusCode).toBe(200);
  });

  it("keeps a user to their categories' items and their regions' rows", async () => {
    const hiddenRow = await created({ itemId: ids.hidden, price: '5.00', effectiveFrom: '2024-01-01' });
    const southRow = await created(row('2072-01-01'));
    const { id: userId, token } = await t.userWithRole('accountant');
    await t.database.db.execute(
      sql`UPDATE users SET permissions = ${JSON.stringify({ categories: [ids.category], regions: [ids.north] })}::jsonb WHERE id = ${userId}`,
    );
    expect((await send('GET', `/api/price-list/${hiddenRow}`, undefined, token)).statusCode).toBe(404);
    expect((await send('GET', `/api/price-list/${southRow}`, undefined, token)).statusCode).toBe(404);
    const listed = (await send('GET', '/api/price-list?pageSize=200', undefined, token)).json().data as { itemId: number; regionId: number | null }[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((r) => r.itemId !== ids.hidden && (r.regionId === null || r.regionId === ids.north))).toBe(true);
    const outside = await send('POST', '/api/price-list', { itemId: ids.hidden, price: '1.00', effectiveFrom: '2080-01-01' }, token);
    expect(outside.statusCode).toBe(400);
    expect((await send('GET', `/api/price-list/price?itemId=${ids.hidden}`, undefined, token)).statusCode).toBe(400);
    expect((await send('GET', `/api/price-list/price?itemId=${ids.cbc}&regionId=${ids.south}`, undefined, token)).statusCode).toBe(400);
  });

  it('lets a user limited to regions write only rows of their regions: company-wide rows are for users of every region', async () => {
    const item = (
      await send('POST', '/api/items', { itemName: 'Regional Price Kit', articleNumber: 'PL-REG', categoryId: ids.category, unit: 'kit', costPrice: '5.00', salePrice: '9.00', active: true, lotTracked: false, storageCondition: 'ambient' })
    ).json().data.id as number;
    const companyWide = await created({ itemId: item, price: '50.00', effectiveFrom: '2090-01-01', effectiveTo: '2090-12-31' });
    const { id: userId, token } = await t.userWithRole('accountant');
    await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions: [ids.north] })}::jsonb WHERE id = ${userId}`);
    const chooseRegion = { regionId: priceListMessages.chooseOwnRegion };
    for (const regionId of [undefined, null]) {
      const refused = await send('POST', '/api/price-list', { itemId: item, regionId, price: '1.00', effectiveFrom: '2091-01-01' }, token);
      expect(refused.statusCode, String(regionId)).toBe(400);
      expect(refused.json().errors).toEqual(chooseRegion);
    }
    const own = await created({ itemId: item, regionId: ids.north, price: '1.00', effectiveFrom: '2091-01-01', effectiveTo: '2091-12-31' }, token);
    const madeCompanyWide = await send('PUT', `/api/price-list/${own}`, { regionId: null }, token);
    expect(madeCompanyWide.statusCode).toBe(400);
    expect(madeCompanyWide.json().errors).toEqual(chooseRegion);
    expect((await send('PUT', `/api/price-list/${own}`, { regionId: ids.south }, token)).statusCode).toBe(400);
    expect((await send('GET', `/api/price-list/${own}`, undefined, token)).json().data.regionId).toBe(ids.north);
    expect((await send('PUT', `/api/price-list/${own}`, { price: '2.00' }, token)).statusCode).toBe(200);
    // The company-wide row: seen (it applies in their regions too) but neither changed nor deleted.
    expect((await send('GET', `/api/price-list/${companyWide}`, undefined, token)).statusCode).toBe(200);
    for (const change of [{ price: '1.00' }, { regionId: ids.north }]) {
      const refused = await send('PUT', `/api/price-list/${companyWide}`, change, token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(priceListMessages.companyWide);
    }
    expect((await send('DELETE', `/api/price-list/${companyWide}`, undefined, token)).statusCode).toBe(403);
    expect((await send('GET', `/api/price-list/${companyWide}`)).json().data).toMatchObject({ regionId: null, price: '50.00' });
    expect((await send('DELETE', `/api/price-list/${own}`, undefined, token)).statusCode).toBe(200);
    // A user of every region still writes company-wide rows.
    const accountant = (await t.userWithRole('accountant')).token;
    expect((await send('PUT', `/api/price-list/${companyWide}`, { price: '51.00' }, accountant)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/price-list/${companyWide}`, undefined, accountant)).statusCode).toBe(200);
  });
});
