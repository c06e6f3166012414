import { addDays, type InventoryLedgerResponse, type InventoryLedgerRow, type InventoryOption, type InventoryRow } from '@erp/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import { postStockMoves, type StockMoveInput } from '../../ledger/stock-ledger.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let documentId = 0;
const today = todayIso();
const ids = { north: 0, south: 0, reagents: 0, consumables: 0, cbc: 0, gloves: 0, transit: 0 };
const lots: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  ids.north = (await post('/api/regions', { regionName: 'North', regionCode: 'NTH' })).json().data.id;
  ids.south = (await post('/api/regions', { regionName: 'South', regionCode: 'STH' })).json().data.id;
  ids.reagents = (await post('/api/categories', { categoryName: 'Stock reagents' })).json().data.id;
  ids.consumables = (await post('/api/categories', { categoryName: 'Stock consumables' })).json().data.id;
  const item = async (itemName: string, articleNumber: string, categoryId: number, lotTracked: boolean) =>
    (await post('/api/items', { itemName, articleNumber, categoryId, unit: 'kit', costPrice: '0.00', salePrice: '0.00', lotTracked, storageCondition: 'ambient', active: true })).json().data
      .id as number;
  ids.cbc = await item('CBC Reagent', 'CBC-9', ids.reagents, true);
  ids.gloves = await item('Nitrile Gloves', 'GLV-9', ids.consumables, false);
  const [transit] = await queryRows<{ id: number }>(
    t.database.db,
    // Created with the region (migration 0010): stock on its way to North.
    sql`SELECT id FROM stock_locations WHERE kind = 'transit' AND region_id = ${ids.north}`,
  );
  ids.transit = Number(transit!.id);
  // Lots: fresh, near expiry, expired, untracked, one drawn to nothing, one in transit.
  const receive = async (key: string, itemId: number, lotNumber: string, dateExpiry: string | null, quantity: number, unitCost: string, place: { regionId?: number; locationId?: number }, date: string) => {
    const result = await stock([{ lineNo: 1, direction: 'in', quantity, lot: { itemId, lotNumber, dateExpiry, unitCost, ...place } }], date);
    lots[key] = result.moves[0]!.inventoryId;
  };
  await receive('fresh', ids.cbc, 'F-1', addDays(today, 400), 10, '100.10', { regionId: ids.north }, '2026-01-05');
  await receive('near', ids.cbc, 'N-1', addDays(today, 30), 5, '0.10', { regionId: ids.north }, '2026-01-05');
  await receive('expired', ids.cbc, 'E-1', addDays(today, -1), 4, '2.00', { regionId: ids.south }, '2026-01-06');
  await receive('gloves', ids.gloves, '', null, 100, '0.35', { regionId: ids.south }, '2026-01-07');
  await receive('empty', ids.cbc, 'Z-1', addDays(today, 200), 2, '1.00', { regionId: ids.south }, '2026-01-07');
  await receive('transit', ids.cbc, 'T-1', addDays(today, 300), 3, '1.00', { locationId: ids.transit }, '2026-01-08');
  await stock([{ lineNo: 1, direction: 'out', quantity: 2, lot: { inventoryId: lots.empty! } }], '2026-01-09');
  await stock(
    [
      { lineNo: 1, direction: 'out', quantity: 3, lot: { inventoryId: lots.fresh! } },
      { lineNo: 2, direction: 'out', quantity: 1, lot: { inventoryId: lots.near! } },
    ],
    '2026-01-10',
  );
  await stock([{ lineNo: 1, direction: 'out', quantity: 40, lot: { inventoryId: lots.gloves! } }], '2026-02-01');
});
afterAll(async () => t?.close());

function stock(moves: StockMoveInput[], date: string) {
  documentId += 1;
  const document = { documentType: 'test', documentId, documentNumber: `TS-${documentId}`, date };
  return t.database.db.transaction((tx) => postStockMoves(tx, { document, actor: { userId: null }, moves }));
}

function post(url: string, payload: object) {
  return t.app.inject({ method: 'POST', url, payload, headers: bearer(t.adminToken) });
}

function get(url: string, token = t.adminToken) {
  return t.app.inject({ method: 'GET', url, headers: bearer(token) });
}

async function userWith(role: Parameters<TestApp['userWithRole']>[0], permissions: Record<string, number[]>) {
  const user = await t.userWithRole(role);
  await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify(permissions)}::jsonb WHERE id = ${user.id}`);
  return user;
}

describe('GET /api/inventory', () => {
  it('lists stock on hand per item, lot and region with value, flags and the totals of the filter', async () => {
    const response = await get('/api/inventory?pageSize=200');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const rows = body.data as InventoryRow[];
    // The lot drawn to nothing is history, not stock on hand; stock in transit is not in a warehouse.
    expect(rows.map((r) => r.lotNumber).sort()).toEqual(['', 'E-1', 'F-1', 'N-1']);
    const near = rows.find((r) => r.lotNumber === 'N-1')!;
    expect(near).toMatchObject({ quantity: 4, unitCost: '0.10', value: '0.40', nearExpiry: true, expired: false, region: { regionName: 'North' } });
    expect(rows.find((r) => r.lotNumber === 'E-1')).toMatchObject({ expired: true, nearExpiry: false, value: '8.00' });
    expect(rows.find((r) => r.lotNumber === 'F-1')).toMatchObject({ quantity: 7, value: '700.70', nearExpiry: false, expired: false });
    expect(rows.find((r) => r.itemId === ids.gloves)).toMatchObject({ quantity: 60, value: '21.00', dateExpiry: null, nearExpiry: false, expired: false });
    // 700.70 + 0.40 + 8.00 + 21.00
    expect(body.totals).toEqual({ quantity: 75, value: '730.10', blockedQuantity: 4, blockedValue: '8.00' });
    expect(body.total).toBe(4);
    expect(body.nearExpiryDays).toBe(90);
    // Soonest expiry first by default, undated last.
    expect(rows.map((r) => r.lotNumber)).toEqual(['E-1', 'N-1', 'F-1', '']);
    expect(near.location).toEqual({ locationName: 'North warehouse', kind: 'warehouse' });
  });

  it('shows stock in transit on request (location=transit), or every place (location=all)', async () => {
    const transit = (await get('/api/inventory?location=transit')).json();
    expect(transit.data.map((r: InventoryRow) => [r.lotNumber, r.quantity, r.location])).toEqual([['T-1', 3, { locationName: 'North in transit', kind: 'transit' }]]);
    expect(transit.totals).toEqual({ quantity: 3, value: '3.00', blockedQuantity: 0, blockedValue: '0.00' });
    const all = (await get('/api/inventory?location=all')).json();
    // 700.70 + 0.40 + 8.00 + 21.00 + 3.00
    expect(all.totals).toEqual({ quantity: 78, value: '733.10', blockedQuantity: 4, blockedValue: '8.00' });
    expect(all.total).toBe(5);
  });

  it('filters by item, category, region, expiry window, status and search, and pages on the server', async () => {
    const lotsOf = async (query: string) => ((await get(`/api/inventory?${query}`)).json().data as InventoryRow[]).map((r) => r.lotNumber).sort();
    expect(await lotsOf(`itemId=${ids.gloves}`)).toEqual(['']);
    expect(await lotsOf(`categoryId=${ids.reagents}`)).toEqual(['E-1', 'F-1', 'N-1']);
    expect(await lotsOf(`regionId=${ids.south}`)).toEqual(['', 'E-1']);
    expect(await lotsOf('expiringWithin=90')).toEqual(['E-1', 'N-1']);
    expect(await lotsOf('status=expired')).toEqual(['E-1']);
    expect(await lotsOf('status=nearExpiry')).toEqual(['N-1']);
    expect(await lotsOf('search=nitrile')).toEqual(['']);
    expect(await lotsOf('includeEmpty=true&regionId=' + ids.south)).toEqual(['', 'E-1', 'Z-1']);
    const page = (await get('/api/inventory?pageSize=2&page=2&sort=quantity&order=desc')).json();
    // 60, 7, then the two lots of 4.
    expect(page.data.map((r: InventoryRow) => r.quantity)).toEqual([4, 4]);
    expect(page.total).toBe(4);
    expect(page.totals).toEqual({ quantity: 75, value: '730.10', blockedQuantity: 4, blockedValue: '8.00' });
    const bad = await get('/api/inventory?regionId=abc&expiringWithin=-1&sort=nope&location=nowhere');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['expiringWithin', 'location', 'regionId', 'sort']);
  });

  it('narrows lots by permissions.regions and permissions.categories', async () => {
    const north = await userWith('salesExecutive', { regions: [ids.north] });
    const rows = (await get('/api/inventory', north.token)).json().data as InventoryRow[];
    expect(new Set(rows.map((r) => r.regionId))).toEqual(new Set([ids.north]));
    const consumables = await userWith('salesExecutive', { categories: [ids.consumables] });
    const body = (await get('/api/inventory', consumables.token)).json();
    expect(body.data.map((r: InventoryRow) => r.itemId)).toEqual([ids.gloves]);
    expect(body.totals).toEqual({ quantity: 60, value: '21.00', blockedQuantity: 0, blockedValue: '0.00' });
  });

  it('exports the filter as CSV and Excel', async () => {
    const csv = await get(`/api/inventory/export?regionId=${ids.south}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Item,Article number,Lot,Expiry,Region,Location,Quantity,Unit cost,Value,Status,Lot status,Held because');
    expect(lines).toHaveLength(3);
    expect(lines.some((l) => l.includes('Expired (blocked)'))).toBe(true);
    const xlsx = await t.app.inject({ method: 'GET', url: '/api/inventory/export?format=xlsx', headers: bearer(t.adminToken) });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.rowCount).toBe(5);
  });
});

describe('GET /api/inventory/options', () => {
  const optionsOf = async (query = '', token = t.adminToken) => (await get(`/api/inventory/options${query}`, token)).json().options as InventoryOption[];

  it("offers warehouse lots with stock, soonest expiry first, with the spec's keys; never quantity 0, transit, or expired for issue", async () => {
    const options = await optionsOf();
    expect(options.map((o) => o.lotNumber)).toEqual(['N-1', 'F-1', '']);
    const near = options[0]!;
    expect(near).toMatchObject({
      id: lots.near,
      inventoryId: lots.near,
      lotNumber: 'N-1',
      dateExpiry: addDays(today, 30),
      quantity: 4,
      region: { regionName: 'North' },
      item: { itemName: 'CBC Reagent', articleNumber: 'CBC-9' },
    });
    expect(typeof near.name).toBe('string');
    // An adjustment may write expired stock off.
    expect((await optionsOf('?purpose=adjustment')).map((o) => o.lotNumber)).toEqual(['E-1', 'N-1', 'F-1', '']);
    expect((await optionsOf(`?itemId=${ids.cbc}&regionId=${ids.north}`)).map((o) => o.lotNumber)).toEqual(['N-1', 'F-1']);
    expect((await optionsOf('?search=F-1')).map((o) => o.lotNumber)).toEqual(['F-1']);
  });

  it('follows row scopes, and is open to the screens that pick lots only', async () => {
    const south = await userWith('salesExecutive', { regions: [ids.south] });
    expect((await optionsOf('', south.token)).map((o) => o.lotNumber)).toEqual(['']);
    const accountant = await t.userWithRole('accountant');
    expect((await get('/api/inventory/options', accountant.token)).statusCode).toBe(200);
    const supervisor = await t.userWithRole('inventorySupervisor');
    expect((await get('/api/inventory/options', supervisor.token)).statusCode).toBe(200);
  });
});

describe('GET /api/inventory-ledger', () => {
  const ledgerOf = async (query: string, token = t.adminToken): Promise<InventoryLedgerResponse> => {
    const response = await get(`/api/inventory-ledger?${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('lists every movement with the running balance of the filter, totals and closing', async () => {
    const ledger = await ledgerOf('pageSize=1000');
    expect(ledger.rows).toHaveLength(10);
    let quantity = 0;
    for (const row of ledger.rows) {
      quantity += row.quantityIn - row.quantityOut;
      expect(row.balance).toBe(quantity);
    }
    expect(ledger.closing).toEqual({ quantity: 78, value: '733.10' });
    expect(ledger.rows[ledger.rows.length - 1]!.balanceValue).toBe('733.10');
    expect(ledger.totals).toMatchObject({ quantityIn: 124, quantityOut: 46, count: 10 });
    expect(ledger.rows[0]).toMatchObject({ moveDate: '2026-01-05', documentType: 'test', documentNumber: 'TS-1', lotNumber: 'F-1', item: { itemName: 'CBC Reagent' } });
    // Every movement says where it happened: a warehouse, or stock in transit.
    expect(ledger.rows[0]!.location).toEqual({ locationName: 'North warehouse', kind: 'warehouse' });
    expect(ledger.rows.find((r) => r.lotNumber === 'T-1')!.location).toEqual({ locationName: 'North in transit', kind: 'transit' });
  });

  it('filters by lot, item and region, with an opening balance before from', async () => {
    const lot = await ledgerOf(`inventoryId=${lots.fresh}`);
    expect(lot.rows.map((r) => [r.quantityIn, r.quantityOut, r.balance])).toEqual([
      [10, 0, 10],
      [0, 3, 7],
    ]);
    const item = await ledgerOf(`itemId=${ids.gloves}&from=2026-01-08`);
    expect(item.opening).toEqual({ quantity: 100, value: '35.00' });
    expect(item.rows.map((r) => r.balance)).toEqual([60]);
    expect(item.closing).toEqual({ quantity: 60, value: '21.00' });
    const region = await ledgerOf(`regionId=${ids.south}&from=2026-01-07&to=2026-01-31`);
    expect(region.opening).toEqual({ quantity: 4, value: '8.00' });
    expect(region.rows.map((r) => r.balance)).toEqual([104, 106, 104]);
    expect(region.closing.quantity).toBe(104);
    const bad = await get('/api/inventory-ledger?from=2026-02-01&to=2026-01-01');
    expect(bad.statusCode).toBe(400);
  });

  it('pages by keyset: the pages join into the whole ledger with the same balances (day totals and movement sums agree)', async () => {
    for (const filter of ['', `regionId=${ids.north}`, `itemId=${ids.cbc}`]) {
      const whole = await ledgerOf(`${filter}&pageSize=1000`);
      const pages: InventoryLedgerRow[] = [];
      let cursor: string | null = null;
      do {
        const page: InventoryLedgerResponse = await ledgerOf(`${filter}&pageSize=3${cursor ? `&after=${cursor}` : ''}`);
        expect(page.closing).toEqual(whole.closing);
        pages.push(...page.rows);
        cursor = page.nextCursor;
      } while (cursor);
      expect(pages).toEqual(whole.rows);
    }
    expect((await get('/api/inventory-ledger?after=bm9wZQ')).statusCode).toBe(400);
  });

  it('narrows movements by row scopes (balances of what the user may see), and follows the route table', async () => {
    const categories = await userWith('admin', { categories: [ids.consumables] });
    const ledger = await ledgerOf('', categories.token);
    expect(ledger.rows.map((r) => r.itemId)).toEqual([ids.gloves, ids.gloves]);
    expect(ledger.closing).toEqual({ quantity: 60, value: '21.00' });
    const auditor = await t.userWithRole('auditor');
    expect((await get('/api/inventory-ledger', auditor.token)).statusCode).toBe(403);
    expect((await get('/api/inventory', auditor.token)).statusCode).toBe(200);
    const sales = await t.userWithRole('salesExecutive');
    expect((await get('/api/inventory-ledger', sales.token)).statusCode).toBe(403);
  });

  it('exports with the opening and closing balances', async () => {
    const csv = await get(`/api/inventory-ledger/export?itemId=${ids.gloves}&from=2026-01-08`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Date,Item,Lot,Region,Location,Document,In,Out,Value,Balance,Balance value');
    expect(lines[1]).toContain('Opening balance');
    expect(lines[lines.length - 1]).toContain('Closing balance');
    expect(lines).toHaveLength(4);
  });
});

describe('settings', () => {
  it('carries the near-expiry window (default 90) and /inventory flags by it', async () => {
    const settings = (await get('/api/settings')).json().settings;
    expect(settings.nearExpiryDays).toBe(90);
    const saved = await t.app.inject({ method: 'PUT', url: '/api/settings', payload: { ...settings, companyName: 'Stock Co', nearExpiryDays: 10 }, headers: bearer(t.adminToken) });
    expect(saved.statusCode, saved.body).toBe(200);
    const rows = (await get('/api/inventory')).json().data as InventoryRow[];
    expect(rows.find((r) => r.lotNumber === 'N-1')!.nearExpiry).toBe(false);
    await t.app.inject({ method: 'PUT', url: '/api/settings', payload: { ...settings, companyName: 'Stock Co', nearExpiryDays: 90 }, headers: bearer(t.adminToken) });
  });
});
