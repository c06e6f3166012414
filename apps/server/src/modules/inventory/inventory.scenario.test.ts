import { addDays } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The business story of one item, told through what each role sees on the screens' API:
 * the admin creates it, the operation manager approves it, the inventory supervisor enters
 * opening stock in two lots and writes damaged packs off, a count correction is posted and the
 * accountant cancels it. After each step the lots (/inventory), the stock ledger
 * (/inventory-ledger, running balance) and the general ledger agree.
 */

let t: TestApp;
const today = todayIso();
const users: Record<'operationManager' | 'inventorySupervisor' | 'accountant', string> = { operationManager: '', inventorySupervisor: '', accountant: '' };
const ids = { north: 0, south: 0, category: 0, item: 0, inventoryAccount: 0, lotA: 0, lotB: 0 };
const documents: Record<string, { id: number; number: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  ids.north = (await call('POST', '/api/regions', { regionName: 'Story North', regionCode: 'STN' })).json().data.id;
  ids.south = (await call('POST', '/api/regions', { regionName: 'Story South', regionCode: 'STS' })).json().data.id;
  ids.category = (await call('POST', '/api/categories', { categoryName: 'Story controls' })).json().data.id;
  for (const role of Object.keys(users) as (keyof typeof users)[]) users[role] = (await t.userWithRole(role)).token;
  const [account] = await queryRows<{ id: number }>(t.database.db, sql`SELECT account_id AS id FROM posting_accounts WHERE key = 'inventory'`);
  ids.inventoryAccount = Number(account!.id);
});
afterAll(async () => t?.close());

function call(method: 'GET' | 'POST', url: string, payload?: object, token = t.adminToken) {
  return t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: bearer(token) });
}

async function ok(method: 'GET' | 'POST', url: string, payload?: object, token?: string) {
  const response = await call(method, url, payload, token);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

/** What the screens show of the item: its lots, its stock ledger, and the stock-adjustment rows of the general ledger. */
async function screens() {
  const inventory = await ok('GET', `/api/inventory?itemId=${ids.item}&includeEmpty=true&sort=lotNumber`);
  const stockLedger = await ok('GET', `/api/inventory-ledger?itemId=${ids.item}`);
  const glRows = await queryRows<{ code: string; debit: string; credit: string; number: string }>(
    t.database.db,
    sql`SELECT a.account_code AS code, g.debit::text AS debit, g.credit::text AS credit, g.document_number AS number
        FROM gl_entries g JOIN accounts a ON a.id = g.account_id WHERE g.document_type = 'stock-adjustment' ORDER BY g.id`,
  );
  const ledger = await ok('GET', `/api/ledger/${ids.inventoryAccount}?from=${addDays(today, -400)}&to=${addDays(today, 400)}&pageSize=100`);
  return {
    lots: (inventory.data as Array<{ lotNumber: string; region: { regionName: string }; quantity: number; value: string; nearExpiry: boolean }>).map((l) => [
      l.lotNumber,
      l.region.regionName,
      l.quantity,
      l.value,
      l.nearExpiry,
    ]),
    lotTotals: inventory.totals,
    moves: (stockLedger.rows as Array<{ documentNumber: string; lotNumber: string; quantityIn: number; quantityOut: number; value: string; balance: number; balanceValue: string }>).map(
      (r) => [r.documentNumber, r.lotNumber, r.quantityIn, r.quantityOut, r.value, r.balance, r.balanceValue],
    ),
    stockClosing: stockLedger.closing,
    gl: glRows.map((r) => [r.number, r.code, r.debit, r.credit]),
    inventoryAccount: ledger.closingBalance as string,
  };
}

describe('the story of an item, from creation to a cancelled adjustment', () => {
  it('the admin creates the item: unapproved, offered disabled, no stock', async () => {
    const created = await ok('POST', '/api/items', {
      itemName: 'Story HbA1c Control Level 2',
      articleNumber: 'STORY-QC2',
      categoryId: ids.category,
      unit: 'pack',
      costPrice: '1250.50',
      salePrice: '1800.00',
      lotTracked: true,
      storageCondition: 'refrigerated',
      active: true,
    });
    ids.item = created.data.id;
    expect(created.data).toMatchObject({ isApproved: false, lotTracked: true });
    const options = await ok('GET', '/api/items/options?search=Story%20HbA1c');
    expect(options.options).toEqual([expect.objectContaining({ itemId: ids.item, articleNumber: 'STORY-QC2', isApproved: false })]);
    const now = await screens();
    expect(now).toMatchObject({ lots: [], moves: [], gl: [], inventoryAccount: '0.00', lotTotals: { quantity: 0, value: '0.00' } });
  });

  it('the operation manager approves it (once)', async () => {
    expect((await call('POST', `/api/items/${ids.item}/approve`, undefined, users.inventorySupervisor)).statusCode).toBe(403);
    const approved = await ok('POST', `/api/items/${ids.item}/approve`, undefined, users.operationManager);
    expect(approved.data).toMatchObject({ isApproved: true });
    expect((await call('POST', `/api/items/${ids.item}/approve`, undefined, users.operationManager)).statusCode).toBe(409);
  });

  it('the inventory supervisor enters opening stock in two lots as a draft, then posts it', async () => {
    const draft = await ok(
      'POST',
      '/api/stock-adjustments',
      {
        adjustmentDate: today,
        reason: 'openingStock',
        narration: 'Opening count',
        lines: [
          { itemId: ids.item, regionId: ids.north, lotNumber: 'QC2-A', dateExpiry: addDays(today, 30), quantity: 10, unitCost: '1250.50' },
          { itemId: ids.item, regionId: ids.south, lotNumber: 'QC2-B', dateExpiry: addDays(today, 400), quantity: 6, unitCost: '1199.99' },
        ],
      },
      users.inventorySupervisor,
    );
    expect(draft.data).toMatchObject({ status: 'draft', documentNumber: null });
    // A draft moves nothing.
    expect(await screens()).toMatchObject({ lots: [], moves: [], gl: [] });

    const posted = await ok('POST', `/api/stock-adjustments/${draft.data.id}/post`, undefined, users.inventorySupervisor);
    const number = posted.data.documentNumber as string;
    documents.opening = { id: draft.data.id, number };
    expect(posted.data).toMatchObject({ status: 'posted', totalValue: '19704.94' });
    const now = await screens();
    expect(now.lots).toEqual([
      ['QC2-A', 'Story North', 10, '12505.00', true],
      ['QC2-B', 'Story South', 6, '7199.94', false],
    ]);
    expect(now.lotTotals).toEqual({ quantity: 16, value: '19704.94', blockedQuantity: 0, blockedValue: '0.00' });
    expect(now.moves).toEqual([
      [number, 'QC2-A', 10, 0, '12505.00', 10, '12505.00'],
      [number, 'QC2-B', 6, 0, '7199.94', 16, '19704.94'],
    ]);
    expect(now.gl).toEqual([
      [number, '1200', '12505.00', '0.00'],
      [number, '3100', '0.00', '12505.00'],
      [number, '1200', '7199.94', '0.00'],
      [number, '3100', '0.00', '7199.94'],
    ]);
    expect(now.inventoryAccount).toBe('19704.94');
    const lots = await ok('GET', `/api/inventory/options?itemId=${ids.item}&purpose=adjustment`, undefined, users.inventorySupervisor);
    ids.lotA = lots.options.find((o: { lotNumber: string }) => o.lotNumber === 'QC2-A').inventoryId;
    ids.lotB = lots.options.find((o: { lotNumber: string }) => o.lotNumber === 'QC2-B').inventoryId;
  });

  it('writes 4 damaged packs of lot A off at the lot cost', async () => {
    const damage = await ok(
      'POST',
      '/api/stock-adjustments',
      { adjustmentDate: today, reason: 'damage', narration: 'Broken in the cold room', post: true, lines: [{ inventoryId: ids.lotA, quantity: -4 }] },
      users.inventorySupervisor,
    );
    const number = damage.data.documentNumber as string;
    documents.damage = { id: damage.data.id, number };
    expect(damage.data).toMatchObject({ status: 'posted', totalValue: '-5002.00' });
    const now = await screens();
    expect(now.lots).toEqual([
      ['QC2-A', 'Story North', 6, '7503.00', true],
      ['QC2-B', 'Story South', 6, '7199.94', false],
    ]);
    expect(now.moves.at(-1)).toEqual([number, 'QC2-A', 0, 4, '5002.00', 12, '14702.94']);
    expect(now.gl.slice(4)).toEqual([
      [number, '5100', '5002.00', '0.00'],
      [number, '1200', '0.00', '5002.00'],
    ]);
    expect(now.inventoryAccount).toBe('14702.94');
    expect(now.lotTotals.value).toBe(now.inventoryAccount);
  });

  it('a count correction of lot B is posted, then cancelled by the accountant: lot, stock ledger and GL back where they were', async () => {
    const before = await screens();
    const correction = await ok(
      'POST',
      '/api/stock-adjustments',
      { adjustmentDate: today, reason: 'countCorrection', post: true, lines: [{ inventoryId: ids.lotB, quantity: 2 }] },
      users.inventorySupervisor,
    );
    const number = correction.data.documentNumber as string;
    const during = await screens();
    expect(during.lots[1]).toEqual(['QC2-B', 'Story South', 8, '9599.92', false]);
    expect(during.inventoryAccount).toBe('17102.92');

    // The supervisor may post but not cancel; the accountant may.
    expect((await call('POST', `/api/stock-adjustments/${correction.data.id}/cancel`, undefined, users.inventorySupervisor)).statusCode).toBe(403);
    const cancelled = await ok('POST', `/api/stock-adjustments/${correction.data.id}/cancel`, undefined, users.accountant);
    expect(cancelled.data).toMatchObject({ status: 'cancelled', documentNumber: number });
    const after = await screens();
    expect(after.lots).toEqual(before.lots);
    expect(after.lotTotals).toEqual(before.lotTotals);
    // The stock ledger keeps both movements, under the same number, and ends where it was.
    expect(after.moves.slice(-2)).toEqual([
      [number, 'QC2-B', 2, 0, '2399.98', 14, '17102.92'],
      [number, 'QC2-B', 0, 2, '2399.98', 12, '14702.94'],
    ]);
    expect(after.stockClosing).toEqual({ quantity: 12, value: '14702.94' });
    expect(after.gl.slice(6)).toEqual([
      [number, '1200', '2399.98', '0.00'],
      [number, '5100', '0.00', '2399.98'],
      [number, '1200', '0.00', '2399.98'],
      [number, '5100', '2399.98', '0.00'],
    ]);
    expect(after.inventoryAccount).toBe('14702.94');
    expect(after.lotTotals.value).toBe(after.inventoryAccount);
    // Cancelled once is cancelled: a second cancel is refused and moves nothing.
    expect((await call('POST', `/api/stock-adjustments/${correction.data.id}/cancel`, undefined, users.accountant)).statusCode).toBe(409);
    expect(await screens()).toEqual(after);
  });
});
