import { isOptionDisabled, type ItemOption } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const ids = { reagents: 0, consumables: 0, haematology: 0, chemistry: 0, sysmex: 0, roche: 0 };

beforeAll(async () => {
  t = await createTestApp();
  ids.reagents = (await post('/api/categories', { categoryName: 'Item reagents' })).json().data.id;
  ids.consumables = (await post('/api/categories', { categoryName: 'Item consumables' })).json().data.id;
  ids.haematology = (await post('/api/sub-categories', { subCategoryName: 'Haematology', categoryId: ids.reagents })).json().data.id;
  ids.chemistry = (await post('/api/sub-categories', { subCategoryName: 'Chemistry', categoryId: ids.consumables })).json().data.id;
  ids.sysmex = (await post('/api/vendors', { vendorName: 'Sysmex Items Test', paymentTermsDays: 30, active: true })).json().data.id;
  ids.roche = (await post('/api/vendors', { vendorName: 'Roche Items Test', paymentTermsDays: 30, active: true })).json().data.id;
});
afterAll(async () => t?.close());

function post(url: string, payload?: object, token = t.adminToken) {
  return t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers: bearer(token) });
}

function get(url: string, token = t.adminToken) {
  return t.app.inject({ method: 'GET', url, headers: bearer(token) });
}

const item = (overrides: Record<string, unknown> = {}) => ({
  itemName: 'CBC Reagent Pack',
  articleNumber: 'SYS-CBC-01',
  categoryId: ids.reagents,
  subCategoryId: ids.haematology,
  unit: 'kit',
  costPrice: '1250.50',
  salePrice: '1800.00',
  reorderLevel: 10,
  lotTracked: true,
  storageCondition: 'refrigerated',
  active: true,
  ...overrides,
});

describe('items', () => {
  it('creates an item with the API names of issue 6, unapproved, and finds it by search', async () => {
    const created = await post('/api/items', item({ vendorId: ids.sysmex }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      itemName: 'CBC Reagent Pack',
      articleNumber: 'SYS-CBC-01',
      vendorId: ids.sysmex,
      categoryId: ids.reagents,
      subCategoryId: ids.haematology,
      unit: 'kit',
      costPrice: '1250.50',
      salePrice: '1800.00',
      reorderLevel: 10,
      lotTracked: true,
      isApproved: false,
      plans: {},
      category: { id: ids.reagents, categoryName: 'Item reagents' },
    });
    const found = (await get('/api/items?search=cbc-01')).json();
    expect(found.total).toBe(1);
  });

  it('refuses isApproved on create, a duplicate article number of one vendor, a sub-category of another category, and negative prices', async () => {
    const approved = await post('/api/items', item({ articleNumber: 'X-1', isApproved: true }));
    expect(approved.statusCode).toBe(400);
    expect(approved.json().errors).toHaveProperty('isApproved');
    const duplicate = await post('/api/items', item({ vendorId: ids.sysmex }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors).toHaveProperty('articleNumber');
    // Another vendor's catalogue may use the same number; without a vendor it is unique among the vendorless.
    expect((await post('/api/items', item({ vendorId: ids.roche }))).statusCode).toBe(201);
    expect((await post('/api/items', item({ articleNumber: 'NOV-1' }))).statusCode).toBe(201);
    expect((await post('/api/items', item({ articleNumber: 'NOV-1' }))).statusCode).toBe(409);
    const mismatch = await post('/api/items', item({ articleNumber: 'MIS-1', subCategoryId: ids.chemistry }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toHaveProperty('subCategoryId');
    const negative = await post('/api/items', item({ articleNumber: 'NEG-1', costPrice: '-1.00', salePrice: '12345678901234567.00' }));
    expect(negative.statusCode).toBe(400);
    expect(Object.keys(negative.json().errors).sort()).toEqual(['costPrice', 'salePrice']);
  });

  it('approves with the scope items:approve once; twice is 409; without the scope or as auditor 403', async () => {
    const id = (await post('/api/items', item({ articleNumber: 'APP-1' }))).json().data.id;
    const accountant = await t.userWithRole('accountant');
    expect((await post(`/api/items/${id}/approve`, undefined, accountant.token)).statusCode).toBe(403);
    const auditor = await t.userWithRole('auditor');
    expect((await post(`/api/items/${id}/approve`, undefined, auditor.token)).statusCode).toBe(403);
    const manager = await t.userWithRole('operationManager');
    const approved = await post(`/api/items/${id}/approve`, undefined, manager.token);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 200, message: 'Item approved', data: { id, isApproved: true, approvedBy: manager.id } });
    const again = await post(`/api/items/${id}/approve`, undefined, t.adminToken);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This item is already approved');
    // A granted scope works for any role that may open /items.
    const other = (await post('/api/items', item({ articleNumber: 'APP-2' }))).json().data.id;
    const granted = await t.userWithRole('accountant', { scopes: ['items:approve'] });
    expect((await post(`/api/items/${other}/approve`, undefined, granted.token)).statusCode).toBe(200);
    expect((await post('/api/items/999999/approve')).statusCode).toBe(404);
    const [audit] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM audit_log WHERE resource = 'items' AND action = 'approve'`);
    expect(audit!.n).toBe(2);
  });

  it("answers options with the spec's keys; unapproved items are disabled by the picker rule", async () => {
    const response = await get('/api/items/options?search=CBC');
    expect(response.statusCode).toBe(200);
    const options = response.json().options as ItemOption[];
    expect(options.length).toBeGreaterThan(0);
    for (const option of options) {
      expect(Object.keys(option)).toEqual(expect.arrayContaining(['id', 'name', 'itemId', 'itemName', 'articleNumber', 'vendorId', 'plans', 'isApproved', 'costPrice']));
      expect(option.itemId).toBe(option.id);
      expect(isOptionDisabled(option)).toBe(!option.isApproved);
    }
    expect(options.some((o) => o.isApproved === false)).toBe(true);
  });

  it('finds options by article number as well as by name, and by nothing else', async () => {
    const id = (await post('/api/items', item({ articleNumber: 'ZQX-4417', itemName: 'Pipette tips' }))).json().data.id;
    const idsOf = async (search: string) => (await get(`/api/items/options?search=${encodeURIComponent(search)}`)).json().options.map((o: ItemOption) => o.id);
    expect(await idsOf('zqx-44')).toEqual([id]);
    expect(await idsOf('pipette')).toEqual([id]);
    // The vendor id or unit is not searched.
    expect(await idsOf('kit')).not.toContain(id);
  });

  it('narrows items by permissions.categories, on reads and on approval', async () => {
    const consumable = (await post('/api/items', item({ articleNumber: 'GLV-1', itemName: 'Gloves', categoryId: ids.consumables, subCategoryId: null, lotTracked: false }))).json().data.id;
    const user = await t.userWithRole('operationManager');
    await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ categories: [ids.consumables] })}::jsonb WHERE id = ${user.id}`);
    const list = (await get('/api/items?pageSize=200', user.token)).json();
    expect(list.data.map((r: { categoryId: number }) => r.categoryId)).toEqual(list.data.map(() => ids.consumables));
    expect(list.total).toBe(1);
    const reagent = (await post('/api/items', item({ articleNumber: 'SCOPE-1' }))).json().data.id;
    expect((await post(`/api/items/${reagent}/approve`, undefined, user.token)).statusCode).toBe(404);
    expect((await post(`/api/items/${consumable}/approve`, undefined, user.token)).statusCode).toBe(200);
    expect((await get(`/api/items/options`, user.token)).json().options.map((o: ItemOption) => o.id)).toEqual([consumable]);
  });

  it('lets roles without /items read item options for the screens that pick items', async () => {
    const supervisor = await t.userWithRole('inventorySupervisor');
    expect((await get('/api/items/options', supervisor.token)).statusCode).toBe(200);
    expect((await get('/api/items', supervisor.token)).statusCode).toBe(403);
  });

  it('refuses (409, not 500) deleting an item a draft stock adjustment names, the database restricting it', async () => {
    const created = (await post('/api/items', item({ articleNumber: 'DEL-RESTRICT-1' }))).json().data;
    const region = (await post('/api/regions', { regionName: 'Items restrict', regionCode: 'IRS' })).json().data.id;
    const draft = await post('/api/stock-adjustments', {
      adjustmentDate: '2026-03-01',
      reason: 'openingStock',
      narration: '',
      lines: [{ itemId: created.id, regionId: region, lotNumber: 'R1', dateExpiry: '2030-01-01', quantity: 1, unitCost: '1.00' }],
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/items/${created.id}`, headers: bearer(t.adminToken) });
    expect(refused.statusCode, refused.body).toBe(409);
  });
});

describe('items as clients create them (issue 17)', () => {
  it('default storage to ambient and active to true when left out; an update leaves them as they are', async () => {
    const { storageCondition: _s, active: _a, ...named } = item({ articleNumber: 'SYS-DEF-01', itemName: 'Defaulted Reagent', vendorId: ids.sysmex });
    const created = await post('/api/items', named);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ storageCondition: 'ambient', active: true });
    const id = created.json().data.id;
    const cold = await t.app.inject({ method: 'PUT', url: `/api/items/${id}`, payload: { storageCondition: 'frozen', active: false }, headers: bearer(t.adminToken) });
    expect(cold.json().data).toMatchObject({ storageCondition: 'frozen', active: false });
    const renamed = await t.app.inject({ method: 'PUT', url: `/api/items/${id}`, payload: { itemName: 'Defaulted Reagent 2' }, headers: bearer(t.adminToken) });
    expect(renamed.json().data).toMatchObject({ itemName: 'Defaulted Reagent 2', storageCondition: 'frozen', active: false });
  });

  it('take prices and whole numbers as JSON numbers or numeric strings', async () => {
    const created = await post('/api/items', item({ articleNumber: 'SYS-NUM-01', itemName: 'Numbered Reagent', vendorId: ids.sysmex, costPrice: 1250.5, salePrice: '1800', reorderLevel: '12' }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ costPrice: '1250.50', salePrice: '1800.00', reorderLevel: 12 });
    const bad = await post('/api/items', item({ articleNumber: 'SYS-NUM-02', costPrice: true, salePrice: 0.1 + 0.2 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ costPrice: 'Cost price must be a number or a numeric string', salePrice: expect.stringMatching(/at most 16 digits and 2 decimals/) });
  });
});
