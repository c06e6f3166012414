import { canAccessRoute, messages, roles } from '@erp/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cities, regions } from '../../db/schema/index.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const as = (token: string) => ({ headers: bearer(token) });
const post = (url: string, payload: unknown, token = t.adminToken) => t.app.inject({ method: 'POST', url, payload: payload as object, ...as(token) });

describe('access per role', () => {
  it.each(roles)('%s gets /api/regions exactly as the route table says', async (role) => {
    const user = await t.userWithRole(role);
    const response = await t.app.inject({ method: 'GET', url: '/api/regions', ...as(user.token) });
    const allowed = canAccessRoute(role, '/regions');
    expect(response.statusCode).toBe(allowed ? 200 : 403);
    if (!allowed) expect(response.json()).toEqual({ status: 403, message: messages.routeRestricted });
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/regions' })).statusCode).toBe(401);
  });

  it('refuses every write of the read-only auditor', async () => {
    const auditor = await t.userWithRole('auditor');
    expect((await t.app.inject({ method: 'GET', url: '/api/categories', ...as(auditor.token) })).statusCode).toBe(200);
    const response = await post('/api/categories', { categoryName: 'Auditor Category' }, auditor.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: 403, message: messages.readOnly });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/categories/1', ...as(auditor.token) })).statusCode).toBe(403);
  });
});

describe('regions and cities', () => {
  let lahoreId: number;

  it('creates, reads, updates and lists', async () => {
    const created = await post('/api/regions', { regionName: 'Lahore', regionCode: 'lhr' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ status: 201, message: messages.saved, data: { regionName: 'Lahore', regionCode: 'LHR' } });
    lahoreId = created.json().data.id;
    const got = await t.app.inject({ method: 'GET', url: `/api/regions/${lahoreId}`, ...as(t.adminToken) });
    expect(got.json().data).toMatchObject({ id: lahoreId, regionName: 'Lahore' });
    const updated = await t.app.inject({ method: 'PUT', url: `/api/regions/${lahoreId}`, payload: { regionName: 'Lahore Region' }, ...as(t.adminToken) });
    expect(updated.json().data).toMatchObject({ regionName: 'Lahore Region', regionCode: 'LHR' });
  });

  it('answers 400 naming each bad field, and stores nothing', async () => {
    const before = await t.database.db.$count(auditLog);
    const response = await post('/api/regions', { regionName: '', regionCode: 'bad code!', extra: 1 });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe(messages.validationFailed);
    expect(Object.keys(body.errors).sort()).toEqual(['extra', 'regionCode', 'regionName']);
    expect(body.errors.regionName).toBe('Region is required');
    expect(await t.database.db.$count(auditLog)).toBe(before);
  });

  it('answers 409 naming the duplicate field, and stores no row and no audit row', async () => {
    const rowsBefore = await t.database.db.$count(regions);
    const auditBefore = await t.database.db.$count(auditLog);
    const response = await post('/api/regions', { regionName: 'Lahore Region', regionCode: 'NEW' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ status: 409, message: 'Region already exists', errors: { regionName: 'Region already exists' } });
    expect(await t.database.db.$count(regions)).toBe(rowsBefore);
    expect(await t.database.db.$count(auditLog)).toBe(auditBefore);
  });

  it('joins the referenced region into city rows and refuses unknown references', async () => {
    const city = await post('/api/cities', { cityName: 'Gujranwala', regionId: lahoreId });
    expect(city.statusCode).toBe(201);
    expect(city.json().data).toMatchObject({ cityName: 'Gujranwala', regionId: lahoreId, region: { id: lahoreId, regionName: 'Lahore Region' } });
    const missing = await post('/api/cities', { cityName: 'Nowhere', regionId: 99999 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ regionId: 'Region does not exist' });
    const duplicate = await post('/api/cities', { cityName: 'Gujranwala', regionId: lahoreId });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors).toEqual({ cityName: 'City already exists' });
  });

  it('refuses to delete a region used by a city, deleting nothing', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: `/api/regions/${lahoreId}`, ...as(t.adminToken) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ status: 409, message: messages.inUse('region', 'Cities') });
    expect(await t.database.db.$count(regions)).toBeGreaterThan(0);
    expect(await t.database.db.$count(cities)).toBe(1);
  });

  it('needs the delete scope', async () => {
    const created = await post('/api/couriers', { courierName: 'Scope Courier' });
    const id = created.json().data.id;
    const operationManager = await t.userWithRole('operationManager');
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/couriers/${id}`, ...as(operationManager.token) });
    expect(refused.statusCode).toBe(403);
    const granted = await t.userWithRole('operationManager', { scopes: ['couriers:delete'] });
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/couriers/${id}`, ...as(granted.token) });
    expect(deleted.json()).toEqual({ status: 200, message: messages.deleted });
    expect((await t.app.inject({ method: 'GET', url: `/api/couriers/${id}`, ...as(t.adminToken) })).statusCode).toBe(404);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/regions/99999', ...as(t.adminToken) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/regions/abc', ...as(t.adminToken) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: '/api/regions/99999', payload: { regionName: 'X' }, ...as(t.adminToken) })).statusCode).toBe(404);
  });
});

describe('lists', () => {
  beforeAll(async () => {
    for (let i = 1; i <= 25; i++) await post('/api/categories', { categoryName: `Reagent ${String(i).padStart(2, '0')}` });
    await post('/api/categories', { categoryName: '100% Pure_Water' });
  });

  it('pages, sorts and counts', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/categories?page=2&pageSize=10&sort=categoryName&order=desc&search=reagent', ...as(t.adminToken) });
    const body = page.json();
    expect(body.total).toBe(25);
    expect(body.data).toHaveLength(10);
    expect(body.data[0].categoryName).toBe('Reagent 15');
    expect(body.data[0]).not.toHaveProperty('__total');
  });

  it('still counts on a page past the end', async () => {
    const past = (await t.app.inject({ method: 'GET', url: '/api/categories?page=9&pageSize=10&search=reagent', ...as(t.adminToken) })).json();
    expect(past).toMatchObject({ data: [], total: 25 });
    const none = (await t.app.inject({ method: 'GET', url: '/api/categories?search=no-such-thing', ...as(t.adminToken) })).json();
    expect(none).toMatchObject({ data: [], total: 0 });
  });

  it('treats % and _ in a search as characters', async () => {
    const percent = await t.app.inject({ method: 'GET', url: `/api/categories?search=${encodeURIComponent('0%')}`, ...as(t.adminToken) });
    expect(percent.json().data.map((r: { categoryName: string }) => r.categoryName)).toEqual(['100% Pure_Water']);
    const underscore = await t.app.inject({ method: 'GET', url: '/api/categories?search=e_w', ...as(t.adminToken) });
    expect(underscore.json().total).toBe(1);
  });

  it('refuses an unknown sort field and a bad filter', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/categories?sort=passwordHash', ...as(t.adminToken) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/cities?regionId=abc', ...as(t.adminToken) })).statusCode).toBe(400);
  });

  it('exports CSV with a BOM and the declared labels', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/cities/export?format=csv', ...as(t.adminToken) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="cities-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(response.body.startsWith('\uFEFFCity,Region\r\n')).toBe(true);
    expect(response.body).toContain('Gujranwala,Lahore Region');
  });

  it('exports XLSX', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/categories/export?format=xlsx&search=reagent', ...as(t.adminToken) });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Category');
    expect(sheet.rowCount).toBe(26);
  });
});

describe('options', () => {
  it('answers id, name and reference ids, sorted by name', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/cities/options', ...as(t.adminToken) });
    expect(response.statusCode).toBe(200);
    expect(response.json().options[0]).toEqual({ id: expect.any(Number), name: 'Gujranwala', regionId: expect.any(Number) });
  });

  it('lets roles whose screens pick from a resource read its options', async () => {
    const salesExecutive = await t.userWithRole('salesExecutive');
    expect((await t.app.inject({ method: 'GET', url: '/api/regions/options', ...as(salesExecutive.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/regions', ...as(salesExecutive.token) })).statusCode).toBe(403);
    const engineer = await t.userWithRole('serviceEngineer');
    expect((await t.app.inject({ method: 'GET', url: '/api/asset-categories/options', ...as(engineer.token) })).statusCode).toBe(403);
  });

  it('sends at most `limit` options, searched on the server, plus the current value by id', async () => {
    for (const name of ['Opt Alpha', 'Opt Beta', 'Opt Gamma']) expect((await post('/api/categories', { categoryName: name })).statusCode).toBe(201);
    const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/categories/options?${query}`, ...as(t.adminToken) }).then((r) => r.json());
    const searched = await get('search=opt&limit=2');
    expect(searched.options.map((o: { name: string }) => o.name)).toEqual(['Opt Alpha', 'Opt Beta']);
    expect(searched.hasMore).toBe(true);
    const gamma = (await get('search=gamma')).options[0];
    const withCurrent = await get(`search=alpha&ids=${gamma.id}`);
    expect(withCurrent.options.map((o: { name: string }) => o.name)).toEqual(['Opt Alpha', 'Opt Gamma']);
    expect(withCurrent.hasMore).toBe(false);
    expect((await get(`limit=0&ids=${gamma.id}`)).options.map((o: { name: string }) => o.name)).toEqual(['Opt Gamma']);
    const bad = await t.app.inject({ method: 'GET', url: '/api/categories/options?ids=1;drop', ...as(t.adminToken) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('ids');
  });

  it('never serves a cached list older than a write', async () => {
    const names = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/categories/options?search=fresh', ...as(t.adminToken) })).json().options.map((o: { name: string }) => o.name);
    expect(await names()).toEqual([]);
    const created = await post('/api/categories', { categoryName: 'Fresh Reagents' });
    expect(await names()).toEqual(['Fresh Reagents']);
    await t.app.inject({ method: 'PUT', url: `/api/categories/${created.json().data.id}`, payload: { categoryName: 'Fresh Kits' }, ...as(t.adminToken) });
    expect(await names()).toEqual(['Fresh Kits']);
    await t.app.inject({ method: 'DELETE', url: `/api/categories/${created.json().data.id}`, ...as(t.adminToken) });
    expect(await names()).toEqual([]);
  });

  it('answers 404 for a resource without options', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/settings/options', ...as(t.adminToken) });
    expect(response.statusCode).toBe(404);
    expect(response.json().status).toBe(404);
  });
});

describe('row permissions (PRODUCT.md, principle 6)', () => {
  it("narrows regions and cities to the user's regions; an empty list means all", async () => {
    const north = (await post('/api/regions', { regionName: 'Perm North', regionCode: 'PN' })).json().data;
    const south = (await post('/api/regions', { regionName: 'Perm South', regionCode: 'PS' })).json().data;
    await post('/api/cities', { cityName: 'Perm Northtown', regionId: north.id });
    await post('/api/cities', { cityName: 'Perm Southtown', regionId: south.id });
    const seller = await t.userWithRole('salesExecutive');
    const names = async (url: string, token: string) =>
      (await t.app.inject({ method: 'GET', url, ...as(token) })).json().options.map((o: { name: string }) => o.name);

    expect(await names('/api/regions/options?search=perm', seller.token)).toEqual(['Perm North', 'Perm South']);
    const granted = await t.app.inject({ method: 'PUT', url: `/api/users/${seller.id}`, payload: { permissions: { regions: [north.id] } }, ...as(t.adminToken) });
    expect(granted.statusCode).toBe(200);
    expect(await names('/api/regions/options?search=perm', seller.token)).toEqual(['Perm North']);
    expect(await names('/api/cities/options?search=perm', seller.token)).toEqual(['Perm Northtown']);
    // A region outside the list is not offered even by id.
    expect(await names(`/api/regions/options?limit=0&ids=${south.id}`, seller.token)).toEqual([]);
    // The admin, with no list, still sees both.
    expect(await names('/api/regions/options?search=perm', t.adminToken)).toEqual(['Perm North', 'Perm South']);
    const list = (await t.app.inject({ method: 'GET', url: '/api/regions?search=perm', ...as(t.adminToken) })).json();
    expect(list.total).toBe(2);
  });
});
