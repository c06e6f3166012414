import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type MoneyFixtures, moneyFixtures } from '../../test/money-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Issue 33, section 7: on PostgreSQL (real concurrent transactions), two auto-matches at once match an entry once. */
describe.skipIf(!process.env.DATABASE_URL)('auto-matches at once (PostgreSQL)', () => {
  let t: TestApp;
  let f: MoneyFixtures;
  beforeAll(async () => {
    t = await createTestApp();
    f = await moneyFixtures(t, 'BConc');
  });
  afterAll(async () => t?.close());

  it('two statements each holding the line of one receipt, auto-matched at once: the entry is matched to one line only', async () => {
    const bank = f.accounts.bank;
    for (let round = 0; round < 5; round++) {
      const reference = `CONC-${round}`;
      const receipt = await f.call('POST', '/api/receipts', { customerId: f.customer.id, receiptDate: f.today, method: 'bank', accountId: bank, amount: '1234.00', reference, allocations: [], post: true });
      expect(receipt.statusCode, receipt.body).toBe(201);
      const statements = await Promise.all(
        ['first', 'second'].map(async (description) => {
          const created = await f.call('POST', '/api/bank-statements', { bankAccountId: bank, lines: [{ lineDate: f.today, description: `${description} ${round}`, reference, amount: '1234.00' }] });
          expect(created.statusCode, created.body).toBe(201);
          return created.json().data.id as number;
        }),
      );
      const answers = await Promise.all(statements.map((id) => f.call('POST', `/api/bank-statements/${id}/auto-match`)));
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      expect(answers.map((a) => a.json().matched).sort()).toEqual([0, 1]);
      const [row] = await queryRows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM bank_statement_matches m JOIN gl_entries g ON g.id = m.gl_entry_id WHERE g.document_type = 'receipts' AND g.document_id = ${receipt.json().data.id}::int`,
      );
      expect(row!.n).toBe(1);
    }
  });
});
