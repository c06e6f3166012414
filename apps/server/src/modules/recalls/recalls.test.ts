import { addDays } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { headerTriggerArguments, linesTriggerArguments } from '../../lib/document/document-tables.ts';
import { recallBinding } from './recalls.binding.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 31, section 5, the recall check: lot L, 100 received in Lahore; 30 sold to A and 20 to B
 * (Lahore), 25 transferred to Karachi, 10 sold to C there, 5 returned by A. Opening the recall
 * stops L in both regions; the trace, reconciliation, notices, disposals and close follow it.
 */
let t: TestApp;
let f: SalesFixtures;
const lot = 'L-RCL-1';
const ids = { a: 0, b: 0, c: 0, lahoreLot: 0, karachiLot: 0, invoiceA: 0, lineA: 0, recall: 0, transfer: 0 };
const tokens = { manager: '', karachi: '', auditor: '', supervisor: '', sales: '' };
let recallNumber = '';

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token?: string) => f.call(method, url, payload, token);

async function posted(url: string, body: object): Promise<Record<string, unknown> & { id: number }> {
  const response = await call('POST', url, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function invoice(customerId: number, regionId: number, inventoryId: number, quantity: number) {
  return posted('/api/invoices', { customerId, regionId, invoiceDate: f.today, post: true, lines: [{ itemId: f.reagent, inventoryId, quantity, price: '50.00' }] });
}

/** A goods receipt of `lotNumber` into Lahore, posted: the response, whatever it is. */
async function receiveLot(lotNumber: string) {
  const order = await call('POST', '/api/purchase-orders', { vendorId: f.vendor.id, regionId: f.north, expectedDate: f.today, lines: [{ itemId: f.reagent, quantity: 5, unitCost: '10.00' }] });
  const approved = await call('POST', `/api/purchase-orders/${order.json().data.id}/approve`);
  return call('POST', '/api/goods-receipts', {
    purchaseOrderId: order.json().data.id,
    receiptDate: f.today,
    acceptNearExpiry: true,
    post: true,
    lines: [{ purchaseOrderLineId: approved.json().data.lines[0].id, quantity: 5, lotNumber, dateExpiry: addDays(f.today, 365) }],
  });
}

const lotStatuses = async (lotNumber: string) =>
  queryRows<{ regionId: number; quantity: number; lotStatus: string; recallId: number | null }>(
    t.database.db,
    sql`SELECT region_id AS "regionId", quantity, lot_status AS "lotStatus", recall_id AS "recallId" FROM inventory WHERE lot_number = ${lotNumber} ORDER BY id`,
  ).then((rows) => rows.map((r) => ({ ...r, regionId: Number(r.regionId), quantity: Number(r.quantity), recallId: r.recallId === null ? null : Number(r.recallId) })));

const recallBody = (extra: Record<string, unknown> = {}) => ({
  recallClass: 'II',
  sourceReference: 'DRAP/QA/2026/117',
  sourceDate: f.today,
  reason: 'Microbial contamination found in retained samples',
  lines: [{ itemId: f.reagent, lotNumber: lot }],
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
  f = await salesFixtures(t, 'Rcl');
  ids.lahoreLot = (await f.receive([{ itemId: f.reagent, lotNumber: lot, quantity: 100, unitCost: '10.00', expiresIn: 365 }]))[0]!;
  // Another lot of the item, never recalled.
  await f.receive([{ itemId: f.reagent, lotNumber: 'L-RCL-OTHER', quantity: 10, unitCost: '10.00', expiresIn: 365 }]);
  ids.a = (await f.newCustomer('Alpha Lab')).id;
  ids.b = (await f.newCustomer('Beta Hospital')).id;
  ids.c = (await f.newCustomer('Gamma Clinic', { regionId: f.south })).id;
  const sold = await invoice(ids.a, f.north, ids.lahoreLot, 30);
  ids.invoiceA = sold.id;
  ids.lineA = (sold.lines as Array<{ id: number }>)[0]!.id;
  await invoice(ids.b, f.north, ids.lahoreLot, 20);
  const transfer = await posted('/api/transfers', { fromRegionId: f.north, toRegionId: f.south, transferDate: f.today, lines: [{ inventoryId: ids.lahoreLot, quantity: 25 }] });
  ids.transfer = transfer.id;
  expect((await call('POST', `/api/transfers/${transfer.id}/dispatch`)).statusCode).toBe(200);
  expect((await call('POST', `/api/transfers/${transfer.id}/receive`)).statusCode).toBe(200);
  const [karachi] = await queryRows<{ id: number }>(
    t.database.db,
    sql`SELECT i.id FROM inventory i JOIN stock_locations l ON l.id = i.location_id AND l.kind = 'warehouse' WHERE i.lot_number = ${lot} AND i.region_id = ${f.south}`,
  );
  ids.karachiLot = Number(karachi!.id);
  await invoice(ids.c, f.south, ids.karachiLot, 10);
  await posted('/api/sales-returns', { invoiceId: ids.invoiceA, returnDate: f.today, reason: 'Leaking packs', post: true, lines: [{ invoiceLineId: ids.lineA, quantity: 5, condition: 'restock' }] });

  tokens.manager = (await t.userWithRole('operationManager', { scopes: ['recalls:open', 'recalls:close', 'recalls:record'] })).token;
  tokens.supervisor = (await t.userWithRole('inventorySupervisor', { scopes: [] })).token;
  tokens.sales = (await t.userWithRole('salesManager')).token;
  tokens.auditor = (await t.userWithRole('auditor')).token;
  const karachi2 = await t.userWithRole('operationManager', { scopes: ['recalls:open', 'recalls:close', 'recalls:record'] });
  await t.database.db.update(users).set({ permissions: { regions: [f.south] } }).where(eq(users.id, karachi2.id));
  tokens.karachi = karachi2.token;
}, 120_000);
afterAll(async () => t?.close());

describe('a recall from draft to closed (issue 31, section 5)', () => {
  it('refuses a draft naming a lot we never held, twice the same lot, or no source reference (400 naming fields)', async () => {
    const never = await call('POST', '/api/recalls', recallBody({ lines: [{ itemId: f.reagent, lotNumber: 'NOPE-9' }] }), tokens.manager);
    expect(never.statusCode, never.body).toBe(400);
    expect(never.json().errors).toEqual({ 'lines.0.lotNumber': 'We never held lot NOPE-9 of Rcl CBC Reagent' });
    const twice = await call('POST', '/api/recalls', recallBody({ lines: [{ itemId: f.reagent, lotNumber: lot }, { itemId: f.reagent, lotNumber: lot }] }), tokens.manager);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual({ 'lines.1.lotNumber': 'This lot is already a line of the recall' });
    const noReference = await call('POST', '/api/recalls', recallBody({ sourceReference: '' }), tokens.manager);
    expect(noReference.statusCode).toBe(400);
    expect(noReference.json().errors).toEqual({ sourceReference: 'Source reference is required unless the recall is internal' });
    const noClass = await call('POST', '/api/recalls', recallBody({ recallClass: 'IV' }), tokens.manager);
    expect(noClass.statusCode).toBe(400);
    expect(Object.keys(noClass.json().errors)).toEqual(['recallClass']);
    // Internal: no reference needed.
    expect((await call('POST', '/api/recalls', recallBody({ source: 'internal', sourceReference: '' }), tokens.manager)).statusCode).toBe(201);
  });

  it('is written only with recalls:open (403), and never by the auditor', async () => {
    expect((await call('POST', '/api/recalls', recallBody(), tokens.supervisor)).statusCode).toBe(403);
    expect((await call('POST', '/api/recalls', recallBody(), tokens.sales)).statusCode).toBe(403);
    // Every role with /inventory reads them.
    expect((await call('GET', '/api/recalls', undefined, tokens.sales)).statusCode).toBe(200);
    expect((await call('POST', '/api/recalls', recallBody(), tokens.auditor)).statusCode).toBe(403);
  });

  it('saves a draft dated today with the standard instructions, answering what a read gives', async () => {
    const response = await call('POST', '/api/recalls', recallBody(), tokens.manager);
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    ids.recall = data.id;
    expect(data).toMatchObject({
      status: 'draft',
      documentNumber: null,
      recallDate: f.today,
      recallClass: 'II',
      source: 'drapAlert',
      openedAt: null,
      reportDueDate: null,
      overdue: false,
      lines: [{ lineNo: 1, itemId: f.reagent, lotNumber: lot, received: 100, onHand: 45, dateExpiry: addDays(f.today, 365), item: { itemName: 'Rcl CBC Reagent' } }],
    });
    expect(data.instructions).toMatch(/^Stop using/);
    expect((await call('GET', `/api/recalls/${data.id}`)).json().data).toEqual(data);
    expect(await lotStatuses(lot)).toEqual(expect.arrayContaining([expect.objectContaining({ lotStatus: 'released' })]));
  });

  it('replaces a draft whole (recalls:open) and deletes one (recalls:delete)', async () => {
    const draft = (await call('POST', '/api/recalls', recallBody({ lines: [{ itemId: f.reagent, lotNumber: 'L-RCL-OTHER' }] }), tokens.manager)).json().data;
    expect((await call('PUT', `/api/recalls/${draft.id}`, recallBody(), tokens.supervisor)).statusCode).toBe(403);
    const replaced = await call('PUT', `/api/recalls/${draft.id}`, recallBody({ recallClass: 'III', recallDate: addDays(f.today, -2) }), tokens.manager);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data).toMatchObject({ recallClass: 'III', recallDate: addDays(f.today, -2), lines: [{ lotNumber: lot, received: 100 }] });
    expect((await call('GET', `/api/recalls/${draft.id}`)).json().data).toEqual(replaced.json().data);
    expect((await call('DELETE', `/api/recalls/${draft.id}`, undefined, tokens.manager)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/recalls/${draft.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/recalls/${draft.id}`)).statusCode).toBe(404);
  });

  it('opens: numbered, every row of L recalled in both regions whatever the opener\'s regions', async () => {
    expect((await call('POST', `/api/recalls/${ids.recall}/open`, {}, tokens.auditor)).statusCode).toBe(403);
    expect((await call('POST', `/api/recalls/${ids.recall}/open`, {}, tokens.supervisor)).statusCode).toBe(403);
    const response = await call('POST', `/api/recalls/${ids.recall}/open`, {}, tokens.karachi);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    recallNumber = data.documentNumber;
    expect(recallNumber).toMatch(new RegExp(`^RCL-${f.today.slice(0, 4)}-\\d{6}$`));
    expect(data).toMatchObject({ status: 'open', openedBy: expect.any(Number), reportDueDate: addDays(f.today, 7), overdue: false });
    expect(data.openedAt).toEqual(expect.any(String));
    expect((await call('GET', `/api/recalls/${ids.recall}`)).json().data).toEqual(data);
    const rows = await lotStatuses(lot);
    expect(new Set(rows.map((r) => r.regionId))).toEqual(new Set([f.north, f.south]));
    expect(rows.every((r) => r.lotStatus === 'recalled' && r.recallId === ids.recall)).toBe(true);
    expect((await lotStatuses('L-RCL-OTHER')).every((r) => r.lotStatus === 'released')).toBe(true);
    expect((await call('GET', '/api/recalls?status=open')).json().total).toBe(1);
    // Past its report's due date it is overdue, and the list finds it so.
    await t.database.db.execute(sql`UPDATE recalls SET report_due_date = ${addDays(f.today, -1)}::date WHERE id = ${ids.recall}`);
    expect((await call('GET', `/api/recalls/${ids.recall}`)).json().data.overdue).toBe(true);
    expect((await call('GET', '/api/recalls?overdue=true')).json().data.map((r: { id: number }) => r.id)).toEqual([ids.recall]);
    await t.database.db.execute(sql`UPDATE recalls SET report_due_date = ${addDays(f.today, 7)}::date WHERE id = ${ids.recall}`);
    expect((await call('GET', '/api/recalls?overdue=true')).json().total).toBe(0);
  });

  it('refuses another recall of L while this one is open (409 naming it), and a receipt of L (409 lines.0.lotNumber)', async () => {
    const again = await call('POST', '/api/recalls', recallBody(), tokens.manager);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().errors).toEqual({ 'lines.0.lotNumber': `Rcl CBC Reagent lot ${lot} is already under open recall ${recallNumber}` });
    const receipt = await receiveLot(lot);
    expect(receipt.statusCode, receipt.body).toBe(409);
    expect(receipt.json().errors).toEqual({ 'lines.0.lotNumber': `Rcl CBC Reagent lot ${lot} is under open recall ${recallNumber} and cannot be received` });
    expect((await receiveLot('L-RCL-NEW')).statusCode).toBe(201);
  });

  it('traces L: A 30/5, B 20, C 10, 3 invoices, 1 transfer of 25, 1 return, on hand 30 + 15, in one answer', async () => {
    const response = await call('GET', `/api/recalls/${ids.recall}/trace`, undefined, tokens.auditor);
    expect(response.statusCode, response.body).toBe(200);
    const trace = response.json().data;
    expect(trace.receipts).toEqual([expect.objectContaining({ documentType: 'goods-receipt', regionId: f.north, vendorId: f.vendor.id, vendorName: 'Rcl Sysmex', quantity: 100, lotNumber: lot })]);
    const customers = Object.fromEntries(trace.customers.map((c: { customerId: number }) => [c.customerId, c]));
    expect(customers[ids.a]).toMatchObject({ customerName: 'Rcl Alpha Lab', regionId: f.north, sold: 30, returned: 5, onSite: 0 });
    expect(customers[ids.b]).toMatchObject({ sold: 20, returned: 0, onSite: 0 });
    expect(customers[ids.c]).toMatchObject({ regionId: f.south, regionName: 'Rcl South', sold: 10, returned: 0 });
    expect(trace.customers).toHaveLength(3);
    expect(trace.invoices.map((i: { quantity: number }) => i.quantity).sort()).toEqual([10, 20, 30]);
    expect(trace.invoices.find((i: { customerId: number }) => i.customerId === ids.a)).toMatchObject({ returnedQuantity: 5, itemId: f.reagent, lotNumber: lot });
    expect(trace.transfers).toEqual([expect.objectContaining({ transferId: ids.transfer, fromRegionId: f.north, toRegionId: f.south, quantity: 25, status: 'received' })]);
    expect(trace.returns).toEqual([expect.objectContaining({ customerId: ids.a, invoiceId: ids.invoiceA, quantity: 5, condition: 'restock' })]);
    expect(trace.consignments).toEqual([]);
    expect(trace.onHand.map((r: { regionId: number; quantity: number; lotStatus: string }) => [r.regionId, r.quantity, r.lotStatus])).toEqual([
      [f.north, 30, 'recalled'],
      [f.south, 15, 'recalled'],
    ]);
    expect(trace.totals).toEqual({ received: 100, transferredIn: 25, transferredOut: 25, sold: 60, returned: 5, onHand: 45, destroyed: 0, returnedToSupplier: 0, writtenOff: 0, difference: 0 });
    // The same lot by item and number, recalled or not.
    const byLot = await call('GET', `/api/inventory/trace?itemId=${f.reagent}&lotNumber=${lot}`);
    expect(byLot.statusCode, byLot.body).toBe(200);
    expect(byLot.json().data).toEqual(trace);
    expect((await call('GET', `/api/inventory/trace?itemId=${f.reagent}`)).json().errors).toEqual({ lotNumber: expect.any(String) });
  });

  it('reconciles L: 100 received = 60 sold - 5 returned + 45 on hand, difference 0', async () => {
    const response = await call('GET', `/api/recalls/${ids.recall}/reconciliation`);
    expect(response.statusCode, response.body).toBe(200);
    const figures = { received: 100, sold: 60, returned: 5, onHand: 45, destroyed: 0, returnedToSupplier: 0, writtenOff: 0, difference: 0 };
    expect(response.json().data).toEqual({ lines: [{ itemId: f.reagent, lotNumber: lot, ...figures }], totals: figures, balanced: true });
  });

  it("gives a Karachi-only user C alone, Karachi's part of the figures, and no close (403)", async () => {
    const trace = (await call('GET', `/api/recalls/${ids.recall}/trace`, undefined, tokens.karachi)).json().data;
    expect(trace.customers.map((c: { customerId: number }) => c.customerId)).toEqual([ids.c]);
    expect(trace.invoices).toHaveLength(1);
    expect(trace.returns).toEqual([]);
    expect(trace.receipts).toEqual([]);
    expect(trace.transfers).toHaveLength(1);
    expect(trace.onHand.map((r: { quantity: number }) => r.quantity)).toEqual([15]);
    expect(trace.totals).toMatchObject({ received: 0, transferredIn: 25, transferredOut: 0, sold: 10, onHand: 15, difference: 0 });
    const notices = (await call('GET', `/api/recalls/${ids.recall}/notices`, undefined, tokens.karachi)).json().data;
    expect(notices.map((n: { customerId: number }) => n.customerId)).toEqual([ids.c]);
    expect((await call('POST', `/api/recalls/${ids.recall}/notices/${ids.a}/sent`, {}, tokens.karachi)).statusCode).toBe(404);
    expect((await call('POST', `/api/recalls/${ids.recall}/close`, {}, tokens.karachi)).statusCode).toBe(403);
  });

  it("traces a lot for a user kept to categories only when the item is of theirs (404 otherwise)", async () => {
    const other = (await call('POST', '/api/categories', { categoryName: 'Rcl consumables' })).json().data.id as number;
    const [elsewhere, ours] = [await t.userWithRole('operationManager'), await t.userWithRole('operationManager')];
    await t.database.db.update(users).set({ permissions: { categories: [other] } }).where(eq(users.id, elsewhere.id));
    await t.database.db.update(users).set({ permissions: { categories: [f.category] } }).where(eq(users.id, ours.id));
    const url = `/api/inventory/trace?itemId=${f.reagent}&lotNumber=${lot}`;
    expect((await call('GET', url, undefined, elsewhere.token)).statusCode).toBe(404);
    expect((await call('GET', url, undefined, ours.token)).statusCode).toBe(200);
  });

  it('will not close with notices unsent and units on hand (409 naming them)', async () => {
    const refused = await call('POST', `/api/recalls/${ids.recall}/close`, {}, tokens.manager);
    expect(refused.statusCode, refused.body).toBe(409);
    const { errors } = refused.json();
    expect(errors.notices).toBe('No notice sent to Rcl Alpha Lab, Rcl Beta Hospital, Rcl Gamma Clinic');
    expect(errors.onHand).toBe(`Units still on hand: 30 of lot ${lot} in Rcl North; 15 of lot ${lot} in Rcl South`);
    expect(errors.difference).toBeUndefined();
  });

  it('lists the notices and records them sent and acknowledged (recalls:record; 404 off the trace; the auditor 403)', async () => {
    const notices = (await call('GET', `/api/recalls/${ids.recall}/notices`)).json().data as Array<{ customerId: number; quantity: number; documents: unknown[]; sentOn: string | null }>;
    expect(Object.fromEntries(notices.map((n) => [n.customerId, n.quantity]))).toEqual({ [ids.a]: 25, [ids.b]: 20, [ids.c]: 10 });
    expect(notices.find((n) => n.customerId === ids.a)!.documents).toEqual([expect.objectContaining({ documentType: 'invoice', documentId: ids.invoiceA, quantity: 30 })]);
    expect(notices.every((n) => n.sentOn === null)).toBe(true);
    expect((await call('POST', `/api/recalls/${ids.recall}/notices/${ids.a}/sent`, {}, tokens.auditor)).statusCode).toBe(403);
    expect((await call('POST', `/api/recalls/${ids.recall}/notices/${ids.a}/sent`, {}, tokens.sales)).statusCode).toBe(403);
    expect((await call('POST', `/api/recalls/${ids.recall}/notices/${f.customer.id}/sent`, {}, tokens.manager)).statusCode).toBe(404);
    const early = await call('POST', `/api/recalls/${ids.recall}/notices/${ids.a}/acknowledged`, {}, tokens.manager);
    expect(early.statusCode).toBe(409);
    const badVia = await call('POST', `/api/recalls/${ids.recall}/notices/${ids.a}/sent`, { sentVia: 'pigeon' }, tokens.manager);
    expect(badVia.statusCode).toBe(400);
    expect(Object.keys(badVia.json().errors)).toEqual(['sentVia']);
    const sentAhead = await call('POST', `/api/recalls/${ids.recall}/notices/${ids.a}/sent`, { sentOn: addDays(f.today, 1) }, tokens.manager);
    expect(sentAhead.statusCode).toBe(400);
    expect(sentAhead.json().errors).toEqual({ sentOn: 'The sending date cannot be later than today' });
    const sent = await call('POST', `/api/recalls/${ids.recall}/notices/${ids.a}/sent`, {}, tokens.manager);
    expect(sent.statusCode, sent.body).toBe(200);
    const acknowledgedAhead = await call('POST', `/api/recalls/${ids.recall}/notices/${ids.a}/acknowledged`, { acknowledgedOn: addDays(f.today, 1) }, tokens.manager);
    expect(acknowledgedAhead.statusCode).toBe(400);
    expect(acknowledgedAhead.json().errors).toEqual({ acknowledgedOn: 'The acknowledgement date cannot be later than today' });
    expect(sent.json().data).toMatchObject({ customerId: ids.a, sentOn: f.today, sentVia: 'courier', acknowledgedOn: null });
    for (const customer of [ids.b, ids.c]) expect((await call('POST', `/api/recalls/${ids.recall}/notices/${customer}/sent`, { sentVia: 'email' }, tokens.manager)).statusCode).toBe(200);
    const acknowledged = await call('POST', `/api/recalls/${ids.recall}/notices/${ids.a}/acknowledged`, { acknowledgedOn: f.today }, tokens.manager);
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    const after = (await call('GET', `/api/recalls/${ids.recall}/notices`)).json().data as Array<{ customerId: number; sentVia: string; acknowledgedOn: string | null }>;
    expect(after.find((n) => n.customerId === ids.a)).toMatchObject({ sentVia: 'courier', acknowledgedOn: f.today });
    expect(after.find((n) => n.customerId === ids.c)).toMatchObject({ sentVia: 'email', acknowledgedOn: null });
  });

  it('sent again after its acknowledgement: the last letter counts, the acknowledgement cleared (kept in the audit) until the new one is acknowledged', async () => {
    const url = `/api/recalls/${ids.recall}/notices/${ids.b}`;
    const earlier = addDays(f.today, -3);
    expect((await call('POST', `${url}/sent`, { sentOn: earlier, sentVia: 'email' }, tokens.manager)).statusCode).toBe(200);
    expect((await call('POST', `${url}/acknowledged`, { acknowledgedOn: addDays(f.today, -1) }, tokens.manager)).statusCode).toBe(200);
    const again = await call('POST', `${url}/sent`, { sentVia: 'hand' }, tokens.manager);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ customerId: ids.b, sentOn: f.today, sentVia: 'hand', acknowledgedOn: null });
    const read = (await call('GET', `/api/recalls/${ids.recall}/notices`)).json().data as Array<{ customerId: number; sentOn: string; acknowledgedOn: string | null }>;
    expect(read.find((n) => n.customerId === ids.b)).toMatchObject({ sentOn: f.today, acknowledgedOn: null });
    const [audited] = await queryRows<{ before: { acknowledgedOn: string | null }; after: { acknowledgedOn: string | null } }>(
      t.database.db,
      sql`SELECT before, after FROM audit_log WHERE resource = 'recalls' AND action = 'noticeSent' AND record_id = ${String(ids.recall)} ORDER BY id DESC LIMIT 1`,
    );
    expect(audited).toMatchObject({ before: { acknowledgedOn: addDays(f.today, -1) }, after: { acknowledgedOn: null } });
    expect((await call('POST', `${url}/acknowledged`, {}, tokens.manager)).json().data).toMatchObject({ sentOn: f.today, acknowledgedOn: f.today });
  });

  it('records disposals of the 45 on hand: a posted recallDisposal adjustment at cost, the rows destroyed', async () => {
    const [other] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM inventory WHERE lot_number = 'L-RCL-OTHER'`);
    const notOfRecall = await call('POST', `/api/recalls/${ids.recall}/disposals`, { kind: 'destroyed', lines: [{ inventoryId: Number(other!.id), quantity: 1 }] }, tokens.manager);
    expect(notOfRecall.statusCode).toBe(400);
    expect(notOfRecall.json().errors).toEqual({ 'lines.0.inventoryId': 'The lot is not one of the recall' });
    const beyond = await call('POST', `/api/recalls/${ids.recall}/disposals`, { kind: 'destroyed', lines: [{ inventoryId: ids.lahoreLot, quantity: 31 }] }, tokens.manager);
    expect(beyond.statusCode).toBe(409);
    expect(Object.keys(beyond.json().errors)).toEqual(['lines.0.quantity']);
    // A Karachi-only user disposes of Karachi's stock only.
    const elsewhere = await call('POST', `/api/recalls/${ids.recall}/disposals`, { kind: 'destroyed', lines: [{ inventoryId: ids.lahoreLot, quantity: 1 }] }, tokens.karachi);
    expect(elsewhere.statusCode).toBe(400);
    expect((await call('POST', `/api/recalls/${ids.recall}/disposals`, { kind: 'destroyed', lines: [{ inventoryId: ids.karachiLot, quantity: 1 }] }, tokens.auditor)).statusCode).toBe(403);
    // Dated ahead: refused naming the recall's own field, not the adjustment's it would post.
    const ahead = await call('POST', `/api/recalls/${ids.recall}/disposals`, { kind: 'destroyed', disposalDate: addDays(f.today, 1), lines: [{ inventoryId: ids.karachiLot, quantity: 1 }] }, tokens.manager);
    expect(ahead.statusCode, ahead.body).toBe(400);
    expect(ahead.json().errors).toEqual({ disposalDate: 'The disposal date cannot be later than today' });

    const response = await call(
      'POST',
      `/api/recalls/${ids.recall}/disposals`,
      {
        kind: 'destroyed',
        method: 'Incineration',
        witness: 'DRAP inspector',
        certificateNumber: 'DC-77',
        lines: [
          { inventoryId: ids.lahoreLot, quantity: 30 },
          { inventoryId: ids.karachiLot, quantity: 15 },
        ],
      },
      tokens.manager,
    );
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({ kind: 'destroyed', disposalDate: f.today, totalValue: '450.00', adjustmentId: expect.any(Number) });
    expect(data.documentNumber).toMatch(/^SA-\d{4}-\d{6}$/);
    expect(data.lines).toHaveLength(2);
    const adjustment = (await call('GET', `/api/stock-adjustments/${data.adjustmentId}`)).json().data;
    expect(adjustment).toMatchObject({ status: 'posted', reason: 'recallDisposal', documentNumber: data.documentNumber });
    // The recall's record of destroyed units is not cancelled on its own.
    const cancelled = await call('POST', `/api/stock-adjustments/${data.adjustmentId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(409);
    expect(cancelled.json().message).toMatch(/disposal of recall RCL-/);
    const ledger = await queryRows<{ key: string; debit: string; credit: string }>(
      t.database.db,
      sql`SELECT p.key, sum(g.debit)::text AS debit, sum(g.credit)::text AS credit FROM gl_entries g JOIN posting_accounts p ON p.account_id = g.account_id
          WHERE g.document_type = 'stock-adjustment' AND g.document_id = ${data.adjustmentId}::int GROUP BY p.key ORDER BY p.key`,
    );
    expect(ledger).toEqual([
      { key: 'inventory', debit: '0.00', credit: '450.00' },
      { key: 'stockAdjustments', debit: '450.00', credit: '0.00' },
    ]);
    const rows = await lotStatuses(lot);
    expect(rows.filter((r) => r.quantity === 0 && r.lotStatus === 'destroyed').length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => r.quantity === 0)).toBe(true);
    expect((await call('GET', `/api/recalls/${ids.recall}/disposals`)).json().data).toEqual([data]);
    expect((await call('GET', `/api/recalls/${ids.recall}/disposals`, undefined, tokens.karachi)).json().data[0].lines).toEqual([expect.objectContaining({ inventoryId: ids.karachiLot, quantity: 15 })]);
  });

  it('closes once every unit is accounted for: destroyed 45, on hand 0; the report is frozen', async () => {
    const response = await call('POST', `/api/recalls/${ids.recall}/close`, { closingNotes: 'All units destroyed under DRAP supervision' }, tokens.manager);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'closed', closedBy: expect.any(Number), closingNotes: 'All units destroyed under DRAP supervision', overdue: false });
    const reconciliation = (await call('GET', `/api/recalls/${ids.recall}/reconciliation`)).json().data;
    expect(reconciliation.totals).toEqual({ received: 100, sold: 60, returned: 5, onHand: 0, destroyed: 45, returnedToSupplier: 0, writtenOff: 0, difference: 0 });
    const report = (await call('GET', `/api/recalls/${ids.recall}/report`)).json().data;
    expect(report).toMatchObject({
      frozen: true,
      recall: { documentNumber: recallNumber, status: 'closed', daysToClose: 0, closingNotes: 'All units destroyed under DRAP supervision' },
      reconciliation: { balanced: true, totals: { destroyed: 45, onHand: 0 } },
      closedBy: { id: expect.any(Number) },
    });
    expect(report.customers).toHaveLength(3);
    expect(report.disposals).toHaveLength(1);
    expect((await call('POST', `/api/recalls/${ids.recall}/notices/${ids.b}/acknowledged`, {}, tokens.manager)).statusCode).toBe(409);
    expect((await call('POST', `/api/recalls/${ids.recall}/disposals`, { kind: 'destroyed', lines: [{ inventoryId: ids.lahoreLot, quantity: 1 }] }, tokens.manager)).statusCode).toBe(409);
    expect((await call('GET', '/api/recalls?status=open')).json().total).toBe(0);
    // Closed for good: the database refuses a change of its header and lines.
    await expect(t.database.db.execute(sql`UPDATE recalls SET reason = 'x' WHERE id = ${ids.recall}`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`DELETE FROM recall_lines WHERE recall_id = ${ids.recall}`)).rejects.toThrow();
  });

  it('cancels a draft (recalls:cancel), and never an open recall', async () => {
    const draft = await call('POST', '/api/recalls', recallBody({ lines: [{ itemId: f.reagent, lotNumber: 'L-RCL-OTHER' }] }), tokens.manager);
    expect(draft.statusCode, draft.body).toBe(201);
    expect((await call('POST', `/api/recalls/${draft.json().data.id}/cancel`, {}, tokens.manager)).statusCode).toBe(403);
    const cancelled = await call('POST', `/api/recalls/${draft.json().data.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect((await call('POST', `/api/recalls/${ids.recall}/cancel`)).statusCode).toBe(409);
  });

  it('opens a recall of two lots: both recalled everywhere; the warehouse board counts it as the list does', async () => {
    // A draft of the same lot saved before: opening it after the other is refused, naming the open one.
    const rival = await call('POST', '/api/recalls', recallBody({ lines: [{ itemId: f.reagent, lotNumber: 'L-RCL-OTHER' }] }), tokens.manager);
    expect(rival.statusCode, rival.body).toBe(201);
    const draft = await call('POST', '/api/recalls', recallBody({ recallClass: 'I', lines: [{ itemId: f.reagent, lotNumber: 'L-RCL-OTHER' }, { itemId: f.reagent, lotNumber: 'L-RCL-NEW' }] }), tokens.manager);
    expect(draft.statusCode, draft.body).toBe(201);
    const opened = await call('POST', `/api/recalls/${draft.json().data.id}/open`, {}, tokens.manager);
    expect(opened.statusCode, opened.body).toBe(200);
    for (const lotNumber of ['L-RCL-OTHER', 'L-RCL-NEW']) expect((await lotStatuses(lotNumber)).map((r) => r.lotStatus)).toEqual(['recalled']);
    const late = await call('POST', `/api/recalls/${rival.json().data.id}/open`, {}, tokens.manager);
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().errors).toEqual({ 'lines.0.lotNumber': `Rcl CBC Reagent lot L-RCL-OTHER is already under open recall ${opened.json().data.documentNumber}` });
    expect((await call('GET', `/api/recalls/${rival.json().data.id}`)).json().data).toMatchObject({ status: 'draft', documentNumber: null });
    const board = await call('GET', '/api/dashboard?board=warehouse');
    expect(board.statusCode, board.body).toBe(200);
    const figure = (board.json().figures as Array<{ id: string; value: string }>).find((x) => x.id === 'recalls-open');
    expect(figure?.value).toBe(String((await call('GET', '/api/recalls?status=open')).json().total));
    expect(figure?.value).toBe('1');
  });
});

describe('the recall tables', () => {
  it('carry the status CHECK and the triggers the declaration implies', async () => {
    const triggers = await queryRows<{ table: string; args: Uint8Array | string }>(
      t.database.db,
      sql`SELECT c.relname AS table, t.tgargs AS args FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid JOIN pg_class c ON c.oid = t.tgrelid
          WHERE c.relname IN ('recalls', 'recall_lines') AND p.proname = 'document_keep_unless_editable' AND NOT t.tgisinternal ORDER BY c.relname DESC`,
    );
    const argsOf = (value: Uint8Array | string) => (typeof value === 'string' ? value.replace(/\\000/g, '\0') : new TextDecoder().decode(value)).split('\0').slice(0, -1);
    const sorted = (args: string[]) => args.map((arg, index) => (index === 3 ? arg.split(',').sort().join(',') : arg));
    expect(triggers.map((row) => sorted(argsOf(row.args)))).toEqual([sorted(headerTriggerArguments(recallBinding)), linesTriggerArguments(recallBinding)]);
    const [check] = await queryRows<{ def: string }>(t.database.db, sql`SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'recalls_status_check'`);
    expect(check!.def).toContain("'draft'::text, 'open'::text, 'closed'::text, 'cancelled'::text");
  });

  it('are in the API document: the document routes, the records, the trace of a lot', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths as Record<string, unknown>);
    for (const path of ['/api/recalls', '/api/recalls/{id}/open', '/api/recalls/{id}/close', '/api/recalls/{id}/trace', '/api/inventory/trace', '/api/recalls/{id}/notices/{customerId}/sent', '/api/recalls/{id}/disposals', '/api/recalls/{id}/report/pdf']) {
      expect(paths).toContain(path);
    }
  });
});
