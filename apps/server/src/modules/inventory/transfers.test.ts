import { addDays } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import { documentRoutes } from '../../lib/document/register-document.ts';
import { queuedBehind } from '../../test/queued-behind.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { transferBinding } from './transfers.binding.ts';

let t: TestApp;
const today = todayIso();
const expiry = addDays(today, 365);
const ids = { north: 0, south: 0, east: 0, category: 0, cbc: 0, courier: 0 };
const lots: Record<string, number> = {};

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = t.adminToken) {
  return t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: bearer(token) });
}

const newLot = (regionId: number, lotNumber: string, quantity: number, unitCost: string, dateExpiry = expiry) => ({ itemId: ids.cbc, regionId, lotNumber, dateExpiry, quantity, unitCost });

beforeAll(async () => {
  t = await createTestApp();
  ids.north = (await call('POST', '/api/regions', { regionName: 'Trf North', regionCode: 'TNO' })).json().data.id;
  ids.south = (await call('POST', '/api/regions', { regionName: 'Trf South', regionCode: 'TSO' })).json().data.id;
  ids.east = (await call('POST', '/api/regions', { regionName: 'Trf East', regionCode: 'TEA' })).json().data.id;
  ids.category = (await call('POST', '/api/categories', { categoryName: 'Trf reagents' })).json().data.id;
  ids.cbc = (
    await call('POST', '/api/items', { itemName: 'CBC Reagent', articleNumber: 'TRF-CBC', categoryId: ids.category, unit: 'kit', costPrice: '0.00', salePrice: '0.00', lotTracked: true, storageCondition: 'ambient', active: true })
  ).json().data.id;
  await call('POST', `/api/items/${ids.cbc}/approve`);
  const courier = await call('POST', '/api/couriers', { courierName: 'Trf Courier' });
  expect(courier.statusCode, courier.body).toBe(201);
  ids.courier = courier.json().data.id;
  const opening = await call('POST', '/api/stock-adjustments', {
    adjustmentDate: today,
    reason: 'openingStock',
    post: true,
    lines: [
      newLot(ids.north, 'L-A', 10, '12.35'),
      newLot(ids.north, 'L-EXP', 2, '1.00', addDays(today, -1)),
      newLot(ids.north, 'L-RACE', 5, '2.00'),
      newLot(ids.north, 'L-CLASH', 5, '3.00'),
      newLot(ids.south, 'L-CLASH', 1, '4.00'),
      newLot(ids.south, 'L-S', 5, '1.50'),
      newLot(ids.north, 'L-HOLD-R', 5, '3.00'),
      newLot(ids.north, 'L-HOLD-C', 5, '3.00'),
      newLot(ids.north, 'L-COST', 6, '5.00'),
    ],
  });
  expect(opening.statusCode, opening.body).toBe(201);
  for (const row of await queryRows<{ id: number; lotNumber: string; regionId: number }>(t.database.db, sql`SELECT id, lot_number AS "lotNumber", region_id AS "regionId" FROM inventory`)) {
    lots[`${row.lotNumber}@${Number(row.regionId)}`] = Number(row.id);
  }
});
afterAll(async () => t?.close());

const lotId = (lotNumber: string, regionId = ids.north) => lots[`${lotNumber}@${regionId}`]!;

/** The lots of that number everywhere, with where they are. */
async function lotsNamed(lotNumber: string) {
  return queryRows<{ regionId: number; kind: string; place: string; quantity: number; dateExpiry: string | null; unitCost: string }>(
    t.database.db,
    sql`SELECT i.region_id AS "regionId", l.kind, l.location_name AS place, i.quantity, i.date_expiry::text AS "dateExpiry", i.unit_cost::text AS "unitCost"
        FROM inventory i JOIN stock_locations l ON l.id = i.location_id WHERE i.lot_number = ${lotNumber} ORDER BY i.id`,
  ).then((rows) => rows.map((r) => ({ ...r, regionId: Number(r.regionId), quantity: Number(r.quantity) })));
}

async function quantityOf(inventoryId: number) {
  const [row] = await queryRows<{ quantity: number }>(t.database.db, sql`SELECT quantity FROM inventory WHERE id = ${inventoryId}`);
  return Number(row!.quantity);
}

/** A transfer's ledger rows: posting key, region stamp, debit and credit, in order. */
async function transferRows(id: number) {
  return queryRows<{ key: string; regionId: number; debit: string; credit: string; documentNumber: string }>(
    t.database.db,
    sql`SELECT p.key, g.region_id AS "regionId", g.debit::text AS debit, g.credit::text AS credit, g.document_number AS "documentNumber"
        FROM gl_entries g JOIN posting_accounts p ON p.account_id = g.account_id
        WHERE g.document_type = 'transfer' AND g.document_id = ${id}::int ORDER BY g.id`,
  );
}

const draftBody = (lines: Array<{ inventoryId: number; quantity: number }>, extra: Record<string, unknown> = {}) => ({
  fromRegionId: ids.north,
  toRegionId: ids.south,
  courierId: ids.courier,
  transferDate: today,
  notes: 'Weekly replenishment',
  lines,
  ...extra,
});

async function draft(lines: Array<{ inventoryId: number; quantity: number }>, extra: Record<string, unknown> = {}, token = t.adminToken): Promise<number> {
  const response = await call('POST', '/api/transfers', draftBody(lines, extra), token);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

describe('transfers: a transfer dispatched and received (scenario)', () => {
  const state: Record<string, number> = {};

  it('saves a draft that moves nothing, answering what a read gives', async () => {
    const response = await call('POST', '/api/transfers', draftBody([{ inventoryId: lotId('L-A'), quantity: 4 }]));
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({
      status: 'draft',
      documentNumber: null,
      fromRegion: { regionName: 'Trf North' },
      toRegion: { regionName: 'Trf South' },
      courier: { courierName: 'Trf Courier' },
      totalValue: '49.40',
      lines: [{ lineNo: 1, inventoryId: lotId('L-A'), quantity: 4, lotNumber: 'L-A', dateExpiry: expiry, unitCost: '12.35', value: '49.40', item: { itemName: 'CBC Reagent' } }],
    });
    expect((await call('GET', `/api/transfers/${data.id}`)).json().data).toEqual(data);
    const replaced = await call('PUT', `/api/transfers/${data.id}`, draftBody([{ inventoryId: lotId('L-A'), quantity: 6 }], { courierId: null }));
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((await call('GET', `/api/transfers/${data.id}`)).json().data).toEqual(replaced.json().data);
    expect(replaced.json().data).toMatchObject({ courier: null, totalValue: '74.10' });
    expect(await quantityOf(lotId('L-A'))).toBe(10);
    state.main = data.id;
    // No save-and-post: a transfer is dispatched.
    expect((await call('POST', '/api/transfers', { ...draftBody([{ inventoryId: lotId('L-A'), quantity: 1 }]), post: true })).statusCode).toBe(400);
  });

  it("dispatches: the number, the lot out of the source warehouse and into the destination in transit, at cost from the source's Inventory to the destination's in transit", async () => {
    const response = await call('POST', `/api/transfers/${state.main}/dispatch`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Transfer dispatched');
    const data = response.json().data;
    expect(data).toMatchObject({ status: 'dispatched', dispatchedBy: expect.any(Number) });
    expect(data.documentNumber).toMatch(new RegExp(`^TRF-${today.slice(0, 4)}-\\d{6}$`));
    expect((await call('GET', `/api/transfers/${state.main}`)).json().data).toEqual(data);
    expect(await lotsNamed('L-A')).toEqual([
      { regionId: ids.north, kind: 'warehouse', place: 'Trf North warehouse', quantity: 4, dateExpiry: expiry, unitCost: '12.35' },
      { regionId: ids.south, kind: 'transit', place: 'Trf South in transit', quantity: 6, dateExpiry: expiry, unitCost: '12.35' },
    ]);
    const moves = await queryRows<{ qin: number; qout: number; n: string; kind: string }>(
      t.database.db,
      sql`SELECT m.quantity_in AS qin, m.quantity_out AS qout, m.document_number AS n, l.kind FROM stock_moves m JOIN stock_locations l ON l.id = m.location_id
          WHERE m.document_type = 'transfer' AND m.document_id = ${state.main} ORDER BY m.id`,
    );
    expect(moves).toEqual([
      { qin: 0, qout: 6, n: data.documentNumber, kind: 'warehouse' },
      { qin: 6, qout: 0, n: data.documentNumber, kind: 'transit' },
    ]);
    // 6 x 12.35, stamped with the region each side's lots are in (the in-transit location is the destination's).
    expect(await transferRows(state.main!)).toEqual([
      { key: 'inventoryInTransit', regionId: ids.south, debit: '74.10', credit: '0.00', documentNumber: data.documentNumber },
      { key: 'inventory', regionId: ids.north, debit: '0.00', credit: '74.10', documentNumber: data.documentNumber },
    ]);
  });

  it('shows the stock in transit on /inventory (location filter) and in the inventory ledger, never in pickers', async () => {
    const inTransit = (await call('GET', '/api/inventory?location=transit')).json().data;
    expect(inTransit.map((r: { lotNumber: string; quantity: number; location: { locationName: string } }) => [r.lotNumber, r.quantity, r.location.locationName])).toEqual([
      ['L-A', 6, 'Trf South in transit'],
    ]);
    const warehouse = (await call('GET', '/api/inventory?pageSize=100')).json().data;
    expect(warehouse.every((r: { location: { kind: string } }) => r.location.kind === 'warehouse')).toBe(true);
    const options = (await call('GET', `/api/inventory/options?regionId=${ids.south}`)).json().options;
    expect(options.map((o: { lotNumber: string }) => o.lotNumber).sort()).toEqual(['L-CLASH', 'L-S']);
    const transitLot = inTransit[0].inventoryId;
    const ledger = (await call('GET', `/api/inventory-ledger?inventoryId=${transitLot}`)).json();
    expect(ledger.rows.map((r: { quantityIn: number; location: { locationName: string }; documentType: string }) => [r.documentType, r.quantityIn, r.location.locationName])).toEqual([
      ['transfer', 6, 'Trf South in transit'],
    ]);
  });

  it("receives: out of transit into the destination warehouse as the same lot, expiry and cost; from its in transit to its Inventory", async () => {
    const response = await call('POST', `/api/transfers/${state.main}/receive`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Transfer received', data: { status: 'received', receivedBy: expect.any(Number) } });
    expect(await lotsNamed('L-A')).toEqual([
      { regionId: ids.north, kind: 'warehouse', place: 'Trf North warehouse', quantity: 4, dateExpiry: expiry, unitCost: '12.35' },
      { regionId: ids.south, kind: 'transit', place: 'Trf South in transit', quantity: 0, dateExpiry: expiry, unitCost: '12.35' },
      { regionId: ids.south, kind: 'warehouse', place: 'Trf South warehouse', quantity: 6, dateExpiry: expiry, unitCost: '12.35' },
    ]);
    expect((await transferRows(state.main!)).slice(2).map(({ documentNumber: _, ...row }) => row)).toEqual([
      { key: 'inventory', regionId: ids.south, debit: '74.10', credit: '0.00' },
      { key: 'inventoryInTransit', regionId: ids.south, debit: '0.00', credit: '74.10' },
    ]);
    // Received stock is the destination's to sell.
    const options = (await call('GET', `/api/inventory/options?regionId=${ids.south}`)).json().options;
    expect(options.find((o: { lotNumber: string }) => o.lotNumber === 'L-A')).toMatchObject({ quantity: 6, unitCost: '12.35', dateExpiry: expiry });
    // Nothing more to do with it.
    for (const action of ['dispatch', 'receive', 'cancel']) expect((await call('POST', `/api/transfers/${state.main}/${action}`)).statusCode).toBe(409);
  });

  it('cancels another in transit: the stock returns to the source lot, and it can no longer be received', async () => {
    const id = await draft([{ inventoryId: lotId('L-A'), quantity: 3 }]);
    expect((await call('POST', `/api/transfers/${id}/dispatch`)).statusCode).toBe(200);
    expect(await quantityOf(lotId('L-A'))).toBe(1);
    const cancelled = await call('POST', `/api/transfers/${id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ message: 'Transfer cancelled', data: { status: 'cancelled', cancelledBy: expect.any(Number) } });
    expect(await quantityOf(lotId('L-A'))).toBe(4);
    const transit = (await lotsNamed('L-A')).find((l) => l.kind === 'transit')!;
    expect(transit.quantity).toBe(0);
    // The dispatch's rows mirrored: the value back in the source's Inventory.
    expect((await transferRows(id)).map(({ documentNumber: _, ...row }) => row)).toEqual([
      { key: 'inventoryInTransit', regionId: ids.south, debit: '37.05', credit: '0.00' },
      { key: 'inventory', regionId: ids.north, debit: '0.00', credit: '37.05' },
      { key: 'inventoryInTransit', regionId: ids.south, debit: '0.00', credit: '37.05' },
      { key: 'inventory', regionId: ids.north, debit: '37.05', credit: '0.00' },
    ]);
    const moves = await queryRows<{ qin: number; qout: number }>(
      t.database.db,
      sql`SELECT quantity_in AS qin, quantity_out AS qout FROM stock_moves WHERE document_type = 'transfer' AND document_id = ${id} ORDER BY id`,
    );
    expect(moves).toEqual([
      { qin: 0, qout: 3 },
      { qin: 3, qout: 0 },
      { qin: 3, qout: 0 },
      { qin: 0, qout: 3 },
    ]);
    expect((await call('POST', `/api/transfers/${id}/receive`)).statusCode).toBe(409);
  });

  it('cancels a draft: nothing moves', async () => {
    const id = await draft([{ inventoryId: lotId('L-A'), quantity: 1 }]);
    const response = await call('POST', `/api/transfers/${id}/cancel`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'cancelled', documentNumber: null });
    expect(await queryRows(t.database.db, sql`SELECT 1 FROM stock_moves WHERE document_type = 'transfer' AND document_id = ${id}`)).toEqual([]);
    expect(await quantityOf(lotId('L-A'))).toBe(4);
  });
});

describe('transfers: refusals', () => {
  it('refuses the same region, a lot of another region, a missing courier, naming the fields', async () => {
    const same = await call('POST', '/api/transfers', draftBody([{ inventoryId: lotId('L-A'), quantity: 1 }], { toRegionId: ids.north }));
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual({ toRegionId: 'The destination must be another region than the source' });
    const elsewhere = await call('POST', '/api/transfers', draftBody([{ inventoryId: lotId('L-A'), quantity: 1 }, { inventoryId: lotId('L-S', ids.south), quantity: 1 }], { courierId: 999_999 }));
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errors).toEqual({ 'lines.1.inventoryId': 'The lot is not in the Trf North warehouse', courierId: 'The courier does not exist' });
    const zero = await call('POST', '/api/transfers', draftBody([{ inventoryId: lotId('L-A'), quantity: 0 }]));
    expect(zero.statusCode).toBe(400);
    expect(Object.keys(zero.json().errors)).toEqual(['lines.0.quantity']);
    // A lot in transit is not in a warehouse.
    const transitLot = (await call('GET', '/api/inventory?location=transit&includeEmpty=true')).json().data[0].inventoryId;
    const fromTransit = await call('POST', '/api/transfers', draftBody([{ inventoryId: transitLot, quantity: 1 }], { fromRegionId: ids.south, toRegionId: ids.east }));
    expect(fromTransit.statusCode).toBe(400);
    expect(fromTransit.json().errors).toEqual({ 'lines.0.inventoryId': 'The lot is not in the Trf South warehouse' });
  });

  it('refuses a dispatch beyond the lot (409 naming the lot) and of an expired lot, moving nothing', async () => {
    const over = await draft([{ inventoryId: lotId('L-A'), quantity: 5 }]);
    const refused = await call('POST', `/api/transfers/${over}/dispatch`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Only 4 of CBC Reagent lot L-A are available in Trf North');
    expect(refused.json().errors).toEqual({ 'lines.0.quantity': 'Only 4 of CBC Reagent lot L-A are available in Trf North' });
    expect((await call('GET', `/api/transfers/${over}`)).json().data).toMatchObject({ status: 'draft', documentNumber: null });
    const expired = await draft([{ inventoryId: lotId('L-EXP'), quantity: 1 }]);
    const refusedExpired = await call('POST', `/api/transfers/${expired}/dispatch`);
    expect(refusedExpired.statusCode).toBe(409);
    expect(refusedExpired.json().message).toBe(`CBC Reagent lot L-EXP expired on ${addDays(today, -1)} and cannot be issued`);
    expect(Object.keys(refusedExpired.json().errors)).toEqual(['lines.0.inventoryId']);
    expect(await quantityOf(lotId('L-EXP'))).toBe(2);
    expect(await quantityOf(lotId('L-A'))).toBe(4);
  });

  it('refuses to send a lot the destination holds under the same number at another cost', async () => {
    const id = await draft([{ inventoryId: lotId('L-CLASH'), quantity: 1 }]);
    const refused = await call('POST', `/api/transfers/${id}/dispatch`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      'lines.0.inventoryId': 'Lot L-CLASH is already held in Trf South at a unit cost of 4.00; it cannot be received there under the same number',
    });
    expect(await quantityOf(lotId('L-CLASH'))).toBe(5);
    // To another region it goes.
    expect((await call('PUT', `/api/transfers/${id}`, draftBody([{ inventoryId: lotId('L-CLASH'), quantity: 1 }], { toRegionId: ids.east }))).statusCode).toBe(200);
    expect((await call('POST', `/api/transfers/${id}/dispatch`)).statusCode).toBe(200);
  });

  it('answers 409 for a transition from the wrong state', async () => {
    const id = await draft([{ inventoryId: lotId('L-A'), quantity: 1 }]);
    const receive = await call('POST', `/api/transfers/${id}/receive`);
    expect(receive.statusCode).toBe(409);
    expect(receive.json().message).toBe('A draft transfer cannot be received');
    await call('POST', `/api/transfers/${id}/cancel`);
    expect((await call('POST', `/api/transfers/${id}/dispatch`)).statusCode).toBe(409);
    expect((await call('PUT', `/api/transfers/${id}`, draftBody([{ inventoryId: lotId('L-A'), quantity: 1 }]))).statusCode).toBe(409);
  });

  it('lets the auditor read only; refuses roles without /transfers (inventory supervisor, operation manager); the accountant cancels', async () => {
    const id = await draft([{ inventoryId: lotId('L-A'), quantity: 1 }]);
    const auditor = await t.userWithRole('auditor');
    expect((await call('GET', '/api/transfers', undefined, auditor.token)).statusCode).toBe(200);
    expect((await call('POST', '/api/transfers', draftBody([{ inventoryId: lotId('L-A'), quantity: 1 }]), auditor.token)).statusCode).toBe(403);
    for (const action of ['dispatch', 'receive', 'cancel']) expect((await call('POST', `/api/transfers/${id}/${action}`, undefined, auditor.token)).statusCode).toBe(403);
    for (const role of ['inventorySupervisor', 'operationManager', 'salesExecutive'] as const) {
      const user = await t.userWithRole(role);
      expect((await call('GET', '/api/transfers', undefined, user.token)).statusCode, role).toBe(403);
      expect((await call('POST', `/api/transfers/${id}/dispatch`, undefined, user.token)).statusCode, role).toBe(403);
    }
    // The accountant holds every cancel by default; an admin could grant transfers:cancel to another.
    const accountant = await t.userWithRole('accountant');
    expect((await call('POST', `/api/transfers/${id}/cancel`, undefined, accountant.token)).statusCode).toBe(200);
  });

  it('keeps a user to their regions: sees transfers from or to them, dispatches only from and receives only into them', async () => {
    const southUser = await t.userWithRole('accountant');
    await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions: [ids.south] })}::jsonb WHERE id = ${southUser.id}`);
    const toSouth = await draft([{ inventoryId: lotId('L-A'), quantity: 1 }]);
    const toEast = await draft([{ inventoryId: lotId('L-A'), quantity: 1 }], { toRegionId: ids.east });
    const listed = (await call('GET', '/api/transfers?pageSize=100', undefined, southUser.token)).json().data.map((d: { id: number }) => d.id);
    expect(listed).toContain(toSouth);
    expect(listed).not.toContain(toEast);
    expect((await call('GET', `/api/transfers/${toEast}`, undefined, southUser.token)).statusCode).toBe(404);
    // North's lot reads as missing to them, and North is not theirs to send from.
    const theirs = await call('POST', '/api/transfers', draftBody([{ inventoryId: lotId('L-A'), quantity: 1 }]), southUser.token);
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().errors).toEqual({ fromRegionId: 'The region does not exist', 'lines.0.inventoryId': 'The lot does not exist' });
    const dispatch = await call('POST', `/api/transfers/${toSouth}/dispatch`, undefined, southUser.token);
    expect(dispatch.statusCode).toBe(403);
    expect(dispatch.json().message).toBe('Only a user of Trf North may dispatch this transfer');
    expect((await call('POST', `/api/transfers/${toSouth}/dispatch`)).statusCode).toBe(200);
    expect((await call('POST', `/api/transfers/${toSouth}/receive`, undefined, southUser.token)).statusCode).toBe(200);
    await call('DELETE', `/api/transfers/${toEast}`);
  });

  it('leaves change, delete and cancel to the source: a user of the destination only sees and receives (403 naming the region)', async () => {
    const southUser = await t.userWithRole('accountant');
    const northUser = await t.userWithRole('accountant');
    await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions: [ids.south] })}::jsonb WHERE id = ${southUser.id}`);
    await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions: [ids.north] })}::jsonb WHERE id = ${northUser.id}`);
    const refusal = (message: string) => ({ statusCode: 403, message });
    const outcome = async (response: Awaited<ReturnType<typeof call>>) => ({ statusCode: response.statusCode, message: response.json().message });
    const body = draftBody([{ inventoryId: lotId('L-A'), quantity: 1 }], { notes: 'Changed by the destination' });

    const pending = await draft([{ inventoryId: lotId('L-A'), quantity: 1 }]);
    expect(await outcome(await call('PUT', `/api/transfers/${pending}`, body, southUser.token))).toEqual(refusal('Only a user of Trf North may change this transfer'));
    expect(await outcome(await call('DELETE', `/api/transfers/${pending}`, undefined, southUser.token))).toEqual(refusal('Only a user of Trf North may delete this transfer'));
    expect(await outcome(await call('POST', `/api/transfers/${pending}/cancel`, undefined, southUser.token))).toEqual(refusal('Only a user of Trf North may cancel this transfer'));
    expect((await call('GET', `/api/transfers/${pending}`)).json().data).toMatchObject({ status: 'draft', notes: 'Weekly replenishment' });

    const sent = await draft([{ inventoryId: lotId('L-A'), quantity: 1 }]);
    expect((await call('POST', `/api/transfers/${sent}/dispatch`, undefined, northUser.token)).statusCode).toBe(200);
    const left = await quantityOf(lotId('L-A'));
    // Cancelling would pull the stock back into North.
    expect(await outcome(await call('POST', `/api/transfers/${sent}/cancel`, undefined, southUser.token))).toEqual(refusal('Only a user of Trf North may cancel this transfer'));
    expect(await quantityOf(lotId('L-A'))).toBe(left);
    expect((await call('GET', `/api/transfers/${sent}`)).json().data.status).toBe('dispatched');
    expect(await outcome(await call('POST', `/api/transfers/${sent}/receive`, undefined, northUser.token))).toEqual(refusal('Only a user of Trf South may receive this transfer'));

    // The source's user may do all of it.
    expect((await call('POST', `/api/transfers/${sent}/cancel`, undefined, northUser.token)).statusCode).toBe(200);
    expect(await quantityOf(lotId('L-A'))).toBe(left + 1);
    expect((await call('PUT', `/api/transfers/${pending}`, body, northUser.token)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/transfers/${pending}`, undefined, northUser.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/transfers/${pending}`)).statusCode).toBe(404);
  });

  it('refuses a transfer date later than today, on save and at dispatch (400 transferDate), moving nothing', async () => {
    const tomorrow = addDays(today, 1);
    const lines = [{ inventoryId: lotId('L-A'), quantity: 1 }];
    const created = await call('POST', '/api/transfers', draftBody(lines, { transferDate: tomorrow }));
    expect(created.statusCode).toBe(400);
    expect(created.json().errors).toEqual({ transferDate: 'The transfer date cannot be later than today' });
    const id = await draft(lines);
    const updated = await call('PUT', `/api/transfers/${id}`, draftBody(lines, { transferDate: tomorrow }));
    expect(updated.statusCode).toBe(400);
    expect(updated.json().errors).toEqual({ transferDate: 'The transfer date cannot be later than today' });
    // A draft dated ahead some other way (saved before this rule) is not dispatched either.
    await t.database.db.execute(sql`UPDATE transfers SET document_date = ${tomorrow}::date WHERE id = ${id}`);
    const left = await quantityOf(lotId('L-A'));
    const dispatched = await call('POST', `/api/transfers/${id}/dispatch`);
    expect(dispatched.statusCode).toBe(400);
    expect(dispatched.json().errors).toEqual({ transferDate: 'The transfer date cannot be later than today' });
    expect(await quantityOf(lotId('L-A'))).toBe(left);
    expect((await call('GET', `/api/transfers/${id}`)).json().data).toMatchObject({ status: 'draft', documentNumber: null });
    await call('DELETE', `/api/transfers/${id}`);
  });

  it('refuses to dispatch a lot expired today even on a transfer dated before its expiry (409 naming the line)', async () => {
    const expiredOn = addDays(today, -1);
    const id = await draft([{ inventoryId: lotId('L-EXP'), quantity: 1 }], { transferDate: addDays(today, -2) });
    const refused = await call('POST', `/api/transfers/${id}/dispatch`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(`CBC Reagent lot L-EXP expired on ${expiredOn} and cannot be issued`);
    expect(refused.json().errors).toEqual({ 'lines.0.inventoryId': `CBC Reagent lot L-EXP expired on ${expiredOn} and cannot be issued` });
    expect(await quantityOf(lotId('L-EXP'))).toBe(2);
    expect((await call('GET', `/api/transfers/${id}`)).json().data).toMatchObject({ status: 'draft', documentNumber: null });
  });

  it('refuses a direct change of a dispatched transfer or its lines (trigger), and of the regions being the same', async () => {
    const id = await draft([{ inventoryId: lotId('L-A'), quantity: 1 }]);
    expect((await call('POST', `/api/transfers/${id}/dispatch`)).statusCode).toBe(200);
    const refused = (statement: ReturnType<typeof sql>) =>
      t.database.db.execute(statement).then(
        () => 'changed',
        () => 'refused',
      );
    expect(await refused(sql`UPDATE transfers SET notes = 'x' WHERE id = ${id}`)).toBe('refused');
    expect(await refused(sql`UPDATE transfers SET to_region_id = ${ids.east} WHERE id = ${id}`)).toBe('refused');
    expect(await refused(sql`DELETE FROM transfers WHERE id = ${id}`)).toBe('refused');
    expect(await refused(sql`UPDATE transfer_lines SET quantity = 99 WHERE transfer_id = ${id}`)).toBe('refused');
    expect(await refused(sql`DELETE FROM transfer_lines WHERE transfer_id = ${id}`)).toBe('refused');
    expect(await refused(sql`INSERT INTO transfer_lines (transfer_id, line_no, inventory_id, quantity) VALUES (${id}, 2, ${lotId('L-A')}, 1)`)).toBe('refused');
    const other = await draft([{ inventoryId: lotId('L-A'), quantity: 1 }]);
    expect(await refused(sql`UPDATE transfers SET to_region_id = from_region_id WHERE id = ${other}`)).toBe('refused');
    expect(await refused(sql`UPDATE transfers SET notes = 'fine' WHERE id = ${other}`)).toBe('changed');
    expect((await call('POST', `/api/transfers/${id}/cancel`)).statusCode).toBe(200);
  });

  it('has a route for every declared transition', () => {
    expect(transferBinding.definition.actions).toEqual(['dispatch', 'receive', 'cancel']);
    for (const action of transferBinding.definition.actions) expect(t.app.hasRoute({ method: 'POST', url: `/api/transfers/:id/${action}` }), action).toBe(true);
    expect(documentRoutes(transferBinding as never)).toHaveLength(3 + 3);
  });
});

describe('transfers: concurrency', () => {
  it('two dispatches draining one lot at once: one goes, the other is refused with 409, the lot never below zero', async () => {
    const a = await draft([{ inventoryId: lotId('L-RACE'), quantity: 4 }]);
    const b = await draft([{ inventoryId: lotId('L-RACE'), quantity: 3 }]);
    const outcomes = await Promise.all([a, b].map((id) => call('POST', `/api/transfers/${id}/dispatch`).then((r) => r.statusCode)));
    expect(outcomes.sort()).toEqual([200, 409]);
    const left = await quantityOf(lotId('L-RACE'));
    expect(left === 1 || left === 2).toBe(true);
    const inTransit = (await lotsNamed('L-RACE')).find((l) => l.kind === 'transit')!;
    expect(inTransit.quantity + left).toBe(5);
  });

  it('the same transfer dispatched twice at once moves its stock once', async () => {
    const id = await draft([{ inventoryId: lotId('L-S', ids.south), quantity: 2 }], { fromRegionId: ids.south, toRegionId: ids.east });
    const outcomes = await Promise.all([1, 2].map(() => call('POST', `/api/transfers/${id}/dispatch`).then((r) => r.statusCode)));
    expect(outcomes.sort()).toEqual([200, 409]);
    expect(await quantityOf(lotId('L-S', ids.south))).toBe(3);
  });
});

describe('transfers: a lot quarantined on the way (issue 31)', () => {
  /** The row of that lot at that kind of place in that region, with its hold. */
  async function rowOf(lotNumber: string, kind: 'warehouse' | 'transit', regionId: number) {
    const [row] = await queryRows<{ id: number; lotStatus: string; statusReason: string; quarantinedManually: boolean; quantity: number }>(
      t.database.db,
      sql`SELECT i.id, i.lot_status AS "lotStatus", i.status_reason AS "statusReason", i.quarantined_manually AS "quarantinedManually", i.quantity
          FROM inventory i JOIN stock_locations l ON l.id = i.location_id WHERE i.lot_number = ${lotNumber} AND l.kind = ${kind} AND i.region_id = ${regionId}`,
    );
    return { ...row!, id: Number(row!.id), quantity: Number(row!.quantity) };
  }

  async function quarantinedInTransit(lotNumber: string, quantity: number, reason: string): Promise<{ id: number; documentNumber: string }> {
    const id = await draft([{ inventoryId: lotId(lotNumber), quantity }]);
    const dispatched = await call('POST', `/api/transfers/${id}/dispatch`);
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    const transit = await rowOf(lotNumber, 'transit', ids.south);
    const held = await call('POST', `/api/inventory/${transit.id}/quarantine`, { reason });
    expect(held.statusCode, held.body).toBe(200);
    return { id, documentNumber: dispatched.json().data.documentNumber };
  }

  it('receives it still quarantined: the destination row takes the hold and its reason, and is neither offered nor sent on', async () => {
    const { id, documentNumber } = await quarantinedInTransit('L-HOLD-R', 3, 'Seal broken');
    const received = await call('POST', `/api/transfers/${id}/receive`);
    expect(received.statusCode, received.body).toBe(200);
    const arrived = await rowOf('L-HOLD-R', 'warehouse', ids.south);
    expect(arrived).toMatchObject({ lotStatus: 'quarantined', statusReason: 'Seal broken', quarantinedManually: true, quantity: 3 });
    const history = (await call('GET', `/api/inventory/${arrived.id}/status-history`)).json().data;
    expect(history).toEqual([expect.objectContaining({ from: 'released', to: 'quarantined', document: { documentType: 'transfer', documentId: id, documentNumber } })]);
    const options = (await call('GET', `/api/inventory/options?regionId=${ids.south}`)).json().options;
    expect(options.map((o: { lotNumber: string }) => o.lotNumber)).not.toContain('L-HOLD-R');
    const onward = await draft([{ inventoryId: arrived.id, quantity: 1 }], { fromRegionId: ids.south, toRegionId: ids.east });
    const refused = await call('POST', `/api/transfers/${onward}/dispatch`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().errors).toEqual({ 'lines.0.inventoryId': 'CBC Reagent lot L-HOLD-R is quarantined (Seal broken) and cannot be transferred' });
    await call('DELETE', `/api/transfers/${onward}`);
    // A person's release lets it go, as any quarantine.
    expect((await call('POST', `/api/inventory/${arrived.id}/release`, { reason: 'Inspected' })).statusCode).toBe(200);
    expect(await rowOf('L-HOLD-R', 'warehouse', ids.south)).toMatchObject({ lotStatus: 'released', quantity: 3 });
  });

  it('returns it quarantined to its source when the transfer is cancelled', async () => {
    const { id } = await quarantinedInTransit('L-HOLD-C', 2, 'Temperature log missing');
    const cancelled = await call('POST', `/api/transfers/${id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await rowOf('L-HOLD-C', 'warehouse', ids.north)).toMatchObject({ lotStatus: 'quarantined', statusReason: 'Temperature log missing', quantity: 5 });
    const sent = await draft([{ inventoryId: lotId('L-HOLD-C'), quantity: 1 }]);
    const refused = await call('POST', `/api/transfers/${sent}/dispatch`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().errors).toEqual({ 'lines.0.inventoryId': 'CBC Reagent lot L-HOLD-C is quarantined (Temperature log missing) and cannot be transferred' });
    await call('DELETE', `/api/transfers/${sent}`);
  });
});

describe('transfers: the in-transit lot at the source lot cost', () => {
  it('names the in-transit lot at the cost the source lot has when dispatched, not when saved', async () => {
    const id = await draft([{ inventoryId: lotId('L-COST'), quantity: 1 }]);
    // A landed cost between save and dispatch (as issue 33 posts it: the lot's cost, not its units).
    await t.database.db.execute(sql`UPDATE inventory SET unit_cost = 6.00 WHERE id = ${lotId('L-COST')}`);
    const dispatched = await call('POST', `/api/transfers/${id}/dispatch`);
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    expect((await lotsNamed('L-COST')).find((l) => l.kind === 'transit')).toMatchObject({ quantity: 1, unitCost: '6.00' });
    expect((await transferRows(id)).map((r) => r.debit)).toEqual(['6.00', '0.00']);
    expect((await call('POST', `/api/transfers/${id}/cancel`)).statusCode).toBe(200);
  });

  it.runIf(process.env.DATABASE_URL !== undefined)('takes the cost from the source lot as locked: a cost change committed while the dispatch waits on the lot (PostgreSQL)', async () => {
    const id = await draft([{ inventoryId: lotId('L-COST'), quantity: 2 }], { toRegionId: ids.east });
    const [dispatched] = await queuedBehind(t, sql`UPDATE inventory SET unit_cost = 7.50 WHERE id = ${lotId('L-COST')}`, [() => call('POST', `/api/transfers/${id}/dispatch`)]);
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    // The units left at 7.50 (the out-move and the ledger): the lot that holds them on the way says the same.
    expect((await lotsNamed('L-COST')).find((l) => l.kind === 'transit' && l.regionId === ids.east)).toMatchObject({ quantity: 2, unitCost: '7.50' });
    expect((await transferRows(id)).map((r) => r.debit)).toEqual(['15.00', '0.00']);
  });
});
