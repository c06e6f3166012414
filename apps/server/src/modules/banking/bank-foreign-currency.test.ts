import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { daysFrom } from '../../test/cheque-fixtures.ts';
import { type MoneyFixtures, moneyFixtures } from '../../test/money-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

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
