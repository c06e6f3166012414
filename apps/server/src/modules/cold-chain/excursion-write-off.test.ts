import { addDays } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { approvedPurchaseOrder, type PurchasingFixtures, purchasingFixtures } from '../../test/purchasing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * A lot is one inventory row per place, so units that were never in an excursion can share its row
 * (a later receipt of the lot): the write-off takes what the excursion exposed, never the row's all.
 */
let t: TestApp;
let f: PurchasingFixtures;
const ids = { cold: 0, unit: 0 };

beforeAll(async () => {
  t = await createTestApp();
  f = await purchasingFixtures(t, 'Wof');
  const item = await f.call('POST', '/api/items', {
    itemName: 'Wof Troponin', articleNumber: 'WOF-TRP', categoryId: f.category, unit: 'kit', costPrice: '0.00', salePrice: '0.00', lotTracked: true, storageCondition: 'refrigerated', active: true,
  });
  expect(item.statusCode, item.body).toBe(201);
  ids.cold = item.json().data.id;
  expect((await f.call('POST', `/api/items/${ids.cold}/approve`)).statusCode).toBe(200);
  const unit = await f.call('POST', '/api/storage-units', { unitName: 'Wof Cold Room', unitKind: 'coldRoom', regionId: f.north, isDefault: true });
  expect(unit.statusCode, unit.body).toBe(201);
  ids.unit = unit.json().data.id;
});
afterAll(async () => t?.close());

async function receipt(lotNumber: string, quantity: number, loggerResult: 'withinRange' | 'excursion'): Promise<number> {
  const order = await approvedPurchaseOrder(f, [{ itemId: ids.cold, quantity, unitCost: '10.00' }]);
  const posted = await f.call('POST', '/api/goods-receipts', {
    purchaseOrderId: order.id, receiptDate: f.today, loggerResult, post: true,
    lines: [{ purchaseOrderLineId: order.lineIds[0], quantity, lotNumber, dateExpiry: addDays(f.today, 400) }],
  });
  expect(posted.statusCode, posted.body).toBe(201);
  return posted.json().data.lines[0].inventoryId as number;
}

async function adjustIn(lotNumber: string, date: string, quantity: number): Promise<number> {
  const response = await f.call('POST', '/api/stock-adjustments', {
    adjustmentDate: date, reason: 'openingStock', post: true,
    lines: [{ itemId: ids.cold, regionId: f.north, lotNumber, dateExpiry: addDays(f.today, 400), quantity, unitCost: '10.00' }],
  });
  expect(response.statusCode, response.body).toBe(201);
  const [row] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM inventory WHERE item_id = ${ids.cold} AND lot_number = ${lotNumber}`);
  return Number(row!.id);
}

const rowOf = async (inventoryId: number) =>
  (await queryRows<{ quantity: number; lotStatus: string; manual: boolean; excursionId: number | null }>(
    t.database.db,
    sql`SELECT quantity, lot_status AS "lotStatus", quarantined_manually AS manual, excursion_id AS "excursionId" FROM inventory WHERE id = ${inventoryId}`,
  ))[0]!;

const writtenOff = async (adjustmentId: number) =>
  (await queryRows<{ quantity: number }>(t.database.db, sql`SELECT quantity FROM stock_adjustment_lines WHERE stock_adjustment_id = ${adjustmentId} ORDER BY line_no`)).map((l) => l.quantity);

describe("an excursion's write-off (issue 31, section 3)", () => {
  it('of a shipment takes the 20 units it brought, not the 100 of the lot already on the shelf; the rest stays quarantined until a person releases it', async () => {
    const lot = await receipt('WOF-1', 100, 'withinRange');
    expect(await receipt('WOF-1', 20, 'excursion')).toBe(lot);
    const held = await rowOf(lot);
    expect(held).toMatchObject({ quantity: 120, lotStatus: 'quarantined' });
    const excursionId = Number(held.excursionId);
    expect((await f.call('GET', `/api/temperature-excursions/${excursionId}`)).json().data.lots).toMatchObject([{ inventoryId: lot, quantity: 20 }]);

    const decided = await f.call('POST', `/api/temperature-excursions/${excursionId}/disposition`, { disposition: 'writeOff', reason: 'Logger read 14 °C for 3 hours' });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await writtenOff(decided.json().data.writeOffAdjustmentId)).toEqual([-20]);
    expect(await rowOf(lot)).toEqual({ quantity: 100, lotStatus: 'quarantined', manual: true, excursionId: null });
    expect(decided.json().data.lots).toMatchObject([{ inventoryId: lot, lotStatus: 'quarantined', disposition: 'writeOff' }]);
    const released = await f.call('POST', `/api/inventory/${lot}/release`, { reason: 'The first receipt was kept apart' });
    expect(released.statusCode, released.body).toBe(200);
    expect(await rowOf(lot)).toMatchObject({ quantity: 100, lotStatus: 'released' });
  });

  it('of a storage unit takes what was in the unit on its days, not what arrived after', async () => {
    const day = addDays(f.today, -3);
    const lot = await adjustIn('WOF-2', addDays(day, -1), 40);
    for (const [time, temperatureC] of [['08:00', '5'], ['08:30', '12'], ['09:00', '5']] as const) {
      const reading = await f.call('POST', '/api/temperature-readings', { storageUnitId: ids.unit, readAt: `${day} ${time}`, temperatureC });
      expect(reading.statusCode, reading.body).toBe(201);
    }
    const [excursion] = (await f.call('GET', `/api/temperature-excursions?storageUnitId=${ids.unit}`)).json().data as Array<{ id: number; status: string }>;
    expect(excursion!.status).toBe('awaitingDisposition');
    expect((await f.call('GET', `/api/temperature-excursions/${excursion!.id}`)).json().data.lots).toMatchObject([{ inventoryId: lot, quantity: 40 }]);
    expect(await adjustIn('WOF-2', f.today, 15)).toBe(lot);

    const decided = await f.call('POST', `/api/temperature-excursions/${excursion!.id}/disposition`, { disposition: 'writeOff', reason: 'Above 8 °C for 30 minutes' });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await writtenOff(decided.json().data.writeOffAdjustmentId)).toEqual([-40]);
    expect(await rowOf(lot)).toEqual({ quantity: 15, lotStatus: 'quarantined', manual: true, excursionId: null });
  });
});
