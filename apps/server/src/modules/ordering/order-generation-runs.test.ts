import { addDays } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { monthStartBefore } from './order-generation-inputs.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { documentServices } from '../../lib/document/document-services.ts';
import type { Actor } from '../../lib/actor.ts';
import { orderGenerationRunBinding } from './order-generation-runs.binding.ts';

let t: TestApp;
let f: SalesFixtures;

/**
 * Issue 19, section 4's example through the API: velocity 3/day over the history window, lead
 * time 60, review 30, safety 15 days, pack 10; lot A 150 expiring in 10 days, lot B 100 in 400.
 */
beforeAll(async () => {
  t = await createTestApp();
  f = await salesFixtures(t, 'Og');
  // The lots came in long before the history window: the item was in stock every day of it.
  await receiveLong([
    { quantity: 150, expiresIn: 10 },
    { quantity: 100, expiresIn: 400 },
  ]);
  const item = await f.call('PUT', `/api/items/${f.reagent}`, { leadTimeDays: 60, safetyStockDays: 15, packSize: 10, costPrice: '2.50', vendorId: f.vendor.id });
  expect(item.statusCode, item.body).toBe(200);
  const settings = await f.call('PUT', '/api/settings', { reviewDays: 30, historyMonths: 6 });
  expect(settings.statusCode, settings.body).toBe(200);
  // 3 a day over the six whole months before this one.
  const months = Array.from({ length: 6 }, (_, n) => monthStartBefore(f.today, n + 1));
  for (const month of months) {
    const days = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
    await t.database.db.execute(sql`INSERT INTO sales_summary (month, item_id, region_id, customer_id, quantity, value)
      VALUES (${month}::date, ${f.reagent}::int, ${f.north}::int, ${f.customer.id}::int, ${3 * days}, 0)`);
  }
});
afterAll(async () => t?.close());

/** Lots of the reagent received 400 days ago into north, through the real documents. */
async function receiveLong(lots: { quantity: number; expiresIn: number }[]) {
  const date = addDays(f.today, -400);
  const order = await f.call('POST', '/api/purchase-orders', {
    orderDate: date,
    vendorId: f.vendor.id,
    regionId: f.north,
    expectedDate: date,
    lines: lots.map((l) => ({ itemId: f.reagent, quantity: l.quantity, unitCost: '2.50' })),
  });
  expect(order.statusCode, order.body).toBe(201);
  const approved = await f.call('POST', `/api/purchase-orders/${order.json().data.id}/approve`);
  const orderLines = approved.json().data.lines as Array<{ id: number }>;
  const receipt = await f.call('POST', '/api/goods-receipts', {
    purchaseOrderId: order.json().data.id,
    receiptDate: date,
    acceptNearExpiry: true,
    post: true,
    lines: lots.map((l, index) => ({ purchaseOrderLineId: orderLines[index]!.id, quantity: l.quantity, lotNumber: `OG-L${index}`, dateExpiry: addDays(f.today, l.expiresIn) })),
  });
  expect(receipt.statusCode, receipt.body).toBe(201);
}

type Line = Record<string, unknown> & { itemId: number; suggestedQty: number; finalQty: number; reasons: string[] };

const run = async (body: Record<string, unknown> = {}) => {
  const response = await f.call('POST', '/api/order-generation-runs', { demandBasis: 'velocity', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; documentNumber: string; status: string; lines: Line[]; totalValue: string };
};
const lineOf = (data: { lines: Line[] }, itemId = f.reagent) => data.lines.find((l) => l.itemId === itemId)!;

describe('order generation runs', () => {
  it('counts only stock that sells before it expires: usable 130, at risk 120, suggested 190', async () => {
    const data = await run();
    expect(data.documentNumber).toMatch(/^OG-\d{4}-\d{6}$/);
    expect(data.status).toBe('draft');
    const line = lineOf(data);
    expect(line).toMatchObject({ onHand: 250, velocity: 3, usable: 130, atRiskQty: 120, atRiskValue: '300.00', demandQty: 270, safetyStock: 45, suggestedQty: 190, finalQty: 190 });
    expect(line.reasons).toEqual(['EXPIRY_RISK', 'MOQ_ROUNDED']);
    const read = await f.call('GET', `/api/order-generation-runs/${data.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(lineOf(read.json().data)).toEqual(line);
    const csv = await f.call('GET', `/api/order-generation-runs/${data.id}/lines/export?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toContain('Item,Article number,Vendor');
    expect(csv.body).toContain('EXPIRY_RISK MOQ_ROUNDED');
    // Items without sales history or stock suggest nothing; unapproved items are left out.
    expect(lineOf(data, f.gloves)).toMatchObject({ suggestedQty: 0, reasons: ['NO_VENDOR'] });
    expect(data.lines.some((l) => l.itemId === f.unapproved)).toBe(false);
  });

  const order = async (quantity: number, dueIn: number) => {
    const created = await f.call('POST', '/api/purchase-orders', {
      vendorId: f.vendor.id,
      regionId: f.south,
      expectedDate: addDays(f.today, dueIn),
      lines: [{ itemId: f.reagent, quantity, unitCost: '2.50' }],
    });
    const id = created.json().data.id as number;
    expect((await f.call('POST', `/api/purchase-orders/${id}/approve`)).statusCode).toBe(200);
    return id;
  };

  it('a purchase order of 100 due on day 45 brings it to 90; due on day 120 it is beyond the horizon: still 190', async () => {
    const soon = await order(100, 45);
    expect(lineOf(await run())).toMatchObject({ openSupply: 100, suggestedQty: 90 });
    expect((await f.call('POST', `/api/purchase-orders/${soon}/cancel`)).statusCode).toBe(200);
    const later = await order(100, 120);
    const line = lineOf(await run());
    expect(line).toMatchObject({ openSupply: 0, beyondHorizon: 100, suggestedQty: 190 });
    expect(line.reasons).toContain('BEYOND_HORIZON');
    expect((await f.call('POST', `/api/purchase-orders/${later}/cancel`)).statusCode).toBe(200);
  });

  it('a region filter pools only those regions: south has no stock and no sales', async () => {
    const data = await run({ regionIds: [f.south] });
    expect(lineOf(data)).toMatchObject({ onHand: 0, soldQty: 0, suggestedQty: 0 });
    expect((await f.call('GET', `/api/order-generation-runs/${data.id}`)).json().data.regionIds).toEqual([f.south]);
  });

  it('edits finals while a draft, creates one draft order per vendor, and the next run counts them', async () => {
    const data = await run();
    const edited = await f.call('PUT', `/api/order-generation-runs/${data.id}/lines/${f.reagent}`, { finalQty: 200 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().line).toMatchObject({ itemId: f.reagent, finalQty: 200, suggestedQty: 190, value: '500.00' });
    expect((await f.call('GET', `/api/order-generation-runs/${data.id}`)).json().data).toMatchObject({ totalValue: '500.00' });
    expect((await f.call('PUT', `/api/order-generation-runs/${data.id}/lines/${f.reagent}`, { finalQty: -1 })).statusCode).toBe(400);
    expect((await f.call('PUT', `/api/order-generation-runs/${data.id}/lines/999999`, { finalQty: 1 })).statusCode).toBe(404);
    // Back to the suggestion, so the second run's figure is the issue's.
    await f.call('PUT', `/api/order-generation-runs/${data.id}/lines/${f.reagent}`, { finalQty: 190 });
    await t.database.db.execute(sql`UPDATE vendors SET min_order_value = 1000 WHERE id = ${f.vendor.id}::int`);

    const converted = await f.call('POST', `/api/order-generation-runs/${data.id}/create-orders`, { regionId: f.north });
    expect(converted.statusCode, converted.body).toBe(200);
    const result = converted.json().data;
    expect(result.status).toBe('converted');
    expect(result.purchaseOrders).toHaveLength(1);
    expect(result.warnings).toEqual(['The order to Og Sysmex is under its minimum order value of 1000.00']);
    const po = (await f.call('GET', `/api/purchase-orders/${result.purchaseOrderIds[0]}`)).json().data;
    expect(po).toMatchObject({ status: 'draft', vendorId: f.vendor.id, regionId: f.north, expectedDate: addDays(f.today, 60), totalValue: '475.00' });
    expect(po.lines).toEqual([expect.objectContaining({ itemId: f.reagent, quantity: 190, unitCost: '2.50' })]);
    expect((await f.call('GET', `/api/order-generation-runs/${data.id}`)).json().data.purchaseOrderIds).toEqual(result.purchaseOrderIds);

    expect((await f.call('PUT', `/api/order-generation-runs/${data.id}/lines/${f.reagent}`, { finalQty: 5 })).statusCode).toBe(409);
    expect((await f.call('POST', `/api/order-generation-runs/${data.id}/create-orders`, { regionId: f.north })).statusCode).toBe(409);

    const second = lineOf(await run());
    expect(second).toMatchObject({ openSupply: 190, suggestedQty: 0 });
  });

  it('refuses a receiving region that does not exist and a run with nothing to order', async () => {
    const data = await run({ regionIds: [f.south] });
    expect((await f.call('POST', `/api/order-generation-runs/${data.id}/create-orders`, { regionId: f.north })).statusCode).toBe(409);
    const missing = await f.call('POST', `/api/order-generation-runs/${data.id}/create-orders`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('regionId');
  });

  it('computes a draft again with new parameters, keeping its number; a draft is kept, not deleted', async () => {
    const data = await run();
    const again = await f.call('PUT', `/api/order-generation-runs/${data.id}`, { demandBasis: 'velocity', reviewDays: 60 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ id: data.id, documentNumber: data.documentNumber, reviewDays: 60 });
    // Horizon 60 + 60 days: 360 of demand.
    expect(lineOf((await f.call('GET', `/api/order-generation-runs/${data.id}`)).json().data)).toMatchObject({ demandQty: 360 });
    expect((await f.call('DELETE', `/api/order-generation-runs/${data.id}`)).statusCode).toBe(409);
    expect((await f.call('GET', `/api/order-generation-runs/${data.id}`)).statusCode).toBe(200);
  });

  it('discards a draft; only roles of /order-generation may run it', async () => {
    const data = await run();
    const discarded = await f.call('POST', `/api/order-generation-runs/${data.id}/discard`);
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect(discarded.json().data.status).toBe('discarded');
    const sales = await t.userWithRole('salesExecutive');
    expect((await f.call('POST', '/api/order-generation-runs', { demandBasis: 'velocity' }, sales.token)).statusCode).toBe(403);
    const accountant = await t.userWithRole('accountant');
    expect((await f.call('POST', '/api/order-generation-runs', { demandBasis: 'velocity' }, accountant.token)).statusCode).toBe(201);
    const bad = await f.call('POST', '/api/order-generation-runs', { demandBasis: 'guess', reviewDays: -1 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['demandBasis', 'reviewDays']));
  });
});

describe('the warehouse board: items due for Generate Order', () => {
  it('counts approved items no run covered within the review period, as its list does', async () => {
    const due = async () => (await f.call('GET', '/api/order-generation-runs/due-items')).json() as { total: number; data: { itemId: number }[] };
    // Every approved item was in a run today: none due within 30 days.
    expect((await due()).total).toBe(0);
    await t.database.db.execute(sql`UPDATE company_settings SET review_days = 0`);
    const all = await due();
    expect(all.data.map((row) => row.itemId)).toEqual(expect.arrayContaining([f.reagent, f.gloves]));
    expect(all.data.map((row) => row.itemId)).not.toContain(f.unapproved);
    const board = await f.call('GET', '/api/dashboard?board=warehouse');
    expect(board.statusCode, board.body).toBe(200);
    const figure = (board.json().figures as { id: string; value: string }[]).find((fig) => fig.id === 'order-generation-due');
    expect(figure?.value).toBe(String(all.total));
    await t.database.db.execute(sql`UPDATE company_settings SET review_days = 30`);
  });
});

describe('plan demand', () => {
  it('planAdjusted: an approved region plan of 120 a month at half achieved uses 60 a month; customer plans are not counted again', async () => {
    const year = Number(f.today.slice(0, 4));
    const months = Array.from({ length: 12 }, () => 120);
    // Seeded as the plans' own statements would leave an approved plan (draft, its line, then approved).
    const plan = async (body: { year?: number; customerId?: number }) => {
      const planYear = body.year ?? year;
      const [row] = await queryRows<{ id: number }>(
        t.database.db,
        sql`INSERT INTO sales_plans (document_date, year, region_id, customer_id) VALUES (${`${planYear}-01-01`}::date, ${planYear}::int, ${f.north}::int, ${body.customerId ?? null}::int) RETURNING id`,
      );
      await t.database.db.execute(sql`INSERT INTO sales_plan_lines (sales_plan_id, line_no, item_id, months) VALUES (${row!.id}::int, 1, ${f.gloves}::int, ${sql.param(months)}::int[])`);
      await t.database.db.execute(sql`UPDATE sales_plans SET status = 'approved' WHERE id = ${row!.id}::int`);
    };
    await plan({});
    await plan({ year: year + 1 });
    await plan({ customerId: f.customer.id });
    // This year's actual: half the plan to date.
    const month = Number(f.today.slice(5, 7));
    const day = Number(f.today.slice(8, 10));
    const ytdPlan = 120 * (month - 1) + (120 * day) / new Date(Date.UTC(year, month, 0)).getUTCDate();
    // Whole units: on 1 January half of 120/31 is 2 units sold, a ratio of 0.52, not 0.50 (the date check found it).
    const actual = Math.round(ytdPlan / 2);
    const ratio = actual / ytdPlan;
    await t.database.db.execute(sql`INSERT INTO sales_summary (month, item_id, region_id, customer_id, quantity, value)
      VALUES (${`${year}-01-01`}::date, ${f.gloves}::int, ${f.north}::int, ${f.customer.id}::int, ${actual}, 0)`);
    const line = lineOf(await run({ demandBasis: 'planAdjusted' }), f.gloves);
    expect(line.planQty).toBe(1440);
    expect(ratio).toBeCloseTo(0.5, 1);
    expect(Number(line.planRatio)).toBeCloseTo(ratio, 3);
    // About 60 a month (120 at that ratio), whatever the months' lengths: between 31 and 28 days' worth a day.
    expect(Number(line.dailyDemand)).toBeGreaterThan((120 * ratio) / 31 - 0.01);
    expect(Number(line.dailyDemand)).toBeLessThan((120 * ratio) / 28 + 0.01);
    expect(line.reasons).toContain('PLAN_BEHIND');
    expect(line.reasons).not.toContain('NO_PLAN');
    // The plan basis alone: the full 120.
    const plain = lineOf(await run({ demandBasis: 'plan' }), f.gloves);
    expect(Number(plain.dailyDemand)).toBeGreaterThan(120 / 31 - 0.01);
    expect(Number(plain.dailyDemand)).toBeLessThan(120 / 28 + 0.01);
  });
});

describe('statement count', () => {
  it('a whole run is at most 15 statements whatever the item count', async () => {
    const admin = { userId: 1, role: 'admin', scopes: [], permissions: {} } as unknown as Actor;
    const services = documentServices(orderGenerationRunBinding);
    const count = async () =>
      t.database.db.transaction(async (tx) => {
        const session = (tx as unknown as { session: { prepareQuery: (...args: unknown[]) => unknown } }).session;
        const spy = vi.spyOn(session, 'prepareQuery');
        await services.create(tx, admin, { demandBasis: 'planAdjusted' });
        const n = spy.mock.calls.length;
        spy.mockRestore();
        return n;
      });
    const before = await count();
    // Twenty more items: the count stays.
    for (let n = 0; n < 20; n += 1) {
      await t.database.db.execute(sql`INSERT INTO items (item_name, article_number, category_id, is_approved) VALUES (${`Og bulk ${n}`}, ${`OG-BULK-${n}`}, ${f.category}::int, true)`);
    }
    const after = await count();
    console.info(`order generation run: ${after} statements`);
    expect(before).toBeLessThanOrEqual(15);
    expect(after).toBe(before);
    const [lines] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM order_generation_run_lines`);
    expect(lines!.n).toBeGreaterThan(20);
  });
});

describe('stock in transit', () => {
  it('counts as open supply due now: moving a lot between regions leaves the pooled suggestion as it was', async () => {
    const before = lineOf(await run());
    const [lot] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM inventory WHERE lot_number = 'OG-L1' AND item_id = ${f.reagent}::int`);
    const draft = await f.call('POST', '/api/transfers', { fromRegionId: f.north, toRegionId: f.south, transferDate: f.today, notes: '', lines: [{ inventoryId: lot!.id, quantity: 100 }] });
    expect(draft.statusCode, draft.body).toBe(201);
    const dispatched = await f.call('POST', `/api/transfers/${draft.json().data.id}/dispatch`);
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    const after = lineOf(await run());
    expect(after).toMatchObject({ onHand: Number(before.onHand) - 100, openSupply: Number(before.openSupply) + 100, suggestedQty: before.suggestedQty });
  });
});
