import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { csvOf, importClient, multipartFile } from '../../test/import-upload.ts';
import { type MoneyFixtures, moneyFixtures } from '../../test/money-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { until } from '../../test/until.ts';

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

/**
 * Issue 33, section 5, on PostgreSQL: a statement stored while the account's reconciliation is
 * being locked. The test holds the statements' number (`BST`) so the store stops after its check
 * of the locked period; the lock then starts. The store reads the locked period under the
 * account's lock, as the reconciliation's lock does, so the lock waits for it and counts its
 * line: never a line unmatched inside a locked period.
 */
describe.runIf(process.env.DATABASE_URL !== undefined)('a statement stored while its period is locked (PostgreSQL)', () => {
  let t: TestApp;
  let f: MoneyFixtures;
  beforeAll(async () => {
    t = await createTestApp({ startJobs: false });
    f = await moneyFixtures(t, 'BLck');
  });
  afterAll(async () => t?.close());

  const ok = (response: { statusCode: number; body: string }, code = 200) => {
    expect(response.statusCode, response.body).toBe(code);
    return JSON.parse(response.body);
  };

  /** A new bank account whose one line is matched (a journal created from it) and a draft reconciliation to its day that locks. */
  async function lockable(code: string) {
    const [head] = await queryRows<{ id: number }>(t.database.db, sql`SELECT head_id AS id FROM accounts WHERE id = ${f.accounts.bank}::int`);
    const bank = ok(await f.call('POST', '/api/accounts', { accountCode: code, accountName: `Bank ${code}`, headId: Number(head!.id), kind: 'bank' }), 201).data.id as number;
    const statement = ok(await f.call('POST', '/api/bank-statements', { bankAccountId: bank, lines: [{ lineDate: f.today, description: 'Deposit', amount: '100.00' }] }), 201).data;
    ok(await f.call('POST', `/api/bank-statement-lines/${statement.lines[0].id}/create`, { kind: 'journal', accountId: f.accounts.expense }), 201);
    const reconciliation = ok(await f.call('POST', '/api/bank-reconciliations', { bankAccountId: bank, periodEnd: f.today }), 201).data;
    expect(reconciliation.difference).toBe('0.00');
    return { bank, reconciliationId: reconciliation.id as number };
  }

  const waiting = async () =>
    Number((await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`))[0]!.n);

  /** The store started and stopped at the statements' number, then the lock; both let go together. */
  async function storeWhileLocking(store: () => Promise<{ statusCode: number; body: string }>, reconciliationId: number) {
    const year = Number(f.today.slice(0, 4));
    let lockDone = false;
    const answers = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1 FROM document_sequences WHERE doc_type = 'BST' AND year = ${year}::int FOR UPDATE`);
      const stored = store();
      await until('the store waiting for its number', async () => ((await waiting()) >= 1 ? true : undefined), 20_000);
      const locked = f.call('POST', `/api/bank-reconciliations/${reconciliationId}/lock`).finally(() => {
        lockDone = true;
      });
      // Locked at once (the store not in its way), or waiting behind the store.
      await until('the lock done or waiting', async () => (lockDone || (await waiting()) >= 2 ? true : undefined), 20_000);
      return { stored, locked };
    });
    return { stored: await answers.stored, locked: await answers.locked };
  }

  const unmatchedInLockedPeriods = async (bank: number) =>
    Number(
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`SELECT count(*)::int AS n FROM bank_statement_lines l
              WHERE l.bank_account_id = ${bank}::int AND NOT EXISTS (SELECT 1 FROM bank_statement_matches m WHERE m.line_id = l.id)
                AND l.line_date <= (SELECT max(r.period_end) FROM bank_reconciliations r WHERE r.bank_account_id = l.bank_account_id AND r.status = 'locked')`,
        )
      )[0]!.n,
    );

  it('an import run: stored, and the lock refused for the line it left unmatched', async () => {
    const { bank, reconciliationId } = await lockable('BLCK-1');
    const upload = multipartFile('late.csv', csvOf([['Date', 'Description', 'Amount'], [`${f.today.slice(8, 10)}/${f.today.slice(5, 7)}/${f.today.slice(0, 4)}`, 'Late charge', '-5.00']]));
    const preview = ok(await t.app.inject({ method: 'POST', url: `/api/imports/bank-statement/preview?bankAccountId=${bank}`, payload: upload.payload, headers: { ...upload.headers, ...bearer(t.adminToken) } }));
    expect(preview.validRows).toBe(1);
    const { stored, locked } = await storeWhileLocking(() => importClient(t.app, 'bank-statement').run(preview.jobId, { mode: 'allOrNothing' }, t.adminToken), reconciliationId);
    expect(stored.statusCode, stored.body).toBe(200);
    expect(locked.statusCode, locked.body).toBe(409);
    expect(Object.keys(JSON.parse(locked.body).errors)).toEqual(['unmatchedLines']);
    expect(await unmatchedInLockedPeriods(bank)).toBe(0);
  });

  it('a typed statement: stored, and the lock refused for the line it left unmatched', async () => {
    const { bank, reconciliationId } = await lockable('BLCK-2');
    const { stored, locked } = await storeWhileLocking(
      () => f.call('POST', '/api/bank-statements', { bankAccountId: bank, lines: [{ lineDate: f.today, description: 'Late charge', amount: '-5.00' }] }),
      reconciliationId,
    );
    expect(stored.statusCode, stored.body).toBe(201);
    expect(locked.statusCode, locked.body).toBe(409);
    expect(await unmatchedInLockedPeriods(bank)).toBe(0);
  });
});
