import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { areas } from '../../areas.ts';
import { type SalesFixtures, salesFixtures } from '../sales-fixtures.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { migrateFixtureArea } from './fixture-migration.ts';
import { fixtureNotesModule } from './notes.module.ts';

/**
 * Issue 28, section 2: a posted record (`postOnCreate`) added by the fixture area alone. Its
 * create numbers, posts and audits it in one transaction; its cancel mirrors the stock move and
 * the ledger rows, dated today, under `fixture-issues:cancel`.
 */
let t: TestApp;
let f: SalesFixtures;
let lot: number;

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const onHand = async () => Number((await rows<{ q: number }>(sql`SELECT quantity AS q FROM inventory WHERE id = ${lot}::int`))[0]!.q);
const ledgerOf = (id: number) =>
  rows<{ debit: string; credit: string; date: string }>(
    sql`SELECT debit::text AS debit, credit::text AS credit, entry_date::text AS date FROM gl_entries WHERE document_type = 'fixture-issues' AND document_id = ${id}::int ORDER BY id`,
  );
const movesOf = (id: number) =>
  rows<{ quantityIn: number; quantityOut: number; date: string }>(
    sql`SELECT quantity_in AS "quantityIn", quantity_out AS "quantityOut", move_date::text AS date FROM stock_moves WHERE document_type = 'fixture-issues' AND document_id = ${id}::int ORDER BY id`,
  );

beforeAll(async () => {
  t = await createTestApp({ areas: [...areas, fixtureNotesModule] });
  await migrateFixtureArea(t.database.db);
  f = await salesFixtures(t, 'Issue');
  [lot] = (await f.receive([{ itemId: f.gloves, quantity: 10, unitCost: '2.50' }])) as [number];
  const chosen = (await f.call('GET', '/api/settings/posting-accounts')).json().postingAccounts as Record<string, number>;
  expect((await f.call('PUT', '/api/settings/posting-accounts', { ...chosen, fixtureNotes: chosen.salaries })).statusCode).toBe(200);
}, 120_000);
afterAll(async () => t?.close());

const issue = (quantity: number, notes = '') => f.call('POST', '/api/fixture-issues', { issueDate: f.today, inventoryId: lot, quantity, notes });

describe('a posted record of the fixture area (issue 28, section 2)', () => {
  it('is numbered, posted and audited by its create, listed, read and exported like every document', async () => {
    const created = await issue(4, 'first');
    expect(created.statusCode, created.body).toBe(201);
    const data = created.json().data;
    expect(data).toMatchObject({ status: 'posted', documentNumber: expect.stringMatching(/^FXI-\d{4}-\d{6}$/), value: '10.00' });
    expect(await onHand()).toBe(6);
    expect(await ledgerOf(data.id)).toEqual([
      { debit: '10.00', credit: '0.00', date: f.today },
      { debit: '0.00', credit: '10.00', date: f.today },
    ]);
    const audits = await rows<{ action: string }>(sql`SELECT action FROM audit_log WHERE resource = 'fixture-issues' AND record_id = ${String(data.id)} ORDER BY id`);
    // Both rows join the posting's one statement.
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'post']);
    expect((await f.call('GET', `/api/fixture-issues/${data.id}`)).json().data).toMatchObject({ status: 'posted', documentNumber: data.documentNumber });
    expect((await f.call('GET', '/api/fixture-issues?search=first')).json().data).toEqual([expect.objectContaining({ id: data.id, status: 'posted' })]);
    expect((await f.call('GET', '/api/fixture-issues/export?format=csv')).body).toContain(data.documentNumber);
    // Kept as recorded: no change, no delete, no `post` key to send.
    expect((await f.call('PUT', `/api/fixture-issues/${data.id}`, { issueDate: f.today, inventoryId: lot, quantity: 1 })).statusCode).toBe(409);
    expect((await f.call('DELETE', `/api/fixture-issues/${data.id}`)).json().message).toBe('A fixture issue is kept as recorded: cancel it and record another');
    expect((await f.call('POST', '/api/fixture-issues', { issueDate: f.today, inventoryId: lot, quantity: 1, post: false })).statusCode).toBe(400);
  });

  it('stores nothing when its posting is refused', async () => {
    const before = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM fixture_issues`);
    const short = await issue(1000);
    expect(short.statusCode, short.body).toBe(409);
    expect(await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM fixture_issues`)).toEqual(before);
  });

  it('is cancelled by its reversal dated today: the stock back, the ledger mirrored, an audit row; twice is refused', async () => {
    const data = (await issue(2)).json().data;
    expect(await onHand()).toBe(4);
    const cancelled = await f.call('POST', `/api/fixture-issues/${data.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ message: 'Fixture issue cancelled', data: { status: 'cancelled', documentNumber: data.documentNumber } });
    expect(await onHand()).toBe(6);
    expect(await movesOf(data.id)).toEqual([
      { quantityIn: 0, quantityOut: 2, date: f.today },
      { quantityIn: 2, quantityOut: 0, date: f.today },
    ]);
    expect(await ledgerOf(data.id)).toEqual([
      { debit: '5.00', credit: '0.00', date: f.today },
      { debit: '0.00', credit: '5.00', date: f.today },
      { debit: '0.00', credit: '5.00', date: f.today },
      { debit: '5.00', credit: '0.00', date: f.today },
    ]);
    const [audit] = await rows<{ after: { status: string } }>(sql`SELECT after FROM audit_log WHERE resource = 'fixture-issues' AND record_id = ${String(data.id)} AND action = 'cancel'`);
    expect(audit?.after.status).toBe('cancelled');
    const twice = await f.call('POST', `/api/fixture-issues/${data.id}/cancel`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ status: 409, message: 'A cancelled fixture issue cannot be cancelled' });
  });

  it('needs the cancel scope: a role that may record it may not cancel it without the grant', async () => {
    const data = (await issue(1)).json().data;
    const manager = await t.userWithRole('operationManager');
    const recorded = await f.call('POST', '/api/fixture-issues', { issueDate: f.today, inventoryId: lot, quantity: 1 }, manager.token);
    expect(recorded.statusCode, recorded.body).toBe(201);
    const refused = await f.call('POST', `/api/fixture-issues/${data.id}/cancel`, undefined, manager.token);
    expect(refused.statusCode).toBe(403);
    const granted = await t.userWithRole('operationManager', { scopes: ['fixture-issues:cancel'] });
    expect((await f.call('POST', `/api/fixture-issues/${data.id}/cancel`, undefined, granted.token)).statusCode).toBe(200);
  });
});
