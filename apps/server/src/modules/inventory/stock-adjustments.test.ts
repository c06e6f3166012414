import { addDays, addDecimals } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const today = todayIso();
const ids = { north: 0, south: 0, category: 0, cbc: 0, gloves: 0 };

beforeAll(async () => {
  t = await createTestApp();
  ids.north = (await call('POST', '/api/regions', { regionName: 'Adj North', regionCode: 'ANO' })).json().data.id;
  ids.south = (await call('POST', '/api/regions', { regionName: 'Adj South', regionCode: 'ASO' })).json().data.id;
  ids.category = (await call('POST', '/api/categories', { categoryName: 'Adj reagents' })).json().data.id;
  const item = async (itemName: string, articleNumber: string, lotTracked: boolean) =>
    (await call('POST', '/api/items', { itemName, articleNumber, categoryId: ids.category, unit: 'kit', costPrice: '0.00', salePrice: '0.00', lotTracked, storageCondition: 'ambient', active: true })).json().data
      .id as number;
  ids.cbc = await item('CBC Reagent', 'ADJ-CBC', true);
  ids.gloves = await item('Gloves', 'ADJ-GLV', false);
});
afterAll(async () => t?.close());

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = t.adminToken) {
  return t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: bearer(token) });
}

const newLot = (lotNumber: string, quantity: number, unitCost: string, extra: Record<string, unknown> = {}) => ({
  itemId: ids.cbc,
  regionId: ids.north,
  lotNumber,
  dateExpiry: addDays(today, 365),
  quantity,
  unitCost,
  ...extra,
});

async function lotOf(lotNumber: string) {
  const [row] = await queryRows<{ id: number; quantity: number }>(t.database.db, sql`SELECT id, quantity FROM inventory WHERE lot_number = ${lotNumber}`);
  return { id: Number(row!.id), quantity: Number(row!.quantity) };
}

async function ledgerOf(documentId: number) {
  return queryRows<{ code: string; debit: string; credit: string; regionId: number | null; documentNumber: string }>(
    t.database.db,
    sql`SELECT a.account_code AS code, g.debit::text AS debit, g.credit::text AS credit, g.region_id AS "regionId", g.document_number AS "documentNumber"
        FROM gl_entries g JOIN accounts a ON a.id = g.account_id WHERE g.document_type = 'stock-adjustment' AND g.document_id = ${documentId} ORDER BY g.id`,
  );
}

/** The Inventory account's balance and the value of every lot, to the cent. */
async function inventoryAgrees(): Promise<{ ledger: string; lots: string }> {
  const [row] = await queryRows<{ ledger: string; lots: string }>(
    t.database.db,
    sql`SELECT (SELECT coalesce(sum(g.debit - g.credit), 0) FROM gl_entries g JOIN posting_accounts p ON p.account_id = g.account_id AND p.key = 'inventory')::text AS ledger,
               (SELECT coalesce(sum(quantity * unit_cost), 0) FROM inventory)::text AS lots`,
  );
  return { ledger: addDecimals([row!.ledger]), lots: addDecimals([row!.lots]) };
}

const state: Record<string, number> = {};

describe('stock adjustments: the story of a lot', () => {
  it('starts with the item approved, so pickers offer it', async () => {
    expect((await call('POST', `/api/items/${ids.cbc}/approve`)).statusCode).toBe(200);
    const options = (await call('GET', '/api/items/options?search=CBC%20Reagent')).json().options;
    expect(options).toEqual([expect.objectContaining({ itemId: ids.cbc, isApproved: true })]);
  });


  it('saves and posts opening stock in two lots in one request: lots, stock ledger and Dr Inventory / Cr Retained earnings', async () => {
    const response = await call('POST', '/api/stock-adjustments', {
      adjustmentDate: today,
      reason: 'openingStock',
      narration: 'Opening balance',
      post: true,
      lines: [newLot('OPEN-A', 10, '12.35'), newLot('OPEN-B', 3, '0.10', { regionId: ids.south })],
    });
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    expect(response.json().message).toBe('Stock adjustment posted');
    expect(data).toMatchObject({ status: 'posted', reason: 'openingStock', totalValue: '123.80' });
    expect(data.documentNumber).toMatch(new RegExp(`^SA-${today.slice(0, 4)}-\\d{6}$`));
    expect(data.lines).toHaveLength(2);
    state.opening = data.id;
    expect((await lotOf('OPEN-A')).quantity).toBe(10);
    expect((await lotOf('OPEN-B')).quantity).toBe(3);
    const moves = await queryRows<{ q: number; v: string; n: string }>(
      t.database.db,
      sql`SELECT quantity_in AS q, value::text AS v, document_number AS n FROM stock_moves WHERE document_type = 'stock-adjustment' AND document_id = ${data.id} ORDER BY id`,
    );
    expect(moves).toEqual([
      { q: 10, v: '123.50', n: data.documentNumber },
      { q: 3, v: '0.30', n: data.documentNumber },
    ]);
    // One pair per region, stamped with it.
    expect(await ledgerOf(data.id)).toEqual([
      { code: '1200', debit: '123.50', credit: '0.00', regionId: ids.north, documentNumber: data.documentNumber },
      { code: '3100', debit: '0.00', credit: '123.50', regionId: ids.north, documentNumber: data.documentNumber },
      { code: '1200', debit: '0.30', credit: '0.00', regionId: ids.south, documentNumber: data.documentNumber },
      { code: '3100', debit: '0.00', credit: '0.30', regionId: ids.south, documentNumber: data.documentNumber },
    ]);
    const agrees = await inventoryAgrees();
    expect(agrees.ledger).toBe(agrees.lots);
  });

  it('posts an adjustment out of a lot (damage): Dr Stock adjustments / Cr Inventory at the lot cost', async () => {
    const lot = await lotOf('OPEN-A');
    const draft = await call('POST', '/api/stock-adjustments', { adjustmentDate: today, reason: 'damage', lines: [{ inventoryId: lot.id, quantity: -3 }] });
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json().data).toMatchObject({ status: 'draft', documentNumber: null, totalValue: '0.00' });
    expect((await lotOf('OPEN-A')).quantity).toBe(10);
    const posted = await call('POST', `/api/stock-adjustments/${draft.json().data.id}/post`);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().data).toMatchObject({ status: 'posted', totalValue: '-37.05' });
    state.damage = draft.json().data.id;
    expect((await lotOf('OPEN-A')).quantity).toBe(7);
    expect((await ledgerOf(state.damage!)).map((r) => [r.code, r.debit, r.credit])).toEqual([
      ['5100', '37.05', '0.00'],
      ['1200', '0.00', '37.05'],
    ]);
    const agrees = await inventoryAgrees();
    expect(agrees.ledger).toBe(agrees.lots);
  });

  it('refuses a draw beyond the lot with 409 naming the line and what is available, storing nothing', async () => {
    const lot = await lotOf('OPEN-A');
    const before = await queryRows(t.database.db, sql`SELECT count(*)::int AS n FROM stock_adjustments`);
    const response = await call('POST', '/api/stock-adjustments', { adjustmentDate: today, reason: 'countCorrection', post: true, lines: [{ inventoryId: lot.id, quantity: -8 }] });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Only 7 of CBC Reagent lot OPEN-A are available in Adj North');
    expect(response.json().errors).toEqual({ 'lines.0.quantity': 'Only 7 of CBC Reagent lot OPEN-A are available in Adj North' });
    expect(await queryRows(t.database.db, sql`SELECT count(*)::int AS n FROM stock_adjustments`)).toEqual(before);
  });

  it('cancels: the mirror movements and ledger rows, the lot back; cancelling what was since drawn is refused', async () => {
    const cancelled = await call('POST', `/api/stock-adjustments/${state.damage}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect((await lotOf('OPEN-A')).quantity).toBe(10);
    expect((await ledgerOf(state.damage!)).map((r) => [r.code, r.debit, r.credit])).toEqual([
      ['5100', '37.05', '0.00'],
      ['1200', '0.00', '37.05'],
      ['5100', '0.00', '37.05'],
      ['1200', '37.05', '0.00'],
    ]);
    expect((await call('POST', `/api/stock-adjustments/${state.damage}/cancel`)).statusCode).toBe(409);
    // Opening stock of OPEN-A drawn since: its cancellation would take the lot below zero.
    const lot = await lotOf('OPEN-A');
    expect((await call('POST', '/api/stock-adjustments', { adjustmentDate: today, reason: 'damage', post: true, lines: [{ inventoryId: lot.id, quantity: -1 }] })).statusCode).toBe(201);
    const refused = await call('POST', `/api/stock-adjustments/${state.opening}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^This document cannot be cancelled: its stock has since been drawn\. Only 9 of CBC Reagent lot OPEN-A/);
    const agrees = await inventoryAgrees();
    expect(agrees.ledger).toBe(agrees.lots);
  });

  it('refuses a direct change of a posted adjustment or its lines (trigger)', async () => {
    const refused = (statement: ReturnType<typeof sql>) =>
      t.database.db.execute(statement).then(
        () => 'changed',
        () => 'refused',
      );
    expect(await refused(sql`UPDATE stock_adjustments SET narration = 'x' WHERE id = ${state.opening}`)).toBe('refused');
    expect(await refused(sql`UPDATE stock_adjustment_lines SET quantity = 99 WHERE stock_adjustment_id = ${state.opening}`)).toBe('refused');
    expect(await refused(sql`DELETE FROM stock_adjustments WHERE id = ${state.opening}`)).toBe('refused');
    const addLine = (id: number) =>
      refused(sql`INSERT INTO stock_adjustment_lines (stock_adjustment_id, line_no, inventory_id, item_id, region_id, lot_number, date_expiry, quantity, unit_cost)
        SELECT stock_adjustment_id, 99, inventory_id, item_id, region_id, lot_number, date_expiry, quantity, unit_cost FROM stock_adjustment_lines
        WHERE stock_adjustment_id = ${id} ORDER BY line_no LIMIT 1`);
    expect(await addLine(state.opening!)).toBe('refused');
    expect(await addLine(state.damage!)).toBe('refused');
    const draft = await call('POST', '/api/stock-adjustments', { adjustmentDate: today, reason: 'damage', lines: [{ inventoryId: (await lotOf('OPEN-B')).id, quantity: -1 }] });
    expect(draft.statusCode, draft.body).toBe(201);
    expect(await addLine(draft.json().data.id)).toBe('changed');
  });
});

describe('stock adjustments: refusals', () => {
  it('names the line fields a line cannot have together or lacks', async () => {
    const lot = await lotOf('OPEN-B');
    const response = await call('POST', '/api/stock-adjustments', {
      adjustmentDate: today,
      reason: 'openingStock',
      lines: [
        { inventoryId: lot.id, itemId: ids.cbc, quantity: 1 },
        { itemId: ids.cbc, regionId: ids.north, lotNumber: 'X', dateExpiry: addDays(today, 10), quantity: 2 },
        { itemId: ids.cbc, regionId: ids.north, lotNumber: 'Y', dateExpiry: addDays(today, 10), quantity: -2, unitCost: '1.00' },
        { itemId: 999_999, regionId: ids.north, lotNumber: 'Z', quantity: 1, unitCost: '1.00' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['lines.0.inventoryId', 'lines.1.unitCost', 'lines.2.quantity', 'lines.3.itemId']);
    const zero = await call('POST', '/api/stock-adjustments', { adjustmentDate: today, reason: 'damage', lines: [{ inventoryId: lot.id, quantity: 0, itemId: null, unitCost: null }] });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors).toEqual({ 'lines.0.quantity': 'Quantity must not be 0' });
  });

  it('needs a lot number and expiry for a lot-tracked item, and an expiry that matches a lot already held', async () => {
    const missing = await call('POST', '/api/stock-adjustments', { adjustmentDate: today, reason: 'openingStock', post: true, lines: [newLot('', 1, '1.00', { dateExpiry: null })] });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['lines.0.dateExpiry', 'lines.0.lotNumber']);
    const differs = await call('POST', '/api/stock-adjustments', { adjustmentDate: today, reason: 'countCorrection', post: true, lines: [newLot('OPEN-A', 1, '12.35', { dateExpiry: addDays(today, 5) })] });
    expect(differs.statusCode).toBe(400);
    expect(differs.json().errors).toHaveProperty(['lines.0.dateExpiry']);
  });

  it('posts with the scope stock-adjustments:post; the auditor reads only; cancel needs its scope', async () => {
    const body = { adjustmentDate: today, reason: 'openingStock', lines: [{ itemId: ids.gloves, regionId: ids.north, quantity: 5, unitCost: '2.00' }] };
    const sales = await t.userWithRole('salesExecutive');
    expect((await call('POST', '/api/stock-adjustments', { ...body, post: true }, sales.token)).statusCode).toBe(403);
    const auditor = await t.userWithRole('auditor');
    expect((await call('POST', '/api/stock-adjustments', body, auditor.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/stock-adjustments', undefined, auditor.token)).statusCode).toBe(200);
    const supervisor = await t.userWithRole('inventorySupervisor');
    const posted = await call('POST', '/api/stock-adjustments', { ...body, post: true }, supervisor.token);
    expect(posted.statusCode, posted.body).toBe(201);
    expect((await call('POST', `/api/stock-adjustments/${posted.json().data.id}/cancel`, undefined, supervisor.token)).statusCode).toBe(403);
    const accountant = await t.userWithRole('accountant');
    expect((await call('POST', `/api/stock-adjustments/${posted.json().data.id}/cancel`, undefined, accountant.token)).statusCode).toBe(200);
  });

  it('refuses a lot in transit like a missing one: it belongs to its transfer until received', async () => {
    const [transit] = await queryRows<{ id: number }>(
      t.database.db,
      sql`INSERT INTO inventory (item_id, lot_number, date_expiry, location_id, region_id, quantity, unit_cost)
          SELECT ${ids.gloves}, 'ON-THE-ROAD', NULL, l.id, l.region_id, 5, 1.00 FROM stock_locations l WHERE l.kind = 'transit' AND l.region_id = ${ids.north}
          RETURNING id`,
    );
    const response = await call('POST', '/api/stock-adjustments', { adjustmentDate: today, reason: 'damage', lines: [{ inventoryId: Number(transit!.id), quantity: -5 }] });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual({ 'lines.0.inventoryId': 'The lot does not exist' });
    await t.database.db.execute(sql`DELETE FROM inventory WHERE id = ${Number(transit!.id)}`);
  });

  it('refuses an adjustment date later than today on save, save-and-post, replace and post (400 adjustmentDate), moving nothing', async () => {
    const future = { adjustmentDate: 'The adjustment date cannot be later than today' };
    const tomorrow = addDays(today, 1);
    const lot = await lotOf('OPEN-A');
    const body = { adjustmentDate: tomorrow, reason: 'damage', lines: [{ inventoryId: lot.id, quantity: -1 }] };
    for (const post of [false, true]) {
      const created = await call('POST', '/api/stock-adjustments', { ...body, post });
      expect(created.statusCode, created.body).toBe(400);
      expect(created.json().errors).toEqual(future);
    }
    const draft = await call('POST', '/api/stock-adjustments', { ...body, adjustmentDate: today });
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().data.id;
    const replaced = await call('PUT', `/api/stock-adjustments/${id}`, body);
    expect(replaced.statusCode, replaced.body).toBe(400);
    expect(replaced.json().errors).toEqual(future);
    // A draft dated ahead some other way (saved before this rule) is not posted either.
    await t.database.db.execute(sql`UPDATE stock_adjustments SET document_date = ${tomorrow}::date WHERE id = ${id}`);
    const posted = await call('POST', `/api/stock-adjustments/${id}/post`);
    expect(posted.statusCode, posted.body).toBe(400);
    expect(posted.json().errors).toEqual(future);
    expect((await call('GET', `/api/stock-adjustments/${id}`)).json().data).toMatchObject({ status: 'draft', documentNumber: null });
    expect((await lotOf('OPEN-A')).quantity).toBe(lot.quantity);
    expect((await call('DELETE', `/api/stock-adjustments/${id}`)).statusCode).toBe(200);
  });

  it('keeps a user to their regions: another region lot or region reads as missing', async () => {
    const user = await t.userWithRole('operationManager');
    await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions: [ids.north] })}::jsonb WHERE id = ${user.id}`);
    const south = await lotOf('OPEN-B');
    const response = await call(
      'POST',
      '/api/stock-adjustments',
      { adjustmentDate: today, reason: 'damage', lines: [{ inventoryId: south.id, quantity: -1 }, newLot('SCOPE-1', 1, '1.00', { regionId: ids.south })] },
      user.token,
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['lines.0.inventoryId', 'lines.1.regionId']);
    const list = (await call('GET', '/api/stock-adjustments?pageSize=100', undefined, user.token)).json();
    // The opening stock had a south line: not theirs to see; the damage of a north lot is.
    const listed = list.data.map((d: { id: number }) => d.id);
    expect(listed).not.toContain(state.opening);
    expect(listed).toContain(state.damage);
    // Nor theirs to cancel.
    const other = await t.userWithRole('operationManager', { scopes: ['stock-adjustments:cancel'] });
    await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions: [ids.north] })}::jsonb WHERE id = ${other.id}`);
    expect((await call('POST', `/api/stock-adjustments/${state.opening}/cancel`, undefined, other.token)).statusCode).toBe(404);
  });

  it('answers 404 on get, update, delete, post and cancel of an adjustment outside the user\'s regions, and lists it not', async () => {
    const user = await t.userWithRole('operationManager', { scopes: ['stock-adjustments:post', 'stock-adjustments:cancel', 'stock-adjustments:delete'] });
    await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions: [ids.north] })}::jsonb WHERE id = ${user.id}`);
    const draftIn = (region: number) => ({ adjustmentDate: today, reason: 'openingStock', lines: [{ itemId: ids.gloves, regionId: region, quantity: 1, unitCost: '1.00' }] });
    const south = (await call('POST', '/api/stock-adjustments', draftIn(ids.south))).json().data.id as number;
    const north = (await call('POST', '/api/stock-adjustments', draftIn(ids.north))).json().data.id as number;
    const url = `/api/stock-adjustments/${south}`;

    expect((await call('GET', url, undefined, user.token)).statusCode).toBe(404);
    expect((await call('PUT', url, draftIn(ids.north), user.token)).statusCode).toBe(404);
    expect((await call('PUT', url, { ...draftIn(ids.north), post: true }, user.token)).statusCode).toBe(404);
    expect((await call('POST', `${url}/post`, undefined, user.token)).statusCode).toBe(404);
    expect((await call('DELETE', url, undefined, user.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/stock-adjustments/${state.opening}/cancel`, undefined, user.token)).statusCode).toBe(404);
    const listed = (await call('GET', '/api/stock-adjustments?pageSize=100', undefined, user.token)).json().data.map((d: { id: number }) => d.id);
    expect(listed).not.toContain(south);
    expect(listed).toContain(north);
    // Untouched, and the same requests on their own region's draft succeed.
    const kept = (await call('GET', url)).json().data;
    expect(kept.status).toBe('draft');
    expect(kept.lines[0].regionId).toBe(ids.south);
    expect((await call('GET', `/api/stock-adjustments/${north}`, undefined, user.token)).statusCode).toBe(200);
    expect((await call('PUT', `/api/stock-adjustments/${north}`, draftIn(ids.north), user.token)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/stock-adjustments/${north}`, undefined, user.token)).statusCode).toBe(200);
    expect((await call('DELETE', url)).statusCode).toBe(200);
  });

  it('keeps the Inventory account equal to the value of the lots through a random sequence of adjustments', async () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed % n;
    };
    for (let i = 0; i < 12; i++) {
      const lots = await queryRows<{ id: number; quantity: number }>(t.database.db, sql`SELECT id, quantity FROM inventory WHERE quantity > 0 ORDER BY id`);
      const lot = lots[random(lots.length)]!;
      const out = random(2) === 0 && lot.quantity > 0;
      const line = out
        ? { inventoryId: Number(lot.id), quantity: -(1 + random(Number(lot.quantity))) }
        : newLot(`RND-${i}`, 1 + random(20), `${random(500)}.${String(random(100)).padStart(2, '0')}`, { regionId: random(2) === 0 ? ids.north : ids.south });
      const response = await call('POST', '/api/stock-adjustments', { adjustmentDate: today, reason: 'countCorrection', post: true, lines: [line] });
      expect(response.statusCode, response.body).toBe(201);
      if (random(3) === 0) expect((await call('POST', `/api/stock-adjustments/${response.json().data.id}/cancel`)).statusCode).toBe(200);
    }
    const agrees = await inventoryAgrees();
    expect(agrees.ledger).toBe(agrees.lots);
  });
});

describe('stock adjustments: answers', () => {
  it('answers a draft save, a replace, a post and a save-and-post with what a read gives', async () => {
    const read = async (id: number) => (await call('GET', `/api/stock-adjustments/${id}`)).json().data;
    const gloves = { itemId: ids.gloves, regionId: ids.south, lotNumber: ' ANS-1 ', quantity: 5, unitCost: '2.5' };
    const created = await call('POST', '/api/stock-adjustments', { adjustmentDate: today, reason: 'countCorrection', narration: 'Answer', lines: [gloves] });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect(await read(id)).toEqual(created.json().data);
    const replaced = await call('PUT', `/api/stock-adjustments/${id}`, { adjustmentDate: today, reason: 'countCorrection', lines: [{ ...gloves, quantity: 6, unitCost: '2.50' }] });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await read(id)).toEqual(replaced.json().data);
    const posted = await call('POST', `/api/stock-adjustments/${id}/post`);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().data).toMatchObject({ status: 'posted', totalValue: '15.00', documentNumber: expect.stringMatching(/^SA-\d{4}-\d{6}$/) });
    expect(await read(id)).toEqual(posted.json().data);

    const lot = await lotOf('ANS-1');
    const existing = { adjustmentDate: today, reason: 'damage', narration: 'Answer 2', post: true, lines: [{ inventoryId: lot.id, quantity: -2 }] };
    const savedAndPosted = await call('POST', '/api/stock-adjustments', existing);
    expect(savedAndPosted.statusCode, savedAndPosted.body).toBe(201);
    expect(savedAndPosted.json().data).toMatchObject({ status: 'posted', totalValue: '-5.00', lines: [{ inventoryId: lot.id, lotNumber: 'ANS-1', unitCost: '2.50', region: { regionName: 'Adj South' } }] });
    expect(await read(savedAndPosted.json().data.id)).toEqual(savedAndPosted.json().data);
    expect((await lotOf('ANS-1')).quantity).toBe(4);
  });
});

describe('stock adjustments: posting accounts', () => {
  it('refuses to post (409 naming the key) until the counter account is chosen, on save-and-post and on post, storing nothing', async () => {
    const [chosen] = await queryRows<{ accountId: number }>(t.database.db, sql`DELETE FROM posting_accounts WHERE key = 'stockAdjustments' RETURNING account_id AS "accountId"`);
    try {
      const lot = await lotOf('ANS-1');
      const body = { adjustmentDate: today, reason: 'damage', lines: [{ inventoryId: lot.id, quantity: -1 }] };
      const before = await queryRows(t.database.db, sql`SELECT count(*)::int AS n FROM stock_adjustments`);
      const refused = await call('POST', '/api/stock-adjustments', { ...body, post: true });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errors).toEqual({ stockAdjustments: expect.stringMatching(/^Choose the .+ account in Settings, Posting accounts, before posting$/) });
      expect(await queryRows(t.database.db, sql`SELECT count(*)::int AS n FROM stock_adjustments`)).toEqual(before);
      const draft = await call('POST', '/api/stock-adjustments', body);
      expect((await call('POST', `/api/stock-adjustments/${draft.json().data.id}/post`)).statusCode).toBe(409);
      expect((await lotOf('ANS-1')).quantity).toBe(lot.quantity);
    } finally {
      await t.database.db.execute(sql`INSERT INTO posting_accounts (key, account_id) VALUES ('stockAdjustments', ${chosen!.accountId})`);
    }
  });
});
