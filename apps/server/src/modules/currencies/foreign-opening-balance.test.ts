import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 33, section 2 (docs/decisions/currencies.md, "A foreign account's opening balance"): a
 * bank account kept in USD opens with its balance in USD beside the PKR one; its ledger's foreign
 * opening and the month-end revaluation of its balance count it. An account opened before that was
 * asked for keeps its PKR opening out of the revaluation.
 */
let t: TestApp;
let asset: number;
let other: number;
/** The first test's USD account, opened with USD 100.00 at 28,000.00 and no entries. */
let opened: number;

// Past days the test clock never reaches.
const august = (day: number) => `2026-08-${String(day).padStart(2, '0')}`;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: bearer(t.adminToken) });

beforeAll(async () => {
  t = await createTestApp();
  expect((await call('POST', '/api/currencies', { code: 'USD', currencyName: 'US dollar' })).statusCode).toBe(201);
  for (const [rateDate, rate] of [
    [august(3), '280'],
    [august(31), '290'],
  ] as const) {
    expect((await call('POST', '/api/exchange-rates', { currency: 'USD', rateDate, rate })).statusCode).toBe(201);
  }
  const heads = (await call('GET', '/api/account-heads?pageSize=100')).json().data as Array<{ id: number; headType: string }>;
  asset = heads.find((h) => h.headType === 'asset')!.id;
  other = (await call('POST', '/api/accounts', { accountCode: 'OB-OTH-1', accountName: 'Ob suspense', headId: asset, kind: 'other' })).json().data.id;
});
afterAll(async () => t?.close());

/** USD `usd` bought into `accountId` at 280 on the 10th, by a journal. */
async function usdBought(accountId: number, usd: string, pkr: string) {
  const journal = await call('POST', '/api/journals', {
    journalDate: august(10),
    narration: 'USD bought',
    lines: [
      { accountId, debit: pkr, currency: 'USD', exchangeRate: '280', foreignDebit: usd },
      { accountId: other, credit: pkr },
    ],
    post: true,
  });
  expect(journal.statusCode, journal.body).toBe(201);
}

describe("a foreign bank account's opening balance", () => {
  const usdBank = { accountName: 'Ob HBL USD', headId: 0, kind: 'bank', currency: 'USD' };

  it('comes in both currencies, on one side; an account in PKR has none in another', async () => {
    const bank = { ...usdBank, headId: asset };
    const refusal = async (body: object) => (await call('POST', '/api/accounts', body)).json().errors;
    expect(await refusal({ ...bank, accountCode: 'OB-USD-0', openingBalance: '28000.00' })).toEqual({ openingForeignBalance: 'The account is kept in USD: give its opening balance in USD too' });
    expect(await refusal({ ...bank, accountCode: 'OB-USD-0', openingBalance: '0', openingForeignBalance: '100.00' })).toEqual({ openingBalance: 'Give the opening balance in PKR too: the books carry the account in it' });
    expect(await refusal({ ...bank, accountCode: 'OB-USD-0', openingBalance: '28000.00', openingForeignBalance: '-100.00' })).toEqual({
      openingForeignBalance: 'The opening balance in its currency goes on the same side (Dr +, Cr -) as the opening balance',
    });
    expect(await refusal({ accountCode: 'OB-PKR-0', accountName: 'Ob HBL PKR', headId: asset, kind: 'bank', openingBalance: '500.00', openingForeignBalance: '5.00' })).toEqual({
      openingForeignBalance: 'Only an account kept in a foreign currency has an opening balance in it; this one is in PKR',
    });
    const pkr = await call('POST', '/api/accounts', { accountCode: 'OB-PKR-1', accountName: 'Ob HBL PKR', headId: asset, kind: 'bank', openingBalance: '500.00', openingForeignBalance: '0' });
    expect(pkr.statusCode, pkr.body).toBe(201);
    expect(pkr.json().data).toMatchObject({ openingBalance: '500.00', openingForeignBalance: null });
    const usd = await call('POST', '/api/accounts', { ...bank, accountCode: 'OB-USD-1', openingBalance: '28000.00', openingForeignBalance: '100.00' });
    expect(usd.statusCode, usd.body).toBe(201);
    expect(usd.json().data).toMatchObject({ currency: 'USD', openingBalance: '28000.00', openingForeignBalance: '100.00' });
    opened = usd.json().data.id;
    // A USD vendor's payable account (not a bank) opens in USD the same way.
    const vendor = (await call('POST', '/api/vendors', { vendorName: 'Ob Abbott US', currency: 'USD' })).json().data as { accountId: number };
    expect((await call('PUT', `/api/accounts/${vendor.accountId}`, { openingBalance: '-2800.00' })).json().errors).toEqual({ openingForeignBalance: 'The account is kept in USD: give its opening balance in USD too' });
    const payable = await call('PUT', `/api/accounts/${vendor.accountId}`, { openingBalance: '-2800.00', openingForeignBalance: '-10.00' });
    expect(payable.statusCode, payable.body).toBe(200);
    expect((await call('GET', `/api/ledger/${vendor.accountId}?from=${august(1)}&to=${august(31)}`)).json()).toMatchObject({ openingBalance: '-2800.00', foreignOpening: '-10.00' });
    // Moved to PKR (no postings yet), it keeps no USD opening: the body must say so.
    const moved = await call('PUT', `/api/accounts/${usd.json().data.id}`, { currency: 'PKR' });
    expect(moved.json().errors).toEqual({ openingForeignBalance: 'Only an account kept in a foreign currency has an opening balance in it; this one is in PKR' });
  });

  it("counts in the ledger's foreign opening and closing, and is revalued with the entries: USD 150.00 carried at 42,000.00, at 290 +1,500.00", async () => {
    const bank = (await call('POST', '/api/accounts', { ...usdBank, headId: asset, accountCode: 'OB-USD-2', openingBalance: '28000.00', openingForeignBalance: '100.00' })).json().data.id as number;
    await usdBought(bank, '50.00', '14000.00');
    const ledger = (await call('GET', `/api/ledger/${bank}?from=${august(1)}&to=${august(31)}`)).json();
    expect(ledger).toMatchObject({ openingBalance: '28000.00', foreignOpening: '100.00', closingBalance: '42000.00', foreignClosing: '150.00' });

    // An account opened in USD before its foreign opening was asked for (0065): PKR 10,000.00 of opening, no USD side.
    const legacy = (await call('POST', '/api/accounts', { ...usdBank, headId: asset, accountCode: 'OB-USD-3', accountName: 'Ob MCB USD' })).json().data.id as number;
    await t.database.db.execute(sql`UPDATE accounts SET opening_balance = 10000 WHERE id = ${legacy}::int`);
    await usdBought(legacy, '10.00', '2800.00');
    // Renamed, it is left as it is; its opening balance changed, it must bring its USD side.
    expect((await call('PUT', `/api/accounts/${legacy}`, { accountName: 'Ob MCB USD (old)' })).statusCode).toBe(200);
    expect((await call('PUT', `/api/accounts/${legacy}`, { openingBalance: '10500.00' })).json().errors).toEqual({ openingForeignBalance: 'The account is kept in USD: give its opening balance in USD too' });
    expect((await call('GET', `/api/ledger/${legacy}?from=${august(1)}&to=${august(31)}`)).json()).toMatchObject({ openingBalance: '10000.00', foreignOpening: '0.00', foreignClosing: '10.00' });

    const revaluation = await call('POST', '/api/exchange-revaluations', { revaluationDate: august(31), post: true });
    expect(revaluation.statusCode, revaluation.body).toBe(201);
    const rows = revaluation.json().data.rows as Array<Record<string, unknown>>;
    expect(rows.map((r) => [r.documentType, r.accountId, r.documentNumber, r.openForeign, r.carryingAmount, r.revaluedAmount, r.difference])).toEqual([
      // An opening balance alone is a balance held in USD too.
      ['accounts', opened, 'OB-USD-1', '100.00', '28000.00', '29000.00', '1000.00'],
      ['accounts', bank, 'OB-USD-2', '150.00', '42000.00', '43500.00', '1500.00'],
      // Only what its entries hold in USD is revalued: USD 10.00 carried at 2,800.00, not with the PKR opening beside it.
      ['accounts', legacy, 'OB-USD-3', '10.00', '2800.00', '2900.00', '100.00'],
    ]);
  });
});
