import { moneyMessages } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import { type ChequeFixtures, chequeFixtures, daysFrom } from '../../test/cheque-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { clearCheques } from './money.api.ts';

let t: TestApp;
let f: ChequeFixtures;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp();
  f = await chequeFixtures(t, 'Clr');
  const [row] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM users WHERE username = 'admin'`);
  admin = { userId: Number(row!.id), role: 'admin', scopes: [], permissions: {} };
});
afterAll(async () => t?.close());

const ok = (response: { statusCode: number; body: string }) => {
  expect(response.statusCode, response.body).toBe(200);
  return JSON.parse(response.body);
};

/** A received cheque deposited into the bank on `days` from today. */
async function deposited(amount: string, days = 0): Promise<number> {
  const { chequeId } = await f.chequeReceipt({ amount, chequeDate: daysFrom(f, Math.min(days, 0)), allocations: [] });
  ok(await f.call('POST', `/api/cheques/${chequeId}/deposit`, { bankAccountId: f.accounts.bank, depositDate: daysFrom(f, days) }));
  return chequeId;
}

async function issued(amount: string): Promise<number> {
  const response = await f.call('POST', '/api/payments', {
    payeeType: 'vendor', vendorId: f.vendor.id, paymentDate: f.today, method: 'cheque', accountId: f.accounts.bank, amount,
    cheque: { chequeNumber: `CLR-ISS-${amount}`, bank: 'Our bank', chequeDate: f.today }, post: true,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.chequeId as number;
}

/** What a clearing wrote of a cheque, ids and times aside: its ledger rows, its row, its audit row, its search row. */
async function written(chequeId: number) {
  const ledger = await queryRows(
    t.database.db,
    sql`SELECT p.key, g.account_id AS "accountId", g.debit::text, g.credit::text, g.entry_date::text AS date, g.document_number AS number, g.narration, g.memo,
               g.region_id AS region, g.party_type AS "partyType", g.party_id AS "partyId", g.created_by AS "createdBy", g.currency
        FROM gl_entries g LEFT JOIN posting_accounts p ON p.account_id = g.account_id WHERE g.document_type = 'cheques' AND g.document_id = ${chequeId}::int ORDER BY g.id`,
  );
  const [row] = await queryRows(
    t.database.db,
    sql`SELECT status, clear_date::text AS "clearDate", cleared_at IS NOT NULL AS stamped, cleared_by AS "clearedBy" FROM cheques WHERE id = ${chequeId}::int`,
  );
  const audit = await queryRows(
    t.database.db,
    sql`SELECT action, actor_user_id AS actor, before, after FROM audit_log WHERE resource = 'cheques' AND record_id = ${String(chequeId)} AND action = 'clear'`,
  );
  const [search] = await queryRows(t.database.db, sql`SELECT status, code FROM search_index WHERE entity_type = 'cheques' AND entity_id = ${chequeId}::int`);
  return { ledger, row, audit, search };
}

describe('cheques cleared many at once (issue 33: a bank statement matched to them)', () => {
  it('writes for each what one clear writes, dated its own day; a cheque one clear would refuse is refused alike and nothing of it written', async () => {
    const single = await deposited('410.00');
    ok(await f.call('POST', `/api/cheques/${single}/clear`, { clearDate: daysFrom(f, 2) }));

    const received = await deposited('410.00');
    const outgoing = await issued('275.00');
    const early = await deposited('90.00', 3);
    const { chequeId: inHand } = await f.chequeReceipt({ amount: '55.00', chequeDate: f.today, allocations: [] });
    const result = await t.database.db.transaction((tx) =>
      clearCheques(tx, admin, [
        { chequeId: received, clearDate: daysFrom(f, 2) },
        { chequeId: outgoing, clearDate: daysFrom(f, 1) },
        { chequeId: early, clearDate: daysFrom(f, 1) },
        { chequeId: inHand, clearDate: daysFrom(f, 1) },
        { chequeId: single, clearDate: daysFrom(f, 2) },
      ]),
    );
    expect(result.cleared.sort((a, b) => a - b)).toEqual([received, outgoing].sort((a, b) => a - b));
    expect([...result.refused.keys()].sort((a, b) => a - b)).toEqual([single, early, inHand].sort((a, b) => a - b));
    expect(result.refused.get(early)).toBeInstanceOf(BadRequestError);
    expect(result.refused.get(early)!.errors).toEqual({ clearDate: moneyMessages.clearBeforeDeposit });
    expect(result.refused.get(inHand)).toBeInstanceOf(ConflictError);
    expect(result.refused.get(single)).toBeInstanceOf(ConflictError);

    // The cheque cleared with others is written as the one cleared alone, its number aside.
    const alone = await written(single);
    const together = await written(received);
    const withoutNumber = (w: Awaited<ReturnType<typeof written>>) => ({ ...w, ledger: w.ledger.map((r) => ({ ...r, number: undefined, narration: undefined, memo: undefined })), search: { ...w.search, code: undefined } });
    expect(withoutNumber(together)).toEqual(withoutNumber(alone));
    expect(together.ledger.map((r) => [r.key ?? r.accountId, r.debit, r.credit, r.date])).toEqual([
      [f.accounts.bank, '410.00', '0.00', daysFrom(f, 2)],
      ['chequesInHand', '0.00', '410.00', daysFrom(f, 2)],
    ]);
    expect(together.audit).toEqual([{ action: 'clear', actor: admin.userId, before: { status: 'deposited' }, after: { status: 'cleared' } }]);
    const cheque = (await f.call('GET', `/api/cheques/${received}`)).json().data;
    expect(together.ledger.every((r) => r.number === cheque.documentNumber && r.narration === `Cheque ${cheque.chequeNumber} (Habib Bank) cleared`)).toBe(true);
    expect((await written(outgoing)).ledger.map((r) => [r.key ?? r.accountId, r.debit, r.credit, r.date])).toEqual([
      ['chequesIssued', '275.00', '0.00', daysFrom(f, 1)],
      [f.accounts.bank, '0.00', '275.00', daysFrom(f, 1)],
    ]);
    for (const id of [early, inHand]) expect((await written(id)).ledger).toEqual([]);
    expect((await f.call('GET', `/api/cheques/${early}`)).json().data.status).toBe('deposited');
  });

  it('refuses a day in a closed period on clearDate, as one clear does', async () => {
    const cheque = await deposited('33.00', -5);
    await t.database.db.execute(sql`UPDATE period_close SET closed_through = ${daysFrom(f, -3)}::date WHERE id = 1`);
    try {
      const alone = await f.call('POST', `/api/cheques/${cheque}/clear`, { clearDate: daysFrom(f, -4) });
      expect(alone.statusCode).toBe(400);
      const result = await t.database.db.transaction((tx) => clearCheques(tx, admin, [{ chequeId: cheque, clearDate: daysFrom(f, -4) }]));
      expect(result.cleared).toEqual([]);
      expect(result.refused.get(cheque)!.errors).toEqual(alone.json().errors);
    } finally {
      await t.database.db.execute(sql`UPDATE period_close SET closed_through = NULL WHERE id = 1`);
    }
  });
});
