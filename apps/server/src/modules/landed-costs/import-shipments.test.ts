import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bankAccount, inventoryAgainstLots, ledgerOf, lotOf, receiveLots, sell } from './landed-costs-fixtures.ts';

/**
 * Issue 33, sections 3 and 7: import shipments. The section's example (100 received at 2,800.00,
 * 40 sold, 70,000 on the line: d = 700.00, Inventory 42,000, cost of sales 28,000, the lot at
 * 3,500.00), the split's rounding, import sales tax to input tax only, the refusals, the cancel,
 * the receipt's cancel refused, the vendor's bill paid, roles and row scope.
 */
let t: TestApp;
let f: SalesFixtures;
let bank: number;
const tokens = { accountant: '', auditor: '', supervisor: '', sales: '', engineer: '', karachi: '' };

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token?: string) => f.call(method, url, payload, token);

const duty = (amount: string, extra: Record<string, unknown> = {}) => ({ kind: 'customsDuty', vendorId: f.vendor.id, billNumber: 'GD-1', amount, ...extra });

async function shipment(goodsReceiptIds: number[], charges: object[], extra: Record<string, unknown> = {}) {
  return call('POST', '/api/import-shipments', { shipmentDate: f.today, reference: 'BL-1', goodsReceiptIds, charges, ...extra });
}

beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
  f = await salesFixtures(t, 'Imp');
  bank = await bankAccount(t);
  tokens.accountant = (await t.userWithRole('accountant')).token;
  tokens.auditor = (await t.userWithRole('auditor')).token;
  tokens.supervisor = (await t.userWithRole('inventorySupervisor')).token;
  tokens.sales = (await t.userWithRole('salesManager')).token;
  tokens.engineer = (await t.userWithRole('serviceEngineer')).token;
  const karachi = await t.userWithRole('accountant');
  await t.database.db.update(users).set({ permissions: { regions: [f.south] } }).where(eq(users.id, karachi.id));
  tokens.karachi = karachi.token;
}, 120_000);
afterAll(async () => t?.close());

describe('a landed cost after part was sold (issue 33, section 3)', () => {
  let receipt: { id: number; documentNumber: string; lots: number[] };
  let id = 0;

  beforeAll(async () => {
    receipt = await receiveLots(f, [{ lotNumber: 'IMP-A', quantity: 100, unitCost: '2800.00' }]);
    await sell(f, receipt.lots[0]!, 40);
  });

  it('previews the draft: d = 700.00, Inventory 42,000, cost of sales 28,000, the lot at 3,500.00', async () => {
    const saved = await shipment([receipt.id], [duty('70000'), { kind: 'importSalesTax', accountId: bank, amount: '12000.00' }]);
    expect(saved.statusCode, saved.body).toBe(201);
    const data = saved.json().data;
    id = data.id;
    expect(data.lines).toEqual([
      expect.objectContaining({
        goodsReceiptId: receipt.id,
        goodsReceiptNumber: receipt.documentNumber,
        lineNo: 1,
        inventoryId: receipt.lots[0],
        lotNumber: 'IMP-A',
        quantity: 100,
        value: '280000.00',
        allocated: '70000.00',
        inStock: 60,
        unitCostBefore: '2800.00',
        unitCostIncrease: '700.00',
        unitCostAfter: '3500.00',
        toInventory: '42000.00',
        toCostOfSales: '28000.00',
      }),
    ]);
    expect(data.charges).toMatchObject([
      { chargeNo: 1, kind: 'customsDuty', capitalised: true, amount: '70000.00', exchangeRate: '1.000000', companyAmount: '70000.00' },
      { chargeNo: 2, kind: 'importSalesTax', capitalised: false, amount: '12000.00', companyAmount: '12000.00' },
    ]);
    expect(data.totals).toEqual({ amount: '82000.00', capitalised: '70000.00', toInventory: '42000.00', toCostOfSales: '28000.00', salesTaxInput: '12000.00', advanceIncomeTax: '0.00' });
    const read = await call('GET', `/api/import-shipments/${id}`);
    expect(read.json().data).toEqual(data);
  });

  it('posts: the lot at 3,500.00, one value row, Inventory 42,000, cost of sales 28,000, sales tax to input tax only, the vendor credited', async () => {
    const before = await inventoryAgainstLots(t);
    const posted = await call('POST', `/api/import-shipments/${id}/post`, {}, tokens.accountant);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().data).toMatchObject({ status: 'posted', documentNumber: expect.stringMatching(/^IMP-\d{4}-\d{6}$/), toInventory: '42000.00', toCostOfSales: '28000.00' });
    expect(await lotOf(t, receipt.lots[0]!)).toEqual({ unitCost: '3500.00', quantity: 60 });
    expect(await ledgerOf(t, 'import-shipments', id)).toEqual({ '1010': '-12000.00', '1155': '12000.00', '1200': '42000.00', '5000': '28000.00', [await codeOf(f.vendor.accountId)]: '-70000.00' });
    const moves = await queryRows<{ kind: string; quantityIn: number; quantityOut: number; unitCost: string; value: string }>(
      t.database.db,
      sql`SELECT kind, quantity_in AS "quantityIn", quantity_out AS "quantityOut", unit_cost::text AS "unitCost", value::text AS value FROM stock_moves WHERE document_type = 'import-shipments' AND document_id = ${id}::int`,
    );
    expect(moves).toEqual([{ kind: 'value', quantityIn: 0, quantityOut: 0, unitCost: '700.00', value: '42000.00' }]);
    const after = await inventoryAgainstLots(t);
    expect(after.ledger).toBe(after.lots);
    expect(Number(after.ledger) - Number(before.ledger)).toBe(42000);
    // Posted: the lines as posted.
    expect((await call('GET', `/api/import-shipments/${id}`)).json().data.lines[0]).toMatchObject({ unitCostAfter: '3500.00', toInventory: '42000.00' });
  });

  it('a receipt named by a posted shipment cannot be cancelled (409)', async () => {
    const cancel = await call('POST', `/api/goods-receipts/${receipt.id}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(409);
    expect(cancel.json().message).toMatch(/is named by import shipment IMP-/);
  });

  it('the next sale takes the landed cost: 10 at 3,500.00', async () => {
    const invoice = await sell(f, receipt.lots[0]!, 10);
    expect((await ledgerOf(t, 'invoice', invoice))['5000']).toBe('35000.00');
  });

  it('cancel: 409 once the lot has moved since', async () => {
    const cancel = await call('POST', `/api/import-shipments/${id}/cancel`, {}, tokens.accountant);
    expect(cancel.statusCode, cancel.body).toBe(409);
    expect(cancel.json().message).toMatch(/has moved since/);
  });
});

async function codeOf(accountId: number): Promise<string> {
  return (await queryRows<{ code: string }>(t.database.db, sql`SELECT account_code AS code FROM accounts WHERE id = ${accountId}::int`))[0]!.code;
}

describe('the split and its rounding (issue 33, section 7)', () => {
  it('100,000 over three equal lines: 33,333.33, 33,333.33, 33,333.34', async () => {
    const receipt = await receiveLots(f, [
      { lotNumber: 'IMP-S1', quantity: 10, unitCost: '100.00' },
      { lotNumber: 'IMP-S2', quantity: 10, unitCost: '100.00' },
      { lotNumber: 'IMP-S3', quantity: 10, unitCost: '100.00' },
    ]);
    const saved = await shipment([receipt.id], [duty('100000.00')]);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().data.lines.map((l: { allocated: string }) => l.allocated)).toEqual(['33333.33', '33333.33', '33333.34']);
  });

  it('1,000 on a lot of 3, all in stock: +333.33, Inventory 999.99, cost of sales 0.01', async () => {
    const receipt = await receiveLots(f, [{ lotNumber: 'IMP-3', quantity: 3, unitCost: '50.00' }]);
    const saved = await shipment([receipt.id], [duty('1000.00')], { post: true });
    expect(saved.statusCode, saved.body).toBe(201);
    const data = saved.json().data;
    expect(data.lines[0]).toMatchObject({ unitCostIncrease: '333.33', toInventory: '999.99', toCostOfSales: '0.01' });
    expect(await ledgerOf(t, 'import-shipments', data.id)).toMatchObject({ '1200': '999.99', '5000': '0.01' });
    expect(await lotOf(t, receipt.lots[0]!)).toEqual({ unitCost: '383.33', quantity: 3 });
  });

  it('splits by quantity, by weight and by hand', async () => {
    const receipt = await receiveLots(f, [
      { lotNumber: 'IMP-W1', quantity: 10, unitCost: '100.00' },
      { lotNumber: 'IMP-W2', quantity: 30, unitCost: '100.00' },
    ]);
    const byQuantity = await shipment([receipt.id], [duty('400.00')], { splitMethod: 'quantity' });
    expect(byQuantity.json().data.lines.map((l: { allocated: string }) => l.allocated)).toEqual(['100.00', '300.00']);
    const weights = [
      { goodsReceiptId: receipt.id, lineNo: 1, weightKg: '3' },
      { goodsReceiptId: receipt.id, lineNo: 2, weightKg: '1' },
    ];
    const byWeight = await shipment([receipt.id], [duty('400.00')], { splitMethod: 'weight', weights });
    expect(byWeight.json().data.lines.map((l: { allocated: string }) => l.allocated)).toEqual(['300.00', '100.00']);
    const byHand = await shipment([receipt.id], [
      duty('70000.00', {
        splitMethod: 'manual',
        allocations: [
          { goodsReceiptId: receipt.id, lineNo: 1, amount: '69000.00' },
          { goodsReceiptId: receipt.id, lineNo: 2, amount: '1000.00' },
        ],
      }),
    ]);
    expect(byHand.statusCode, byHand.body).toBe(201);
    expect(byHand.json().data.lines.map((l: { allocated: string }) => l.allocated)).toEqual(['69000.00', '1000.00']);
  });
});

describe('refusals (400 naming the field, 409)', () => {
  let receipt: { id: number; documentNumber: string; lots: number[] };
  beforeAll(async () => {
    receipt = await receiveLots(f, [{ lotNumber: 'IMP-R', quantity: 10, unitCost: '100.00' }]);
  });

  it('a receipt not posted, missing or twice', async () => {
    const order = await f.call('POST', '/api/purchase-orders', { vendorId: f.vendor.id, regionId: f.north, expectedDate: f.today, lines: [{ itemId: f.reagent, quantity: 1, unitCost: '1.00' }] });
    const approved = await f.call('POST', `/api/purchase-orders/${order.json().data.id}/approve`);
    const draft = await f.call('POST', '/api/goods-receipts', {
      purchaseOrderId: order.json().data.id,
      receiptDate: f.today,
      acceptNearExpiry: true,
      lines: [{ purchaseOrderLineId: approved.json().data.lines[0].id, quantity: 1, lotNumber: 'IMP-D', dateExpiry: f.today }],
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const number = draft.json().data.documentNumber ?? 'GRN (draft)';
    const refused = await shipment([receipt.id, draft.json().data.id, 999999, receipt.id], [duty('10.00')]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      'goodsReceiptIds.1': expect.stringMatching(/is not posted; only posted receipts take landed costs$/),
      'goodsReceiptIds.2': 'Goods receipt does not exist',
      'goodsReceiptIds.3': 'This goods receipt is named twice',
    });
    void number;
  });

  it('a charge naming both a vendor and an account, or neither; an amount of 0', async () => {
    const both = await shipment([receipt.id], [duty('10.00', { accountId: bank })]);
    expect(both.json().errors).toEqual({ 'charges.0.vendorId': 'A charge names a vendor or an account: one of them' });
    const neither = await shipment([receipt.id], [{ kind: 'freight', amount: '10.00' }]);
    expect(neither.json().errors).toEqual({ 'charges.0.vendorId': 'A charge names a vendor or an account: one of them' });
    // A vendor's own account named as the charge's account would be a bill nobody pays or ages: name the vendor.
    const owed = await shipment([receipt.id], [{ kind: 'clearing', amount: '10.00', accountId: f.vendor.accountId }]);
    expect(owed.json().errors).toEqual({ 'charges.0.accountId': "A customer's or vendor's account is not a charge's account: name the vendor (vendorId), so its bill is paid and aged" });
    const zero = await shipment([receipt.id], [duty('0')]);
    expect(zero.statusCode).toBe(400);
    expect(Object.keys(zero.json().errors)).toEqual(['charges.0.amount']);
  });

  it('a manual split not adding up, a weight split lacking a weight', async () => {
    const manual = await shipment([receipt.id], [duty('70000.00', { splitMethod: 'manual', allocations: [{ goodsReceiptId: receipt.id, lineNo: 1, amount: '69000.00' }] })]);
    expect(manual.json().errors).toEqual({ 'charges.0.allocations': 'The allocations add to 69,000.00; the charge is 70,000.00' });
    const weight = await shipment([receipt.id], [duty('10.00')], { splitMethod: 'weight' });
    expect(Object.keys(weight.json().errors)).toEqual(['weights']);
  });

  it('a value split over zero value; a shipment dated before its receipt', async () => {
    const free = await receiveLots(f, [{ lotNumber: 'IMP-FREE', quantity: 5, unitCost: '0.00' }]);
    const zero = await shipment([free.id], [duty('10.00')]);
    expect(zero.json().errors).toEqual({ splitMethod: 'The receipts’ lines have no value to split by; split by quantity or weight' });
    const early = await shipment([receipt.id], [duty('10.00')], { shipmentDate: '2000-01-01' });
    expect(early.statusCode).toBe(400);
    expect(Object.keys(early.json().errors)).toEqual(['shipmentDate']);
  });

  it('a unit cost going below 0 is 409; a credit note above it posts', async () => {
    const below = await shipment([receipt.id], [duty('-1001.00')], { post: true });
    expect(below.statusCode, below.body).toBe(409);
    expect(below.json().message).toMatch(/would go below 0/);
    const credit = await shipment([receipt.id], [duty('-100.00')], { post: true });
    expect(credit.statusCode, credit.body).toBe(201);
    expect(await lotOf(t, receipt.lots[0]!)).toEqual({ unitCost: '90.00', quantity: 10 });
  });
});

describe('cancel, the bill paid, roles and row scope', () => {
  let receipt: { id: number; documentNumber: string; lots: number[] };
  beforeAll(async () => {
    receipt = await receiveLots(f, [{ lotNumber: 'IMP-C', quantity: 20, unitCost: '100.00' }]);
  });

  it('cancel posts the mirror dated today and gives the lot its cost back', async () => {
    const posted = await shipment([receipt.id], [duty('400.00'), { kind: 'freight', accountId: bank, amount: '200.00' }], { post: true });
    expect(posted.statusCode, posted.body).toBe(201);
    const id = posted.json().data.id;
    expect(await lotOf(t, receipt.lots[0]!)).toEqual({ unitCost: '130.00', quantity: 20 });
    const cancel = await call('POST', `/api/import-shipments/${id}/cancel`, {}, tokens.accountant);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await lotOf(t, receipt.lots[0]!)).toEqual({ unitCost: '100.00', quantity: 20 });
    expect(Object.values(await ledgerOf(t, 'import-shipments', id)).every((v) => v === '0.00')).toBe(true);
    const against = await inventoryAgainstLots(t);
    expect(against.ledger).toBe(against.lots);
  });

  it('a vendor charge is a bill payments allocate to; then the cancel is 409', async () => {
    const posted = await shipment([receipt.id], [duty('500.00')], { post: true });
    const id = posted.json().data.id;
    const chargeId = posted.json().data.charges[0].id;
    const open = await call('GET', `/api/payments/open/importShipmentCharges?partyId=${f.vendor.id}`);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().data.map((d: { id: number }) => d.id)).toContain(chargeId);
    const payment = await call('POST', '/api/payments', { payeeType: 'vendor', vendorId: f.vendor.id, paymentDate: f.today, method: 'bank', accountId: bank, amount: '200.00', allocations: [], post: true });
    expect(payment.statusCode, payment.body).toBe(201);
    const allocated = await call('POST', `/api/payments/${payment.json().data.id}/allocate`, { allocations: [{ importShipmentChargeId: chargeId, amount: '200.00' }] });
    expect(allocated.statusCode, allocated.body).toBe(200);
    expect((await call('GET', `/api/import-shipments/${id}`)).json().data.charges[0].paidAmount).toBe('200.00');
    const cancel = await call('POST', `/api/import-shipments/${id}/cancel`, {}, tokens.accountant);
    expect(cancel.statusCode, cancel.body).toBe(409);
    expect(cancel.json().message).toBe('Charge 1 has a payment; cancel or reallocate the payment first');
  });

  it('the inventory supervisor, sales and service roles 403; the auditor reads, 403 on writes', async () => {
    for (const token of [tokens.supervisor, tokens.sales, tokens.engineer]) {
      expect((await call('GET', '/api/import-shipments', undefined, token)).statusCode).toBe(403);
      expect((await shipment([receipt.id], [duty('1.00')]).then(() => call('POST', '/api/import-shipments', { shipmentDate: f.today, goodsReceiptIds: [receipt.id], charges: [duty('1.00')] }, token))).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/import-shipments', undefined, tokens.auditor)).statusCode).toBe(200);
    expect((await call('POST', '/api/import-shipments', { shipmentDate: f.today, goodsReceiptIds: [receipt.id], charges: [duty('1.00')] }, tokens.auditor)).statusCode).toBe(403);
  });

  it('is scoped by its receipts’ regions: another region’s user neither sees it nor names the receipt', async () => {
    const saved = await shipment([receipt.id], [duty('1.00')]);
    const id = saved.json().data.id;
    expect((await call('GET', `/api/import-shipments/${id}`, undefined, tokens.karachi)).statusCode).toBe(404);
    const list = await call('GET', '/api/import-shipments', undefined, tokens.karachi);
    expect(list.json().data.map((d: { id: number }) => d.id)).not.toContain(id);
    const named = await call('POST', '/api/import-shipments', { shipmentDate: f.today, goodsReceiptIds: [receipt.id], charges: [duty('1.00')] }, tokens.karachi);
    expect(named.json().errors).toEqual({ 'goodsReceiptIds.0': 'Goods receipt does not exist' });
  });

  it('lists the shipments of a receipt and of an order', async () => {
    const list = await call('GET', `/api/import-shipments?goodsReceiptId=${receipt.id}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.length).toBeGreaterThan(0);
    expect(list.json().data.every((d: { goodsReceiptIds: number[] }) => d.goodsReceiptIds.includes(receipt.id))).toBe(true);
  });
});
