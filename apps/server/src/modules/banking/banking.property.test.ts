import { addDays } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type MoneyFixtures, moneyFixtures } from '../../test/money-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let f: MoneyFixtures;

beforeAll(async () => {
  t = await createTestApp();
  f = await moneyFixtures(t, 'Prop');
});
afterAll(async () => t?.close());

/** A small seeded generator: the same run every time. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('the reconciliation identity (issue 33, section 7)', () => {
  it('holds over random receipts, payments, statement lines and matches: statement = book - deposits in transit + unpresented payments + unrecorded lines, at every period end', async () => {
    const next = random(33);
    const bank = f.accounts.bank;
    const start = addDays(f.today, -30);
    const entries: { id: number; date: string; amount: number }[] = [];
    for (let i = 0; i < 14; i++) {
      const date = addDays(start, Math.floor(next() * 20));
      const cents = 1000 + Math.floor(next() * 900000);
      const amount = (cents / 100).toFixed(2);
      const moneyIn = next() < 0.5;
      const response = moneyIn
        ? await f.call('POST', '/api/receipts', { customerId: f.customer.id, receiptDate: date, method: 'bank', accountId: bank, amount, reference: `P${i}`, allocations: [], post: true })
        : await f.call('POST', '/api/payments', { payeeType: 'expense', expenseAccountId: f.accounts.expense, paymentDate: date, method: 'bank', accountId: bank, amount, reference: `P${i}`, post: true });
      expect(response.statusCode, response.body).toBe(201);
      const [row] = await queryRows<{ id: number }>(
        t.database.db,
        sql`SELECT id FROM gl_entries WHERE document_type = ${moneyIn ? 'receipts' : 'payments'} AND document_id = ${response.json().data.id}::int AND account_id = ${bank}::int`,
      );
      entries.push({ id: Number(row!.id), date, amount: moneyIn ? cents : -cents });
    }
    // The bank shows most entries a few days later, and some lines of its own.
    const mirrored = entries.filter(() => next() < 0.7);
    const lines = [
      ...mirrored.map((e, i) => ({ lineDate: addDays(e.date, Math.floor(next() * 4)), description: `Line ${i}`, amount: (e.amount / 100).toFixed(2), entryId: e.id })),
      ...Array.from({ length: 4 }, (_, i) => ({ lineDate: addDays(start, Math.floor(next() * 24)), description: `Bank's own ${i}`, amount: (-(100 + Math.floor(next() * 5000)) / 100).toFixed(2), entryId: 0 })),
    ].sort((a, b) => a.lineDate.localeCompare(b.lineDate));
    // The first statement's opening balance holds what the bank cleared before its first line.
    const opening = entries.filter((e) => e.date < lines[0]!.lineDate).reduce((s, e) => s + e.amount, 0);
    const created = await f.call('POST', '/api/bank-statements', { bankAccountId: bank, fileName: 'typed', openingBalance: (opening / 100).toFixed(2), lines: lines.map(({ entryId: _, ...line }) => line) });
    expect(created.statusCode, created.body).toBe(201);
    const stored = created.json().data.lines as { id: number; description: string }[];
    for (const line of lines) {
      if (line.entryId === 0 || next() < 0.3) continue;
      const id = stored.find((s) => s.description === line.description)!.id;
      const matched = await f.call('POST', `/api/bank-statement-lines/${id}/match`, { entries: [{ entryId: line.entryId }] });
      expect(matched.statusCode, matched.body).toBe(200);
    }
    for (let k = 0; k < 6; k++) {
      const periodEnd = addDays(start, 3 + k * 4);
      const statementBalance = ((opening + lines.filter((l) => l.lineDate <= periodEnd).reduce((s, l) => s + Math.round(Number(l.amount) * 100), 0)) / 100).toFixed(2);
      const rec = await f.call('POST', '/api/bank-reconciliations', { bankAccountId: bank, periodEnd, statementBalance });
      expect(rec.statusCode, rec.body).toBe(201);
      const data = rec.json().data;
      const book = entries.filter((e) => e.date <= periodEnd).reduce((s, e) => s + e.amount, 0);
      expect(data.bookBalance, periodEnd).toBe((book / 100).toFixed(2));
      expect(data.difference, periodEnd).toBe('0.00');
      const cents = (text: string) => Math.round(Number(text) * 100);
      expect(cents(data.adjustedBalance)).toBe(cents(data.bookBalance) - cents(data.outstandingDeposits) + cents(data.outstandingPayments) + cents(data.unrecordedLines));
    }
  });
});
