import { addDays } from '@erp/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { type PurchasingFixtures, purchasingFixtures } from '../../test/purchasing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let f: PurchasingFixtures;
const G = '\u001d';
const first = `]d2010401234567890117261231` + `10ABC123${G}21SER42`;
const firstFields = { gtin: '04012345678901', expiry: '2026-12-31', lot: 'ABC123', serial: 'SER42' };
// GTIN-13s with their check digits: the reagent's each and case, and one no item has.
const reagentEach = '4012345678901';
const reagentCase = '14012345678908';
const unknownGtin = '5901234123457';

beforeAll(async () => {
  t = await createTestApp();
  f = await purchasingFixtures(t, 'Gso');
});
afterAll(async () => t?.close());

const parse = (scan: string, extra: object = {}, token?: string) => f.call('POST', '/api/gs1/parse', { scan, ...extra }, token);

describe('POST /api/gs1/parse: the vectors of issue 32, section 1', () => {
  it('reads every vector as the domain does', async () => {
    const data = async (scan: string, extra: object = {}) => {
      const response = await parse(scan, extra);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    expect(await data(first)).toMatchObject({ symbology: 'gs1DataMatrix', ...firstFields, bestBefore: null, productionDate: null, count: null });
    expect(await data(']d20104012345678901' + '17260600' + '10XYZ9')).toMatchObject({ expiry: '2026-06-30', lot: 'XYZ9' });
    expect(await data(first.slice(3))).toMatchObject({ symbology: null, ...firstFields });
    expect(await data('(01)04012345678901(17)261231(10)ABC123(21)SER42')).toMatchObject(firstFields);
    expect(await data(']C1' + '0104012345678901' + `10BATCH-7${G}` + '17270115')).toMatchObject({ symbology: 'gs1128', lot: 'BATCH-7', expiry: '2027-01-15' });
    expect(await data(first.replace(G, '+'), { separators: '+' })).toMatchObject({ lot: 'ABC123', serial: 'SER42' });
    expect(await data(first.replace(G, '+'))).toMatchObject({ lot: 'ABC123+21SER42', serial: null });
    expect(await data(']Q3' + '0104012345678901' + '10Q1')).toMatchObject({ symbology: 'gs1Qr', lot: 'Q1' });
  });

  it('refuses with the code and the message on the scan field', async () => {
    const refused = async (scan: string) => {
      const response = await parse(scan);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.errors).toEqual({ scan: body.message });
      return { code: body.code, message: body.message };
    };
    expect(await refused(']d2' + '0104012345678902' + '17261231' + '10ABC123')).toEqual({ code: 'checkDigit', message: 'GTIN 04012345678902 has a wrong check digit; scan again' });
    expect(await refused(']d2' + '0104012345678901' + '172612')).toEqual({ code: 'badElement', message: 'Expiry (17) must have 6 digits' });
    expect((await refused(']d1' + '0104012345678901')).code).toBe('notGs1');
    expect((await refused('  \r\n')).code).toBe('empty');
    // The body's own rules: 1 to 500 characters, separators no letter.
    expect((await parse('')).json().errors).toHaveProperty('scan');
    expect((await parse('x'.repeat(501))).json().errors).toHaveProperty('scan');
    expect((await parse(first, { separators: 'a' })).json().errors).toHaveProperty('separators');
  });

  it('is for every signed-in role, the auditor too; not for nobody', async () => {
    for (const role of ['auditor', 'serviceEngineer', 'salesExecutive'] as const) {
      const user = await t.userWithRole(role);
      expect((await parse(first, {}, user.token)).statusCode).toBe(200);
      expect((await f.call('GET', '/api/gs1/settings', undefined, user.token)).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/gs1/parse', payload: { scan: first } })).statusCode).toBe(401);
  });
});

describe('the separators setting', () => {
  it('is empty by default, taken by /api/settings, and read by a parse without its own', async () => {
    expect((await f.call('GET', '/api/gs1/settings')).json().data).toEqual({ separators: '' });
    expect((await f.call('GET', '/api/settings')).json().settings.gs1Separators).toBe('');
    for (const bad of ['1', 'a', '(', '+-*/~']) {
      const refused = await f.call('PUT', '/api/settings', { gs1Separators: bad });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().errors).toHaveProperty('gs1Separators');
    }
    expect((await f.call('PUT', '/api/settings', { gs1Separators: '+~' })).statusCode).toBe(200);
    expect((await f.call('GET', '/api/gs1/settings')).json().data).toEqual({ separators: '+~' });
    expect((await parse(first.replace(G, '~'))).json().data).toMatchObject({ lot: 'ABC123', serial: 'SER42' });
    expect((await parse(first.replace(G, '~'), { separators: '' })).json().data).toMatchObject({ lot: 'ABC123~21SER42', serial: null });
    expect((await f.call('PUT', '/api/settings', { gs1Separators: '' })).statusCode).toBe(200);
  });
});

describe('item GTINs (issue 32, section 2)', () => {
  let eachId = 0;
  it('stores a 13-digit GTIN as 14, refuses it on a second item (409) and a wrong check digit (400)', async () => {
    const created = await f.call('POST', '/api/item-gtins', { itemId: f.reagent, gtin: reagentEach });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ itemId: f.reagent, gtin: '04012345678901', packLevel: 'each', unitsPerPack: 1, active: true });
    eachId = created.json().data.id;
    const twice = await f.call('POST', '/api/item-gtins', { itemId: f.gloves, gtin: '04012345678901' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors.gtin).toBe('GTIN 04012345678901 already belongs to Gso CBC Reagent');
    const wrong = await f.call('POST', '/api/item-gtins', { itemId: f.gloves, gtin: '4012345678902' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.gtin).toBe('GTIN 04012345678902 has a wrong check digit; scan again');
    for (const gtin of ['40123456789', '40123456789x1', '']) expect((await f.call('POST', '/api/item-gtins', { itemId: f.gloves, gtin })).json().errors).toHaveProperty('gtin');
    expect((await f.call('POST', '/api/item-gtins', { itemId: f.gloves, gtin: unknownGtin, unitsPerPack: 0 })).json().errors).toHaveProperty('unitsPerPack');
    expect((await f.call('POST', '/api/item-gtins', { itemId: f.gloves, gtin: unknownGtin, packLevel: 'box' })).json().errors).toHaveProperty('packLevel');
    const moved = await f.call('PUT', `/api/item-gtins/${eachId}`, { gtin: reagentEach });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('is written by the roles holding item-gtins:write (the inventory supervisor without /items), read by /inventory roles', async () => {
    const supervisor = await t.userWithRole('inventorySupervisor');
    const cased = await f.call('POST', '/api/item-gtins', { itemId: f.reagent, gtin: reagentCase, packLevel: 'case', unitsPerPack: 10 }, supervisor.token);
    expect(cased.statusCode, cased.body).toBe(201);
    expect(cased.json().data.gtin).toBe(reagentCase);
    const sales = await t.userWithRole('salesExecutive');
    expect((await f.call('GET', `/api/item-gtins?itemId=${f.reagent}`, undefined, sales.token)).json().total).toBe(2);
    expect((await f.call('POST', '/api/item-gtins', { itemId: f.gloves, gtin: unknownGtin }, sales.token)).statusCode).toBe(403);
    const auditor = await t.userWithRole('auditor');
    expect((await f.call('GET', `/api/item-gtins?itemId=${f.reagent}`, undefined, auditor.token)).statusCode).toBe(200);
    expect((await f.call('POST', '/api/item-gtins', { itemId: f.gloves, gtin: unknownGtin }, auditor.token)).statusCode).toBe(403);
    const accountant = await t.userWithRole('accountant');
    expect((await f.call('POST', '/api/item-gtins', { itemId: f.gloves, gtin: unknownGtin }, accountant.token)).statusCode).toBe(403);
    const granted = await t.userWithRole('accountant', { scopes: ['item-gtins:write'] });
    expect((await f.call('POST', '/api/item-gtins', { itemId: f.gloves, gtin: '96385074', active: false }, granted.token)).statusCode).toBe(201);
  });

  it('gives items their active GTINs, on rows and options, and lists them by any of the four lengths', async () => {
    const reagent = (await f.call('GET', `/api/items/${f.reagent}`)).json().data;
    expect(reagent.gtins).toEqual([
      { gtin: '04012345678901', packLevel: 'each', unitsPerPack: 1 },
      { gtin: reagentCase, packLevel: 'case', unitsPerPack: 10 },
    ]);
    expect((await f.call('GET', `/api/items/${f.gloves}`)).json().data.gtins).toEqual([]);
    for (const gtin of [reagentEach, `0${reagentEach}`]) {
      const listed = await f.call('GET', `/api/items?gtin=${gtin}`);
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json().data.map((item: { id: number }) => item.id)).toEqual([f.reagent]);
    }
    // An inactive link is no longer the item's: neither listed nor found.
    expect((await f.call('GET', '/api/items?gtin=96385074')).json().total).toBe(0);
    expect((await f.call('GET', `/api/items?gtin=${unknownGtin}`)).json().total).toBe(0);
    expect((await f.call('GET', '/api/items?gtin=12345')).statusCode).toBe(400);
    const options = (await f.call('GET', `/api/items/options?ids=${f.reagent}&limit=0`)).json().options;
    expect(options.find((o: { id: number }) => o.id === f.reagent).gtins).toHaveLength(2);
  });

  it('goes with its item', async () => {
    const item = (await f.call('POST', '/api/items', { itemName: 'Gso temporary', articleNumber: 'GSO-TMP', categoryId: f.category, unit: 'kit', costPrice: '0.00', salePrice: '0.00', lotTracked: true, active: true })).json().data;
    expect((await f.call('POST', '/api/item-gtins', { itemId: item.id, gtin: '9501101530003' })).statusCode).toBe(201);
    const removed = await f.call('DELETE', `/api/items/${item.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await f.call('GET', '/api/items?gtin=9501101530003')).json().total).toBe(0);
  });
});

describe('POST /api/gs1/lookup', () => {
  const expiry = addDays(new Date().toISOString().slice(0, 10), 400);
  const yymmdd = expiry.slice(2, 4) + expiry.slice(5, 7) + expiry.slice(8, 10);
  beforeAll(async () => {
    const adjusted = await f.call('POST', '/api/stock-adjustments', {
      adjustmentDate: f.today,
      reason: 'openingStock',
      post: true,
      lines: [
        { itemId: f.reagent, regionId: f.north, lotNumber: 'GSO-L1', dateExpiry: expiry, quantity: 40, unitCost: '10.00' },
        { itemId: f.reagent, regionId: f.south, lotNumber: 'GSO-L2', dateExpiry: expiry, quantity: 7, unitCost: '10.00' },
      ],
    });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
  });
  const lookup = (scan: string, extra: object = {}, token?: string) => f.call('POST', '/api/gs1/lookup', { scan, ...extra }, token);

  it('answers the item, the pack quantity and the region’s warehouse lot', async () => {
    const found = await lookup(`]d2010${reagentEach}17${yymmdd}10GSO-L1`, { regionId: f.north });
    expect(found.statusCode, found.body).toBe(200);
    const data = found.json().data;
    expect(data.link).toEqual({ gtin: '04012345678901', packLevel: 'each', unitsPerPack: 1 });
    expect(data.item).toMatchObject({ id: f.reagent, itemName: 'Gso CBC Reagent', lotTracked: true });
    expect(data.quantity).toBe(1);
    expect(data.lot).toMatchObject({ lotNumber: 'GSO-L1', dateExpiry: expiry, quantity: 40, lotStatus: 'released', expiryMatches: true });
    expect(data.scan.lot).toBe('GSO-L1');
    // A case of 10 counted 3 times; an expiry other than the lot's.
    const cased = (await lookup(`]C101${reagentCase}3703${G}17${yymmdd.slice(0, 4)}01` + '10GSO-L1', { regionId: f.north })).json().data;
    expect(cased.quantity).toBe(30);
    expect(cased.lot.expiryMatches).toBe(expiry.endsWith('-01'));
    // The lot of another region is not this region's.
    expect((await lookup(`]d2010${reagentEach}10GSO-L2`, { regionId: f.north })).json().data.lot).toBeNull();
    expect((await lookup(`]d2010${reagentEach}10GSO-L2`, { regionId: f.south })).json().data.lot).toMatchObject({ quantity: 7 });
  });

  it('answers 200 with no item for an unknown GTIN, and 400 for a refused scan', async () => {
    const unknown = await lookup(`]d201${unknownGtin.padStart(14, '0')}10X`);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().data).toMatchObject({ link: null, item: null, lot: null, quantity: null });
    const refused = await lookup(']d2' + '0104012345678902');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'checkDigit', errors: { scan: 'GTIN 04012345678902 has a wrong check digit; scan again' } });
  });

  it('keeps a user to their regions, and is for the roles of /inventory', async () => {
    const kept = await t.userWithRole('inventorySupervisor');
    await t.database.db.update(users).set({ permissions: { regions: [f.south] } }).where(eq(users.id, kept.id));
    expect((await lookup(`]d2010${reagentEach}10GSO-L1`, { regionId: f.north }, kept.token)).json().data.lot).toBeNull();
    expect((await lookup(`]d2010${reagentEach}10GSO-L1`, {}, kept.token)).json().data.lot).toBeNull();
    expect((await lookup(`]d2010${reagentEach}10GSO-L2`, {}, kept.token)).json().data.lot).toMatchObject({ lotNumber: 'GSO-L2' });
    const auditor = await t.userWithRole('auditor');
    expect((await lookup(`]d2010${reagentEach}`, {}, auditor.token)).statusCode).toBe(200);
    const engineer = await t.userWithRole('serviceEngineer');
    expect((await lookup(`]d2010${reagentEach}`, {}, engineer.token)).statusCode).toBe(200);
    const accountant = await t.userWithRole('accountant');
    expect((await lookup(`]d2010${reagentEach}`, {}, accountant.token)).statusCode).toBe(200);
  });
});
