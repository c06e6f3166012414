import { fbrReferenceDate, fbrReferenceKinds } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type FakeFbr, startFakeFbr } from './fake-fbr/fake-fbr-server.ts';
import { useTestSecretsKey } from './fbr-test-key.ts';
import { referenceRefreshJob, referenceRefreshKind, referenceRefreshSchedule } from './fbr-reference-job.ts';
import { allowedUnits, referenceWords } from './fbr-reference.ts';

/** Issue 30, section 2: FBR's reference data, refreshed from the fake FBR, read back, and used by the outbox. */
let t: TestApp;
let f: SalesFixtures;
let fake: FakeFbr;
const token = 'sandbox-token-reference-4b1d-never-shown';
const items = { standard: 0, wrongUnit: 0, kilos: 0 };
let buyer = 0;
// FBR's own spelling of Punjab, unlike the built-in PUNJAB: seen in a payload only if it came from the cache.
const provinces = [
  { stateProvinceCode: 2, stateProvinceDesc: 'BALOCHISTAN' },
  { stateProvinceCode: 5, stateProvinceDesc: 'CAPITAL TERRITORY' },
  { stateProvinceCode: 6, stateProvinceDesc: 'KHYBER PAKHTUNKHWA' },
  { stateProvinceCode: 7, stateProvinceDesc: 'PUNJAB PROVINCE' },
  { stateProvinceCode: 8, stateProvinceDesc: 'SINDH' },
];

const count = async (table: 'fbr_submissions' | 'invoices') => Number((await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]!.n);
const hsCodesInUse = async () => (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(DISTINCT hs_code)::int AS n FROM item_tax_facts`))[0]!.n;
const settings = (body: Record<string, unknown>) => f.call('PUT', '/api/fbr/settings', body);
const sale = (itemId: number) => ({ customerId: buyer, regionId: f.north, invoiceDate: f.today, post: true, lines: [{ itemId, quantity: 1, price: '100.00' }] });

useTestSecretsKey();
beforeAll(async () => {
  fake = await startFakeFbr({ tokens: [token], provinces, hsUom: { '3002.1200': ['KG'] } });
  t = await createTestApp({ startJobs: false });
  f = await salesFixtures(t, 'Ref');
  items.standard = await f.newTaxedItem('Reagent', { saleType: 'standardRate', rate: '18.00', hsCode: '38221900', fbrUom: 'Numbers, pieces, units' });
  items.wrongUnit = await f.newTaxedItem('Serum', { saleType: 'standardRate', rate: '18.00', hsCode: '30021200', fbrUom: 'Numbers, pieces, units' });
  items.kilos = await f.newTaxedItem('Serum by weight', { saleType: 'standardRate', rate: '18.00', hsCode: '30021200', fbrUom: 'KG' });
  await f.receive(Object.values(items).map((itemId) => ({ itemId, quantity: 100, unitCost: '10.00' })));
  buyer = (await f.newCustomer('Punjab Lab', { registrationType: 'registered', ntn: '0711234-5', province: 'punjab', address: '5 Mall Road, Lahore' })).id;
  const company = await f.call('PUT', '/api/settings', { companyName: 'Ref Supplies', address: '1 Ref Street, Lahore', ntn: '7000007', province: 'punjab', businessActivity: 'distributor' });
  expect(company.statusCode, company.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

describe('before any refresh', () => {
  it('every kind answers no rows and no date; the payload keeps its built-in words and no unit is checked', async () => {
    for (const kind of fbrReferenceKinds) {
      const read = await f.call('GET', `/api/fbr/reference/${kind}`);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toMatchObject({ kind, fetchedAt: null, rows: [] });
    }
    expect(await referenceWords(t.database.db)).toEqual({ provinces: {}, saleTypes: {}, rates: {} });
    expect(await allowedUnits(t.database.db, ['3002.1200'])).toEqual(new Map());
  });

  it('refresh without a token is 409 and asks FBR nothing; the weekly tick enqueues nothing while reporting is off', async () => {
    const refused = await f.call('POST', '/api/fbr/reference/refresh');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/the sandbox token is not set/);
    expect(refused.json().errors).toEqual({ sandboxToken: 'The sandbox token' });
    expect(fake.requests).toEqual([]);
    await t.database.db.transaction((tx) => referenceRefreshSchedule.enqueue(tx, 1));
    expect(await queryRows(t.database.db, sql`SELECT id FROM jobs WHERE kind = ${referenceRefreshKind}`)).toEqual([]);
  });
});

describe('refresh', () => {
  it("fetches every list, the HS codes' units and the sale types' rates, and answers the counts", async () => {
    const saved = await settings({ sandboxToken: token, baseUrl: fake.url, enabled: true });
    expect(saved.statusCode, saved.body).toBe(200);
    const refreshed = await f.call('POST', '/api/fbr/reference/refresh');
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const hsCodes = await hsCodesInUse();
    expect(refreshed.json().data).toEqual({ provinces: 5, documentTypes: 2, transactionTypes: 6, uom: 3, hsUom: hsCodes, rates: 6, fetchedAt: expect.any(String) });
    expect(fake.requests.filter((r) => r.endpoint === 'HS_UOM').map((r) => r.query)).toContain('hs_code=3002.1200&annexure_id=3');
    // The rates of today, for the company's province by FBR's code for it (7: "PUNJAB PROVINCE").
    expect(fake.requests.filter((r) => r.endpoint === 'SaleTypeToRate').map((r) => r.query)).toEqual(
      expect.arrayContaining([75, 24, 80, 81, 23, 138].map((id) => `date=${fbrReferenceDate(todayIso())}&transTypeId=${id}&originationSupplier=7`)),
    );
    expect(fake.requests.every((r) => r.authorization === `Bearer ${token}`)).toBe(true);
    expect(refreshed.body).not.toContain(token);
    const audits = await queryRows<{ after: unknown }>(t.database.db, sql`SELECT after FROM audit_log WHERE resource = 'fbr-reference' ORDER BY id`);
    expect(audits.at(-1)!.after).toMatchObject({ provinces: 5, rates: 6 });
  });

  it('GET answers each kind as stored; an unknown kind is 400', async () => {
    const read = async (kind: string) => (await f.call('GET', `/api/fbr/reference/${kind}`)).json();
    const provincesRead = await read('provinces');
    expect(provincesRead).toMatchObject({ status: 200, kind: 'provinces', fetchedAt: expect.any(String) });
    expect(provincesRead.rows).toEqual(provinces);
    expect((await read('documentTypes')).rows).toContainEqual({ docTypeId: 4, docDescription: 'Sale Invoice' });
    expect((await read('transactionTypes')).rows).toContainEqual({ transactioN_TYPE_ID: 75, transactioN_DESC: 'Goods at standard rate (default)' });
    expect((await read('uom')).rows).toContainEqual({ uoM_ID: 13, description: 'KG' });
    expect((await read('hsUom')).rows).toContainEqual({ hsCode: '3002.1200', units: [{ uoM_ID: 13, description: 'KG' }] });
    expect((await read('rates')).rows).toContainEqual({ saleType: 'standardRate', transactionTypeId: 75, rates: [{ ratE_ID: 734, ratE_DESC: '18%', ratE_VALUE: 18 }] });
    const unknown = await f.call('GET', '/api/fbr/reference/currencies');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty('kind');
  });

  it('a second refresh replaces the copy: a new HS code is added, nothing is doubled', async () => {
    const before = (await f.call('GET', '/api/fbr/reference/hsUom')).json();
    await f.newTaxedItem('Swab', { saleType: 'standardRate', rate: '18.00', hsCode: '30059000', fbrUom: 'Numbers, pieces, units' });
    const again = await f.call('POST', '/api/fbr/reference/refresh');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ provinces: 5, hsUom: before.rows.length + 1, rates: 6 });
    const after = (await f.call('GET', '/api/fbr/reference/hsUom')).json();
    expect(after.rows.map((row: { hsCode: string }) => row.hsCode)).toEqual([...before.rows.map((row: { hsCode: string }) => row.hsCode), '3005.9000'].sort());
    expect(Date.parse(after.fetchedAt)).toBeGreaterThanOrEqual(Date.parse(before.fetchedAt));
    expect((await f.call('GET', '/api/fbr/reference/provinces')).json().rows).toHaveLength(5);
  });

  it('a call FBR refuses refuses the refresh (409, FBR’s status in words) and keeps the copy as it was', async () => {
    const before = (await f.call('GET', '/api/fbr/reference/provinces')).json();
    expect((await settings({ sandboxToken: 'a-token-the-fake-does-not-know' })).statusCode).toBe(200);
    const refused = await f.call('POST', '/api/fbr/reference/refresh');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/nothing changed: \/pdi\/v1\/\w+: FBR refused the token \(401 Unauthorized\)$/);
    expect((await f.call('GET', '/api/fbr/reference/provinces')).json()).toEqual(before);
    expect((await settings({ sandboxToken: token })).statusCode).toBe(200);
  });

  it('is the admin’s; the roles of /items or /settings read (an operation manager), a sales executive does not', async () => {
    const salesExecutive = await t.userWithRole('salesExecutive');
    expect((await f.call('POST', '/api/fbr/reference/refresh', undefined, salesExecutive.token)).statusCode).toBe(403);
    expect((await f.call('GET', '/api/fbr/reference/uom', undefined, salesExecutive.token)).statusCode).toBe(403);
    const operationManager = await t.userWithRole('operationManager');
    expect((await f.call('POST', '/api/fbr/reference/refresh', undefined, operationManager.token)).statusCode).toBe(403);
    const read = await f.call('GET', '/api/fbr/reference/uom', undefined, operationManager.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().rows).toHaveLength(3);
  });
});

describe('posting with the cache', () => {
  it("the payload takes the cache's words: the province as FBR spells it, the sale type and the rate", async () => {
    const words = await referenceWords(t.database.db);
    expect(words.provinces).toMatchObject({ punjab: 'PUNJAB PROVINCE', sindh: 'SINDH' });
    expect(words.provinces).not.toHaveProperty('gilgitBaltistan');
    expect(words.saleTypes).toMatchObject({ standardRate: 'Goods at standard rate (default)', nonAdjustable: 'Non-Adjustable Supplies' });
    expect(words.rates?.standardRate).toEqual([{ value: 18, description: '18%' }]);
    const posted = await f.call('POST', '/api/invoices', sale(items.standard));
    expect(posted.statusCode, posted.body).toBe(201);
    const [row] = await queryRows<{ payload: { sellerProvince: string; buyerProvince: string; items: Array<{ rate: string; saleType: string }> } }>(
      t.database.db,
      sql`SELECT payload FROM fbr_submissions WHERE document_type = 'invoice' AND document_id = ${posted.json().data.id as number}`,
    );
    expect(row!.payload).toMatchObject({ sellerProvince: 'PUNJAB PROVINCE', buyerProvince: 'PUNJAB PROVINCE', items: [{ rate: '18%', saleType: 'Goods at standard rate (default)' }] });
  });

  it('a unit the cache does not allow for the HS code is refused (409 lines.0.itemId), nothing stored; an allowed one posts', async () => {
    expect(await allowedUnits(t.database.db, ['3002.1200', '9999.9999'])).toEqual(new Map([['3002.1200', ['KG']]]));
    const [invoices, submissions] = [await count('invoices'), await count('fbr_submissions')];
    const refused = await f.call('POST', '/api/invoices', sale(items.wrongUnit));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual({ 'lines.0.itemId': "FBR does not allow the unit Numbers, pieces, units for Ref Serum's HS code 3002.1200" });
    expect([await count('invoices'), await count('fbr_submissions')]).toEqual([invoices, submissions]);
    const allowed = await f.call('POST', '/api/invoices', sale(items.kilos));
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect(await count('fbr_submissions')).toBe(submissions + 1);
  });
});

describe("an item's FBR unit", () => {
  it("is one of FBR's units once the list is loaded: 400 fbrUom otherwise, on a new item's first facts and on a dated row alike; nothing stored", async () => {
    const itemBody = (name: string, fbrUom: string) => ({
      itemName: name, articleNumber: name.toUpperCase().replace(/\W/g, '-'), categoryId: f.category, unit: 'kit', costPrice: '1.00', salePrice: '2.00', active: true,
      taxFacts: { saleType: 'standardRate', rate: '18.00', hsCode: '3822.1900', fbrUom },
    });
    const refused = await f.call('POST', '/api/items', itemBody('Unit Check Bad', 'Boxes of ten'));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual({ 'taxFacts.fbrUom': `FBR's list of units has no "Boxes of ten": pick one of FBR's units (Settings, FBR reference data)` });
    expect((await f.call('GET', '/api/items?search=Unit Check Bad')).json().total).toBe(0);
    const created = await f.call('POST', '/api/items', itemBody('Unit Check Good', 'KG'));
    expect(created.statusCode, created.body).toBe(201);
    const itemId = created.json().data.id as number;
    const dated = await f.call('POST', '/api/item-tax-facts', { itemId, effectiveFrom: '2027-07-01', saleType: 'standardRate', rate: '18.00', hsCode: '3822.1900', fbrUom: 'Cartons' });
    expect(dated.statusCode, dated.body).toBe(400);
    expect(dated.json().errors).toEqual({ fbrUom: `FBR's list of units has no "Cartons": pick one of FBR's units (Settings, FBR reference data)` });
    const litre = await f.call('POST', '/api/item-tax-facts', { itemId, effectiveFrom: '2027-07-01', saleType: 'standardRate', rate: '18.00', hsCode: '3822.1900', fbrUom: 'Litre' });
    expect(litre.statusCode, litre.body).toBe(201);
    // A unit stored before FBR's list was loaded: an edit of the row's other facts is not refused for it; a change of the unit is checked.
    await t.database.db.execute(sql`UPDATE item_tax_facts SET fbr_uom = 'Dozens' WHERE id = ${litre.json().data.id}::int`);
    expect((await f.call('PUT', `/api/item-tax-facts/${litre.json().data.id}`, { rate: '17.00' })).statusCode).toBe(200);
    expect((await f.call('PUT', `/api/item-tax-facts/${litre.json().data.id}`, { fbrUom: 'Pairs' })).json().errors).toEqual({ fbrUom: `FBR's list of units has no "Pairs": pick one of FBR's units (Settings, FBR reference data)` });
  });
});

describe('the weekly job', () => {
  it('is scheduled: the tick enqueues one refresh, which the runner runs, replacing the copy', async () => {
    const before = (await f.call('GET', '/api/fbr/reference/rates')).json().fetchedAt as string;
    await t.app.ctx.jobs.fireSchedules();
    await t.app.ctx.jobs.fireSchedules();
    const queued = await queryRows<{ status: string }>(t.database.db, sql`SELECT status FROM jobs WHERE kind = ${referenceRefreshKind}`);
    expect(queued).toEqual([{ status: 'queued' }]);
    await t.app.ctx.jobs.runUntilIdle();
    const done = await queryRows<{ status: string; error: string | null }>(t.database.db, sql`SELECT status, error FROM jobs WHERE kind = ${referenceRefreshKind}`);
    expect(done).toEqual([{ status: 'done', error: null }]);
    // PGlite: the step asked the FBR worker, whose next pass calls FBR outside the job's transaction (PostgreSQL: done in the step).
    expect(fake.requests.filter((r) => r.endpoint === 'SaleTypeToRate')).toHaveLength(t.database.kind === 'pglite' ? 0 : 6);
    await t.app.ctx.workers.get('fbr-sender')!.runOnce();
    expect(fake.requests.filter((r) => r.endpoint === 'SaleTypeToRate')).toHaveLength(6);
    const after = (await f.call('GET', '/api/fbr/reference/rates')).json().fetchedAt as string;
    expect(Date.parse(after)).toBeGreaterThanOrEqual(Date.parse(before));
  });

  it('its step does nothing while reporting is off', async () => {
    expect((await settings({ enabled: false })).statusCode).toBe(200);
    await t.database.db.transaction((tx) => referenceRefreshJob.step(tx, { id: 0, kind: referenceRefreshKind, subjectId: null, payload: {}, cursor: {}, attempts: 1, createdBy: null }));
    expect(fake.requests).toEqual([]);
    expect((await settings({ enabled: true })).statusCode).toBe(200);
  });
});
