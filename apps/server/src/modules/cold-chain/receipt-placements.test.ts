import { addDays, coldChainMessages } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type PurchasingFixtures, purchasingFixtures } from '../../test/purchasing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let f: PurchasingFixtures;
const ids = { cold: 0, fridgeA: 0, fridgeB: 0, freezer: 0, southFridge: 0, idle: 0 };

beforeAll(async () => {
  t = await createTestApp();
  f = await purchasingFixtures(t, 'Rcp');
  const item = await f.call('POST', '/api/items', {
    itemName: 'Rcp Glucose', articleNumber: 'RCP-GLU', categoryId: f.category, unit: 'kit', costPrice: '0.00', salePrice: '0.00', lotTracked: true, storageCondition: 'refrigerated', active: true,
  });
  ids.cold = item.json().data.id;
  expect((await f.call('POST', `/api/items/${ids.cold}/approve`)).statusCode).toBe(200);
  const unit = async (unitName: string, regionId: number, storageCondition: string, isDefault: boolean, active = true) => {
    const created = await f.call('POST', '/api/storage-units', { unitName, unitKind: storageCondition === 'refrigerated' ? 'fridge' : 'freezer', regionId, storageCondition, isDefault, active });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().data.id as number;
  };
  ids.fridgeA = await unit('Rcp Fridge A', f.north, 'refrigerated', true);
  ids.fridgeB = await unit('Rcp Fridge B', f.north, 'refrigerated', false);
  ids.freezer = await unit('Rcp Freezer', f.north, 'frozen', true);
  ids.southFridge = await unit('Rcp South Fridge', f.south, 'refrigerated', true);
  ids.idle = await unit('Rcp Idle Fridge', f.north, 'refrigerated', false, false);
});
afterAll(async () => t?.close());

/** An approved order of the cold reagent and the ambient gloves in the north; a receipt body naming units per line. */
async function order() {
  const po = await f.call('POST', '/api/purchase-orders', {
    vendorId: f.vendor.id,
    regionId: f.north,
    expectedDate: f.today,
    lines: [
      { itemId: ids.cold, quantity: 10, unitCost: '100.00' },
      { itemId: f.gloves, quantity: 5, unitCost: '2.00' },
    ],
  });
  expect(po.statusCode, po.body).toBe(201);
  const lines = (await f.call('POST', `/api/purchase-orders/${po.json().data.id}/approve`)).json().data.lines as Array<{ id: number }>;
  return (lot: string, coldUnit: number | null, glovesUnit: number | null = null) => ({
    purchaseOrderId: po.json().data.id,
    receiptDate: f.today,
    loggerResult: 'withinRange',
    lines: [
      { purchaseOrderLineId: lines[0]!.id, quantity: 10, lotNumber: lot, dateExpiry: addDays(f.today, 400), storageUnitId: coldUnit },
      { purchaseOrderLineId: lines[1]!.id, quantity: 5, storageUnitId: glovesUnit },
    ],
  });
}

const inventoryOf = async (lot: string) => Number((await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM inventory WHERE lot_number = ${lot}`))[0]!.id);

describe('a goods receipt line naming its storage unit (issue 31, section 3)', () => {
  it('keeps the unit on the line, and posting places the lot in it from the receipt date', async () => {
    const body = await order();
    const draft = await f.call('POST', '/api/goods-receipts', body('RCP-1', ids.fridgeB));
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json().data.lines.map((l: { storageUnitId: number | null }) => l.storageUnitId)).toEqual([ids.fridgeB, null]);
    expect((await f.call('GET', `/api/goods-receipts/${draft.json().data.id}`)).json().data.lines[0].storageUnitId).toBe(ids.fridgeB);
    const posted = await f.call('POST', `/api/goods-receipts/${draft.json().data.id}/post`);
    expect(posted.statusCode, posted.body).toBe(200);
    const history = await f.call('GET', `/api/inventory/${await inventoryOf('RCP-1')}/storage-history`);
    expect(history.json().data).toEqual([{ fromDate: f.today, storageUnitId: ids.fridgeB, unitName: 'Rcp Fridge B' }]);
  });

  it("answers the units' options with what the receipt form picks by: region, condition, active", async () => {
    const options = await f.call('GET', '/api/storage-units/options');
    expect(options.statusCode, options.body).toBe(200);
    const offered = (options.json().options as Array<{ id: number; regionId: number; storageCondition: string; active: boolean }>)
      .filter((o) => o.regionId === f.north && o.storageCondition === 'refrigerated' && o.active)
      .map((o) => o.id);
    expect(offered.sort()).toEqual([ids.fridgeA, ids.fridgeB].sort());
  });

  it('leaves a lot of a line naming no unit in the region default, with no placement', async () => {
    const body = await order();
    expect((await f.call('POST', '/api/goods-receipts', { ...body('RCP-2', null), post: true })).statusCode).toBe(201);
    expect((await f.call('GET', `/api/inventory/${await inventoryOf('RCP-2')}/storage-history`)).json().data).toEqual([]);
  });

  it('refuses on save a unit of another region or condition, an inactive one, one for ambient goods and a missing one, storing nothing', async () => {
    const body = await order();
    const before = (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM goods_receipts`))[0]!.n;
    const cases: Array<[number | null, number | null, Record<string, string>]> = [
      [ids.southFridge, null, { 'lines.0.storageUnitId': coldChainMessages.receiptUnitMismatch }],
      [ids.freezer, null, { 'lines.0.storageUnitId': coldChainMessages.receiptUnitMismatch }],
      [ids.idle, null, { 'lines.0.storageUnitId': coldChainMessages.receiptUnitInactive }],
      [999999, null, { 'lines.0.storageUnitId': coldChainMessages.receiptUnitMismatch }],
      [null, ids.fridgeA, { 'lines.1.storageUnitId': coldChainMessages.receiptUnitAmbient }],
    ];
    for (const [coldUnit, glovesUnit, errors] of cases) {
      for (const post of [false, true]) {
        const refused = await f.call('POST', '/api/goods-receipts', { ...body('RCP-3', coldUnit, glovesUnit), post });
        expect(refused.statusCode, refused.body).toBe(400);
        expect(refused.json().errors).toEqual(errors);
      }
    }
    expect((await f.call('POST', '/api/goods-receipts', { ...body('RCP-3', 'x' as unknown as number) })).json().errors).toHaveProperty(['lines.0.storageUnitId']);
    expect((await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM goods_receipts`))[0]!.n).toBe(before);
  });

  it('refuses the lines of one lot in two units, and checks the unit again at the post', async () => {
    const body = await order();
    const split = body('RCP-4', ids.fridgeA);
    const [first, gloves] = split.lines as unknown as [Record<string, unknown>, Record<string, unknown>];
    const twoUnits = { ...split, lines: [{ ...first, quantity: 6 }, { ...first, quantity: 4, storageUnitId: ids.fridgeB }, gloves] };
    const refused = await f.call('POST', '/api/goods-receipts', twoUnits);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual({ 'lines.1.storageUnitId': coldChainMessages.receiptLotSplit('RCP-4') });

    const draft = await f.call('POST', '/api/goods-receipts', body('RCP-4', ids.fridgeB));
    expect(draft.statusCode, draft.body).toBe(201);
    expect((await f.call('PUT', `/api/storage-units/${ids.fridgeB}`, { active: false })).statusCode).toBe(200);
    try {
      const posted = await f.call('POST', `/api/goods-receipts/${draft.json().data.id}/post`);
      expect(posted.statusCode, posted.body).toBe(400);
      expect(posted.json().errors).toEqual({ 'lines.0.storageUnitId': coldChainMessages.receiptUnitInactive });
      expect((await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM inventory WHERE lot_number = 'RCP-4'`))[0]!.n).toBe(0);
    } finally {
      expect((await f.call('PUT', `/api/storage-units/${ids.fridgeB}`, { active: true })).statusCode).toBe(200);
    }
  });
});
