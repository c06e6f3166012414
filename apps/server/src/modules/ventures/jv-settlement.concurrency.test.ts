import { addDays } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { queuedBehind } from '../../test/queued-behind.ts';
import { until } from '../../test/until.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * A joint venture's settlement and a posting stamped with the venture, dated in the settled
 * period, at the same moment (PostgreSQL, real concurrent transactions). The posting started
 * first and commits while the settlement waits: the settlement counts it. Before 0067 the
 * settlement did not wait, read its statement without the row, and the row (created before the
 * settlement's cut) was no later statement's adjustment either: in no statement at all.
 */
describe.runIf(process.env.DATABASE_URL !== undefined)('a venture settled while a posting stamped with it commits (PostgreSQL)', () => {
  let t: TestApp;
  let f: SalesFixtures;
  const ok = async (method: 'GET' | 'POST', url: string, body?: object, status = 200) => {
    const response = await f.call(method, url, body);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
    return response.json();
  };
  const accountByCode = async (code: string) => Number((await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM accounts WHERE account_code = ${code}`))[0]!.id);
  beforeAll(async () => {
    t = await createTestApp({ startJobs: false });
    f = await salesFixtures(t, 'JvRace');
  });
  afterAll(async () => t?.close());

  it('the settlement waits for the posting and counts it; the next statement has no adjustment of it', async () => {
    const start = addDays(f.today, -10);
    const yesterday = addDays(f.today, -1);
    const customer = await f.newCustomer('Race Hospital');
    const created = await ok(
      'POST',
      '/api/joint-ventures',
      {
        ventureName: 'Race venture', partnerType: 'vendor', partnerId: f.vendor.id, startDate: start, basis: 'netProfit', feePercent: '0', lossRule: 'share',
        shares: [{ effectiveFrom: start, partnerPercent: '40' }], customerIds: [customer.id],
      },
      201,
    );
    const venture = (await ok('POST', `/api/joint-ventures/${created.data.id}/activate`)).data as { id: number };
    const draft = await ok('POST', '/api/jv-settlements', { jointVentureId: venture.id, from: start, to: yesterday }, 201);
    const [expense, cash] = [await accountByCode('6050'), await accountByCode('1000')];
    // A posting's rows written and not yet committed: an expense of the venture dated in the period.
    const inFlight = sql`INSERT INTO gl_entries (account_id, entry_date, document_type, document_id, document_number, narration, debit, credit, joint_venture_id)
      VALUES (${expense}::int, ${yesterday}::date, 'journal', 0, 'JV-RACE', 'In flight', 700, 0, ${venture.id}::int),
             (${cash}::int, ${yesterday}::date, 'journal', 0, 'JV-RACE', 'In flight', 0, 700, NULL)`;
    const [posted] = await queuedBehind(t, inFlight, [() => f.call('POST', `/api/jv-settlements/${draft.data.id}/post`)]);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().data.statement).toMatchObject({ expenses: '700.00', profit: '-700.00' });
    const next = await ok('GET', `/api/joint-ventures/${venture.id}/statement?from=${f.today}&to=${f.today}`);
    expect(next).toMatchObject({ adjustments: '0.00', expenses: '0.00' });
    // The settled period read again reproduces the settlement.
    const again = await ok('GET', `/api/joint-ventures/${venture.id}/statement?from=${start}&to=${yesterday}`);
    expect(again).toMatchObject({ expenses: '700.00', hash: posted.json().data.statementHash });
  }, 60_000);

  it("a posting begun before a settlement's lock and writing after it takes its rows' time after the cut: the next statement's adjustment, not lost", async () => {
    const [venture] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM joint_ventures WHERE venture_name = 'Race venture'`);
    const [expense, cash] = [await accountByCode('6050'), await accountByCode('1000')];
    let lockHeld!: () => void;
    const held = new Promise<void>((resolve) => (lockHeld = resolve));
    let begun!: () => void;
    const started = new Promise<void>((resolve) => (begun = resolve));
    const posting = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      begun();
      await held;
      // Waits for the settlement below, then writes.
      await tx.execute(sql`INSERT INTO gl_entries (account_id, entry_date, document_type, document_id, document_number, narration, debit, credit, joint_venture_id)
        VALUES (${expense}::int, ${f.today}::date, 'journal', 0, 'JV-RACE-2', 'Begun before', 300, 0, ${venture!.id}::int),
               (${cash}::int, ${f.today}::date, 'journal', 0, 'JV-RACE-2', 'Begun before', 0, 300, NULL)`);
    });
    await started;
    // A settlement's lock and cut, as jv-settlements.handlers.ts takes them.
    const cut = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(28, ${venture!.id}::int)`);
      const [row] = await queryRows<{ cut: string }>(tx, sql`SELECT clock_timestamp()::text AS cut`);
      lockHeld();
      await until('the posting waiting on the venture', async () => {
        const [waiting] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'advisory'`);
        return Number(waiting!.n) >= 1 ? true : undefined;
      }, 20_000);
      return row!.cut;
    });
    await posting;
    const [row] = await queryRows<{ after: boolean }>(
      t.database.db,
      sql`SELECT bool_and(created_at > ${cut}::timestamptz) AS after FROM gl_entries WHERE document_number = 'JV-RACE-2' AND joint_venture_id IS NOT NULL`,
    );
    expect(row!.after).toBe(true);
  }, 60_000);
});
