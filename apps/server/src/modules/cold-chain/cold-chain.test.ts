import { addDays } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import { csvOf, importClient } from '../../test/import-upload.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { placeInStorageUnit } from './cold-chain.api.ts';

let t: TestApp;
// The excursion's day and its neighbours, from the shifted test clock: never today's date.
const today = todayIso();
const day = addDays(today, -3);
const ids = { north: 0, south: 0, cold: 0, ambient: 0, unitA: 0, unitB: 0, freezer: 0, before: 0, after: 0, placed: 0, shelf: 0, admin: 0 };

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = t.adminToken) {
  return t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: bearer(token) });
}

async function receive(itemId: number, lotNumber: string, date: string, quantity: number): Promise<number> {
  const response = await call('POST', '/api/stock-adjustments', {
    adjustmentDate: date,
    reason: 'openingStock',
    post: true,
    lines: [{ itemId, regionId: ids.north, lotNumber, dateExpiry: addDays(today, 400), quantity, unitCost: '10.00' }],
  });
  expect(response.statusCode, response.body).toBe(201);
  const [row] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM inventory WHERE item_id = ${itemId} AND lot_number = ${lotNumber}`);
  return Number(row!.id);
}

/** The lots offered for a sale or any other draw (first expiry first). */
const offered = async () =>
  (await call('GET', `/api/inventory/options?purpose=issue&itemId=${ids.cold}&regionId=${ids.north}`)).json().options.map((o: { inventoryId: number }) => o.inventoryId) as number[];

const statusOf = async (inventoryId: number) =>
  (await queryRows<{ lotStatus: string }>(t.database.db, sql`SELECT lot_status AS "lotStatus" FROM inventory WHERE id = ${inventoryId}`))[0]!.lotStatus;

beforeAll(async () => {
  t = await createTestApp();
  ids.north = (await call('POST', '/api/regions', { regionName: 'Cold North', regionCode: 'CNO' })).json().data.id;
  ids.south = (await call('POST', '/api/regions', { regionName: 'Cold South', regionCode: 'CSO' })).json().data.id;
  const category = (await call('POST', '/api/categories', { categoryName: 'Cold reagents' })).json().data.id;
  const item = async (itemName: string, articleNumber: string, storageCondition: string) => {
    const created = await call('POST', '/api/items', { itemName, articleNumber, categoryId: category, unit: 'kit', costPrice: '10.00', salePrice: '20.00', lotTracked: true, storageCondition, active: true });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().data.id as number;
  };
  ids.cold = await item('CBC Reagent', 'CC-CBC', 'refrigerated');
  ids.ambient = await item('Gloves', 'CC-GLV', 'ambient');
  const [admin] = await t.database.db.select({ id: users.id }).from(users).orderBy(users.id).limit(1);
  ids.admin = admin!.id;
});
afterAll(async () => t?.close());

describe('storage units', () => {
  it('take the range of their condition, refuse min >= max on maxC, a name twice in a region and a second default', async () => {
    const a = await call('POST', '/api/storage-units', { unitName: 'Fridge A', unitKind: 'fridge', regionId: ids.north, isDefault: true });
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json().data).toMatchObject({ storageCondition: 'refrigerated', minC: '2.00', maxC: '8.00', isDefault: true, active: true, inExcursion: false, lastReading: null, openExcursionId: null });
    ids.unitA = a.json().data.id;
    const frozen = await call('POST', '/api/storage-units', { unitName: 'Freezer 1', unitKind: 'freezer', regionId: ids.north, storageCondition: 'deepFrozen' });
    expect(frozen.json().data).toMatchObject({ minC: '-90.00', maxC: '-60.00', isDefault: false });
    ids.freezer = frozen.json().data.id;

    const reversed = await call('POST', '/api/storage-units', { unitName: 'Fridge X', unitKind: 'fridge', regionId: ids.north, minC: 8, maxC: '2' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors).toEqual({ maxC: 'Maximum °C must be above minimum °C' });
    const badTemperature = await call('POST', '/api/storage-units', { unitName: 'Fridge X', unitKind: 'fridge', regionId: ids.north, minC: '2.125' });
    expect(badTemperature.json().errors).toMatchObject({ minC: 'Minimum °C must be a number from -100 to 100 with at most 2 decimals' });
    const twice = await call('POST', '/api/storage-units', { unitName: 'Fridge A', unitKind: 'fridge', regionId: ids.north });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors).toHaveProperty('unitName');
    expect((await call('POST', '/api/storage-units', { unitName: 'Fridge A', unitKind: 'fridge', regionId: ids.south })).statusCode).toBe(201);
    const secondDefault = await call('POST', '/api/storage-units', { unitName: 'Fridge B', unitKind: 'fridge', regionId: ids.north, isDefault: true, loggerSerial: 'LOG-B-77' });
    expect(secondDefault.statusCode).toBe(409);
    expect(secondDefault.json().errors).toEqual({ isDefault: 'Fridge A is already the default unit of this region for this storage condition' });
    const b = await call('POST', '/api/storage-units', { unitName: 'Fridge B', unitKind: 'fridge', regionId: ids.north, loggerSerial: 'LOG-B-77' });
    expect(b.statusCode, b.body).toBe(201);
    ids.unitB = b.json().data.id;
    // A changed condition without bounds takes the new condition's.
    const changed = await call('PUT', `/api/storage-units/${frozen.json().data.id}`, { storageCondition: 'frozen' });
    expect(changed.json().data).toMatchObject({ minC: '-25.00', maxC: '-15.00' });
  });
});

describe('readings and excursions', () => {
  beforeAll(async () => {
    ids.before = await receive(ids.cold, 'L-BEFORE', addDays(day, -1), 40);
    ids.after = await receive(ids.cold, 'L-AFTER', addDays(day, 1), 25);
    ids.placed = await receive(ids.cold, 'L-PLACED', addDays(day, -1), 12);
    ids.shelf = await receive(ids.ambient, 'L-SHELF', addDays(day, -1), 100);
    // Placed in Fridge B from before the day: no longer in the region's default unit.
    const admin: Actor = { userId: ids.admin, role: 'admin', scopes: [], permissions: {} };
    await t.database.db.transaction((tx) => placeInStorageUnit(tx, admin, { inventoryId: ids.placed, storageUnitId: ids.unitB, fromDate: addDays(day, -1) }));
  });

  it('finds one excursion in 5, 9.5, 9.0, 5 at 08:00-09:30 of a 2-8 °C unit, lists the lots there that day and quarantines them', async () => {
    const read = (time: string, temperatureC: string | number) => call('POST', '/api/temperature-readings', { storageUnitId: ids.unitA, readAt: `${day} ${time}`, temperatureC });
    expect((await read('08:00', 5)).statusCode).toBe(201);
    const first = await read('08:30', '9.5');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ temperatureC: '9.50', deviation: 'high', source: 'manual', readAt: `${day}T03:30:00.000Z` });
    expect((await read('09:00', '9.0')).statusCode).toBe(201);
    const open = (await call('GET', `/api/temperature-excursions?storageUnitId=${ids.unitA}`)).json();
    expect(open.data).toMatchObject([{ status: 'inProgress', endedAt: null, durationMinutes: 30 }]);
    expect((await call('GET', `/api/storage-units/${ids.unitA}`)).json().data).toMatchObject({ inExcursion: true, openExcursionId: open.data[0].id });
    expect(await statusOf(ids.before)).toBe('quarantined');
    expect((await read('09:30', 5)).statusCode).toBe(201);

    const list = (await call('GET', `/api/temperature-excursions?storageUnitId=${ids.unitA}`)).json();
    expect(list.total).toBe(1);
    const excursion = (await call('GET', `/api/temperature-excursions/${list.data[0].id}`)).json().data;
    expect(excursion).toMatchObject({
      storageUnitId: ids.unitA,
      regionId: ids.north,
      source: 'storage',
      startedAt: `${day}T03:30:00.000Z`,
      endedAt: `${day}T04:30:00.000Z`,
      durationMinutes: 60,
      minC: '9.00',
      maxC: '9.50',
      direction: 'high',
      rangeMinC: '2.00',
      rangeMaxC: '8.00',
      status: 'awaitingDisposition',
      disposition: null,
    });
    // Not the lot received the day after, not the lot placed in Fridge B, not ambient stock.
    expect(excursion.lots).toEqual([{ inventoryId: ids.before, itemId: ids.cold, itemName: 'CBC Reagent', lotNumber: 'L-BEFORE', dateExpiry: addDays(today, 400), quantity: 40, lotStatus: 'quarantined', disposition: null }]);
    expect(await statusOf(ids.before)).toBe('quarantined');
    expect(await offered()).not.toContain(ids.before);
    expect(await offered()).toContain(ids.after);
    expect(await statusOf(ids.after)).toBe('released');
    expect(await statusOf(ids.shelf)).toBe('released');
    const [history] = await queryRows<{ reason: string }>(t.database.db, sql`SELECT reason FROM lot_status_changes WHERE inventory_id = ${ids.before} ORDER BY id DESC LIMIT 1`);
    expect(history!.reason).toBe(`Temperature excursion in Fridge A from ${day} 08:30`);
    const unit = (await call('GET', `/api/storage-units/${ids.unitA}`)).json().data;
    expect(unit).toMatchObject({ inExcursion: true, lastReading: { readAt: `${day}T04:30:00.000Z`, temperatureC: '5.00' } });
    expect((await call('GET', '/api/storage-units?inExcursion=true')).json().total).toBe(1);
    expect((await call('GET', '/api/temperature-excursions?status=awaitingDisposition')).json().total).toBe(1);
    const figures = (await call('GET', '/api/dashboard?board=warehouse')).json().figures as { id: string; value: string }[];
    expect(figures.filter((f) => f.id.includes('excursion')).map((f) => [f.id, f.value])).toEqual([
      ['storage-units-in-excursion', '1'],
      ['excursions-awaiting-disposition', '1'],
    ]);
  });

  it('refuses a reading later than now (400), the same unit and instant again (409), and any change or delete (409)', async () => {
    const future = await call('POST', '/api/temperature-readings', { storageUnitId: ids.unitA, readAt: `${addDays(today, 1)}T08:00:00+05:00`, temperatureC: 4 });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors).toEqual({ readAt: 'Read at must not be later than now' });
    const again = await call('POST', '/api/temperature-readings', { storageUnitId: ids.unitA, readAt: `${day}T03:30:00Z`, temperatureC: '9.5' });
    expect(again.statusCode).toBe(409);
    const invalid = await call('POST', '/api/temperature-readings', { storageUnitId: ids.unitA, readAt: 'yesterday', temperatureC: '100.5' });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().errors).sort()).toEqual(['readAt', 'temperatureC']);
    const [reading] = (await call('GET', `/api/temperature-readings?storageUnitId=${ids.unitA}&pageSize=1`)).json().data;
    expect((await call('PUT', `/api/temperature-readings/${reading.id}`, { temperatureC: 4 })).statusCode).toBe(409);
    expect((await call('DELETE', `/api/temperature-readings/${reading.id}`)).statusCode).toBe(409);
    await expect(t.database.db.execute(sql`DELETE FROM temperature_readings WHERE id = ${reading.id}`)).rejects.toThrow();
  });

  it('pages the readings oldest first by keyset, a date covering its whole day', async () => {
    const first = (await call('GET', `/api/temperature-readings?storageUnitId=${ids.unitA}&from=${day}&to=${day}&pageSize=3`)).json();
    expect(first.data.map((r: { temperatureC: string }) => r.temperatureC)).toEqual(['5.00', '9.50', '9.00']);
    const next = (await call('GET', `/api/temperature-readings?storageUnitId=${ids.unitA}&from=${day}&to=${day}&pageSize=3&after=${encodeURIComponent(first.nextAfter)}`)).json();
    expect(next).toMatchObject({ data: [{ temperatureC: '5.00', readAt: `${day}T04:30:00.000Z` }], nextAfter: null });
    expect((await call('GET', `/api/temperature-readings?storageUnitId=${ids.unitA}&from=${addDays(day, 1)}`)).json().data).toEqual([]);
    const impossible = await call('GET', `/api/temperature-readings?after=${encodeURIComponent('2026-13-01T00:00:00.000Z~1')}`);
    expect(impossible.statusCode).toBe(400);
    expect(Object.keys(impossible.json().errors)).toEqual(['after']);
  });

  it('filters excursions by the days they touch, region and status', async () => {
    const total = async (query: string) => (await call('GET', `/api/temperature-excursions?${query}`)).json().total as number;
    expect(await total(`from=${day}&to=${day}`)).toBe(1);
    expect(await total(`from=${addDays(day, 1)}`)).toBe(0);
    expect(await total(`to=${addDays(day, -1)}`)).toBe(0);
    expect(await total(`regionId=${ids.north}&status=awaitingDisposition`)).toBe(1);
    expect(await total(`regionId=${ids.south}`)).toBe(0);
    expect(await total('status=dispositioned')).toBe(0);
    expect((await call('GET', '/api/temperature-excursions?status=over')).statusCode).toBe(400);
  });

  it('releases the lots on a release decision (saleable again), decided once, with who, when and why', async () => {
    const [excursion] = (await call('GET', `/api/temperature-excursions?storageUnitId=${ids.unitA}`)).json().data;
    const auditor = await t.userWithRole('auditor');
    expect((await call('POST', `/api/temperature-excursions/${excursion.id}/disposition`, { disposition: 'release', reason: 'Stability data' }, auditor.token)).statusCode).toBe(403);
    const supervisor = await t.userWithRole('inventorySupervisor');
    expect((await call('POST', `/api/temperature-excursions/${excursion.id}/disposition`, { disposition: 'release', reason: 'Stability data' }, supervisor.token)).statusCode).toBe(403);
    const notListed = await call('POST', `/api/temperature-excursions/${excursion.id}/disposition`, { disposition: 'release', reason: 'x', lots: [{ inventoryId: ids.after, disposition: 'release' }] });
    expect(notListed.statusCode).toBe(400);
    expect(notListed.json().errors).toEqual({ 'lots.0.inventoryId': 'This lot is not one of the excursion’s' });
    expect((await call('POST', `/api/temperature-excursions/${excursion.id}/disposition`, { disposition: 'release', reason: '  ' })).json().errors).toHaveProperty('reason');

    const decided = await call('POST', `/api/temperature-excursions/${excursion.id}/disposition`, { disposition: 'release', reason: 'Stability data allows 2 h at 25 °C' });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({
      data: { status: 'dispositioned', disposition: 'release', dispositionReason: 'Stability data allows 2 h at 25 °C', dispositionBy: ids.admin, lots: [{ inventoryId: ids.before, lotStatus: 'released', disposition: 'release' }] },
      stillBlocked: {},
    });
    expect(decided.json().data.dispositionAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await statusOf(ids.before)).toBe('released');
    expect(await offered()).toContain(ids.before);
    expect((await call('GET', `/api/storage-units/${ids.unitA}`)).json().data).toMatchObject({ inExcursion: false, openExcursionId: null });
    expect((await call('POST', `/api/temperature-excursions/${excursion.id}/disposition`, { disposition: 'quarantine', reason: 'Again' })).statusCode).toBe(409);

    // A decided excursion never changes: a reading filled in inside it starts nothing; later ones start a new excursion.
    expect((await call('POST', '/api/temperature-readings', { storageUnitId: ids.unitA, readAt: `${day} 08:45`, temperatureC: '9.8' })).statusCode).toBe(201);
    expect((await call('GET', `/api/temperature-excursions/${excursion.id}`)).json().data).toMatchObject({ maxC: '9.50', status: 'dispositioned' });
    expect((await call('POST', '/api/temperature-readings', { storageUnitId: ids.unitA, readAt: `${day} 10:00`, temperatureC: '-1' })).statusCode).toBe(201);
    const later = (await call('GET', `/api/temperature-excursions?storageUnitId=${ids.unitA}`)).json();
    expect(later.total).toBe(2);
    expect(later.data[0]).toMatchObject({ status: 'inProgress', direction: 'low', minC: '-1.00' });
    expect(await statusOf(ids.before)).toBe('quarantined');

    // Readings filled in later: one in range splits the undecided excursion, the second part a new one.
    const supervisor2 = await t.userWithRole('inventorySupervisor');
    const fill = (time: string, temperatureC: string) => call('POST', '/api/temperature-readings', { storageUnitId: ids.unitA, readAt: `${day} ${time}`, temperatureC }, supervisor2.token);
    expect((await fill('10:30', '-0.5')).statusCode).toBe(201);
    expect((await fill('11:00', '4')).statusCode).toBe(201);
    expect((await fill('10:15', '3')).statusCode).toBe(201);
    const split = (await call('GET', `/api/temperature-excursions?storageUnitId=${ids.unitA}&status=awaitingDisposition`)).json().data;
    expect(split.map((e: { startedAt: string; endedAt: string; minC: string }) => [e.startedAt, e.endedAt, e.minC])).toEqual([
      [`${day}T05:30:00.000Z`, `${day}T06:00:00.000Z`, '-0.50'],
      [`${day}T05:00:00.000Z`, `${day}T05:15:00.000Z`, '-1.00'],
    ]);
    expect(split[1].id).toBe(later.data[0].id);
    expect((await call('GET', `/api/temperature-excursions/${split[0].id}`)).json().data.lots).toMatchObject([{ inventoryId: ids.before, lotStatus: 'quarantined' }]);
  });

  it('imports a logger file (unit by logger serial, Date and Time columns): the same file twice stores nothing new; a write-off destroys the lot', async () => {
    const imports = importClient(t.app, 'temperature-readings');
    const file = csvOf([
      ['Logger serial', 'Date', 'Time', 'Temp (°C)'],
      ['LOG-B-77', day, '08:00', '4.2'],
      ['LOG-B-77', day, '08:30', '12.25'],
      ['LOG-B-77', day, '09:00', '12.25'],
      ['log-b-77', day, '09:15', '4'],
      ['LOG-B-77', day, '09:00', '11'],
      ['Nowhere', day, '09:00', '4'],
    ]);
    const count = async () => (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM temperature_readings WHERE storage_unit_id = ${ids.unitB}`))[0]!.n;
    const preview = (await imports.preview(file, t.adminToken, 'logger.csv')).json();
    expect(preview.mapping).toMatchObject({ storageUnit: 'Logger serial', date: 'Date', time: 'Time', temperatureC: 'Temp (°C)', readAt: null });
    expect(preview).toMatchObject({ totalRows: 6, validRows: 4, invalidRows: 2 });
    expect(preview.preview[4].errors).toEqual({ readAt: 'Row 4 of the file has this unit and time at 12.25 °C' });
    expect(preview.preview[5].errors).toEqual({ storageUnit: 'No storage unit is named or has the logger serial "Nowhere"' });
    const ran = await imports.run(preview.jobId, { mode: 'validOnly' }, t.adminToken);
    expect(ran.statusCode, ran.body).toBe(200);
    expect(await count()).toBe(4);

    const again = (await imports.preview(file, t.adminToken, 'logger.csv')).json();
    expect(again).toMatchObject({ validRows: 4, invalidRows: 2 });
    expect((await imports.run(again.jobId, { mode: 'validOnly' }, t.adminToken)).statusCode).toBe(200);
    expect(await count()).toBe(4);
    const other = (await imports.preview(csvOf([['Storage unit', 'Read at', 'Temperature'], ['Fridge B', `${day} 08:30`, '7']]), t.adminToken, 'other.csv')).json();
    expect(other.preview[0].errors).toEqual({ readAt: 'This unit already has a reading at this time, of 12.25 °C' });

    const [excursion] = (await call('GET', `/api/temperature-excursions?storageUnitId=${ids.unitB}`)).json().data;
    expect(excursion).toMatchObject({ status: 'awaitingDisposition', source: 'storage', durationMinutes: 45, maxC: '12.25' });
    const detail = (await call('GET', `/api/temperature-excursions/${excursion.id}`)).json().data;
    expect(detail.lots.map((l: { inventoryId: number }) => l.inventoryId)).toEqual([ids.placed]);
    const written = await call('POST', `/api/temperature-excursions/${excursion.id}/disposition`, { disposition: 'writeOff', reason: 'Above 12 °C for 45 minutes' });
    expect(written.statusCode, written.body).toBe(200);
    const [adjustment] = await queryRows<{ reason: string; status: string; total: string }>(
      t.database.db,
      sql`SELECT reason, status, total_value::text AS total FROM stock_adjustments WHERE id = ${written.json().data.writeOffAdjustmentId}`,
    );
    expect(adjustment).toMatchObject({ reason: 'coldChainWriteOff', status: 'posted' });
    const [lot] = await queryRows<{ quantity: number; lotStatus: string }>(t.database.db, sql`SELECT quantity, lot_status AS "lotStatus" FROM inventory WHERE id = ${ids.placed}`);
    expect(lot).toEqual({ quantity: 0, lotStatus: 'destroyed' });
  });

  it('places a cold warehouse row only in a unit of its region and condition', async () => {
    const admin: Actor = { userId: ids.admin, role: 'admin', scopes: [], permissions: {} };
    const place = (inventoryId: number, storageUnitId: number) => t.database.db.transaction((tx) => placeInStorageUnit(tx, admin, { inventoryId, storageUnitId, fromDate: today }));
    await expect(place(ids.after, ids.freezer)).rejects.toMatchObject({ statusCode: 400, errors: { storageUnitId: 'The storage unit must be of the lot’s region and storage condition' } });
    await expect(place(ids.shelf, ids.unitB)).rejects.toMatchObject({ statusCode: 400, errors: { inventoryId: 'This lot is not a warehouse row of a refrigerated, frozen or deep-frozen item' } });
    const southOnly: Actor = { ...admin, permissions: { regions: [ids.south] } };
    await expect(t.database.db.transaction((tx) => placeInStorageUnit(tx, southOnly, { inventoryId: ids.after, storageUnitId: ids.unitB, fromDate: today }))).rejects.toMatchObject({ statusCode: 404 });
  });

  it('keeps a unit with readings in its region (409)', async () => {
    const moved = await call('PUT', `/api/storage-units/${ids.unitB}`, { regionId: ids.south });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().errors).toEqual({ regionId: 'A unit with readings stays in its region: add a unit in the other region instead' });
  });

  it('keeps readings dated four years back', async () => {
    const old = addDays(today, -4 * 365 - 1);
    const response = await call('POST', '/api/temperature-readings', { storageUnitId: ids.unitB, readAt: `${old}T10:00:00+05:00`, temperatureC: '5.5' });
    expect(response.statusCode, response.body).toBe(201);
    const listed = (await call('GET', `/api/temperature-readings?storageUnitId=${ids.unitB}&from=${old}&to=${old}`)).json();
    expect(listed.data).toMatchObject([{ readAt: `${old}T05:00:00.000Z`, temperatureC: '5.50', deviation: null }]);
  });
});

describe('row scope and roles', () => {
  it('a user kept to another region finds no unit, reading or excursion of this one (404); the auditor reads and is 403 on every write', async () => {
    const southUser = await t.userWithRole('operationManager', { scopes: ['storage-units:write', 'temperature-readings:write', 'temperature-excursions:disposition'] });
    await t.database.db.update(users).set({ permissions: { regions: [ids.south] } }).where(eq(users.id, southUser.id));
    const [excursion] = (await call('GET', `/api/temperature-excursions?storageUnitId=${ids.unitA}`)).json().data;
    expect((await call('GET', `/api/storage-units/${ids.unitA}`, undefined, southUser.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/temperature-excursions/${excursion.id}`, undefined, southUser.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/temperature-excursions/${excursion.id}/disposition`, { disposition: 'release', reason: 'x' }, southUser.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/temperature-excursions', undefined, southUser.token)).json().total).toBe(0);
    expect((await call('GET', `/api/temperature-readings?storageUnitId=${ids.unitA}`, undefined, southUser.token)).json().data).toEqual([]);
    const reading = await call('POST', '/api/temperature-readings', { storageUnitId: ids.unitA, readAt: `${day} 11:00`, temperatureC: 5 }, southUser.token);
    expect(reading.statusCode).toBe(400);
    expect(reading.json().errors).toEqual({ storageUnitId: 'Storage unit does not exist' });
    expect((await call('GET', '/api/storage-units', undefined, southUser.token)).json().data.map((u: { regionId: number }) => u.regionId)).toEqual([ids.south]);

    const auditor = await t.userWithRole('auditor');
    expect((await call('GET', `/api/temperature-excursions/${excursion.id}`, undefined, auditor.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/storage-units', undefined, auditor.token)).statusCode).toBe(200);
    expect((await call('POST', '/api/storage-units', { unitName: 'Audit', unitKind: 'fridge', regionId: ids.north }, auditor.token)).statusCode).toBe(403);
    expect((await call('PUT', `/api/storage-units/${ids.unitA}`, { active: false }, auditor.token)).statusCode).toBe(403);
    expect((await call('POST', '/api/temperature-readings', { storageUnitId: ids.unitA, readAt: `${day} 11:00`, temperatureC: 5 }, auditor.token)).statusCode).toBe(403);
    const imports = importClient(t.app, 'temperature-readings');
    expect((await imports.preview(csvOf([['Storage unit', 'Read at', 'Temperature'], ['Fridge A', `${day} 11:00`, '5']]), auditor.token)).statusCode).toBe(403);
    // Without the scope a role of /inventory reads only.
    const salesManager = await t.userWithRole('salesManager');
    expect((await call('GET', '/api/storage-units', undefined, salesManager.token)).statusCode).toBe(200);
    expect((await call('POST', '/api/temperature-readings', { storageUnitId: ids.unitA, readAt: `${day} 11:00`, temperatureC: 5 }, salesManager.token)).statusCode).toBe(403);
  });
});

describe('the time zone setting', () => {
  it('defaults to Asia/Karachi, refuses what is no zone, and reads times without an offset in the zone saved', async () => {
    expect((await call('GET', '/api/settings')).json().settings).toMatchObject({ timeZone: 'Asia/Karachi' });
    const refused = await call('PUT', '/api/settings', { timeZone: 'Mars/Olympus' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ timeZone: 'Time zone must be a time zone name, as Asia/Karachi' });
    expect((await call('PUT', '/api/settings', { timeZone: 'UTC' })).statusCode).toBe(200);
    const reading = await call('POST', '/api/temperature-readings', { storageUnitId: ids.unitB, readAt: `${day} 12:00`, temperatureC: 5 });
    expect(reading.json().data.readAt).toBe(`${day}T12:00:00.000Z`);
  });
});
