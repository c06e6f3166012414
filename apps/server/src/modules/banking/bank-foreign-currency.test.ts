import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { daysFrom } from '../../test/cheque-fixtures.ts';
import { type MoneyFixtures, moneyFixtures } from '../../test/money-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { matchCreated } from './bank-line-create.ts';
import { readLine } from './bank-lines.ts';

/**
 * A bank account kept in a foreign currency (issue 33, sections 2 and 4): its statement is in
 * that currency, so its book is read in it too (the ledger rows' foreign figures), in matching,
 * suggestions and the reconciliation alike.
 */
let t: TestApp;
let f: MoneyFixtures;
let usdBank: number;

beforeAll(async () => {
  t = await createTestApp();
  f = await moneyFixtures(t, 'Bfx');
  expect((await f.call('POST', '/api/currencies', { code: 'USD', currencyName: 'US dollar' })).statusCode).toBe(201);
  const [head] = await queryRows<{ id: number }>(t.database.db, sql`SELECT head_id AS id FROM accounts WHERE id = ${f.accounts.bank}::int`);
  const account = await f.call('POST', '/api/accounts', { accountCode: 'BFX-USD', accountName: 'Bfx USD bank', headId: Number(head!.id), kind: 'bank', currency: 'USD' });
  expect(account.statusCode, account.body).toBe(201);
  usdBank = account.json().data.id;
});
afterAll(async () => t?.close());

const ok = (response: { statusCode: number; body: string }, code = 200) => {
  expect(response.statusCode, response.body).toBe(code);
  return JSON.parse(response.body);
};

type Side = { debit: string; credit: string; foreign?: string };

/** A posted journal of the USD bank (at 280 unless told) against the expense account: its bank row's id. */
async function usdJournal(journalDate: string, bank: Side, rate = '280'): Promise<number> {
  const inDollars = bank.debit !== '0' ? { foreignDebit: bank.foreign ?? '0', foreignCredit: '0' } : { foreignDebit: '0', foreignCredit: bank.foreign ?? '0' };
  const lines = [
    { accountId: usdBank, debit: bank.debit, credit: bank.credit, currency: 'USD', exchangeRate: rate, ...inDollars },
    { accountId: f.accounts.expense, debit: bank.credit, credit: bank.debit },
  ];
  const journal = ok(await f.call('POST', '/api/journals', { journalDate, narration: 'Bfx', lines, post: true }), 201).data;
  const [row] = await queryRows<{ id: string }>(t.database.db, sql`SELECT id::text AS id FROM gl_entries WHERE document_type = 'journal' AND document_id = ${journal.id}::int AND account_id = ${usdBank}::int`);
  return Number(row!.id);
}

describe('a USD bank account', () => {
  it('matches its dollar lines to its entries’ dollar amounts, by hand and by auto-match, and reconciles to 0.00 in dollars, a revaluation’s row (no dollars) not outstanding', async () => {
    const inbound = await usdJournal(daysFrom(f, -1), { debit: '28000.00', credit: '0', foreign: '100.00' });
    await usdJournal(f.today, { debit: '0', credit: '5600.00', foreign: '20.00' });
    // What a revaluation posts: rupees, no dollars.
    await usdJournal(f.today, { debit: '500.00', credit: '0' }, '285');
    const statement = ok(await f.call('POST', '/api/bank-statements', {
      bankAccountId: usdBank,
      lines: [
        { lineDate: daysFrom(f, -1), description: 'Wire in', amount: '100.00', balance: '100.00' },
        { lineDate: f.today, description: 'Wire out', amount: '-20.00', balance: '80.00' },
      ],
    }), 201).data;
    const [first, second] = statement.lines as Array<{ id: number }>;

    const suggestions = ok(await f.call('GET', `/api/bank-statement-lines/${first!.id}/suggestions`)).data as Array<{ entryId: number; amount: string }>;
    expect(suggestions[0]).toMatchObject({ entryId: inbound, amount: '100.00' });
    const matched = ok(await f.call('POST', `/api/bank-statement-lines/${first!.id}/match`, { entries: [{ entryId: inbound }] })).data;
    expect(matched).toMatchObject({ status: 'matched', matches: [{ entryId: inbound, amount: '100.00' }] });

    const auto = ok(await f.call('POST', `/api/bank-statements/${statement.id}/auto-match`));
    expect(auto).toMatchObject({ matched: 1, unmatched: 0 });
    expect(auto.data.lines[1]).toMatchObject({ id: second!.id, status: 'matched', matches: [{ documentType: 'journal', amount: '-20.00' }] });

    const rec = ok(await f.call('POST', '/api/bank-reconciliations', { bankAccountId: usdBank, periodEnd: f.today }), 201).data;
    expect(rec).toMatchObject({
      openingBalance: '0.00',
      bookBalance: '80.00',
      statementBalance: '80.00',
      outstandingDeposits: '0.00',
      outstandingPayments: '0.00',
      unrecordedLines: '0.00',
      adjustedBalance: '80.00',
      difference: '0.00',
      unmatchedEntries: [],
      unmatchedLines: [],
    });
    expect(ok(await f.call('POST', `/api/bank-reconciliations/${rec.id}/lock`)).data).toMatchObject({ status: 'locked', bookBalance: '80.00', difference: '0.00' });
  });

  it('shows a dollar entry not yet on the statement as outstanding in dollars, and the book balance with the account’s opening in dollars', async () => {
    const [head] = await queryRows<{ id: number }>(t.database.db, sql`SELECT head_id AS id FROM accounts WHERE id = ${f.accounts.bank}::int`);
    const account = ok(await f.call('POST', '/api/accounts', { accountCode: 'BFX-USD-2', accountName: 'Bfx USD bank 2', headId: Number(head!.id), kind: 'bank', currency: 'USD', openingBalance: '2800.00', openingForeignBalance: '10.00' }), 201).data;
    usdBank = account.id;
    await usdJournal(f.today, { debit: '14000.00', credit: '0', foreign: '50.00' });
    const statement = ok(await f.call('POST', '/api/bank-statements', { bankAccountId: usdBank, openingBalance: '10.00', lines: [{ lineDate: f.today, description: 'Fee', amount: '-1.00', balance: '9.00' }] }), 201).data;
    expect(statement.lines).toHaveLength(1);
    const rec = ok(await f.call('POST', '/api/bank-reconciliations', { bankAccountId: usdBank, periodEnd: f.today }), 201).data;
    expect(rec).toMatchObject({
      openingBalance: '10.00',
      bookBalance: '60.00',
      statementBalance: '9.00',
      outstandingDeposits: '50.00',
      outstandingPayments: '0.00',
      unrecordedLines: '-1.00',
      adjustedBalance: '9.00',
      difference: '0.00',
      unmatchedEntries: [{ amount: '50.00', documentType: 'journal' }],
      unmatchedLines: [{ amount: '-1.00', unrecorded: '-1.00' }],
    });
  });
});

describe('a payment created from a line of a rupee account to a vendor paid in dollars', () => {
  const actor: Actor = { userId: 1, role: 'admin', scopes: [], permissions: {} };
  let usdVendor: number;
  beforeAll(async () => {
    ok(await f.call('POST', '/api/exchange-rates', { currency: 'USD', rateDate: f.today, rate: '280' }), 201);
    usdVendor = ok(await f.call('POST', '/api/vendors', { vendorName: 'Bfx Abbott US', paymentTermsDays: 60, currency: 'usd' }), 201).data.id;
  });
  const statementOf = async (...amounts: string[]) =>
    ok(await f.call('POST', '/api/bank-statements', { bankAccountId: f.accounts.bank, lines: amounts.map((amount, i) => ({ lineDate: f.today, description: `Wire ${i}`, amount })) }), 201).data
      .lines as Array<{ id: number }>;

  it('pays the dollars that make the line at the date’s rate, or the dollars given, the bank moving the line exactly', async () => {
    const [atRate, given, small] = await statementOf('-280000.00', '-281234.56', '-1000.00');
    const create = (lineId: number, extra = {}) => f.call('POST', `/api/bank-statement-lines/${lineId}/create`, { kind: 'payment', vendorId: usdVendor, ...extra });
    for (const [line, extra, paid] of [
      [atRate!, {}, { amount: '1000.00', exchangeRate: '280.000000', companyAmount: '280000.00' }],
      [given!, { foreignAmount: '1000.00' }, { amount: '1000.00', exchangeRate: '281.234560', companyAmount: '281234.56' }],
      [small!, {}, { amount: '3.57', exchangeRate: '280.112045', companyAmount: '1000.00' }],
    ] as const) {
      const created = ok(await create(line.id, extra), 201);
      expect(created.line).toMatchObject({ status: 'matched', matches: [{ documentType: 'payments', amount: `-${paid.companyAmount}` }] });
      expect(ok(await f.call('GET', `/api/payments/${created.document.id}`)).data).toMatchObject({ currency: 'USD', ...paid });
    }
  });

  it('refuses dollars no rate of 6 decimals turns into the line, and dollars for a vendor paid in rupees, naming foreignAmount', async () => {
    const [large, local] = await statementOf('-5612345.67', '-100.00');
    const inexact = await f.call('POST', `/api/bank-statement-lines/${large!.id}/create`, { kind: 'payment', vendorId: usdVendor, foreignAmount: '20000.00' });
    expect(inexact.statusCode).toBe(400);
    expect(inexact.json().errors).toEqual({ foreignAmount: 'No rate of 6 decimals turns USD 20,000.00 into exactly PKR 5,612,345.67: give the amount in USD the bank remitted, or a cent either side of it' });
    const rupees = await f.call('POST', `/api/bank-statement-lines/${local!.id}/create`, { kind: 'payment', vendorId: f.vendor.id, foreignAmount: '1.00' });
    expect(rupees.statusCode).toBe(400);
    expect(Object.keys(rupees.json().errors)).toEqual(['foreignAmount']);
    ok(await f.call('POST', `/api/bank-statement-lines/${large!.id}/create`, { kind: 'payment', vendorId: usdVendor, foreignAmount: '20000.01' }), 201);
  });

  it('matches a created document only when its rows on the bank add up to the line (409 otherwise, nothing matched)', async () => {
    const [lineOf] = await statementOf('-1000.00');
    const lines = [{ accountId: f.accounts.expense, debit: '999.00', credit: '0' }, { accountId: f.accounts.bank, debit: '0', credit: '999.00' }];
    const journal = ok(await f.call('POST', '/api/journals', { journalDate: f.today, narration: 'Bfx short', lines, post: true }), 201).data;
    const refused = t.database.db.transaction(async (tx) => matchCreated(tx, actor, await readLine(tx, actor, lineOf!.id), { documentType: 'journal', id: journal.id }));
    await expect(refused).rejects.toThrow('The document moves -999.00 on the bank account; the line is -1,000.00');
    const [held] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM bank_statement_matches WHERE line_id = ${lineOf!.id}::int`);
    expect(Number(held!.n)).toBe(0);
  });
});
