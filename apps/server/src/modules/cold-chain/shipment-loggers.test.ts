import { addDays } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type PurchasingFixtures, purchasingFixtures } from '../../test/purchasing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let f: PurchasingFixtures;
let cold = 0;

beforeAll(async () => {
  t = await createTestApp();
  f = await purchasingFixtures(t, 'Ship');
  const created = await f.call('POST', '/api/items', {
    itemName: 'Ship Glucose Reagent',
    articleNumber: 'SHIP-GLU',
    categoryId: f.category,
    unit: 'kit',
    costPrice: '0.00',
    salePrice: '0.00',
    lotTracked: true,
    storageCondition: 'refrigerated',
    active: true,
  });
  expect(created.statusCode, created.body).toBe(201);
  cold = created.json().data.id;
  expect((await f.call('POST', `/api/items/${cold}/approve`)).statusCode).toBe(200);
});
afterAll(async () => t?.close());

/** An approved order of the cold reagent and the ambient gloves, and a receipt body for it. */
async function order() {
  const po = await f.call('POST', '/api/purchase-orders', {
    vendorId: f.vendor.id,
    regionId: f.north,
    expectedDate: f.today,
    lines: [
      { itemId: cold, quantity: 10, unitCost: '100.00' },
      { itemId: f.gloves, quantity: 5, unitCost: '2.00' },
    ],
  });
  expect(po.statusCode, po.body).toBe(201);
  const lines = (await f.call('POST', `/api/purchase-orders/${po.json().data.id}/approve`)).json().data.lines as Array<{ id: number }>;
  return (lot: string, extra: object = {}) => ({
    purchaseOrderId: po.json().data.id,
    receiptDate: f.today,
    lines: [
      { purchaseOrderLineId: lines[0]!.id, quantity: 10, lotNumber: lot, dateExpiry: addDays(f.today, 400) },
      { purchaseOrderLineId: lines[1]!.id, quantity: 5 },
    ],
    ...extra,
  });
}

describe("a shipment's temperature logger (issue 31, section 3)", () => {
  it('saves a draft of goods kept cold without the logger; posting it without the result is 400 naming the item and its range', async () => {
    const body = await order();
    const draft = await f.call('POST', '/api/goods-receipts', body('SH-1'));
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json().data).toMatchObject({ loggerResult: null, loggerSerial: '', loggerMinC: null });
    const posted = await f.call('POST', `/api/goods-receipts/${draft.json().data.id}/post`);
    expect(posted.statusCode, posted.body).toBe(400);
    expect(posted.json().errors).toEqual({ loggerResult: "Record the shipment's temperature logger result: Ship Glucose Reagent is kept at 2-8 °C" });
    const [stock] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM inventory WHERE lot_number = 'SH-1'`);
    expect(stock!.n).toBe(0);
    const bad = await f.call('PUT', `/api/goods-receipts/${draft.json().data.id}`, body('SH-1', { loggerResult: 'hot', loggerMaxC: '150' }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['loggerMaxC', 'loggerResult']);
  });

  it('posts with the logger within range: the lots arrive released, the logger kept on the receipt', async () => {
    const body = await order();
    const posted = await f.call('POST', '/api/goods-receipts', { ...body('SH-2', { loggerResult: 'withinRange', loggerSerial: 'TL-77', loggerMinC: 3.1, loggerMaxC: '7.4' }), post: true });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().data).toMatchObject({ status: 'posted', loggerResult: 'withinRange', loggerSerial: 'TL-77', loggerMinC: '3.10', loggerMaxC: '7.40' });
    const [lot] = await queryRows<{ lotStatus: string }>(t.database.db, sql`SELECT lot_status AS "lotStatus" FROM inventory WHERE lot_number = 'SH-2'`);
    expect(lot!.lotStatus).toBe('released');
  });

  it('an excursion in transit quarantines the cold lots (not the gloves), held by a shipment excursion awaiting disposition; release frees them', async () => {
    const body = await order();
    const posted = await f.call('POST', '/api/goods-receipts', {
      ...body('SH-3', { loggerResult: 'excursion', loggerSerial: 'TL-78', loggerMinC: '4.00', loggerMaxC: '14.50', loggerMinutesOutside: 95, loggerNotes: 'Truck cooling failed' }),
      post: true,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const receipt = posted.json().data;
    const [coldLine, glovesLine] = receipt.lines as Array<{ inventoryId: number }>;
    const statuses = await queryRows<{ id: number; lotStatus: string; excursionId: number | null }>(
      t.database.db,
      sql`SELECT id, lot_status AS "lotStatus", excursion_id AS "excursionId" FROM inventory WHERE id IN (${coldLine!.inventoryId}, ${glovesLine!.inventoryId}) ORDER BY id`,
    );
    const coldLot = statuses.find((s) => Number(s.id) === coldLine!.inventoryId)!;
    expect(coldLot.lotStatus).toBe('quarantined');
    expect(statuses.find((s) => Number(s.id) === glovesLine!.inventoryId)!.lotStatus).toBe('released');
    const listed = await f.call('GET', `/api/temperature-excursions?status=awaitingDisposition&regionId=${f.north}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const excursion = (listed.json().data as Array<Record<string, unknown>>).find((e) => e.id === coldLot.excursionId)!;
    expect(excursion).toMatchObject({ source: 'shipment', goodsReceiptId: receipt.id, maxC: '14.50', direction: 'high', status: 'awaitingDisposition' });
    const one = (await f.call('GET', `/api/temperature-excursions/${coldLot.excursionId}`)).json().data;
    expect(one.lots).toEqual([expect.objectContaining({ inventoryId: coldLine!.inventoryId, quantity: 10, lotStatus: 'quarantined' })]);
    const released = await f.call('POST', `/api/temperature-excursions/${coldLot.excursionId}/disposition`, { disposition: 'release', reason: 'Stability data covers 95 minutes at 14.5 °C' });
    expect(released.statusCode, released.body).toBe(200);
    const [after] = await queryRows<{ lotStatus: string }>(t.database.db, sql`SELECT lot_status AS "lotStatus" FROM inventory WHERE id = ${coldLine!.inventoryId}`);
    expect(after!.lotStatus).toBe('released');
  });

  it('asks nothing of a receipt of ambient goods alone', async () => {
    const po = await f.call('POST', '/api/purchase-orders', { vendorId: f.vendor.id, regionId: f.north, expectedDate: f.today, lines: [{ itemId: f.gloves, quantity: 3, unitCost: '2.00' }] });
    const [line] = (await f.call('POST', `/api/purchase-orders/${po.json().data.id}/approve`)).json().data.lines as Array<{ id: number }>;
    const posted = await f.call('POST', '/api/goods-receipts', { purchaseOrderId: po.json().data.id, receiptDate: f.today, post: true, lines: [{ purchaseOrderLineId: line!.id, quantity: 3 }] });
    expect(posted.statusCode, posted.body).toBe(201);
  });
});
