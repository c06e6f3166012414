import { addDays } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { type PurchasingFixtures, purchasingFixtures } from '../../test/purchasing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let f: PurchasingFixtures;
const ids = { cold: 0, lot: 0, shelf: 0, fridgeA: 0, fridgeB: 0, freezer: 0 };

beforeAll(async () => {
  t = await createTestApp();
  f = await purchasingFixtures(t, 'Plc');
  const item = await f.call('POST', '/api/items', {
    itemName: 'Plc Glucose', articleNumber: 'PLC-GLU', categoryId: f.category, unit: 'kit', costPrice: '0.00', salePrice: '0.00', lotTracked: true, storageCondition: 'refrigerated', active: true,
  });
  ids.cold = item.json().data.id;
  const unit = async (unitName: string, storageCondition: string, isDefault: boolean) => {
    const created = await f.call('POST', '/api/storage-units', { unitName, unitKind: storageCondition === 'refrigerated' ? 'fridge' : 'freezer', regionId: f.north, storageCondition, isDefault });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().data.id as number;
  };
  ids.fridgeA = await unit('Plc Fridge A', 'refrigerated', true);
  ids.fridgeB = await unit('Plc Fridge B', 'refrigerated', false);
  ids.freezer = await unit('Plc Freezer', 'frozen', true);
  const adjusted = await f.call('POST', '/api/stock-adjustments', {
    adjustmentDate: f.today,
    reason: 'openingStock',
    post: true,
    lines: [
      { itemId: ids.cold, regionId: f.north, lotNumber: 'PLC-1', dateExpiry: addDays(f.today, 300), quantity: 5, unitCost: '10.00' },
      { itemId: f.gloves, regionId: f.north, lotNumber: '', dateExpiry: null, quantity: 5, unitCost: '1.00' },
    ],
  });
  expect(adjusted.statusCode, adjusted.body).toBe(201);
  const rows = await queryRows<{ id: number; itemId: number }>(t.database.db, sql`SELECT id, item_id AS "itemId" FROM inventory WHERE item_id IN (${ids.cold}, ${f.gloves})`);
  ids.lot = Number(rows.find((r) => Number(r.itemId) === ids.cold)!.id);
  ids.shelf = Number(rows.find((r) => Number(r.itemId) === f.gloves)!.id);
});
afterAll(async () => t?.close());

describe('a lot placed in a storage unit (issue 31, section 3)', () => {
  it('moves a cold lot into another unit from a day on, and answers its placements', async () => {
    expect((await f.call('GET', `/api/inventory/${ids.lot}/storage-history`)).json().data).toEqual([]);
    const yesterday = addDays(f.today, -1);
    const placed = await f.call('POST', `/api/inventory/${ids.lot}/storage-unit`, { storageUnitId: ids.fridgeB, date: yesterday });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().data).toEqual([{ fromDate: yesterday, storageUnitId: ids.fridgeB, unitName: 'Plc Fridge B' }]);
    const back = await f.call('POST', `/api/inventory/${ids.lot}/storage-unit`, { storageUnitId: ids.fridgeA });
    expect(back.json().data.map((p: { storageUnitId: number }) => p.storageUnitId)).toEqual([ids.fridgeB, ids.fridgeA]);
  });

  it('refuses a unit of another condition, an ambient row, a later day and a bad body; 403 without the scope; 404 outside the regions', async () => {
    const wrongUnit = await f.call('POST', `/api/inventory/${ids.lot}/storage-unit`, { storageUnitId: ids.freezer });
    expect(wrongUnit.statusCode).toBe(400);
    expect(wrongUnit.json().errors).toHaveProperty('storageUnitId');
    expect((await f.call('POST', `/api/inventory/${ids.shelf}/storage-unit`, { storageUnitId: ids.fridgeA })).json().errors).toHaveProperty('inventoryId');
    expect((await f.call('POST', `/api/inventory/${ids.lot}/storage-unit`, { storageUnitId: ids.fridgeA, date: addDays(f.today, 1) })).json().errors).toHaveProperty('date');
    expect(Object.keys((await f.call('POST', `/api/inventory/${ids.lot}/storage-unit`, { storageUnitId: 'x', extra: 1 })).json().errors ?? {}).length).toBeGreaterThan(0);
    const sales = await t.userWithRole('salesExecutive');
    expect((await f.call('POST', `/api/inventory/${ids.lot}/storage-unit`, { storageUnitId: ids.fridgeA }, sales.token)).statusCode).toBe(403);
    const kept = await t.userWithRole('inventorySupervisor');
    await t.database.db.update(users).set({ permissions: { regions: [f.south] } }).where(eq(users.id, kept.id));
    expect((await f.call('POST', `/api/inventory/${ids.lot}/storage-unit`, { storageUnitId: ids.fridgeA }, kept.token)).statusCode).toBe(404);
    expect((await f.call('GET', `/api/inventory/${ids.lot}/storage-history`, undefined, kept.token)).statusCode).toBe(404);
  });

  it('is 404 for a user kept to other categories, as /inventory hides the row', async () => {
    const other = await f.call('POST', '/api/categories', { categoryName: 'Plc consumables' });
    expect(other.statusCode, other.body).toBe(201);
    const keptTo = async (category: number) => {
      const user = await t.userWithRole('inventorySupervisor');
      await t.database.db.update(users).set({ permissions: { categories: [category] } }).where(eq(users.id, user.id));
      return user.token;
    };
    const elsewhere = await keptTo(other.json().data.id);
    expect((await f.call('POST', `/api/inventory/${ids.lot}/storage-unit`, { storageUnitId: ids.fridgeA }, elsewhere)).statusCode).toBe(404);
    expect((await f.call('GET', `/api/inventory/${ids.lot}/storage-history`, undefined, elsewhere)).statusCode).toBe(404);
    expect((await f.call('GET', `/api/inventory/${ids.lot}/storage-history`, undefined, await keptTo(f.category))).statusCode).toBe(200);
  });

  it('refuses an inactive unit (400); a unit holding lots keeps its condition and region (409), an empty one changes', async () => {
    const idle = await f.call('POST', '/api/storage-units', { unitName: 'Plc Fridge Idle', unitKind: 'fridge', regionId: f.north, active: false });
    expect(idle.statusCode, idle.body).toBe(201);
    const inactive = await f.call('POST', `/api/inventory/${ids.lot}/storage-unit`, { storageUnitId: idle.json().data.id });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().errors).toEqual({ storageUnitId: 'The storage unit is not active' });

    // PLC-1 is placed in Fridge A (the test above); the freezer holds a frozen lot as its region's default.
    const frozen = await f.call('POST', '/api/items', {
      itemName: 'Plc Plasma', articleNumber: 'PLC-PLS', categoryId: f.category, unit: 'kit', costPrice: '0.00', salePrice: '0.00', lotTracked: true, storageCondition: 'frozen', active: true,
    });
    const opened = await f.call('POST', '/api/stock-adjustments', {
      adjustmentDate: f.today, reason: 'openingStock', post: true,
      lines: [{ itemId: frozen.json().data.id, regionId: f.north, lotNumber: 'PLC-F1', dateExpiry: addDays(f.today, 300), quantity: 3, unitCost: '10.00' }],
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const condition = await f.call('PUT', `/api/storage-units/${ids.fridgeA}`, { storageCondition: 'frozen' });
    expect(condition.statusCode).toBe(409);
    expect(condition.json().errors).toEqual({ storageCondition: 'A unit holding lots keeps its storage condition: move its lots to another unit first, or they would be watched by no unit' });
    const region = await f.call('PUT', `/api/storage-units/${ids.fridgeA}`, { regionId: f.south });
    expect(region.statusCode).toBe(409);
    expect(region.json().errors).toEqual({ regionId: 'A unit holding lots stays in its region: move its lots to another unit first, or they would be watched by no unit' });
    expect((await f.call('PUT', `/api/storage-units/${ids.freezer}`, { storageCondition: 'deepFrozen' })).statusCode).toBe(409);
    expect((await f.call('PUT', `/api/storage-units/${idle.json().data.id}`, { storageCondition: 'frozen', regionId: f.south })).statusCode).toBe(200);
    // Moved out, Fridge A holds nothing and may change.
    expect((await f.call('POST', `/api/inventory/${ids.lot}/storage-unit`, { storageUnitId: ids.fridgeB })).statusCode).toBe(200);
    expect((await f.call('PUT', `/api/storage-units/${ids.fridgeA}`, { isDefault: false, storageCondition: 'frozen' })).statusCode).toBe(200);
  });
});
