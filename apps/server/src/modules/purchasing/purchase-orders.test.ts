import { addDays, purchaseOrderDocument, purchasingMessages } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { documentRoutes } from '../../lib/document/register-document.ts';
import { type PurchasingFixtures, purchasingFixtures } from '../../test/purchasing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { purchaseOrderBinding } from './purchase-orders.binding.ts';

let t: TestApp;
let f: PurchasingFixtures;

beforeAll(async () => {
  t = await createTestApp();
  f = await purchasingFixtures(t, 'Po');
});
afterAll(async () => t?.close());

const order = (overrides: Record<string, unknown> = {}) => ({
  vendorId: f.vendor.id,
  regionId: f.north,
  expectedDate: addDays(f.today, 14),
  notes: 'Monthly reagents',
  lines: [
    { itemId: f.reagent, quantity: 10, unitCost: '12.35' },
    { itemId: f.gloves, quantity: 3, unitCost: '0.1' },
  ],
  ...overrides,
});

const read = async (id: number) => (await f.call('GET', `/api/purchase-orders/${id}`)).json().data;

const refused = (statement: ReturnType<typeof sql>) =>
  t.database.db.execute(statement).then(
    () => 'changed',
    () => 'refused',
  );

const state: Record<string, number> = {};

describe('purchase orders: drafts', () => {
  it('saves a draft with the API names of issue 7, today as its order date, its total and lines; the answer is what a read gives', async () => {
    const created = await f.call('POST', '/api/purchase-orders', order());
    expect(created.statusCode, created.body).toBe(201);
    const data = created.json().data;
    expect(data).toMatchObject({
      status: 'draft',
      documentNumber: null,
      orderDate: f.today,
      vendorId: f.vendor.id,
      vendor: { vendorName: 'Po Sysmex' },
      region: { regionName: 'Po North' },
      isApproved: false,
      receiptStatus: 'notReceived',
      totalValue: '123.80',
      purchaseOrderId: data.id,
    });
    expect(data.lines).toEqual([
      expect.objectContaining({ lineNo: 1, itemId: f.reagent, quantity: 10, unitCost: '12.35', value: '123.50', receivedQuantity: 0, item: expect.objectContaining({ lotTracked: true, unit: 'kit' }) }),
      expect.objectContaining({ lineNo: 2, itemId: f.gloves, quantity: 3, unitCost: '0.10', value: '0.30', receivedQuantity: 0 }),
    ]);
    expect(await read(data.id)).toEqual(data);
    state.draft = data.id;

    const replaced = await f.call('PUT', `/api/purchase-orders/${data.id}`, order({ orderDate: addDays(f.today, -1), lines: [{ itemId: f.reagent, quantity: 4, unitCost: '2.50' }] }));
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data).toMatchObject({ orderDate: addDays(f.today, -1), totalValue: '10.00', lines: [expect.objectContaining({ quantity: 4 })] });
    expect(await read(data.id)).toEqual(replaced.json().data);
  });

  it('refuses an unapproved or missing item, an inactive or missing vendor and a missing region, naming each field', async () => {
    const response = await f.call('POST', '/api/purchase-orders', order({ vendorId: 999_999, regionId: 999_999, lines: [{ itemId: f.unapproved, quantity: 1, unitCost: '1.00' }, { itemId: 999_999, quantity: 1, unitCost: '1.00' }] }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      vendorId: purchasingMessages.vendorMissing,
      regionId: purchasingMessages.regionMissing,
      'lines.0.itemId': purchasingMessages.itemNotApproved,
      'lines.1.itemId': purchasingMessages.itemMissing,
    });
    const inactive = (await f.call('POST', '/api/vendors', { vendorName: 'Po Closed Vendor', paymentTermsDays: 30, active: false })).json().data.id;
    const closed = await f.call('POST', '/api/purchase-orders', order({ vendorId: inactive }));
    expect(closed.statusCode).toBe(400);
    expect(closed.json().errors).toEqual({ vendorId: purchasingMessages.vendorInactive });
    const invalid = await f.call('POST', '/api/purchase-orders', order({ lines: [{ itemId: f.reagent, quantity: 0, unitCost: '-1' }] }));
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().errors).sort()).toEqual(['lines.0.quantity', 'lines.0.unitCost']);
  });

  it('refuses an order date later than today and an expected date before the order date, on save and on approve', async () => {
    const tomorrow = addDays(f.today, 1);
    const ahead = await f.call('POST', '/api/purchase-orders', order({ orderDate: tomorrow, expectedDate: addDays(f.today, 14) }));
    expect(ahead.statusCode, ahead.body).toBe(400);
    expect(ahead.json().errors).toEqual({ orderDate: purchasingMessages.orderDateFuture });
    // Today unless given: expected yesterday is before it.
    const early = await f.call('POST', '/api/purchase-orders', order({ expectedDate: addDays(f.today, -1) }));
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().errors).toEqual({ expectedDate: purchasingMessages.expectedBeforeOrder(f.today) });
    const draft = (await f.call('POST', '/api/purchase-orders', order({ orderDate: addDays(f.today, -10), expectedDate: addDays(f.today, -5) }))).json().data.id as number;
    // An update without an order date keeps the stored one.
    const moved = await f.call('PUT', `/api/purchase-orders/${draft}`, order({ expectedDate: addDays(f.today, -11) }));
    expect(moved.statusCode, moved.body).toBe(400);
    expect(moved.json().errors).toEqual({ expectedDate: purchasingMessages.expectedBeforeOrder(addDays(f.today, -10)) });
    expect((await f.call('PUT', `/api/purchase-orders/${draft}`, order({ orderDate: tomorrow }))).json().errors).toEqual({ orderDate: purchasingMessages.orderDateFuture });
    // A draft saved before the dates were checked is not approved with them.
    await t.database.db.execute(sql`UPDATE purchase_orders SET document_date = ${tomorrow}::date WHERE id = ${draft}::int`);
    const approving = await f.call('POST', `/api/purchase-orders/${draft}/approve`);
    expect(approving.statusCode, approving.body).toBe(400);
    expect(approving.json().errors).toEqual({ orderDate: purchasingMessages.orderDateFuture, expectedDate: purchasingMessages.expectedBeforeOrder(tomorrow) });
    expect((await f.call('DELETE', `/api/purchase-orders/${draft}`)).statusCode).toBe(200);
  });

  it("keeps a user to their regions: another region's order reads as missing and cannot be written", async () => {
    const south = (await f.call('POST', '/api/purchase-orders', order({ regionId: f.south }))).json().data.id as number;
    const user = await t.userWithRole('inventorySupervisor');
    await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions: [f.north] })}::jsonb WHERE id = ${user.id}`);
    expect((await f.call('GET', `/api/purchase-orders/${south}`, undefined, user.token)).statusCode).toBe(404);
    const listed = (await f.call('GET', '/api/purchase-orders?pageSize=100', undefined, user.token)).json().data.map((o: { id: number }) => o.id);
    expect(listed).toContain(state.draft);
    expect(listed).not.toContain(south);
    const outside = await f.call('POST', '/api/purchase-orders', order({ regionId: f.south }), user.token);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors).toEqual({ regionId: purchasingMessages.regionMissing });
    expect((await f.call('PUT', `/api/purchase-orders/${south}`, order(), user.token)).statusCode).toBe(404);
    expect((await f.call('DELETE', `/api/purchase-orders/${south}`)).statusCode).toBe(200);
  });
});

describe('purchase orders: approve and cancel', () => {
  it('approves with purchase-orders:approve: numbered PO-, posts nothing, no longer editable', async () => {
    const accountant = await t.userWithRole('accountant');
    expect((await f.call('POST', `/api/purchase-orders/${state.draft}/approve`, undefined, accountant.token)).statusCode).toBe(403);
    const auditor = await t.userWithRole('auditor');
    expect((await f.call('POST', `/api/purchase-orders/${state.draft}/approve`, undefined, auditor.token)).statusCode).toBe(403);
    expect((await f.call('POST', '/api/purchase-orders', order(), auditor.token)).statusCode).toBe(403);
    expect((await f.call('GET', '/api/purchase-orders', undefined, auditor.token)).statusCode).toBe(200);
    const granted = await t.userWithRole('inventorySupervisor', { scopes: ['purchase-orders:approve'] });
    const approved = await f.call('POST', `/api/purchase-orders/${state.draft}/approve`, undefined, granted.token);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toBe('Purchase order approved');
    const data = approved.json().data;
    expect(data).toMatchObject({ status: 'approved', isApproved: true, receiptStatus: 'notReceived', approvedBy: granted.id });
    expect(data.documentNumber).toMatch(new RegExp(`^PO-${addDays(f.today, -1).slice(0, 4)}-\\d{6}$`));
    expect(await queryRows(t.database.db, sql`SELECT count(*)::int AS n FROM gl_entries WHERE document_id = ${state.draft} AND document_type LIKE 'purchase%'`)).toEqual([{ n: 0 }]);

    expect((await f.call('POST', `/api/purchase-orders/${state.draft}/approve`)).statusCode).toBe(409);
    expect((await f.call('PUT', `/api/purchase-orders/${state.draft}`, order())).statusCode).toBe(409);
    expect((await f.call('DELETE', `/api/purchase-orders/${state.draft}`)).statusCode).toBe(409);
  });

  it('checks the vendor again at approval: a vendor deactivated since the draft is refused', async () => {
    const vendor = (await f.call('POST', '/api/vendors', { vendorName: 'Po Later Closed', paymentTermsDays: 30, active: true })).json().data;
    const draft = (await f.call('POST', '/api/purchase-orders', order({ vendorId: vendor.id }))).json().data.id;
    const { vendorName, paymentTermsDays } = vendor;
    const deactivated = await f.call('PUT', `/api/vendors/${vendor.id}`, { vendorName, paymentTermsDays, active: false });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    const refusedApproval = await f.call('POST', `/api/purchase-orders/${draft}/approve`);
    expect(refusedApproval.statusCode).toBe(400);
    expect(refusedApproval.json().errors).toEqual({ vendorId: purchasingMessages.vendorInactive });
    expect((await read(draft)).status).toBe('draft');
  });

  it('cancels a draft or an approved order without receipts (purchase-orders:cancel: the accountant holds *:cancel)', async () => {
    const draft = (await f.call('POST', '/api/purchase-orders', order())).json().data.id;
    const sales = await t.userWithRole('inventorySupervisor');
    expect((await f.call('POST', `/api/purchase-orders/${draft}/cancel`, undefined, sales.token)).statusCode).toBe(403);
    expect((await f.call('POST', `/api/purchase-orders/${draft}/cancel`)).json().data.status).toBe('cancelled');
    const approved = (await f.call('POST', '/api/purchase-orders', order())).json().data.id;
    expect((await f.call('POST', `/api/purchase-orders/${approved}/approve`)).statusCode).toBe(200);
    const accountant = await t.userWithRole('accountant');
    const cancelled = await f.call('POST', `/api/purchase-orders/${approved}/cancel`, undefined, accountant.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', isApproved: false });
    expect((await f.call('POST', `/api/purchase-orders/${approved}/cancel`)).statusCode).toBe(409);
    expect((await f.call('POST', `/api/purchase-orders/${approved}/approve`)).statusCode).toBe(409);
  });

  it('serves a route for every declared transition', () => {
    for (const action of purchaseOrderDocument.actions) expect(t.app.hasRoute({ method: 'POST', url: `/api/purchase-orders/:id/${action}` })).toBe(true);
    expect(documentRoutes(purchaseOrderBinding)).toEqual([
      '/api/purchase-orders',
      '/api/purchase-orders/export',
      '/api/purchase-orders/:id',
      '/api/purchase-orders/:id/approve',
      '/api/purchase-orders/:id/cancel',
    ]);
    expect(t.app.hasRoute({ method: 'POST', url: '/api/purchase-orders/:id/post' })).toBe(false);
  });

  it('refuses a direct change of an approved order or its lines (trigger), but lets receipts keep the received quantity', async () => {
    const id = state.draft!;
    expect(await refused(sql`UPDATE purchase_orders SET notes = 'x' WHERE id = ${id}`)).toBe('refused');
    expect(await refused(sql`DELETE FROM purchase_orders WHERE id = ${id}`)).toBe('refused');
    expect(await refused(sql`UPDATE purchase_order_lines SET quantity = 99 WHERE purchase_order_id = ${id}`)).toBe('refused');
    expect(await refused(sql`UPDATE purchase_order_lines SET quantity = 99, received_quantity = 1 WHERE purchase_order_id = ${id}`)).toBe('refused');
    expect(await refused(sql`DELETE FROM purchase_order_lines WHERE purchase_order_id = ${id}`)).toBe('refused');
    expect(
      await refused(sql`INSERT INTO purchase_order_lines (purchase_order_id, line_no, item_id, quantity, unit_cost) SELECT purchase_order_id, 99, item_id, 1, 1 FROM purchase_order_lines WHERE purchase_order_id = ${id} LIMIT 1`),
    ).toBe('refused');
    expect(await refused(sql`UPDATE purchase_order_lines SET received_quantity = 1 WHERE purchase_order_id = ${id}`)).toBe('changed');
    // The CHECK: never more than ordered, never below zero.
    expect(await refused(sql`UPDATE purchase_order_lines SET received_quantity = quantity + 1 WHERE purchase_order_id = ${id}`)).toBe('refused');
    expect(await refused(sql`UPDATE purchase_order_lines SET received_quantity = -1 WHERE purchase_order_id = ${id}`)).toBe('refused');
    expect((await read(id)).receiptStatus).toBe('partlyReceived');
    expect(await refused(sql`UPDATE purchase_order_lines SET received_quantity = 0 WHERE purchase_order_id = ${id}`)).toBe('changed');
  });

  it("names purchase orders when a vendor they buy from is deleted", async () => {
    const response = await f.call('DELETE', `/api/vendors/${f.vendor.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('Purchase Orders');
  });
});

describe('purchase orders: list and options', () => {
  it('lists rows with number, vendor, region, expected date, value, status and receipt status; searches number, vendor and notes', async () => {
    const list = (await f.call('GET', '/api/purchase-orders?pageSize=100')).json();
    const row = list.data.find((o: { id: number }) => o.id === state.draft);
    expect(row).toMatchObject({
      documentNumber: expect.stringMatching(/^PO-/),
      vendor: { vendorName: 'Po Sysmex' },
      region: { regionName: 'Po North' },
      expectedDate: addDays(f.today, 14),
      totalValue: '10.00',
      status: 'approved',
      receiptStatus: 'notReceived',
    });
    expect(row).not.toHaveProperty('lines');
    const ids = async (query: string) => (await f.call('GET', `/api/purchase-orders?pageSize=100&${query}`)).json().data.map((o: { id: number }) => o.id);
    expect(await ids(`search=${encodeURIComponent(row.documentNumber)}`)).toEqual([state.draft]);
    expect(await ids('search=sysmex')).toContain(state.draft);
    expect(await ids('search=Later%20Closed')).not.toContain(state.draft);
    expect(await ids('search=monthly%20reagents')).toContain(state.draft);
    expect(await ids('status=approved')).toContain(state.draft);
    const exported = await f.call('GET', '/api/purchase-orders/export?format=csv');
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('Po Sysmex');
  });

  it('answers options with the spec keys, approved first, drafts named and disabled; searches number and vendor', async () => {
    const draft = (await f.call('POST', '/api/purchase-orders', order())).json().data.id;
    const response = await f.call('GET', '/api/purchase-orders/options?search=po%20sysmex');
    expect(response.statusCode, response.body).toBe(200);
    const { options, hasMore } = response.json();
    expect(hasMore).toBe(false);
    expect(options[0]).toEqual({
      id: state.draft,
      name: expect.stringMatching(/^PO-/),
      purchaseOrderId: state.draft,
      vendorId: f.vendor.id,
      vendor: { vendorName: 'Po Sysmex' },
      createdAt: expect.any(String),
      isApproved: true,
    });
    expect(options).toContainEqual(expect.objectContaining({ id: draft, name: `Draft #${draft}`, isApproved: false }));
    const byNumber = (await f.call('GET', `/api/purchase-orders/options?search=${encodeURIComponent(options[0].name)}`)).json().options;
    expect(byNumber.map((o: { id: number }) => o.id)).toEqual([state.draft]);
    const named = (await f.call('GET', `/api/purchase-orders/options?limit=0&ids=${draft}`)).json().options;
    expect(named.map((o: { id: number }) => o.id)).toEqual([draft]);
    const supervisor = await t.userWithRole('inventorySupervisor');
    expect((await f.call('GET', '/api/purchase-orders/options', undefined, supervisor.token)).statusCode).toBe(200);
    const sales = await t.userWithRole('salesExecutive');
    expect((await f.call('GET', '/api/purchase-orders/options', undefined, sales.token)).statusCode).toBe(403);
    expect((await f.call('GET', '/api/purchase-orders', undefined, sales.token)).statusCode).toBe(403);
  });
});
