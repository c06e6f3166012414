import { addDays } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type PurchasingFixtures, purchasingFixtures } from '../../test/purchasing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 33, sections 2 and 3: a foreign vendor's charge of an import shipment is a bill like a goods
 * receipt: revalued at a month end (reversed the next day) and aged with the vendor's payables in
 * the company currency, a credit note beside it, so the aging still adds up to the vendor's account.
 */
let t: TestApp;
let f: PurchasingFixtures;
let usdVendor: { id: number; accountId: number };
let receiptId: number;
let shipment: { id: number; documentNumber: string; charges: Array<{ id: number; companyAmount: string }> };

// Past days the test clock never reaches: rates, receipts, shipments and revaluations are dated, never "today".
const june = (day: number) => `2026-06-${String(day).padStart(2, '0')}`;

beforeAll(async () => {
  t = await createTestApp();
  f = await purchasingFixtures(t, 'Ic');
  expect((await f.call('POST', '/api/currencies', { code: 'USD', currencyName: 'US dollar' })).statusCode).toBe(201);
  for (const [rateDate, rate] of [
    [june(1), '280'],
    [june(30), '290'],
  ] as const) {
    expect((await f.call('POST', '/api/exchange-rates', { currency: 'USD', rateDate, rate })).statusCode).toBe(201);
  }
  const vendor = await f.call('POST', '/api/vendors', { vendorName: 'Ic Freight Forwarders US', paymentTermsDays: 30, currency: 'USD' });
  usdVendor = { id: vendor.json().data.id, accountId: vendor.json().data.accountId };
  // The goods came from a vendor billing in PKR; the freight from the USD one.
  const order = await f.call('POST', '/api/purchase-orders', { vendorId: f.vendor.id, regionId: f.north, orderDate: june(1), expectedDate: june(1), lines: [{ itemId: f.reagent, quantity: 10, unitCost: '1000.00' }] });
  const approved = (await f.call('POST', `/api/purchase-orders/${order.json().data.id}/approve`)).json().data;
  const received = await f.call('POST', '/api/goods-receipts', {
    purchaseOrderId: approved.id,
    receiptDate: june(2),
    post: true,
    lines: [{ purchaseOrderLineId: approved.lines[0].id, quantity: 10, lotNumber: 'IC-LOT-1', dateExpiry: addDays(f.today, 400) }],
  });
  expect(received.statusCode, received.body).toBe(201);
  receiptId = received.json().data.id;
  // USD 1,000.00 of freight at 280 (a bill of 280,000.00) and a USD 50.00 credit note (no bill: Dr the vendor 14,000.00).
  const posted = await f.call('POST', '/api/import-shipments', {
    shipmentDate: june(3),
    goodsReceiptIds: [received.json().data.id],
    charges: [
      { kind: 'freight', vendorId: usdVendor.id, amount: '1000.00' },
      { kind: 'freight', vendorId: usdVendor.id, amount: '-50.00' },
    ],
    post: true,
  });
  expect(posted.statusCode, posted.body).toBe(201);
  shipment = posted.json().data;
  expect(shipment.charges.map((c) => c.companyAmount)).toEqual(['280000.00', '-14000.00']);
});
afterAll(async () => t?.close());

const vendorBalance = async (date: string) =>
  (
    await queryRows<{ balance: string }>(
      t.database.db,
      sql`SELECT coalesce(sum(credit - debit), 0)::numeric(18, 2)::text AS balance FROM gl_entries WHERE account_id = ${usdVendor.accountId}::int AND entry_date <= ${date}::date`,
    )
  )[0]!.balance;

const agingItems = async (asOf?: string) => {
  const query = `kind=payable&partyId=${usdVendor.id}${asOf ? `&asOf=${asOf}` : ''}`;
  const answer = await f.call('GET', `/api/accounting/aging/documents?${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { rows: Array<{ id: number; itemKind: string; documentType: string; documentNumber: string; dueDate: string; total: string; openAmount: string }>; total: string };
};

describe("a USD vendor's import charge", () => {
  it('is revalued at the month end like a goods receipt (-10,000.00 at 290), reversed the next day; the credit note is no bill', async () => {
    const created = await f.call('POST', '/api/exchange-revaluations', { revaluationDate: june(30), post: true });
    expect(created.statusCode, created.body).toBe(201);
    const data = created.json().data;
    expect(data.rows.map((r: Record<string, unknown>) => [r.documentType, r.documentId, r.vendorId, r.accountId, r.documentNumber, r.currency, r.openForeign, r.carryingAmount, r.rate, r.revaluedAmount, r.difference])).toEqual([
      ['import-shipment-charges', shipment.charges[0]!.id, usdVendor.id, usdVendor.accountId, `${shipment.documentNumber}/1`, 'USD', '1000.00', '280000.00', '290.000000', '290000.00', '-10000.00'],
    ]);
    expect(data).toMatchObject({ totals: { difference: '-10000.00' }, reversalDate: '2026-07-01' });
    const lines = await queryRows<{ entryDate: string; debit: string; credit: string; partyId: number | null }>(
      t.database.db,
      sql`SELECT entry_date::text AS "entryDate", debit::text, credit::text, party_id AS "partyId" FROM gl_entries
          WHERE document_type = 'exchange-revaluations' AND document_id = ${data.id}::int AND account_id = ${usdVendor.accountId}::int ORDER BY id`,
    );
    expect(lines.map((l) => [l.entryDate, l.debit, l.credit, Number(l.partyId)])).toEqual([
      [june(30), '0.00', '10000.00', usdVendor.id],
      ['2026-07-01', '10000.00', '0.00', usdVendor.id],
    ]);
    expect(await vendorBalance(june(30))).toBe('276000.00');
    expect(await vendorBalance('2026-07-01')).toBe('266000.00');
  });

  it('is aged with the payables in PKR, each charge its own item of its shipment; the items add up to the account', async () => {
    const before = await agingItems(june(29));
    expect(before.rows.map((r) => [r.itemKind, r.documentType, r.id, r.documentNumber, r.dueDate, r.total, r.openAmount])).toEqual([
      ['document', 'import-shipments', shipment.id, `${shipment.documentNumber}/1`, june(3), '280000.00', '280000.00'],
      ['document', 'import-shipments', shipment.id, `${shipment.documentNumber}/2`, june(3), '-14000.00', '-14000.00'],
    ]);
    expect(before.total).toBe(await vendorBalance(june(29)));
    // On the 30th the revaluation's row on the account is an item of its own (a journal row), as for a receipt.
    expect((await agingItems(june(30))).total).toBe(await vendorBalance(june(30)));
    const report = (await f.call('GET', `/api/accounting/aging?kind=payable&asOf=${june(29)}`)).json();
    expect(report.rows.find((r: { partyId: number }) => r.partyId === usdVendor.id)).toMatchObject({ total: '266000.00' });
  });

  it('once USD 400.00 of it is paid, is aged at what it still carries: 280,000 x 600 / 1,000 = 168,000.00', async () => {
    const heads = (await f.call('GET', '/api/account-heads?pageSize=100')).json().data as Array<{ id: number; headType: string }>;
    const bank = (await f.call('POST', '/api/accounts', { accountCode: 'IC-USD-1', accountName: 'Ic HBL USD', headId: heads.find((h) => h.headType === 'asset')!.id, kind: 'bank', currency: 'USD' })).json().data.id;
    const payment = await f.call('POST', '/api/payments', { payeeType: 'vendor', vendorId: usdVendor.id, paymentDate: june(30), method: 'bank', accountId: bank, amount: '400.00', allocations: [], post: true });
    expect(payment.statusCode, payment.body).toBe(201);
    const allocated = await f.call('POST', `/api/payments/${payment.json().data.id}/allocate`, { allocations: [{ importShipmentChargeId: shipment.charges[0]!.id, amount: '400.00' }] });
    expect(allocated.statusCode, allocated.body).toBe(200);
    const now = await agingItems();
    expect(now.rows.filter((r) => r.documentType === 'import-shipments').map((r) => [r.documentNumber, r.openAmount])).toEqual([
      [`${shipment.documentNumber}/1`, '168000.00'],
      [`${shipment.documentNumber}/2`, '-14000.00'],
    ]);
    expect(now.total).toBe(await vendorBalance(addDays(f.today, 1)));
  });
});

describe("a USD charge's manual split", () => {
  it('naming no line of the receipts is the 400 naming the allocation, as in the company currency (not a 500)', async () => {
    const refused = await f.call('POST', '/api/import-shipments', {
      shipmentDate: june(3),
      goodsReceiptIds: [receiptId],
      charges: [{ kind: 'freight', vendorId: usdVendor.id, amount: '100.00', exchangeRate: '280', splitMethod: 'manual', allocations: [{ goodsReceiptId: receiptId, lineNo: 99, amount: '100.00' }] }],
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual({ 'charges.0.allocations.0.lineNo': 'No line of the shipment’s receipts has this receipt and line number' });
  });
});
