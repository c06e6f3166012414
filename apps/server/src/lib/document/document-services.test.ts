import { journalDocument } from '@erp/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../../db/schema/index.ts';
import { journalServices } from '../../modules/accounting/accounting.api.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import type { Actor } from '../actor.ts';
import { NotFoundError } from '../app-error.ts';

// A document type's services without a request: what another area calls (<area>.api.ts), answering as the routes do.
let t: TestApp;
let admin: Actor;
let cash: number;
let capital: number;
beforeAll(async () => {
  t = await createTestApp();
  const byCode = new Map((await t.database.db.select({ id: accounts.id, code: accounts.accountCode }).from(accounts)).map((a) => [a.code, a.id]));
  cash = byCode.get('1000')!;
  capital = byCode.get('3000')!;
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  admin = { userId: row!.id, role: 'admin', scopes: ['*'], permissions: {} };
});
afterAll(async () => t?.close());

type JournalInput = Parameters<typeof journalServices.create>[2];

// Services take input as the route's schema parsed it.
const input = (): JournalInput =>
  journalDocument.inputSchema.parse({
    journalDate: '2026-06-01',
    narration: 'Machinery',
    lines: [
      { accountId: cash, debit: '5', credit: '', memo: '' },
      { accountId: capital, debit: '', credit: '5', memo: '' },
    ],
  }) as unknown as JournalInput;

describe('documentServices', () => {
  it('creates, updates, posts and reads a document in the caller transaction, as the routes answer it', async () => {
    const db = t.database.db;
    const draft = await db.transaction((tx) => journalServices.create(tx, admin, input()));
    expect(draft).toMatchObject({ status: 'draft', narration: 'Machinery' });
    const updated = await db.transaction((tx) => journalServices.update(tx, admin, draft.id, { ...input(), narration: 'Tools' }));
    expect(updated).toMatchObject({ id: draft.id, narration: 'Tools' });
    const posted = await db.transaction((tx) => journalServices.run(tx, admin, draft.id, 'post'));
    expect(posted).toMatchObject({ id: draft.id, status: 'posted' });
    const read = await journalServices.read(db, admin, draft.id);
    const answered = await t.app.inject({ method: 'GET', url: `/api/journals/${draft.id}`, headers: bearer(t.adminToken) });
    expect(answered.json().data).toMatchObject({ id: read.id, status: read.status, journalNumber: read.journalNumber });
  });

  it('saves and posts in one transaction, deletes drafts, and reads a missing document as 404', async () => {
    const db = t.database.db;
    expect(await db.transaction((tx) => journalServices.createPosted(tx, admin, input()))).toMatchObject({ status: 'posted' });
    const draft = await db.transaction((tx) => journalServices.create(tx, admin, input()));
    await db.transaction((tx) => journalServices.remove(tx, admin, draft.id));
    await expect(journalServices.read(db, admin, draft.id)).rejects.toBeInstanceOf(NotFoundError);
  });
});
