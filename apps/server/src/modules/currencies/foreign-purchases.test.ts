import { addDays } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { pdfTextLines } from '../../test/pdf-text.ts';
import { type PurchasingFixtures, purchasingFixtures } from '../../test/purchasing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Issue 33, section 2: foreign-currency vendors and accounts, orders in the vendor's currency, receipts costed at the day's rate. */
let t: TestApp;
let f: PurchasingFixtures;
let usdVendor: { id: number; accountId: number };

// Past days the test clock never reaches: rates and receipts are dated, never "today".
const day = (n: number) => addDays('2026-03-01', n);

beforeAll(async () => {
  t = await createTestApp();
  f = await purchasingFixtures(t, 'Fx');
  for (const code of ['USD', 'EUR']) expect((await f.call('POST', '/api/currencies', { code, currencyName: code })).statusCode).toBe(201);
  expect((await f.call('POST', '/api/exchange-rates', { currency: 'USD', rateDate: day(0), rate: '280' })).statusCode).toBe(201);
  const vendor = await f.call('POST', '/api/vendors', { vendorName: 'Fx Abbott US', paymentTermsDays: 60, currency: 'usd' });
  expect(vendor.statusCode, vendor.body).toBe(201);
  usdVendor = { id: vendor.json().data.id, accountId: vendor.json().data.accountId };
});
afterAll(async () => t?.close());

const entries = (documentType: string, documentId: number) =>
  queryRows<{ accountId: number; debit: string; credit: string; currency: string | null; exchangeRate: string | null; foreignDebit: string | null; foreignCredit: string | null }>(
    t.database.db,
    sql`SELECT account_id AS "accountId", debit::text, credit::text, currency, exchange_rate::text AS "exchangeRate", foreign_debit::text AS "foreignDebit", foreign_credit::text AS "foreignCredit"
        FROM gl_entries WHERE document_type = ${documentType} AND document_id = ${documentId} ORDER BY id`,
  );

async function usdOrder(orderDate: string, quantity = 100, unitCost = '10.00') {
  const created = await f.call('POST', '/api/purchase-orders', { vendorId: usdVendor.id, regionId: f.north, orderDate, expectedDate: orderDate, lines: [{ itemId: f.reagent, quantity, unitCost }] });
  expect(created.statusCode, created.body).toBe(201);
  const approved = await f.call('POST', `/api/purchase-orders/${created.json().data.id}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json().data as { id: number; lines: Array<{ id: number }>; currency: string; exchangeRate: string | null; totalValue: string; totalValueCompany: string | null };
}

describe('foreign-currency vendors and accounts', () => {
  it('default to the company currency; a vendor in USD has its payable account in USD; the options say so', async () => {
    const vendor = (await f.call('GET', `/api/vendors/${f.vendor.id}`)).json().data;
    expect(vendor.currency).toBe('PKR');
    const account = (await f.call('GET', `/api/accounts/${usdVendor.accountId}`)).json().data;
    expect(account.currency).toBe('USD');
    const options = (await f.call('GET', '/api/vendors/options?search=Abbott')).json().options;
    expect(options[0]).toMatchObject({ vendorId: usdVendor.id, currency: 'USD' });
  });

  it('keep a foreign currency on cash and bank accounts only, an active one, fixed once posted to', async () => {
    const heads = (await f.call('GET', '/api/account-heads?pageSize=100')).json().data as Array<{ id: number; headType: string }>;
    const asset = heads.find((h) => h.headType === 'asset')!.id;
    const bank = await f.call('POST', '/api/accounts', { accountCode: 'FX-USD-1', accountName: 'Meezan USD', headId: asset, kind: 'bank', currency: 'USD' });
    expect(bank.statusCode, bank.body).toBe(201);
    expect(bank.json().data.currency).toBe('USD');
    const other = await f.call('POST', '/api/accounts', { accountCode: 'FX-OTH-1', accountName: 'Deposits', headId: asset, kind: 'other', currency: 'USD' });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors.currency).toBe('Only cash and bank accounts may be kept in USD; this account is in the company currency');
    const plain = await f.call('POST', '/api/accounts', { accountCode: 'FX-OTH-2', accountName: 'Deposits', headId: asset, kind: 'other' });
    expect(plain.json().data.currency).toBe('PKR');
    const unknown = await f.call('POST', '/api/accounts', { accountCode: 'FX-OTH-3', accountName: 'X', headId: asset, kind: 'bank', currency: 'XYZ' });
    expect(unknown.json().errors.currency).toBe('Currency XYZ does not exist');
    // Renaming leaves the currency alone; changing it before any posting is allowed.
    expect((await f.call('PUT', `/api/accounts/${bank.json().data.id}`, { accountName: 'Meezan USD account', currency: 'EUR' })).json().data.currency).toBe('EUR');
    expect((await f.call('PUT', `/api/accounts/${bank.json().data.id}`, { currency: 'USD' })).statusCode).toBe(200);
  });

  it('order in the vendor currency with the order date rate, indicative, or none', async () => {
    const order = await usdOrder(day(0));
    expect(order).toMatchObject({ currency: 'USD', exchangeRate: '280.000000', totalValue: '1000.00', totalValueCompany: '280000.00' });
    // It prints in dollars, with the indicative rate and the total at it.
    const printed = pdfTextLines((await f.call('GET', `/api/purchase-orders/${order.id}/pdf`)).rawPayload).join('\n');
    for (const text of ['Indicative rate', 'USD at 280.00', 'Unit cost \n(USD)', 'Total (USD)', '1,000.00', 'Total (PKR)', '280,000.00']) expect(printed).toContain(text);
    const earlier = await usdOrder(day(-30), 1, '5.00');
    expect(earlier).toMatchObject({ currency: 'USD', exchangeRate: null, totalValueCompany: null });
    const local = (await f.call('POST', '/api/purchase-orders', { vendorId: f.vendor.id, regionId: f.north, expectedDate: f.today, lines: [{ itemId: f.gloves, quantity: 2, unitCost: '3.00' }] })).json().data;
    expect(local).toMatchObject({ currency: 'PKR', exchangeRate: '1.000000', totalValueCompany: '6.00' });
  });
});

describe('a receipt in USD', () => {
  it('is costed at the receipt date rate: the lot at 2,800.00, Inventory Dr and the vendor Cr 280,000.00 (USD 1,000.00 at 280)', async () => {
    const order = await usdOrder(day(0));
    const created = await f.call('POST', '/api/goods-receipts', {
      purchaseOrderId: order.id,
      receiptDate: day(2),
      lines: [{ purchaseOrderLineId: order.lines[0]!.id, quantity: 100, lotNumber: 'FX-LOT-1', dateExpiry: addDays(f.today, 400) }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json().data;
    expect(draft).toMatchObject({ currency: 'USD', exchangeRate: '280.000000', totalValue: '280000.00', foreignTotal: '1000.00', foreignPaid: '0.00', foreignOpen: '1000.00' });
    expect(draft.lines[0]).toMatchObject({ unitCost: '2800.00', value: '280000.00', foreignUnitCost: '10.00', foreignValue: '1000.00' });
    expect((await f.call('GET', `/api/goods-receipts/${draft.id}`)).json().data).toMatchObject({ ...draft, updatedAt: expect.anything(), createdAt: expect.anything(), lines: draft.lines });
    const posted = await f.call('POST', `/api/goods-receipts/${draft.id}/post`);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().data).toMatchObject({ totalValue: '280000.00', openAmount: '280000.00', foreignOpen: '1000.00' });
    const [inventory, vendor] = await entries('goods-receipt', draft.id);
    expect(inventory).toMatchObject({ debit: '280000.00', currency: null, foreignDebit: null });
    expect(vendor).toMatchObject({ accountId: usdVendor.accountId, credit: '280000.00', currency: 'USD', exchangeRate: '280.000000', foreignDebit: '0.00', foreignCredit: '1000.00' });
    const [lot] = await queryRows<{ unitCost: string }>(t.database.db, sql`SELECT unit_cost::text AS "unitCost" FROM inventory WHERE lot_number = 'FX-LOT-1'`);
    expect(lot!.unitCost).toBe('2800.00');
    // The vendor's ledger shows the USD side.
    const ledger = (await f.call('GET', `/api/ledger/${usdVendor.accountId}?from=${day(0)}&to=${day(10)}`)).json();
    expect(ledger).toMatchObject({ account: { currency: 'USD' }, foreignOpening: '0.00', foreignClosing: '-1000.00', closingBalance: '-280000.00' });
    expect(ledger.rows[0]).toMatchObject({ currency: 'USD', exchangeRate: '280.000000', foreignCredit: '1000.00' });
    const csv = (await f.call('GET', `/api/ledger/${usdVendor.accountId}/export?format=csv&from=${day(0)}&to=${day(10)}`)).body;
    expect(csv.split('\n')[0]).toContain('Currency,Rate,Foreign debit,Foreign credit,Foreign balance');
    expect(csv).toContain('USD,280.000000,0.00,1000.00');
    // The closing line gives the balance in USD beside the rupees'.
    expect(csv.split('\n').find((line) => line.includes('Closing balance'))).toMatch(/USD,,,,"?1,000\.00 Cr"?/);
    // Cancelled: the mirror swaps the foreign sides too.
    expect((await f.call('POST', `/api/goods-receipts/${draft.id}/cancel`)).statusCode).toBe(200);
    const mirror = (await entries('goods-receipt', draft.id)).at(-1)!;
    expect(mirror).toMatchObject({ accountId: usdVendor.accountId, debit: '280000.00', foreignDebit: '1000.00', foreignCredit: '0.00' });
  });

  it('takes a rate given, rounds each unit half up to the cent, and without a rate is refused naming exchangeRate', async () => {
    const order = await usdOrder(day(0), 3, '0.35');
    const line = order.lines[0]!.id;
    const given = await f.call('POST', '/api/goods-receipts', { purchaseOrderId: order.id, receiptDate: day(2), exchangeRate: '281.25', lines: [{ purchaseOrderLineId: line, quantity: 3, lotNumber: 'FX-LOT-2', dateExpiry: addDays(f.today, 400) }] });
    expect(given.statusCode, given.body).toBe(201);
    // 0.35 x 281.25 = 98.4375 -> 98.44 a unit.
    expect(given.json().data).toMatchObject({ exchangeRate: '281.250000', totalValue: '295.32', foreignTotal: '1.05' });
    const missing = await f.call('POST', '/api/goods-receipts', { purchaseOrderId: order.id, receiptDate: day(20), lines: [{ purchaseOrderLineId: line, quantity: 1, lotNumber: 'FX-LOT-3', dateExpiry: addDays(f.today, 400) }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ exchangeRate: `No USD rate on or before ${day(20)} (7 days); enter it or import the State Bank's rates` });
  });

  it('fixes the vendor currency once its account has postings (409 currency)', async () => {
    const changed = await f.call('PUT', `/api/vendors/${usdVendor.id}`, { currency: 'EUR' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().errors.currency).toBe('The currency stays USD: the ledger already has postings in it');
    const fresh = (await f.call('POST', '/api/vendors', { vendorName: 'Fx Roche DE' })).json().data;
    const moved = await f.call('PUT', `/api/vendors/${fresh.id}`, { currency: 'EUR' });
    expect(moved.json().data.currency).toBe('EUR');
    expect((await f.call('GET', `/api/accounts/${fresh.accountId}`)).json().data.currency).toBe('EUR');
  });
});

describe('a payment in USD', () => {
  let pkrBank: number;
  let usdBank: number;

  beforeAll(async () => {
    const heads = (await f.call('GET', '/api/account-heads?pageSize=100')).json().data as Array<{ id: number; headType: string }>;
    const asset = heads.find((h) => h.headType === 'asset')!.id;
    pkrBank = (await f.call('POST', '/api/accounts', { accountCode: 'FX-PKR-B', accountName: 'HBL PKR', headId: asset, kind: 'bank' })).json().data.id;
    usdBank = (await f.call('POST', '/api/accounts', { accountCode: 'FX-USD-B', accountName: 'HBL USD', headId: asset, kind: 'bank', currency: 'USD' })).json().data.id;
    expect((await f.call('POST', '/api/exchange-rates', { currency: 'USD', rateDate: day(10), rate: '285' })).statusCode).toBe(201);
  });

  /** A posted receipt of USD `quantity` x 10.00 at 280 on day 2. */
  async function usdBill(quantity: number, lotNumber: string): Promise<number> {
    const order = await usdOrder(day(0), quantity);
    const receipt = await f.call('POST', '/api/goods-receipts', { purchaseOrderId: order.id, receiptDate: day(2), lines: [{ purchaseOrderLineId: order.lines[0]!.id, quantity, lotNumber, dateExpiry: addDays(f.today, 400) }] });
    expect(receipt.statusCode, receipt.body).toBe(201);
    expect((await f.call('POST', `/api/goods-receipts/${receipt.json().data.id}/post`)).statusCode).toBe(200);
    return receipt.json().data.id;
  }

  it('paid at 285 on a bill carried at 280: Dr vendor 280,000, Dr exchange loss 5,000, Cr bank 285,000', async () => {
    const bill = await usdBill(100, 'FX-PAY-1');
    const paid = await f.call('POST', '/api/payments', {
      payeeType: 'vendor',
      vendorId: usdVendor.id,
      paymentDate: day(10),
      method: 'bank',
      accountId: pkrBank,
      amount: '1000.00',
      allocations: [{ goodsReceiptId: bill, amount: '1000.00' }],
      post: true,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data).toMatchObject({ currency: 'USD', exchangeRate: '285.000000', amount: '1000.00', companyAmount: '285000.00', exchangeDifference: '-5000.00' });
    const lines = await entries('payments', paid.json().data.id);
    const [gainLoss] = await queryRows<{ id: number }>(t.database.db, sql`SELECT account_id AS id FROM posting_accounts WHERE key = 'exchangeGainLoss'`);
    expect(lines.map((l) => [l.accountId, l.debit, l.credit, l.foreignDebit, l.foreignCredit])).toEqual([
      [usdVendor.accountId, '280000.00', '0.00', '1000.00', '0.00'],
      [pkrBank, '0.00', '285000.00', null, null],
      [gainLoss!.id, '5000.00', '0.00', null, null],
    ]);
    expect((await f.call('GET', `/api/goods-receipts/${bill}`)).json().data).toMatchObject({ paidAmount: '280000.00', openAmount: '0.00', foreignPaid: '1000.00', foreignOpen: '0.00', paymentStatus: 'paid' });
  });

  it('an advance from a USD account at 285, allocated later to a bill at 280, posts its difference then; a cancel reopens the bill', async () => {
    const advance = await f.call('POST', '/api/payments', {
      payeeType: 'vendor',
      vendorId: usdVendor.id,
      paymentDate: day(10),
      method: 'lc',
      lcNumber: 'LC-0042',
      accountId: usdBank,
      amount: '500.00',
      allocations: [],
      post: true,
    });
    expect(advance.statusCode, advance.body).toBe(201);
    const payment = advance.json().data;
    expect(payment).toMatchObject({ method: 'lc', lcNumber: 'LC-0042', companyAmount: '142500.00', exchangeDifference: '0.00', allocatedAmount: '0.00' });
    // The voucher prints the letter of credit, its number, the rate and the money in USD.
    const voucher = pdfTextLines((await f.call('GET', `/api/payments/${payment.id}/pdf`)).rawPayload).join('\n');
    for (const text of ['Letter of credit', 'LC-0042', 'USD at 285.00', 'Amount (USD)', 'Amount (PKR)', '142,500.00']) expect(voucher).toContain(text);
    expect((await entries('payments', payment.id)).map((l) => [l.accountId, l.debit, l.credit, l.foreignDebit, l.foreignCredit])).toEqual([
      [usdVendor.accountId, '142500.00', '0.00', '500.00', '0.00'],
      [usdBank, '0.00', '142500.00', '0.00', '500.00'],
    ]);
    const bill = await usdBill(30, 'FX-PAY-2');
    const allocated = await f.call('POST', `/api/payments/${payment.id}/allocate`, { allocations: [{ goodsReceiptId: bill, amount: '120.00' }] });
    expect(allocated.statusCode, allocated.body).toBe(200);
    // USD 120 carried at 280 (33,600) came off an advance valued at 285 (34,200): a loss of 600.
    expect(allocated.json().data).toMatchObject({ allocatedAmount: '120.00', exchangeDifference: '-600.00' });
    expect((await f.call('GET', `/api/goods-receipts/${bill}`)).json().data).toMatchObject({ foreignPaid: '120.00', foreignOpen: '180.00', paidAmount: '33600.00', openAmount: '50400.00' });
    const vendorPkr = await queryRows<{ balance: string; foreign: string }>(
      t.database.db,
      sql`SELECT sum(debit - credit)::text AS balance, sum(coalesce(foreign_debit, 0) - coalesce(foreign_credit, 0))::text AS foreign FROM gl_entries WHERE document_type = 'payments' AND document_id = ${payment.id} AND account_id = ${usdVendor.accountId}`,
    );
    // The vendor's account took 142,500 (USD 500) and gave 600 back to loss: 141,900 for USD 500, of which USD 120 settled the bill at 33,600.
    expect(vendorPkr[0]).toMatchObject({ balance: '141900.00', foreign: '500.00' });
    // The payables aging carries what is open of the advance in rupees at its rate: USD 380 at 285.
    const aging = (await f.call('GET', `/api/accounting/aging/documents?kind=payable&partyId=${usdVendor.id}`)).json();
    expect(aging.rows.find((r: { documentType: string; id: number }) => r.documentType === 'payments' && r.id === payment.id)).toMatchObject({ total: '-142500.00', openAmount: '-108300.00' });
    const cancelled = await f.call('POST', `/api/payments/${payment.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await f.call('GET', `/api/goods-receipts/${bill}`)).json().data).toMatchObject({ foreignPaid: '0.00', paidAmount: '0.00' });
  });

  it('an advance allocated in parts takes off, in all, the whole advance at its rate: no cent drifts to the vendor', async () => {
    // USD 100.00 at 283.335 is 28,333.50; parts of 33.33, 33.33 and 33.34 each rounded alone would be 9,443.56 + 9,443.56 + 9,446.39 = 28,333.51.
    const advance = await f.call('POST', '/api/payments', { payeeType: 'vendor', vendorId: usdVendor.id, paymentDate: day(10), method: 'bank', accountId: pkrBank, exchangeRate: '283.335', amount: '100.00', allocations: [], post: true });
    expect(advance.statusCode, advance.body).toBe(201);
    const payment = advance.json().data as { id: number; companyAmount: string };
    expect(payment.companyAmount).toBe('28333.50');
    // A bill of USD 100.00 at 280: 28,000.00, settled 9,332.40, 9,332.40 and 9,335.20.
    const bill = await usdBill(10, 'FX-PAY-3');
    for (const amount of ['33.33', '33.33', '33.34']) {
      const allocated = await f.call('POST', `/api/payments/${payment.id}/allocate`, { allocations: [{ goodsReceiptId: bill, amount }] });
      expect(allocated.statusCode, allocated.body).toBe(200);
    }
    // Losses of 111.16, 111.15 and 111.19: the bill's 28,000.00 against the advance's 28,333.50.
    expect((await f.call('GET', `/api/payments/${payment.id}`)).json().data).toMatchObject({ allocatedAmount: '100.00', exchangeDifference: '-333.50' });
    const differences = await queryRows<{ credit: string }>(
      t.database.db,
      sql`SELECT credit::text FROM gl_entries WHERE document_type = 'payments' AND document_id = ${payment.id}::int AND account_id = ${usdVendor.accountId}::int AND credit > 0 ORDER BY id`,
    );
    expect(differences.map((d) => d.credit)).toEqual(['111.16', '111.15', '111.19']);
    // The vendor's account: Dr 28,333.50 for the advance, Cr 333.50 of loss, Cr 28,000.00 for the bill: nothing left.
    const [left] = await queryRows<{ balance: string }>(
      t.database.db,
      sql`SELECT sum(debit - credit)::text AS balance FROM gl_entries WHERE account_id = ${usdVendor.accountId}::int
            AND ((document_type = 'payments' AND document_id = ${payment.id}::int) OR (document_type = 'goods-receipt' AND document_id = ${bill}::int))`,
    );
    expect(left!.balance).toBe('0.00');
  });

  it('refuses what a foreign payment may not be: cash, a third currency account, an LC without its number, no rate', async () => {
    const base = { payeeType: 'vendor', vendorId: usdVendor.id, paymentDate: day(10), amount: '10.00', allocations: [] };
    const heads = (await f.call('GET', '/api/account-heads?pageSize=100')).json().data as Array<{ id: number; headType: string }>;
    const eurBank = (await f.call('POST', '/api/accounts', { accountCode: 'FX-EUR-B', accountName: 'HBL EUR', headId: heads.find((h) => h.headType === 'asset')!.id, kind: 'bank', currency: 'EUR' })).json().data.id;
    expect((await f.call('POST', '/api/payments', { ...base, method: 'cash' })).json().errors).toEqual({ method: 'A payment in USD goes by bank transfer or letter of credit' });
    expect((await f.call('POST', '/api/payments', { ...base, method: 'bank', accountId: eurBank })).json().errors).toEqual({ accountId: 'Pay in USD from a bank account in PKR or in USD' });
    expect((await f.call('POST', '/api/payments', { ...base, method: 'lc', accountId: usdBank })).json().errors).toEqual({ lcNumber: 'LC number is required for a letter of credit' });
    expect((await f.call('POST', '/api/payments', { ...base, method: 'bank', accountId: usdBank, paymentDate: day(30) })).json().errors).toEqual({
      exchangeRate: `No USD rate on or before ${day(30)} (7 days); enter it or import the State Bank's rates`,
    });
    const given = await f.call('POST', '/api/payments', { ...base, method: 'bank', accountId: usdBank, paymentDate: day(30), exchangeRate: '290' });
    expect(given.json().data).toMatchObject({ exchangeRate: '290.000000', companyAmount: '2900.00' });
  });
});

describe('a journal line in a foreign currency', () => {
  it('carries its figures to the ledger on the account kept in that currency, mirrored by a cancel; refused on another', async () => {
    const heads = (await f.call('GET', '/api/account-heads?pageSize=100')).json().data as Array<{ id: number; headType: string }>;
    const asset = heads.find((h) => h.headType === 'asset')!.id;
    const bank = (await f.call('POST', '/api/accounts', { accountCode: 'FX-USD-J', accountName: 'UBL USD', headId: asset, kind: 'bank', currency: 'USD' })).json().data.id;
    const other = (await f.call('POST', '/api/accounts', { accountCode: 'FX-PKR-J', accountName: 'Owner', headId: asset, kind: 'other' })).json().data.id;
    const line = { accountId: bank, debit: '28000.00', currency: 'USD', exchangeRate: '280', foreignDebit: '100.00' };
    const journal = await f.call('POST', '/api/journals', { journalDate: day(5), narration: 'USD deposit', lines: [line, { accountId: other, credit: '28000.00' }], post: true });
    expect(journal.statusCode, journal.body).toBe(201);
    const id = journal.json().data.id;
    expect((await entries('journal', id))[0]).toMatchObject({ accountId: bank, debit: '28000.00', currency: 'USD', exchangeRate: '280.000000', foreignDebit: '100.00' });
    const wrongAccount = await f.call('POST', '/api/journals', { journalDate: day(5), narration: 'x', lines: [{ ...line, accountId: other }, { accountId: bank, credit: '28000.00' }], post: true });
    // ...and company money on the USD account, without its USD figures, is refused too.
    expect(wrongAccount.json().errors).toEqual({ 'lines.0.currency': 'This account is kept in PKR, not USD', 'lines.1.currency': "This account is kept in USD: give the line's USD amount and rate" });
    const customer = (await f.call('POST', '/api/customers', { customerName: 'Fx Hospital', customerType: 'hospital', regionId: f.north, creditLimit: '0.00', paymentTermsDays: 30, active: true })).json().data;
    const receipt = await f.call('POST', '/api/receipts', { customerId: customer.id, receiptDate: day(5), method: 'bank', accountId: bank, amount: '10.00' });
    expect(receipt.json().errors).toMatchObject({ accountId: 'This account is kept in USD; money received goes into an account in the company currency' });
    const wrongSide = await f.call('POST', '/api/journals', { journalDate: day(5), narration: 'x', lines: [{ ...line, foreignDebit: null, foreignCredit: '100.00' }, { accountId: other, credit: '28000.00' }], post: true });
    expect(wrongSide.json().errors).toEqual({ 'lines.0.foreignCredit': 'The foreign amount goes on the same side as the line' });
    expect((await f.call('POST', `/api/journals/${id}/cancel`)).statusCode).toBe(200);
    const ledger = (await f.call('GET', `/api/ledger/${bank}?from=${day(0)}&to=${addDays(f.today, 1)}`)).json();
    expect(ledger).toMatchObject({ foreignClosing: '0.00', closingBalance: '0.00' });
  });
});

describe("an import shipment's charge from a USD vendor", () => {
  it('is a USD bill: Cr the vendor with its USD amount, and an advance allocated to it later posts the difference', async () => {
    const order = await usdOrder(day(0), 10);
    const receipt = await f.call('POST', '/api/goods-receipts', { purchaseOrderId: order.id, receiptDate: day(2), lines: [{ purchaseOrderLineId: order.lines[0]!.id, quantity: 10, lotNumber: 'FX-IMP-1', dateExpiry: addDays(f.today, 400) }] });
    const receiptId = receipt.json().data.id;
    expect((await f.call('POST', `/api/goods-receipts/${receiptId}/post`)).statusCode).toBe(200);
    const shipment = await f.call('POST', '/api/import-shipments', {
      shipmentDate: day(3),
      goodsReceiptIds: [receiptId],
      charges: [{ kind: 'freight', vendorId: usdVendor.id, amount: '100.00', exchangeRate: '280' }],
      post: true,
    });
    expect(shipment.statusCode, shipment.body).toBe(201);
    const { id, charges } = shipment.json().data as { id: number; charges: Array<{ id: number; companyAmount: string }> };
    expect(charges[0]!.companyAmount).toBe('28000.00');
    const vendorLine = (await entries('import-shipments', id)).find((l) => l.accountId === usdVendor.accountId)!;
    expect(vendorLine).toMatchObject({ credit: '28000.00', currency: 'USD', exchangeRate: '280.000000', foreignCredit: '100.00' });
    const heads = (await f.call('GET', '/api/account-heads?pageSize=100')).json().data as Array<{ id: number; headType: string }>;
    const bank = (await f.call('POST', '/api/accounts', { accountCode: 'FX-USD-I', accountName: 'MCB USD', headId: heads.find((h) => h.headType === 'asset')!.id, kind: 'bank', currency: 'USD' })).json().data.id;
    const advance = await f.call('POST', '/api/payments', { payeeType: 'vendor', vendorId: usdVendor.id, paymentDate: day(10), method: 'bank', accountId: bank, amount: '100.00', allocations: [], post: true });
    expect(advance.statusCode, advance.body).toBe(201);
    const allocated = await f.call('POST', `/api/payments/${advance.json().data.id}/allocate`, { allocations: [{ importShipmentChargeId: charges[0]!.id, amount: '100.00' }] });
    expect(allocated.statusCode, allocated.body).toBe(200);
    // USD 100 carried at 280 came off an advance valued at 285.
    expect(allocated.json().data.exchangeDifference).toBe('-500.00');
  });
});
