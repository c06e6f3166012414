import { addDays, currencyMessages, goodsReceiptDocument, purchasingMessages } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { documentRoutes } from '../../lib/document/register-document.ts';
import { inventoryAgrees, type PurchasingFixtures, purchasingFixtures, vendorBalance } from '../../test/purchasing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { goodsReceiptBinding } from './goods-receipts.binding.ts';

let t: TestApp;
let f: PurchasingFixtures;

beforeAll(async () => {
  t = await createTestApp();
  f = await purchasingFixtures(t, 'Gr');
});
afterAll(async () => t?.close());

interface OrderLine {
  id: number;
  itemId: number;
  quantity: number;
  receivedQuantity: number;
}

/** An approved order of 10 reagent kits at 12.35 and 5 boxes of gloves at 2.00 into `regionId`. */
async function approvedOrder(regionId = f.north): Promise<{ id: number; documentNumber: string; reagentLine: number; glovesLine: number }> {
  const created = await f.call('POST', '/api/purchase-orders', {
    vendorId: f.vendor.id,
    regionId,
    expectedDate: addDays(f.today, 7),
    lines: [
      { itemId: f.reagent, quantity: 10, unitCost: '12.35' },
      { itemId: f.gloves, quantity: 5, unitCost: '2.00' },
    ],
  });
  expect(created.statusCode, created.body).toBe(201);
  const approved = await f.call('POST', `/api/purchase-orders/${created.json().data.id}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  const data = approved.json().data as { id: number; documentNumber: string; lines: OrderLine[] };
  return { id: data.id, documentNumber: data.documentNumber, reagentLine: data.lines[0]!.id, glovesLine: data.lines[1]!.id };
}

const orderLines = async (id: number) => (await f.call('GET', `/api/purchase-orders/${id}`)).json().data.lines as OrderLine[];
const expiry = (days: number) => addDays(f.today, days);

const refused = (statement: ReturnType<typeof sql>) =>
  t.database.db.execute(statement).then(
    () => 'changed',
    () => 'refused',
  );

async function ledgerOf(documentId: number) {
  return queryRows<{ accountId: number; debit: string; credit: string; regionId: number | null; partyType: string | null; partyId: number | null }>(
    t.database.db,
    sql`SELECT account_id AS "accountId", debit::text AS debit, credit::text AS credit, region_id AS "regionId", party_type AS "partyType", party_id AS "partyId"
        FROM gl_entries WHERE document_type = 'goods-receipt' AND document_id = ${documentId} ORDER BY id`,
  );
}

const state: Record<string, number> = {};

describe('goods receipts: save and post', () => {
  it('saves a draft on an approved order: lines with the order cost, an untracked item in the receipt own lot; the answer is what a read gives', async () => {
    const order = await approvedOrder();
    state.order = order.id;
    state.reagentLine = order.reagentLine;
    state.glovesLine = order.glovesLine;
    const created = await f.call('POST', '/api/goods-receipts', {
      purchaseOrderId: order.id,
      receiptDate: f.today,
      notes: 'First delivery',
      lines: [
        { purchaseOrderLineId: order.reagentLine, quantity: 4, lotNumber: ' GR-A ', dateExpiry: expiry(365) },
        { purchaseOrderLineId: order.glovesLine, quantity: 2 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const data = created.json().data;
    expect(data).toMatchObject({
      status: 'draft',
      documentNumber: null,
      purchaseOrderId: order.id,
      purchaseOrder: { documentNumber: order.documentNumber, vendorId: f.vendor.id, regionId: f.north },
      vendor: { vendorName: 'Gr Sysmex' },
      region: { regionName: 'Gr North' },
      totalValue: '53.40',
      acceptNearExpiry: false,
    });
    expect(data.lines).toEqual([
      expect.objectContaining({ lineNo: 1, itemId: f.reagent, quantity: 4, lotNumber: 'GR-A', unitCost: '12.35', value: '49.40', inventoryId: null }),
      expect.objectContaining({ lineNo: 2, itemId: f.gloves, quantity: 2, lotNumber: `GR${data.id}-${order.glovesLine}`, dateExpiry: null, unitCost: '2.00', value: '4.00' }),
    ]);
    expect((await f.call('GET', `/api/goods-receipts/${data.id}`)).json().data).toEqual(data);
    // Nothing received until posted.
    expect((await orderLines(order.id)).map((l) => l.receivedQuantity)).toEqual([0, 0]);
    state.draft = data.id;
  });

  it('posts: lots in the order region at the order cost, Dr Inventory / Cr the vendor, received quantities, GRN- number', async () => {
    const posted = await f.call('POST', `/api/goods-receipts/${state.draft}/post`);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().message).toBe('Goods receipt posted');
    const data = posted.json().data;
    expect(data).toMatchObject({ status: 'posted', totalValue: '53.40', documentNumber: expect.stringMatching(new RegExp(`^GRN-${f.today.slice(0, 4)}-\\d{6}$`)) });
    expect(data.lines.every((l: { inventoryId: number | null }) => typeof l.inventoryId === 'number')).toBe(true);
    expect((await f.call('GET', `/api/goods-receipts/${state.draft}`)).json().data).toEqual(data);
    const lots = await queryRows<{ lotNumber: string; quantity: number; unitCost: string; regionId: number }>(
      t.database.db,
      sql`SELECT lot_number AS "lotNumber", quantity, unit_cost::text AS "unitCost", region_id AS "regionId" FROM inventory WHERE id IN (${sql.join(
        data.lines.map((l: { inventoryId: number }) => sql`${l.inventoryId}::int`),
        sql`, `,
      )}) ORDER BY id`,
    );
    expect(lots).toEqual([
      { lotNumber: 'GR-A', quantity: 4, unitCost: '12.35', regionId: f.north },
      { lotNumber: `GR${state.draft}-${state.glovesLine}`, quantity: 2, unitCost: '2.00', regionId: f.north },
    ]);
    const [inventoryAccount] = await queryRows<{ id: number }>(t.database.db, sql`SELECT account_id AS id FROM posting_accounts WHERE key = 'inventory'`);
    expect(await ledgerOf(state.draft!)).toEqual([
      { accountId: inventoryAccount!.id, debit: '53.40', credit: '0.00', regionId: f.north, partyType: null, partyId: null },
      { accountId: f.vendor.accountId, debit: '0.00', credit: '53.40', regionId: f.north, partyType: 'vendor', partyId: f.vendor.id },
    ]);
    expect((await orderLines(state.order!)).map((l) => l.receivedQuantity)).toEqual([4, 2]);
    expect((await f.call('GET', `/api/purchase-orders/${state.order}`)).json().data.receiptStatus).toBe('partlyReceived');
    expect(await vendorBalance(t, f.vendor.accountId)).toBe('53.40');
    const agrees = await inventoryAgrees(t);
    expect(agrees.ledger).toBe(agrees.lots);

    expect((await f.call('POST', `/api/goods-receipts/${state.draft}/post`)).statusCode).toBe(409);
    expect((await f.call('PUT', `/api/goods-receipts/${state.draft}`, { purchaseOrderId: state.order, receiptDate: f.today, lines: [{ purchaseOrderLineId: state.glovesLine, quantity: 1 }] })).statusCode).toBe(409);
    expect((await f.call('DELETE', `/api/goods-receipts/${state.draft}`)).statusCode).toBe(409);
  });

  it('refuses more than ordered less received, naming the line, summed over lines of one order line; nothing stored', async () => {
    const before = await queryRows(t.database.db, sql`SELECT count(*)::int AS n FROM goods_receipts`);
    const response = await f.call('POST', '/api/goods-receipts', {
      purchaseOrderId: state.order,
      receiptDate: f.today,
      post: true,
      lines: [
        { purchaseOrderLineId: state.reagentLine, quantity: 5, lotNumber: 'GR-B', dateExpiry: expiry(300) },
        { purchaseOrderLineId: state.reagentLine, quantity: 2, lotNumber: 'GR-C', dateExpiry: expiry(300) },
        { purchaseOrderLineId: state.glovesLine, quantity: 3 },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ 'lines.1.quantity': purchasingMessages.overReceipt(10, 4) });
    expect(purchasingMessages.overReceipt(10, 4)).toBe('More than ordered: 10 ordered, 4 already received, so at most 6 can be received now');
    expect(await queryRows(t.database.db, sql`SELECT count(*)::int AS n FROM goods_receipts`)).toEqual(before);
  });

  it('refuses expired goods, asks to confirm near-expiry ones, needs lot and expiry for a lot-tracked item', async () => {
    const body = (line: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
      purchaseOrderId: state.order,
      receiptDate: f.today,
      lines: [{ purchaseOrderLineId: state.reagentLine, quantity: 1, lotNumber: 'GR-X', dateExpiry: expiry(365), ...line }],
      ...extra,
    });
    const expired = await f.call('POST', '/api/goods-receipts', body({ dateExpiry: expiry(-1) }));
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors).toEqual({ 'lines.0.dateExpiry': purchasingMessages.expired(expiry(-1)) });
    const near = await f.call('POST', '/api/goods-receipts', body({ dateExpiry: expiry(30) }));
    expect(near.statusCode).toBe(400);
    expect(near.json().errors).toEqual({ 'lines.0.dateExpiry': purchasingMessages.nearExpiry(90) });
    const confirmed = await f.call('POST', '/api/goods-receipts', body({ dateExpiry: expiry(30) }, { acceptNearExpiry: true }));
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    // The window is the settings' near-expiry days.
    await t.database.db.execute(sql`UPDATE company_settings SET near_expiry_days = 10`);
    expect((await f.call('POST', '/api/goods-receipts', body({ dateExpiry: expiry(30) }))).statusCode).toBe(201);
    await t.database.db.execute(sql`UPDATE company_settings SET near_expiry_days = 90`);
    expect((await f.call('DELETE', `/api/goods-receipts/${confirmed.json().data.id}`)).statusCode).toBe(200);
    const missing = await f.call('POST', '/api/goods-receipts', body({ lotNumber: '  ', dateExpiry: null }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ 'lines.0.lotNumber': purchasingMessages.lotRequired, 'lines.0.dateExpiry': purchasingMessages.expiryRequired });
  });

  it('judges expiry on today, not a backdated receipt date; refuses a receipt date after today or before the order date', async () => {
    const order = (
      await f.call('POST', '/api/purchase-orders', { orderDate: '2023-12-01', vendorId: f.vendor.id, regionId: f.north, expectedDate: '2023-12-31', lines: [{ itemId: f.reagent, quantity: 10, unitCost: '5.00' }] })
    ).json().data;
    expect((await f.call('POST', `/api/purchase-orders/${order.id}/approve`)).statusCode).toBe(200);
    const body = (receiptDate: string, dateExpiry: string) => ({
      purchaseOrderId: order.id,
      receiptDate,
      lines: [{ purchaseOrderLineId: order.lines[0].id, quantity: 1, lotNumber: `BACK-${order.id}`, dateExpiry }],
    });
    // Fine on 2024-01-01, long expired today.
    const backdated = await f.call('POST', '/api/goods-receipts', body('2024-01-01', '2025-01-01'));
    expect(backdated.statusCode, backdated.body).toBe(400);
    expect(backdated.json().errors).toEqual({ 'lines.0.dateExpiry': purchasingMessages.expired('2025-01-01') });
    // Far from expiry 200 days ago, within the 90-day window today.
    const near = await f.call('POST', '/api/goods-receipts', body(addDays(f.today, -200), expiry(30)));
    expect(near.statusCode, near.body).toBe(400);
    expect(near.json().errors).toEqual({ 'lines.0.dateExpiry': purchasingMessages.nearExpiry(90) });
    const future = await f.call('POST', '/api/goods-receipts', body(addDays(f.today, 1), expiry(365)));
    expect(future.statusCode).toBe(400);
    expect(future.json().errors).toEqual({ receiptDate: purchasingMessages.receiptDateFuture });
    const beforeOrder = await f.call('POST', '/api/goods-receipts', body('2023-11-30', expiry(365)));
    expect(beforeOrder.statusCode).toBe(400);
    expect(beforeOrder.json().errors).toEqual({ receiptDate: purchasingMessages.receiptBeforeOrder('2023-12-01') });
    expect(purchasingMessages.receiptBeforeOrder('2023-12-01')).toBe('The receipt date cannot be earlier than the order date (2023-12-01)');
    // A backdated receipt of goods still good today is saved (posting it is the periods' business).
    const good = await f.call('POST', '/api/goods-receipts', body('2024-01-01', expiry(365)));
    expect(good.statusCode, good.body).toBe(201);
    expect((await f.call('DELETE', `/api/goods-receipts/${good.json().data.id}`)).statusCode).toBe(200);
  });

  it('receives two order lines of one untracked item at different costs (paid and free) into a lot each', async () => {
    const order = (
      await f.call('POST', '/api/purchase-orders', {
        vendorId: f.vendor.id,
        regionId: f.north,
        expectedDate: f.today,
        lines: [
          { itemId: f.gloves, quantity: 3, unitCost: '2.00' },
          { itemId: f.gloves, quantity: 1, unitCost: '0.00' },
        ],
      })
    ).json().data;
    expect((await f.call('POST', `/api/purchase-orders/${order.id}/approve`)).statusCode).toBe(200);
    const [paid, free] = order.lines.map((l: { id: number }) => l.id) as [number, number];
    const posted = await f.call('POST', '/api/goods-receipts', {
      purchaseOrderId: order.id,
      receiptDate: f.today,
      post: true,
      lines: [
        { purchaseOrderLineId: paid, quantity: 3 },
        { purchaseOrderLineId: free, quantity: 1 },
      ],
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const id = posted.json().data.id;
    expect(posted.json().data.lines.map((l: { lotNumber: string }) => l.lotNumber)).toEqual([`GR${id}-${paid}`, `GR${id}-${free}`]);
    const lots = await queryRows<{ lotNumber: string; quantity: number; unitCost: string }>(
      t.database.db,
      sql`SELECT lot_number AS "lotNumber", quantity, unit_cost::text AS "unitCost" FROM inventory WHERE lot_number LIKE ${`GR${id}-%`} ORDER BY lot_number`,
    );
    expect(lots).toEqual(
      [
        { lotNumber: `GR${id}-${paid}`, quantity: 3, unitCost: '2.00' },
        { lotNumber: `GR${id}-${free}`, quantity: 1, unitCost: '0.00' },
      ].sort((a, b) => a.lotNumber.localeCompare(b.lotNumber)),
    );
    expect(posted.json().data.totalValue).toBe('6.00');
  });

  it('refuses a lot number held in the region with another expiry (the ledger), a line of another order, an unapproved order', async () => {
    const differs = await f.call('POST', '/api/goods-receipts', {
      purchaseOrderId: state.order,
      receiptDate: f.today,
      post: true,
      lines: [{ purchaseOrderLineId: state.reagentLine, quantity: 1, lotNumber: 'GR-A', dateExpiry: expiry(200) }],
    });
    expect(differs.statusCode).toBe(400);
    expect(differs.json().errors).toEqual({ 'lines.0.dateExpiry': expect.stringMatching(/^Lot GR-A is already held here with expiry/) });
    const other = await approvedOrder();
    const wrongLine = await f.call('POST', '/api/goods-receipts', { purchaseOrderId: state.order, receiptDate: f.today, lines: [{ purchaseOrderLineId: other.glovesLine, quantity: 1 }] });
    expect(wrongLine.statusCode).toBe(400);
    expect(wrongLine.json().errors).toEqual({ 'lines.0.purchaseOrderLineId': purchasingMessages.orderLineMissing });
    const draftOrder = (await f.call('POST', '/api/purchase-orders', { vendorId: f.vendor.id, regionId: f.north, expectedDate: f.today, lines: [{ itemId: f.gloves, quantity: 1, unitCost: '1.00' }] })).json().data;
    const unapproved = await f.call('POST', '/api/goods-receipts', { purchaseOrderId: draftOrder.id, receiptDate: f.today, lines: [{ purchaseOrderLineId: draftOrder.lines[0].id, quantity: 1 }] });
    expect(unapproved.statusCode).toBe(400);
    expect(unapproved.json().errors).toEqual({ purchaseOrderId: purchasingMessages.orderNotApproved });
  });

  it('refuses posting a draft receipt of an order cancelled since; the order cannot be cancelled while it has a posted receipt', async () => {
    const order = await approvedOrder();
    const draft = (await f.call('POST', '/api/goods-receipts', { purchaseOrderId: order.id, receiptDate: f.today, lines: [{ purchaseOrderLineId: order.glovesLine, quantity: 1 }] })).json().data.id;
    expect((await f.call('POST', `/api/purchase-orders/${order.id}/cancel`)).statusCode).toBe(200);
    const posted = await f.call('POST', `/api/goods-receipts/${draft}/post`);
    expect(posted.statusCode).toBe(400);
    expect(posted.json().errors).toEqual({ purchaseOrderId: purchasingMessages.orderNotApproved });
    const withReceipt = await f.call('POST', `/api/purchase-orders/${state.order}/cancel`);
    expect(withReceipt.statusCode).toBe(409);
    expect(withReceipt.json().message).toBe(purchasingMessages.orderHasReceipts);
  });
});

describe('goods receipts: a rate given on a receipt in the company currency', () => {
  it('takes a rate of exactly 1 however written, and refuses any other with 400 exchangeRate, never a 500', async () => {
    const order = await approvedOrder();
    const receipt = (exchangeRate: string, lotNumber: string) =>
      f.call('POST', '/api/goods-receipts', {
        purchaseOrderId: order.id,
        receiptDate: f.today,
        exchangeRate,
        lines: [{ purchaseOrderLineId: order.reagentLine, quantity: 1, lotNumber, dateExpiry: expiry(365) }],
      });
    for (const [rate, lotNumber] of [['1', 'GR-ONE-A'], ['1.000000', 'GR-ONE-B'], ['01.0', 'GR-ONE-C']] as const) {
      const taken = await receipt(rate, lotNumber);
      expect(taken.statusCode, `${rate}: ${taken.body}`).toBe(201);
      expect(taken.json().data).toMatchObject({ exchangeRate: '1.000000', totalValue: '12.35' });
      expect((await f.call('DELETE', `/api/goods-receipts/${taken.json().data.id}`)).statusCode).toBe(200);
    }
    const company = (await f.call('GET', `/api/purchase-orders/${order.id}`)).json().data.currency as string;
    for (const rate of ['1.123456', '1.000001', '1.5', '2']) {
      const refused = await receipt(rate, 'GR-ONE-X');
      expect(refused.statusCode, `${rate}: ${refused.body}`).toBe(400);
      expect(refused.json().errors).toEqual({ exchangeRate: currencyMessages.companyRate(company) });
    }
  });
});

describe('goods receipts: cancel, authority, triggers', () => {
  it('cancels with goods-receipts:cancel: mirror stock and ledger rows, received quantities back; twice is 409', async () => {
    const order = await approvedOrder();
    const receipt = await f.call('POST', '/api/goods-receipts', {
      purchaseOrderId: order.id,
      receiptDate: f.today,
      post: true,
      lines: [{ purchaseOrderLineId: order.reagentLine, quantity: 3, lotNumber: 'GR-CXL', dateExpiry: expiry(400) }],
    });
    expect(receipt.statusCode, receipt.body).toBe(201);
    expect(receipt.json().message).toBe('Goods receipt posted');
    const id = receipt.json().data.id;
    const supervisor = await t.userWithRole('inventorySupervisor');
    expect((await f.call('POST', `/api/goods-receipts/${id}/cancel`, undefined, supervisor.token)).statusCode).toBe(403);
    const accountant = await t.userWithRole('accountant');
    const cancelled = await f.call('POST', `/api/goods-receipts/${id}/cancel`, undefined, accountant.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect((await ledgerOf(id)).map((r) => [r.debit, r.credit])).toEqual([
      ['37.05', '0.00'],
      ['0.00', '37.05'],
      ['0.00', '37.05'],
      ['37.05', '0.00'],
    ]);
    expect((await orderLines(order.id)).map((l) => l.receivedQuantity)).toEqual([0, 0]);
    const [lot] = await queryRows<{ quantity: number }>(t.database.db, sql`SELECT quantity FROM inventory WHERE lot_number = 'GR-CXL'`);
    expect(lot!.quantity).toBe(0);
    expect((await f.call('POST', `/api/goods-receipts/${id}/cancel`)).statusCode).toBe(409);
    // The order may be cancelled now its only receipt is.
    expect((await f.call('POST', `/api/purchase-orders/${order.id}/cancel`)).statusCode).toBe(200);
    const agrees = await inventoryAgrees(t);
    expect(agrees.ledger).toBe(agrees.lots);
  });

  it('receives free goods (unit cost 0): stock in, numbered, no ledger rows; cancels the same way', async () => {
    const order = (
      await f.call('POST', '/api/purchase-orders', { vendorId: f.vendor.id, regionId: f.north, expectedDate: f.today, lines: [{ itemId: f.gloves, quantity: 3, unitCost: '0' }] })
    ).json().data;
    expect((await f.call('POST', `/api/purchase-orders/${order.id}/approve`)).statusCode).toBe(200);
    const posted = await f.call('POST', '/api/goods-receipts', { purchaseOrderId: order.id, receiptDate: f.today, post: true, lines: [{ purchaseOrderLineId: order.lines[0].id, quantity: 3 }] });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().data).toMatchObject({ status: 'posted', totalValue: '0.00', documentNumber: expect.stringMatching(/^GRN-/) });
    expect(await ledgerOf(posted.json().data.id)).toEqual([]);
    expect((await orderLines(order.id))[0]!.receivedQuantity).toBe(3);
    expect((await f.call('POST', `/api/goods-receipts/${posted.json().data.id}/cancel`)).statusCode).toBe(200);
    expect((await orderLines(order.id))[0]!.receivedQuantity).toBe(0);
  });

  it('posts for any role of /purchase-orders but the auditor; keeps a user to their regions', async () => {
    const order = await approvedOrder(f.south);
    const body = { purchaseOrderId: order.id, receiptDate: f.today, lines: [{ purchaseOrderLineId: order.glovesLine, quantity: 1 }] };
    const auditor = await t.userWithRole('auditor');
    expect((await f.call('POST', '/api/goods-receipts', { ...body, post: true }, auditor.token)).statusCode).toBe(403);
    expect((await f.call('GET', '/api/goods-receipts', undefined, auditor.token)).statusCode).toBe(200);
    const sales = await t.userWithRole('salesExecutive');
    expect((await f.call('POST', '/api/goods-receipts', body, sales.token)).statusCode).toBe(403);
    const northOnly = await t.userWithRole('inventorySupervisor');
    await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions: [f.north] })}::jsonb WHERE id = ${northOnly.id}`);
    const outside = await f.call('POST', '/api/goods-receipts', body, northOnly.token);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors).toEqual({ purchaseOrderId: purchasingMessages.orderMissing });
    const draft = (await f.call('POST', '/api/goods-receipts', body)).json().data.id;
    expect((await f.call('GET', `/api/goods-receipts/${draft}`, undefined, northOnly.token)).statusCode).toBe(404);
    expect((await f.call('POST', `/api/goods-receipts/${draft}/post`, undefined, northOnly.token)).statusCode).toBe(404);
    const supervisor = await t.userWithRole('inventorySupervisor');
    const posted = await f.call('POST', `/api/goods-receipts/${draft}/post`, undefined, supervisor.token);
    expect(posted.statusCode, posted.body).toBe(200);
    const listed = (await f.call('GET', '/api/goods-receipts?pageSize=100', undefined, northOnly.token)).json().data.map((r: { id: number }) => r.id);
    expect(listed).toContain(state.draft);
    expect(listed).not.toContain(draft);
    const searched = (await f.call('GET', `/api/goods-receipts?search=${encodeURIComponent(order.documentNumber)}`)).json().data.map((r: { id: number }) => r.id);
    expect(searched).toEqual([draft]);
  });

  it('refuses a direct change of a posted receipt or its lines (trigger)', async () => {
    const id = state.draft!;
    expect(await refused(sql`UPDATE goods_receipts SET notes = 'x' WHERE id = ${id}`)).toBe('refused');
    expect(await refused(sql`DELETE FROM goods_receipts WHERE id = ${id}`)).toBe('refused');
    expect(await refused(sql`UPDATE goods_receipt_lines SET quantity = 99 WHERE goods_receipt_id = ${id}`)).toBe('refused');
    expect(await refused(sql`DELETE FROM goods_receipt_lines WHERE goods_receipt_id = ${id}`)).toBe('refused');
    expect(
      await refused(sql`INSERT INTO goods_receipt_lines (goods_receipt_id, line_no, purchase_order_line_id, item_id, quantity, lot_number, unit_cost)
        SELECT goods_receipt_id, 99, purchase_order_line_id, item_id, 1, 'Z', unit_cost FROM goods_receipt_lines WHERE goods_receipt_id = ${id} LIMIT 1`),
    ).toBe('refused');
  });

  it('serves a route for every declared transition', () => {
    for (const action of goodsReceiptDocument.actions) expect(t.app.hasRoute({ method: 'POST', url: `/api/goods-receipts/:id/${action}` })).toBe(true);
    expect(documentRoutes(goodsReceiptBinding)).toEqual([
      '/api/goods-receipts',
      '/api/goods-receipts/export',
      '/api/goods-receipts/:id',
      '/api/goods-receipts/:id/post',
      '/api/goods-receipts/:id/cancel',
    ]);
  });
});

describe('goods receipts: two clients receiving one order at once', () => {
  it('never receives more than ordered: of two posts of 6 on an order of 10, one posts and the other is refused naming the line', async () => {
    const order = await approvedOrder();
    const draft = async (lotNumber: string) =>
      (
        await f.call('POST', '/api/goods-receipts', {
          purchaseOrderId: order.id,
          receiptDate: f.today,
          lines: [{ purchaseOrderLineId: order.reagentLine, quantity: 6, lotNumber, dateExpiry: expiry(500) }],
        })
      ).json().data.id as number;
    const drafts = [await draft('RACE-1'), await draft('RACE-2')];
    const outcomes = await Promise.all(drafts.map((id) => f.call('POST', `/api/goods-receipts/${id}/post`)));
    expect(outcomes.map((o) => o.statusCode).sort()).toEqual([200, 400]);
    const loser = outcomes.find((o) => o.statusCode === 400)!;
    expect(loser.json().errors).toEqual({ 'lines.0.quantity': purchasingMessages.overReceipt(10, 6) });
    expect((await orderLines(order.id))[0]!.receivedQuantity).toBe(6);
  });

  it('receives an order of 10 from 8 clients at once, 2 each: exactly 5 post, and the received quantity is 10', async () => {
    const order = await approvedOrder();
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        f.call('POST', '/api/goods-receipts', {
          purchaseOrderId: order.id,
          receiptDate: f.today,
          post: true,
          lines: [{ purchaseOrderLineId: order.reagentLine, quantity: 2, lotNumber: `MANY-${order.id}-${i}`, dateExpiry: expiry(500) }],
        }),
      ),
    );
    expect(outcomes.filter((o) => o.statusCode === 201)).toHaveLength(5);
    expect(outcomes.filter((o) => o.statusCode === 400)).toHaveLength(3);
    expect((await orderLines(order.id))[0]!.receivedQuantity).toBe(10);
    const [moved] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT coalesce(sum(quantity_in), 0)::int AS n FROM stock_moves WHERE document_type = 'goods-receipt' AND inventory_id IN (SELECT id FROM inventory WHERE lot_number LIKE ${`MANY-${order.id}-%`})`,
    );
    expect(moved!.n).toBe(10);
  });

  it('cancelling the order while receipts of it are saved and posted: either the order is cancelled and nothing received, or it stays; never a deadlock', async () => {
    const order = await approvedOrder();
    const receipt = (i: number) =>
      f.call('POST', '/api/goods-receipts', {
        purchaseOrderId: order.id,
        receiptDate: f.today,
        post: true,
        lines: [{ purchaseOrderLineId: order.glovesLine, quantity: 1, lotNumber: `CXL-RACE-${order.id}-${i}` }],
      });
    const [cancel, ...receipts] = await Promise.all([f.call('POST', `/api/purchase-orders/${order.id}/cancel`), receipt(1), receipt(2), receipt(3), receipt(4)]);
    expect([200, 409]).toContain(cancel!.statusCode);
    for (const r of receipts) expect([201, 400]).toContain(r.statusCode);
    const posted = receipts.filter((r) => r.statusCode === 201).length;
    if (cancel!.statusCode === 200) expect(posted).toBe(0);
    else expect(posted).toBeGreaterThan(0);
    expect((await orderLines(order.id))[1]!.receivedQuantity).toBe(posted);
  });
});
