import { addDays } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { postToLedger } from '../../ledger/general-ledger.ts';
import { type PurchasingFixtures, purchasingFixtures } from '../../test/purchasing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Issue 33, section 2: month-end revaluations of open foreign bills and bank balances, reversed the next day. */
let t: TestApp;
let f: PurchasingFixtures;
let usdVendor: { id: number; accountId: number };
let receipt: { id: number; documentNumber: string };
let unrealised: number;

// Past days the test clock never reaches: rates, receipts and revaluations are dated, never "today".
const march = (day: number) => `2026-03-${String(day).padStart(2, '0')}`;

beforeAll(async () => {
  t = await createTestApp();
  f = await purchasingFixtures(t, 'Rv');
  expect((await f.call('POST', '/api/currencies', { code: 'USD', currencyName: 'US dollar' })).statusCode).toBe(201);
  for (const [rateDate, rate] of [
    [march(1), '280'],
    [march(30), '285'],
    [march(31), '290'],
    ['2026-04-30', '290'],
  ] as const) {
    expect((await f.call('POST', '/api/exchange-rates', { currency: 'USD', rateDate, rate })).statusCode).toBe(201);
  }
  const vendor = await f.call('POST', '/api/vendors', { vendorName: 'Rv Abbott US', paymentTermsDays: 60, currency: 'USD' });
  usdVendor = { id: vendor.json().data.id, accountId: vendor.json().data.accountId };
  // USD 100 x 10.00 received at 280: the vendor Cr 280,000.00 (USD 1,000.00).
  const order = await f.call('POST', '/api/purchase-orders', { vendorId: usdVendor.id, regionId: f.north, orderDate: march(1), expectedDate: march(1), lines: [{ itemId: f.reagent, quantity: 100, unitCost: '10.00' }] });
  const approved = (await f.call('POST', `/api/purchase-orders/${order.json().data.id}/approve`)).json().data;
  const received = await f.call('POST', '/api/goods-receipts', {
    purchaseOrderId: approved.id,
    receiptDate: march(3),
    post: true,
    lines: [{ purchaseOrderLineId: approved.lines[0].id, quantity: 100, lotNumber: 'RV-LOT-1', dateExpiry: addDays(f.today, 400) }],
  });
  expect(received.statusCode, received.body).toBe(201);
  receipt = received.json().data;
  expect(received.json().data).toMatchObject({ status: 'posted', totalValue: '280000.00', foreignTotal: '1000.00' });
  const [account] = await queryRows<{ id: number }>(t.database.db, sql`SELECT account_id AS id FROM posting_accounts WHERE key = 'unrealisedExchangeGainLoss'`);
  unrealised = Number(account!.id);
});
afterAll(async () => t?.close());

const entries = (id: number) =>
  queryRows<{ accountId: number; entryDate: string; debit: string; credit: string; partyType: string | null; partyId: number | null; currency: string | null; exchangeRate: string | null; foreignDebit: string | null; foreignCredit: string | null; regionId: number | null }>(
    t.database.db,
    sql`SELECT account_id AS "accountId", entry_date::text AS "entryDate", debit::text, credit::text, party_type AS "partyType", party_id AS "partyId", currency,
               exchange_rate::text AS "exchangeRate", foreign_debit::text AS "foreignDebit", foreign_credit::text AS "foreignCredit", region_id AS "regionId"
        FROM gl_entries WHERE document_type = 'exchange-revaluations' AND document_id = ${id}::int ORDER BY id`,
  );
const balanceOn = async (accountId: number, date: string) => (await f.call('GET', `/api/ledger/${accountId}?from=${march(1)}&to=${date}`)).json().closingBalance as string;

describe('an exchange revaluation', () => {
  let posted: { id: number; documentNumber: string };

  it('revalues the USD 1,000.00 bill carried at 280,000.00 at 290: -10,000.00 (a draft, its rows answered as a GET answers them)', async () => {
    const created = await f.call('POST', '/api/exchange-revaluations', { revaluationDate: march(31) });
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json().data;
    expect(draft).toMatchObject({ status: 'draft', documentNumber: null, revaluationDate: march(31), reversalDate: '2026-04-01', journalId: null, reversalJournalId: null, rates: [] });
    expect(draft.rows).toEqual([
      {
        rowNo: 1,
        vendorId: usdVendor.id,
        vendorName: 'Rv Abbott US',
        accountId: usdVendor.accountId,
        accountName: expect.any(String),
        documentType: 'goods-receipts',
        documentId: receipt.id,
        documentNumber: receipt.documentNumber,
        currency: 'USD',
        openForeign: '1000.00',
        carryingAmount: '280000.00',
        rate: '290.000000',
        revaluedAmount: '290000.00',
        difference: '-10000.00',
      },
    ]);
    expect(draft.totals).toEqual({ difference: '-10000.00', gain: '0.00', loss: '10000.00', rows: 1 });
    expect(draft.appliedRates).toEqual([{ currency: 'USD', rate: '290.000000', source: 'stored', rateDate: march(31) }]);
    expect((await f.call('GET', `/api/exchange-revaluations/${draft.id}`)).json().data).toEqual(draft);
    posted = draft;
  });

  it('posts Cr the vendor (party, USD at 290, foreign 0) Dr unrealised exchange loss on the date, and the mirror the next day', async () => {
    const response = await f.call('POST', `/api/exchange-revaluations/${posted.id}/post`);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ status: 'posted', documentNumber: expect.stringMatching(/^FXR-2026-\d{6}$/), journalId: posted.id, reversalJournalId: posted.id, reversalDate: '2026-04-01' });
    expect(data.totals.difference).toBe('-10000.00');
    expect((await f.call('GET', `/api/exchange-revaluations/${posted.id}`)).json().data).toEqual(data);
    posted = data;
    const rows = await entries(posted.id);
    const vendorLine = { accountId: usdVendor.accountId, partyType: 'vendor', partyId: usdVendor.id, currency: 'USD', exchangeRate: '290.000000', foreignDebit: '0.00', foreignCredit: '0.00', regionId: f.north };
    const lossLine = { accountId: unrealised, partyType: null, currency: null, foreignDebit: null, regionId: f.north };
    expect(rows).toEqual([
      expect.objectContaining({ ...vendorLine, entryDate: march(31), debit: '0.00', credit: '10000.00' }),
      expect.objectContaining({ ...lossLine, entryDate: march(31), debit: '10000.00', credit: '0.00' }),
      expect.objectContaining({ ...vendorLine, entryDate: '2026-04-01', debit: '10000.00', credit: '0.00' }),
      expect.objectContaining({ ...lossLine, entryDate: '2026-04-01', debit: '0.00', credit: '10000.00' }),
    ]);
    // The vendor's account carries 290,000.00 at the month's end and 280,000.00 again the next day.
    expect(await balanceOn(usdVendor.accountId, march(31))).toBe('-290000.00');
    expect(await balanceOn(usdVendor.accountId, '2026-04-01')).toBe('-280000.00');
    const ledger = (await f.call('GET', `/api/ledger/${usdVendor.accountId}?from=${march(1)}&to=2026-04-01`)).json();
    expect(ledger.foreignClosing).toBe('-1000.00');
  });

  it('is one a day, draft or posted (409 naming the date)', async () => {
    const again = await f.call('POST', '/api/exchange-revaluations', { revaluationDate: march(31) });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.revaluationDate).toBe(`The revaluation of ${march(31)} already exists (${posted.documentNumber}); change or cancel it instead`);
  });

  it('takes the rates given instead of the date’s, and refuses a currency given twice or the company’s', async () => {
    const given = await f.call('POST', '/api/exchange-revaluations', { revaluationDate: march(30), rates: [{ currency: 'usd', rate: '284.5' }] });
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json().data).toMatchObject({ rates: [{ lineNo: 1, currency: 'USD', rate: '284.500000' }], totals: { difference: '-4500.00' } });
    expect(given.json().data.appliedRates).toEqual([{ currency: 'USD', rate: '284.500000', source: 'given', rateDate: march(30) }]);
    const id = given.json().data.id;
    // Without the given rate, the 30th's stored one (285).
    const stored = await f.call('PUT', `/api/exchange-revaluations/${id}`, { revaluationDate: march(30), rates: [] });
    expect(stored.json().data.totals.difference).toBe('-5000.00');
    const twice = await f.call('PUT', `/api/exchange-revaluations/${id}`, { revaluationDate: march(30), rates: [{ currency: 'USD', rate: '1' }, { currency: 'USD', rate: '2' }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual({ 'rates.1.currency': 'USD is given twice' });
    const company = await f.call('PUT', `/api/exchange-revaluations/${id}`, { revaluationDate: march(30), rates: [{ currency: 'PKR', rate: '1' }] });
    expect(company.json().errors).toEqual({ 'rates.0.currency': 'PKR is the company currency; it is not revalued' });
    expect((await f.call('DELETE', `/api/exchange-revaluations/${id}`)).statusCode).toBe(200);
  });

  it('without a rate for a currency it needs: 400 naming rates, with the rate route’s words', async () => {
    const none = await f.call('POST', '/api/exchange-revaluations', { revaluationDate: march(20) });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ rates: `No USD rate on or before ${march(20)} (7 days); enter it or import the State Bank's rates` });
    // Nothing open in a foreign currency: no rate needed, nothing to post.
    const empty = await f.call('POST', '/api/exchange-revaluations', { revaluationDate: '2026-02-27', post: true });
    expect(empty.statusCode, empty.body).toBe(201);
    expect(empty.json().data).toMatchObject({ status: 'posted', rows: [], totals: { difference: '0.00', rows: 0 } });
    expect(await entries(empty.json().data.id)).toEqual([]);
  });

  it('is refused in a closed period (400 naming the date)', async () => {
    expect((await f.call('POST', '/api/accounting/period-close', { closedThrough: '2026-02-28' })).statusCode).toBe(200);
    const closed = await f.call('POST', '/api/exchange-revaluations', { revaluationDate: '2026-02-28' });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().errors).toHaveProperty('revaluationDate');
    const cancel = await f.call('POST', `/api/exchange-revaluations/${(await f.call('GET', '/api/exchange-revaluations?from=2026-02-27&to=2026-02-27')).json().data[0].id}/cancel`);
    expect(cancel.statusCode).toBe(400);
    expect(cancel.json().errors).toHaveProperty('revaluationDate');
    expect((await f.call('POST', '/api/accounting/period-reopen', { closedThrough: null })).statusCode).toBe(200);
  });

  it('is written by admin and accountant on /accounting; the auditor reads (403 on writes); others 403; a user kept to regions 403', async () => {
    const accountant = await t.userWithRole('accountant');
    expect((await f.call('GET', `/api/exchange-revaluations/${posted.id}`, undefined, accountant.token)).statusCode).toBe(200);
    const auditor = await t.userWithRole('auditor');
    expect((await f.call('GET', '/api/exchange-revaluations', undefined, auditor.token)).json().data.length).toBeGreaterThan(0);
    expect((await f.call('POST', '/api/exchange-revaluations', { revaluationDate: march(30) }, auditor.token)).statusCode).toBe(403);
    expect((await f.call('POST', `/api/exchange-revaluations/${posted.id}/cancel`, undefined, auditor.token)).statusCode).toBe(403);
    for (const role of ['inventorySupervisor', 'salesExecutive'] as const) {
      const user = await t.userWithRole(role);
      expect((await f.call('GET', '/api/exchange-revaluations', undefined, user.token)).statusCode, role).toBe(403);
    }
    const regional = await t.userWithRole('accountant');
    await t.database.db.update(users).set({ permissions: { regions: [f.north] } }).where(eq(users.id, regional.id));
    const refused = await f.call('POST', '/api/exchange-revaluations', { revaluationDate: march(30) }, regional.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only a user of every region revalues: a revaluation covers every region');
    expect((await f.call('POST', `/api/exchange-revaluations/${posted.id}/cancel`, undefined, regional.token)).statusCode).toBe(404);
    expect((await f.call('GET', '/api/exchange-revaluations', undefined, regional.token)).json().data).toEqual([]);
  });

  it('cancel takes back the posting and its reversal, each on its own day; the date may be revalued again', async () => {
    const response = await f.call('POST', `/api/exchange-revaluations/${posted.id}/cancel`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.status).toBe('cancelled');
    const rows = await entries(posted.id);
    expect(rows).toHaveLength(8);
    expect(rows.slice(4).map((r) => [r.entryDate, r.debit, r.credit, r.foreignDebit])).toEqual([
      [march(31), '10000.00', '0.00', '0.00'],
      [march(31), '0.00', '10000.00', null],
      ['2026-04-01', '0.00', '10000.00', '0.00'],
      ['2026-04-01', '10000.00', '0.00', null],
    ]);
    expect(await balanceOn(usdVendor.accountId, march(31))).toBe('-280000.00');
    expect(await balanceOn(usdVendor.accountId, '2026-04-01')).toBe('-280000.00');
    const again = await f.call('POST', '/api/exchange-revaluations', { revaluationDate: march(31), post: true });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.totals.difference).toBe('-10000.00');
  });
});

describe('a foreign bank balance', () => {
  it('is revalued too: USD 100.00 carried at 28,000.00, at 290 a gain of 1,000.00, beside the bill’s loss', async () => {
    const heads = (await f.call('GET', '/api/account-heads?pageSize=100')).json().data as Array<{ id: number; headType: string }>;
    const asset = heads.find((h) => h.headType === 'asset')!.id;
    const bank = (await f.call('POST', '/api/accounts', { accountCode: 'RV-USD-1', accountName: 'Meezan USD', headId: asset, kind: 'bank', currency: 'USD' })).json().data;
    const other = (await f.call('POST', '/api/accounts', { accountCode: 'RV-OTH-1', accountName: 'Rv suspense', headId: asset, kind: 'other' })).json().data;
    // USD 100.00 bought at 280 (no document of this section writes a foreign bank line yet: the ledger's own service).
    await t.database.db.transaction(async (tx) => {
      await postToLedger(tx, {
        documentType: 'rv-test',
        documentId: 1,
        documentDate: '2026-04-02',
        narration: 'USD bought',
        numberPrefix: 'RVT',
        actor: { userId: null },
        lines: [
          { accountId: bank.id, debit: '28000.00', credit: '0', currency: 'USD', exchangeRate: '280', foreignDebit: '100.00', foreignCredit: '0' },
          { accountId: other.id, debit: '0', credit: '28000.00' },
        ],
      });
    });
    const created = await f.call('POST', '/api/exchange-revaluations', { revaluationDate: '2026-04-30', post: true });
    expect(created.statusCode, created.body).toBe(201);
    const data = created.json().data;
    expect(data.rows.map((r: Record<string, unknown>) => [r.documentType, r.vendorId, r.accountId, r.documentNumber, r.openForeign, r.carryingAmount, r.revaluedAmount, r.difference])).toEqual([
      ['goods-receipts', usdVendor.id, usdVendor.accountId, receipt.documentNumber, '1000.00', '280000.00', '290000.00', '-10000.00'],
      ['accounts', null, bank.id, 'RV-USD-1', '100.00', '28000.00', '29000.00', '1000.00'],
    ]);
    expect(data.totals).toEqual({ difference: '-9000.00', gain: '1000.00', loss: '10000.00', rows: 2 });
    const bankLines = (await entries(data.id)).filter((r) => r.accountId === bank.id);
    expect(bankLines.map((r) => [r.entryDate, r.debit, r.credit, r.currency, r.foreignDebit, r.partyType])).toEqual([
      ['2026-04-30', '1000.00', '0.00', 'USD', '0.00', null],
      ['2026-05-01', '0.00', '1000.00', 'USD', '0.00', null],
    ]);
    expect(await balanceOn(bank.id, '2026-04-30')).toBe('29000.00');
    expect(await balanceOn(bank.id, '2026-05-01')).toBe('28000.00');
  });

  it('revalues an open advance (USD 500.00 paid at 285, at 290: +2,500.00, an asset) and what a partly paid bill still carries, pro rata', async () => {
    const may = (day: number) => `2026-05-${String(day).padStart(2, '0')}`;
    for (const [rateDate, rate] of [
      [may(4), '285'],
      [may(29), '290'],
    ] as const) {
      expect((await f.call('POST', '/api/exchange-rates', { currency: 'USD', rateDate, rate })).statusCode).toBe(201);
    }
    const heads = (await f.call('GET', '/api/account-heads?pageSize=100')).json().data as Array<{ id: number; headType: string }>;
    const pkrBank = (await f.call('POST', '/api/accounts', { accountCode: 'RV-PKR-1', accountName: 'Rv HBL PKR', headId: heads.find((h) => h.headType === 'asset')!.id, kind: 'bank' })).json().data.id;
    const pay = async (amount: string, allocations: Array<{ goodsReceiptId: number; amount: string }>) => {
      const paid = await f.call('POST', '/api/payments', { payeeType: 'vendor', vendorId: usdVendor.id, paymentDate: may(6), method: 'bank', accountId: pkrBank, amount, allocations, post: true });
      expect(paid.statusCode, paid.body).toBe(201);
      return paid.json().data as { id: number; documentNumber: string; exchangeRate: string; companyAmount: string };
    };
    // The advance: USD 500.00 at the 4th's 285, nothing allocated.
    const advance = await pay('500.00', []);
    expect(advance).toMatchObject({ exchangeRate: '285.000000', companyAmount: '142500.00' });
    // A bill of USD 300.00 received at 284 (85,200.00), USD 120.00 of it paid: it still carries 85,200 x 180 / 300 = 51,120.00.
    const order = (await f.call('POST', '/api/purchase-orders', { vendorId: usdVendor.id, regionId: f.north, orderDate: may(4), expectedDate: may(4), lines: [{ itemId: f.reagent, quantity: 30, unitCost: '10.00' }] })).json().data;
    const approved = (await f.call('POST', `/api/purchase-orders/${order.id}/approve`)).json().data;
    const received = await f.call('POST', '/api/goods-receipts', {
      purchaseOrderId: approved.id,
      receiptDate: may(5),
      exchangeRate: '284',
      post: true,
      lines: [{ purchaseOrderLineId: approved.lines[0].id, quantity: 30, lotNumber: 'RV-LOT-2', dateExpiry: addDays(f.today, 400) }],
    });
    expect(received.statusCode, received.body).toBe(201);
    const bill = received.json().data as { id: number; documentNumber: string };
    await pay('120.00', [{ goodsReceiptId: bill.id, amount: '120.00' }]);

    const created = await f.call('POST', '/api/exchange-revaluations', { revaluationDate: may(29), post: true });
    expect(created.statusCode, created.body).toBe(201);
    const data = created.json().data;
    const columns = (r: Record<string, unknown>) => [r.documentType, r.vendorId, r.accountId, r.documentNumber, r.openForeign, r.carryingAmount, r.rate, r.revaluedAmount, r.difference];
    const rowOf = (documentType: string, documentId: number) => data.rows.find((r: Record<string, unknown>) => r.documentType === documentType && r.documentId === documentId);
    expect(columns(rowOf('payments', advance.id))).toEqual(['payments', usdVendor.id, usdVendor.accountId, advance.documentNumber, '500.00', '142500.00', '290.000000', '145000.00', '2500.00']);
    // A liability: 180 x 290 = 52,200.00 against 51,120.00 carried, a loss of 1,080.00.
    expect(columns(rowOf('goods-receipts', bill.id))).toEqual(['goods-receipts', usdVendor.id, usdVendor.accountId, bill.documentNumber, '180.00', '51120.00', '290.000000', '52200.00', '-1080.00']);
    // The vendor's bills first, then its advances, then the bank balances.
    expect(data.rows.map((r: Record<string, unknown>) => r.documentType)).toEqual(['goods-receipts', 'goods-receipts', 'payments', 'accounts']);
    // USD 1,000.00 at 280 (-10,000.00), the part-paid bill (-1,080.00), the advance (+2,500.00), the bank's USD 100.00 (+1,000.00).
    expect(data.totals).toEqual({ difference: '-7580.00', gain: '3500.00', loss: '11080.00', rows: 4 });
    // The advance's gain: Dr the vendor (party) on the date, Cr it back the next day.
    const advanceLines = (await entries(data.id)).filter((r) => r.accountId === usdVendor.accountId && (r.debit === '2500.00' || r.credit === '2500.00'));
    expect(advanceLines.map((r) => [r.entryDate, r.debit, r.credit, r.partyType, r.currency, r.foreignDebit, r.foreignCredit])).toEqual([
      [may(29), '2500.00', '0.00', 'vendor', 'USD', '0.00', '0.00'],
      [may(30), '0.00', '2500.00', 'vendor', 'USD', '0.00', '0.00'],
    ]);
  });
});
