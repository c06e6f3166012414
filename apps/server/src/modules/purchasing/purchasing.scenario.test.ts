import { addDays } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { inventoryAgrees, type PurchasingFixtures, purchasingFixtures, vendorBalance } from '../../test/purchasing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 7, section 7: a purchasing officer orders reagents from a vendor, an approver approves
 * the order, the storekeeper receives part of it into two lots, then the rest; the vendor's
 * ledger and the Inventory account match the lots to the cent; a receipt whose stock was since
 * drawn cannot be cancelled.
 */
let t: TestApp;
let f: PurchasingFixtures;

beforeAll(async () => {
  t = await createTestApp();
  f = await purchasingFixtures(t, 'Sc');
});
afterAll(async () => t?.close());

const story: Record<string, number> = {};

/** What the lots of the order hold, by lot number: quantity and value. */
async function lotsOfOrder(): Promise<Record<string, [number, string]>> {
  const rows = await queryRows<{ lotNumber: string; quantity: number; value: string }>(
    t.database.db,
    sql`SELECT lot_number AS "lotNumber", quantity, (quantity * unit_cost)::numeric(18, 2)::text AS value FROM inventory
        WHERE id IN (SELECT inventory_id FROM goods_receipt_lines l JOIN goods_receipts g ON g.id = l.goods_receipt_id WHERE g.purchase_order_id = ${story.order}) ORDER BY lot_number`,
  );
  return Object.fromEntries(rows.map((r) => [r.lotNumber, [Number(r.quantity), r.value]]));
}

describe('purchasing: an order received in two receipts', () => {
  it('a purchasing officer drafts an order of 20 CBC kits at 18.75 and 10 boxes of gloves at 3.40; an approver approves it', async () => {
    const created = await f.call('POST', '/api/purchase-orders', {
      vendorId: f.vendor.id,
      regionId: f.north,
      expectedDate: addDays(f.today, 10),
      notes: 'Quarterly reagents',
      lines: [
        { itemId: f.reagent, quantity: 20, unitCost: '18.75' },
        { itemId: f.gloves, quantity: 10, unitCost: '3.40' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.totalValue).toBe('409.00');
    story.order = created.json().data.id;
    [story.reagentLine, story.glovesLine] = created.json().data.lines.map((l: { id: number }) => l.id);
    const approver = await t.userWithRole('inventorySupervisor', { scopes: ['purchase-orders:approve'] });
    const approved = await f.call('POST', `/api/purchase-orders/${story.order}/approve`, undefined, approver.token);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', receiptStatus: 'notReceived' });
    const options = (await f.call('GET', '/api/purchase-orders/options?search=Sc%20Sysmex')).json().options;
    expect(options).toEqual([expect.objectContaining({ id: story.order, isApproved: true, vendor: { vendorName: 'Sc Sysmex' } })]);
  });

  it('the storekeeper receives 12 kits in two lots and 4 boxes: partly received; Inventory and the vendor ledger move by 238.60', async () => {
    const storekeeper = await t.userWithRole('inventorySupervisor');
    const received = await f.call(
      'POST',
      '/api/goods-receipts',
      {
        purchaseOrderId: story.order,
        receiptDate: f.today,
        post: true,
        lines: [
          { purchaseOrderLineId: story.reagentLine, quantity: 7, lotNumber: 'SC-L1', dateExpiry: addDays(f.today, 400) },
          { purchaseOrderLineId: story.reagentLine, quantity: 5, lotNumber: 'SC-L2', dateExpiry: addDays(f.today, 500) },
          { purchaseOrderLineId: story.glovesLine, quantity: 4 },
        ],
      },
      storekeeper.token,
    );
    expect(received.statusCode, received.body).toBe(201);
    story.first = received.json().data.id;
    // 12 x 18.75 + 4 x 3.40
    expect(received.json().data.totalValue).toBe('238.60');
    const order = (await f.call('GET', `/api/purchase-orders/${story.order}`)).json().data;
    expect(order.receiptStatus).toBe('partlyReceived');
    expect(order.lines.map((l: { receivedQuantity: number }) => l.receivedQuantity)).toEqual([12, 4]);
    expect(await lotsOfOrder()).toEqual({ [`GR${story.first}-${story.glovesLine}`]: [4, '13.60'], 'SC-L1': [7, '131.25'], 'SC-L2': [5, '93.75'] });
    expect(await vendorBalance(t, f.vendor.accountId)).toBe('238.60');
    const agrees = await inventoryAgrees(t);
    expect(agrees.ledger).toBe('238.60');
    expect(agrees.lots).toBe('238.60');
    // /inventory shows the two lots.
    const inventory = (await f.call('GET', `/api/inventory?itemId=${f.reagent}`)).json().data.map((l: { lotNumber: string; quantity: number }) => [l.lotNumber, l.quantity]);
    expect(inventory).toEqual(expect.arrayContaining([['SC-L1', 7], ['SC-L2', 5]]));
  });

  it('a second receipt brings the rest (one more kit into lot SC-L1): received', async () => {
    const received = await f.call('POST', '/api/goods-receipts', {
      purchaseOrderId: story.order,
      receiptDate: f.today,
      post: true,
      lines: [
        { purchaseOrderLineId: story.reagentLine, quantity: 1, lotNumber: 'SC-L1', dateExpiry: addDays(f.today, 400) },
        { purchaseOrderLineId: story.reagentLine, quantity: 7, lotNumber: 'SC-L3', dateExpiry: addDays(f.today, 600) },
        { purchaseOrderLineId: story.glovesLine, quantity: 6 },
      ],
    });
    expect(received.statusCode, received.body).toBe(201);
    story.second = received.json().data.id;
    expect(received.json().data.totalValue).toBe('170.40');
    const order = (await f.call('GET', `/api/purchase-orders/${story.order}`)).json().data;
    expect(order.receiptStatus).toBe('received');
    expect(order.receipts).toEqual([
      { id: story.first, documentNumber: expect.stringMatching(/^GRN-/), receiptDate: f.today, status: 'posted', totalValue: '238.60' },
      { id: story.second, documentNumber: expect.stringMatching(/^GRN-/), receiptDate: f.today, status: 'posted', totalValue: '170.40' },
    ]);
    expect((await f.call('GET', `/api/purchase-orders?search=Quarterly`)).json().data[0].receiptStatus).toBe('received');
    expect(await lotsOfOrder()).toEqual({
      [`GR${story.first}-${story.glovesLine}`]: [4, '13.60'],
      [`GR${story.second}-${story.glovesLine}`]: [6, '20.40'],
      'SC-L1': [8, '150.00'],
      'SC-L2': [5, '93.75'],
      'SC-L3': [7, '131.25'],
    });
    // The order's value, on both sides, to the cent.
    expect(await vendorBalance(t, f.vendor.accountId)).toBe('409.00');
    const agrees = await inventoryAgrees(t);
    expect(agrees).toEqual({ ledger: '409.00', lots: '409.00' });
    // The vendor's ledger (/ledger/:accountId) shows the two receipts.
    const ledger = await f.call('GET', `/api/ledger/${f.vendor.accountId}?from=${f.today}&to=${f.today}`);
    expect(ledger.statusCode, ledger.body).toBe(200);
    expect(JSON.stringify(ledger.json())).toContain('GRN-');
    // Nothing more can be received.
    const more = await f.call('POST', '/api/goods-receipts', { purchaseOrderId: story.order, receiptDate: f.today, lines: [{ purchaseOrderLineId: story.glovesLine, quantity: 1 }] });
    expect(more.statusCode).toBe(400);
    expect(more.json().errors).toEqual({ 'lines.0.quantity': 'More than ordered: 10 ordered, 10 already received, so at most 0 can be received now' });
  });

  it('refuses to cancel a receipt whose stock was drawn since, naming the lot; the rest stays as it was', async () => {
    const [lot] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM inventory WHERE lot_number = 'SC-L2'`);
    const drawn = await f.call('POST', '/api/stock-adjustments', { adjustmentDate: f.today, reason: 'damage', post: true, lines: [{ inventoryId: lot!.id, quantity: -1 }] });
    expect(drawn.statusCode, drawn.body).toBe(201);
    const refused = await f.call('POST', `/api/goods-receipts/${story.first}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^This document cannot be cancelled: its stock has since been drawn\. Only 4 of Sc CBC Reagent lot SC-L2 are available in Sc North/);
    expect((await f.call('GET', `/api/goods-receipts/${story.first}`)).json().data.status).toBe('posted');
    expect((await f.call('GET', `/api/purchase-orders/${story.order}`)).json().data.receiptStatus).toBe('received');
    // The second receipt's stock is whole: it cancels, and the order is partly received again.
    expect((await f.call('POST', `/api/goods-receipts/${story.second}/cancel`)).statusCode).toBe(200);
    expect((await f.call('GET', `/api/purchase-orders/${story.order}`)).json().data.receiptStatus).toBe('partlyReceived');
    expect(await vendorBalance(t, f.vendor.accountId)).toBe('238.60');
    const agrees = await inventoryAgrees(t);
    expect(agrees.ledger).toBe(agrees.lots);
  });
});
