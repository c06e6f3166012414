import { fromMinorUnits, type LedgerRow, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { accounts } from '../db/schema/index.ts';
import type { Actor } from '../lib/actor.ts';
import { cancelJournal, createPostedJournal } from '../modules/accounting/journals.binding.ts';
import { bearer, createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let accountIds: number[];
const posted: number[] = [];
const actor: Actor = { userId: 1, role: 'admin', scopes: [], permissions: {} };

beforeAll(async () => {
  t = await createTestApp();
  accountIds = (await t.database.db.select({ id: accounts.id }).from(accounts)).map((a) => a.id).slice(0, 6);
});
afterAll(async () => t?.close());

/** A balanced journal: random debit lines, and credits splitting their total in one or two lines. */
const journalArbitrary = fc
  .record({
    day: fc.integer({ min: 1, max: 28 }),
    month: fc.integer({ min: 1, max: 12 }),
    debits: fc.array(fc.record({ account: fc.nat(5), cents: fc.integer({ min: 1, max: 5_000_000 }) }), { minLength: 1, maxLength: 4 }),
    creditAccounts: fc.tuple(fc.nat(5), fc.nat(5)),
    split: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ day, month, debits, creditAccounts, split }) => {
    const total = debits.reduce((sum, d) => sum + BigInt(d.cents), 0n);
    const first = total > 1n ? 1n + BigInt(Math.floor(split * Number(total - 1n))) : total;
    const credits = [
      { account: creditAccounts[0], cents: first },
      ...(total - first > 0n ? [{ account: creditAccounts[1], cents: total - first }] : []),
    ];
    return {
      journalDate: `2033-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      lines: [
        ...debits.map((d) => ({ account: d.account, debit: fromMinorUnits(BigInt(d.cents)), credit: '0.00' })),
        ...credits.map((c) => ({ account: c.account, debit: '0.00', credit: fromMinorUnits(c.cents) })),
      ],
    };
  });

const commandArbitrary = fc.oneof(
  { weight: 3, arbitrary: journalArbitrary.map((journal) => ({ kind: 'post' as const, journal })) },
  { weight: 1, arbitrary: fc.nat(1000).map((pick) => ({ kind: 'cancel' as const, pick })) },
);

type Command = { kind: 'post'; journal: { journalDate: string; lines: { account: number; debit: string; credit: string }[] } } | { kind: 'cancel'; pick: number };

async function runCommand(command: Command): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    if (command.kind === 'post') {
      const lines = command.journal.lines.map((l) => ({ accountId: accountIds[l.account]!, debit: l.debit, credit: l.credit, memo: '' }));
      const journal = await createPostedJournal(tx, actor, { journalDate: command.journal.journalDate, narration: 'Property', lines });
      posted.push(journal.id);
    } else if (posted.length > 0) {
      const [id] = posted.splice(command.pick % posted.length, 1);
      await cancelJournal(tx, actor, id!);
    }
  });
}

async function checkInvariants(): Promise<void> {
  const [totals] = await queryRows<{ debit: string; credit: string }>(
    t.database.db,
    sql`SELECT coalesce(sum(debit), 0)::text AS debit, coalesce(sum(credit), 0)::text AS credit FROM gl_entries`,
  );
  expect(totals!.debit).toBe(totals!.credit);

  const trial = (await t.app.inject({ method: 'GET', url: '/api/accounting/trial-balance?from=2000-01-01&to=2099-12-31', headers: bearer(t.adminToken) })).json();
  expect(trial.totals.debit).toBe(trial.totals.credit);
  expect(trial.totals.closing).toBe('0.00');

  for (const accountId of accountIds) {
    const raw = await queryRows<{ debit: string; credit: string }>(
      t.database.db,
      sql`SELECT debit::text AS debit, credit::text AS credit FROM gl_entries WHERE account_id = ${accountId} ORDER BY entry_date, id`,
    );
    const ledger = (await t.app.inject({ method: 'GET', url: `/api/ledger/${accountId}?from=2000-01-01&to=2099-12-31&pageSize=1000`, headers: bearer(t.adminToken) })).json();
    expect(ledger.rows).toHaveLength(raw.length);
    let running = toMinorUnits(ledger.openingBalance);
    (ledger.rows as LedgerRow[]).forEach((row, index) => {
      running += toMinorUnits(raw[index]!.debit) - toMinorUnits(raw[index]!.credit);
      expect(row.balance).toBe(fromMinorUnits(running));
    });
    expect(ledger.closingBalance).toBe(fromMinorUnits(running));
  }
}

describe('the general ledger (property)', () => {
  it('after any sequence of postings and cancellations: debits equal credits, the trial balance balances, running balances add up', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArbitrary, { minLength: 1, maxLength: 6 }), async (commands) => {
        for (const command of commands) await runCommand(command);
        await checkInvariants();
      }),
      { numRuns: 20 },
    );
  });
});
