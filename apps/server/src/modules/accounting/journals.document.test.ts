import { defineDocument, journalDocument, messages } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { accounts, users } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { ForbiddenError } from '../../lib/app-error.ts';
import { documentRoutes } from '../../lib/document/register-document.ts';
import { runTransition } from '../../lib/document/run-transition.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { journalBinding } from './journals.binding.ts';

// Journals through the document machinery (lib/document): routes, refusals, row scope, the shared trigger.
let t: TestApp;
let cash: number;
let capital: number;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  const byCode = new Map((await t.database.db.select({ id: accounts.id, code: accounts.accountCode }).from(accounts)).map((a) => [a.code, a.id]));
  cash = byCode.get('1000')!;
  capital = byCode.get('3000')!;
  adminId = (await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin')))[0]!.id;
});
afterAll(async () => t?.close());

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = t.adminToken) =>
  t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: bearer(token) });
const line = (accountId: number, debit: string, credit: string) => ({ accountId, debit, credit, memo: '' });
const body = (lines = [line(cash, '5', ''), line(capital, '', '5')]) => ({ journalDate: '2026-06-01', narration: 'Machinery', lines });

async function draft(lines?: ReturnType<typeof line>[]): Promise<number> {
  const response = await inject('POST', '/api/journals', body(lines));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

async function postedJournal(): Promise<number> {
  const response = await inject('POST', '/api/journals', { ...body(), post: true });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

describe('the generic document routes', () => {
  it('register one POST per declared transition, besides list, export, get, create, update and delete', () => {
    for (const action of journalDocument.actions) expect(t.app.hasRoute({ method: 'POST', url: `/api/journals/:id/${action}` })).toBe(true);
    expect(documentRoutes(journalBinding)).toEqual(['/api/journals', '/api/journals/export', '/api/journals/:id', '/api/journals/:id/post', '/api/journals/:id/cancel']);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) expect(t.app.hasRoute({ method, url: '/api/journals/:id' })).toBe(true);
    expect(t.app.hasRoute({ method: 'POST', url: '/api/journals/:id/approve' })).toBe(false);
  });

  it('answer the number as documentNumber and, for journals, journalNumber too', async () => {
    const created = (await inject('POST', '/api/journals', body())).json();
    expect(created.data).toMatchObject({ status: 'draft', documentNumber: null, journalNumber: null });
    const posted = (await inject('POST', `/api/journals/${created.data.id}/post`)).json();
    expect(posted).toMatchObject({ status: 200, message: 'Journal posted', data: { id: created.data.id, status: 'posted' } });
    expect(posted.data.documentNumber).toBe(posted.data.journalNumber);
    expect((await inject('GET', `/api/journals/${created.data.id}`)).json().data.documentNumber).toBe(posted.data.journalNumber);
    const listed = (await inject('GET', `/api/journals?search=${posted.data.journalNumber}`)).json().data;
    expect(listed).toEqual([expect.objectContaining({ id: created.data.id, documentNumber: posted.data.journalNumber })]);
  });
});

describe('transition refusals', () => {
  it('a transition from a state it is not declared for answers 409 and changes nothing', async () => {
    const id = await draft();
    const cancelled = await inject('POST', `/api/journals/${id}/cancel`);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe('A draft journal cannot be cancelled');
    expect((await inject('GET', `/api/journals/${id}`)).json().data.status).toBe('draft');
    expect((await inject('POST', '/api/journals/2147483000/post')).statusCode).toBe(404);
  });

  it('the auditor is refused every write and transition with 403', async () => {
    const auditor = await t.userWithRole('auditor');
    const id = await draft();
    const posted = await postedJournal();
    for (const [method, url] of [
      ['POST', `/api/journals/${id}/post`],
      ['POST', `/api/journals/${posted}/cancel`],
      ['DELETE', `/api/journals/${id}`],
    ] as const) {
      const response = await inject(method, url, undefined, auditor.token);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe(messages.readOnly);
    }
    expect((await inject('PUT', `/api/journals/${id}`, body(), auditor.token)).statusCode).toBe(403);
    // The services refuse too, whoever calls them.
    const auditorActor: Actor = { userId: auditor.id, role: 'auditor', scopes: ['*'], permissions: {} };
    await expect(t.database.db.transaction((tx) => runTransition(tx, auditorActor, journalBinding, id, 'post'))).rejects.toThrow(ForbiddenError);
    expect((await inject('GET', `/api/journals/${id}`)).json().data.status).toBe('draft');
  });

  it('a role without the route, and an actor without the transition scope, are refused with 403', async () => {
    const sales = await t.userWithRole('salesExecutive', { scopes: ['*'] });
    const id = await draft();
    expect((await inject('POST', `/api/journals/${id}/post`, undefined, sales.token)).statusCode).toBe(403);
    // Cancelling needs journals:cancel. Every role that may open /journals holds it by default
    // (admin, accountant), so the scope is checked on a declaration that asks for another one.
    const stricter = {
      ...journalBinding,
      definition: defineDocument({ ...journalDocument, transitions: { ...journalDocument.transitions, cancel: { ...journalDocument.transitions.cancel, scope: 'journals:reverse' } } }),
    };
    const posted = await postedJournal();
    const accountant: Actor = { userId: adminId, role: 'accountant', scopes: [], permissions: {} };
    const refused = t.database.db.transaction((tx) => runTransition(tx, accountant, stricter, posted, 'cancel'));
    await expect(refused).rejects.toThrow(ForbiddenError);
    const granted: Actor = { ...accountant, scopes: ['journals:reverse'] };
    const done = await t.database.db.transaction((tx) => runTransition(tx, granted, stricter, posted, 'cancel'));
    expect(done.document.status).toBe('cancelled');
  });

  it('an account outside the user regions is refused like a missing one; a journal touching one is out of scope (404)', async () => {
    const [north] = await queryRows<{ id: number }>(t.database.db, sql`INSERT INTO regions (region_name, region_code) VALUES ('Doc North', 'DN') RETURNING id`);
    const [south] = await queryRows<{ id: number }>(t.database.db, sql`INSERT INTO regions (region_name, region_code) VALUES ('Doc South', 'DS') RETURNING id`);
    const [southCash] = await t.database.db
      .insert(accounts)
      .values({ accountCode: 'DS-1000', accountName: 'South cash', headId: (await headOf('Assets'))!, regionId: south!.id })
      .returning({ id: accounts.id });
    const northUser = await t.userWithRole('accountant');
    await t.database.db.update(users).set({ permissions: { regions: [north!.id] } }).where(eq(users.id, northUser.id));

    const lines = [line(cash, '9', ''), line(southCash!.id, '', '9')];
    const saved = await inject('POST', '/api/journals', { ...body(lines), post: true }, northUser.token);
    expect(saved.statusCode).toBe(400);
    expect(saved.json().errors).toEqual({ 'lines.1.accountId': 'Account does not exist' });

    // A journal touching a south account is out of the north user's scope as a whole: 404 on
    // every read and write, hidden from the list (issue 6, section 3), in any state.
    const someoneElses = await draft(lines);
    const outOfScope = async () => {
      expect((await inject('GET', `/api/journals/${someoneElses}`, undefined, northUser.token)).statusCode).toBe(404);
      expect((await inject('PUT', `/api/journals/${someoneElses}`, body([line(cash, '9', ''), line(cash, '', '9')]), northUser.token)).statusCode).toBe(404);
      expect((await inject('POST', `/api/journals/${someoneElses}/post`, undefined, northUser.token)).statusCode).toBe(404);
      expect((await inject('POST', `/api/journals/${someoneElses}/cancel`, undefined, northUser.token)).statusCode).toBe(404);
      expect((await inject('DELETE', `/api/journals/${someoneElses}`, undefined, northUser.token)).statusCode).toBe(404);
      const listed = (await inject('GET', '/api/journals?pageSize=200', undefined, northUser.token)).json().data as { id: number }[];
      expect(listed.map((j) => j.id)).not.toContain(someoneElses);
    };
    await outOfScope();
    expect((await inject('GET', `/api/journals/${someoneElses}`)).json().data.status).toBe('draft');
    expect((await inject('POST', `/api/journals/${someoneElses}/post`)).statusCode).toBe(200);
    await outOfScope();
    expect((await inject('GET', `/api/journals/${someoneElses}`)).json().data.status).toBe('posted');
    // Company-wide accounts (no region) stay everyone's.
    expect((await inject('POST', '/api/journals', { ...body(), post: true }, northUser.token)).statusCode).toBe(201);
  });
});

describe('region stamps on the ledger rows', () => {
  it("a line on a regional account posts with the account's region, a company-wide one with none; the reversal carries the same stamps", async () => {
    const [west] = await queryRows<{ id: number }>(t.database.db, sql`INSERT INTO regions (region_name, region_code) VALUES ('Doc West', 'DW') RETURNING id`);
    const [westCash] = await t.database.db
      .insert(accounts)
      .values({ accountCode: 'DW-1000', accountName: 'West cash', headId: (await headOf('Assets'))!, regionId: west!.id })
      .returning({ id: accounts.id });
    const stamps = (documentId: number) =>
      queryRows<{ accountId: number; debit: string; credit: string; regionId: number | null }>(
        t.database.db,
        sql`SELECT account_id AS "accountId", debit::text AS debit, credit::text AS credit, region_id AS "regionId"
            FROM gl_entries WHERE document_type = 'journal' AND document_id = ${documentId} ORDER BY id`,
      );
    const lines = [line(westCash!.id, '7', ''), line(capital, '', '7')];
    // Posted on creation (the context read with the draft) and posted later (the context read by the transition).
    const created = await inject('POST', '/api/journals', { ...body(lines), post: true });
    expect(created.statusCode, created.body).toBe(201);
    const later = await draft(lines);
    expect((await inject('POST', `/api/journals/${later}/post`)).statusCode).toBe(200);
    for (const id of [created.json().data.id as number, later]) {
      expect((await stamps(id)).map((r) => ({ ...r, accountId: Number(r.accountId), regionId: r.regionId === null ? null : Number(r.regionId) }))).toEqual([
        { accountId: westCash!.id, debit: '7.00', credit: '0.00', regionId: west!.id },
        { accountId: capital, debit: '0.00', credit: '7.00', regionId: null },
      ]);
      const cancelled = await inject('POST', `/api/journals/${id}/cancel`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const reversalId = (await inject('GET', `/api/journals/${id}`)).json().data.reversalJournalId as number;
      expect((await stamps(reversalId)).map((r) => ({ ...r, accountId: Number(r.accountId), regionId: r.regionId === null ? null : Number(r.regionId) }))).toEqual([
        { accountId: westCash!.id, debit: '0.00', credit: '7.00', regionId: west!.id },
        { accountId: capital, debit: '7.00', credit: '0.00', regionId: null },
      ]);
    }
  });
});

async function headOf(name: string): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM account_heads WHERE head_name = ${name}`);
  return row?.id;
}

describe('the shared trigger (0005_documents.sql)', () => {
  it('refuses a direct change or delete of a posted document and any change of its lines', async () => {
    const id = await postedJournal();
    await expect(t.database.db.execute(sql`UPDATE journals SET narration = 'changed' WHERE id = ${id}`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`UPDATE journals SET journal_date = '2026-06-02' WHERE id = ${id}`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`UPDATE journals SET status = 'draft', journal_number = NULL WHERE id = ${id}`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`DELETE FROM journals WHERE id = ${id}`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`UPDATE journal_lines SET memo = 'x' WHERE journal_id = ${id}`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`DELETE FROM journal_lines WHERE journal_id = ${id}`)).rejects.toThrow();
    const draftId = await draft();
    await expect(t.database.db.execute(sql`UPDATE journal_lines SET journal_id = ${id} WHERE journal_id = ${draftId}`)).rejects.toThrow();
    const got = (await inject('GET', `/api/journals/${id}`)).json().data;
    expect(got).toMatchObject({ narration: 'Machinery', status: 'posted', lines: [{ memo: '' }, { memo: '' }] });
  });

  it('refuses a line added to a posted or cancelled journal, and lets one be added to a draft', async () => {
    const addLine = (id: number) =>
      t.database.db.execute(sql`INSERT INTO journal_lines (journal_id, line_no, account_id, debit, credit, memo)
        SELECT journal_id, 99, account_id, debit, credit, 'added' FROM journal_lines WHERE journal_id = ${id} AND line_no = 1`);
    const count = async (id: number) => Number((await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM journal_lines WHERE journal_id = ${id}`))[0]!.n);
    const posted = await postedJournal();
    await expect(addLine(posted)).rejects.toThrow();
    expect(await count(posted)).toBe(2);
    expect((await inject('POST', `/api/journals/${posted}/cancel`)).statusCode).toBe(200);
    await expect(addLine(posted)).rejects.toThrow();
    expect(await count(posted)).toBe(2);
    const draftId = await draft();
    await addLine(draftId);
    expect(await count(draftId)).toBe(3);
  });

  it('leaves a draft and its lines free to change, and lets a transition write status and stamps of a posted one', async () => {
    const id = await draft();
    await t.database.db.execute(sql`UPDATE journals SET narration = 'edited' WHERE id = ${id}`);
    await t.database.db.execute(sql`UPDATE journal_lines SET memo = 'edited' WHERE journal_id = ${id}`);
    expect((await inject('POST', `/api/journals/${id}/post`)).statusCode).toBe(200);
    expect((await inject('POST', `/api/journals/${id}/cancel`)).statusCode).toBe(200);
    const got = (await inject('GET', `/api/journals/${id}`)).json().data;
    expect(got).toMatchObject({ narration: 'edited', status: 'cancelled', cancelledBy: adminId, reversalJournalId: expect.any(Number) });
  });
});
