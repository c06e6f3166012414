import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas } from '../../areas.ts';
import { z } from 'zod';
import { bindDocumentHooks } from '../../lib/document/document-hooks.ts';
import { foldServerAreas } from '../../modules/module.ts';
import { type SalesFixtures, salesFixtures } from '../sales-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../test-app.ts';
import { fixtureInvoiceHooks, fixtureRefusals } from './invoice-marks.ts';
import { migrateFixtureArea } from './fixture-migration.ts';
import { fixtureNotesModule, fixtureReservedRegion } from './notes.module.ts';

/**
 * Issue 16, section 1, the measure: an area is added by its own folder and one line in each
 * `areas.ts`. Here the line is `[...areas, fixtureNotesModule]`, the folder is this one.
 */
const folder = import.meta.dirname;
const serverSrc = resolve(folder, '../..');
const repo = resolve(serverSrc, '../../..');

let t: TestApp;
let region: number;

beforeAll(async () => {
  t = await createTestApp({ areas: [...areas, fixtureNotesModule] });
  await migrateFixtureArea(t.database.db);
  const created = await t.app.inject({ method: 'POST', url: '/api/regions', payload: { regionName: 'Fixture North', regionCode: 'FXN' }, headers: bearer(t.adminToken) });
  region = created.json().data.id;
});
afterAll(async () => t?.close());

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: bearer(t.adminToken) });
}

describe('a fixture area added to the fold', () => {
  it('serves its resource end to end: create, list with its reference joined, options', async () => {
    const created = await call('POST', '/api/fixture-notes', { noteTitle: 'First note', regionId: region });
    expect(created.statusCode, created.body).toBe(201);
    const list = await call('GET', '/api/fixture-notes');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([expect.objectContaining({ noteTitle: 'First note', region: { id: region, regionName: 'Fixture North' } })]);
    const options = await call('GET', '/api/fixture-notes/options?search=First');
    expect(options.json().options).toEqual([expect.objectContaining({ id: created.json().data.id, name: 'First note' })]);
    expect((await call('POST', '/api/fixture-notes', { regionId: region })).json().errors).toHaveProperty('noteTitle');
    // A region in use by a note is named when its delete is refused: the fold knows who references it.
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/regions/${region}`, headers: bearer(t.adminToken) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Fixture notes');
  });

  it("checks another area's resource from its manifest: a create or an update to what it refuses is 400 naming the field, nothing stored", async () => {
    const refused = await call('POST', '/api/regions', { regionName: fixtureReservedRegion, regionCode: 'FXR' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual({ regionName: 'The fixture area keeps this name' });
    const renamed = await call('PUT', `/api/regions/${region}`, { regionName: fixtureReservedRegion });
    expect(renamed.statusCode).toBe(400);
    expect((await call('GET', `/api/regions/${region}`)).json().data.regionName).toBe('Fixture North');
    expect(() => foldServerAreas([...areas, { name: 'stray', resourceChecks: { 'no-such-resource': async () => ({}) } }])).toThrow(/checks no-such-resource/);
  });

  it('makes its scope grantable and its posting key required in settings', async () => {
    expect(t.app.ctx.areas.scopes).toContain('fixture-notes:approve');
    expect(t.app.ctx.areas.postingAccounts.map((p) => p.key)).toContain('fixtureNotes');
    const chosen = (await call('GET', '/api/settings/posting-accounts')).json().postingAccounts as Record<string, number>;
    expect(chosen).not.toHaveProperty('fixtureNotes');
    const missing = await call('PUT', '/api/settings/posting-accounts', chosen);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ fixtureNotes: 'Fixture notes account is required' });
    const saved = await call('PUT', '/api/settings/posting-accounts', { ...chosen, fixtureNotes: chosen.salaries });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('GET', '/api/settings/posting-accounts')).json().postingAccounts.fixtureNotes).toBe(chosen.salaries);
  });

  it('serves its document on the machinery: a draft, then save-and-post with its ledger rows, number and state', async () => {
    const [expense] = (await call('GET', '/api/accounts/options?search=Rent')).json().options as Array<{ id: number }>;
    const today = new Date().toISOString().slice(0, 10);
    const draft = await call('POST', '/api/fixture-vouchers', { voucherDate: today, narration: 'Fixture draft', lines: [{ accountId: expense!.id, amount: '10.00' }] });
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json().data).toMatchObject({ status: 'draft', total: '10.00', documentNumber: null });
    const posted = await call('POST', '/api/fixture-vouchers', {
      voucherDate: today,
      narration: 'Fixture posted',
      lines: [
        { accountId: expense!.id, amount: '12.50' },
        { accountId: expense!.id, amount: '7.50' },
      ],
      post: true,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().data).toMatchObject({ status: 'posted', total: '20.00', documentNumber: expect.stringMatching(/^FXV-\d{4}-\d{6}$/) });
    const rows = (await t.database.db.execute(sql`SELECT sum(debit)::text AS debit, sum(credit)::text AS credit, count(*)::int AS count
      FROM gl_entries WHERE document_type = 'fixture-vouchers' AND document_id = ${posted.json().data.id}::int`)) as unknown as { rows: Array<{ debit: string; credit: string; count: number }> };
    expect(rows.rows[0]).toEqual({ debit: '20.00', credit: '20.00', count: 3 });
    const list = await call('GET', '/api/fixture-vouchers?status=posted');
    expect(list.json().data.map((row: { narration: string }) => row.narration)).toEqual(['Fixture posted']);
    expect((await call('POST', `/api/fixture-vouchers/${posted.json().data.id}/post`)).statusCode).toBe(409);
    // Its handlers, queries and binding together, within the 100 lines for a simple document.
    expect(readFileSync(join(folder, 'vouchers.binding.ts'), 'utf8').split('\n').length).toBeLessThanOrEqual(100);
  });

  it('adds its account and sub-head to the default chart and its title to the API document', async () => {
    const fold = foldServerAreas([...areas, fixtureNotesModule]);
    expect(fold.chart.accounts).toContainEqual(expect.objectContaining({ accountCode: '6990', postingKey: 'fixtureNotes' }));
    expect(fold.chart.heads.find((h) => h.headName === 'Expenses')?.subHeads).toContain('Fixture costs');
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(document.paths)).toContain('/api/fixture-notes');
    expect(document.tags.map((tag: { name: string }) => tag.name)).toContain('Fixture notes');
  });

  it('needed nothing outside its folder: no other file names it, and it imports only shared code', () => {
    const names = /fixture-notes|fixtureNotes|fixture_notes|fixture-vouchers|fixtureVoucher|fixture_voucher|fixtureCharge|fixture_charge|fixture-issues|fixtureIssue|fixture_issues/;
    const outside = [join(repo, 'apps/server/src'), join(repo, 'packages/domain/src'), join(repo, 'apps/web/src')]
      .flatMap((root) => readdirSync(root, { recursive: true, encoding: 'utf8' }).map((file) => join(root, file)))
      .filter((file) => /\.(ts|tsx|sql)$/.test(file) && !file.startsWith(folder + '/'))
      .filter((file) => names.test(readFileSync(file, 'utf8')));
    expect(outside.map((file) => relative(repo, file))).toEqual([]);

    const shared = [/^@erp\/domain$/, /^drizzle-orm(\/|$)/, /^zod$/, /^vitest$/, /^node:/];
    const sharedPaths = ['lib/', 'db/', 'ledger/', 'modules/module.ts', 'test/test-app.ts', 'test/sales-fixtures.ts', 'areas.ts'];
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.ts'))) {
      for (const [, specifier] of readFileSync(join(folder, file), 'utf8').matchAll(/^(?:import|export)\b[^;]*?from '([^']+)';$/gm)) {
        if (!specifier!.startsWith('.')) {
          expect(shared.some((pattern) => pattern.test(specifier!)), `${file}: ${specifier}`).toBe(true);
          continue;
        }
        const target = relative(serverSrc, resolve(dirname(join(folder, file)), specifier!));
        const inFolder = !relative(folder, resolve(folder, specifier!)).startsWith('..');
        // Another area only through its public file, as any area reaches it.
        const areaApi = /^modules\/[a-z-]+\/[a-z-]+\.api\.ts$/.test(target);
        expect(inFolder || areaApi || sharedPaths.some((path) => target.startsWith(path)), `${file}: ${specifier}`).toBe(true);
      }
    }
  });
});

describe('a fixture area hooked onto invoices through its manifest (issue 28, section 1)', () => {
  let f: SalesFixtures;
  let lot: number;
  beforeAll(async () => {
    f = await salesFixtures(t, 'Hook');
    [lot] = (await f.receive([{ itemId: f.gloves, quantity: 50, unitCost: '1.00' }])) as [number];
  });
  const invoice = (notes: string, post = true) =>
    f.call('POST', '/api/invoices', { customerId: f.customer.id, regionId: f.north, invoiceDate: f.today, notes, post, lines: [{ itemId: f.gloves, inventoryId: lot, quantity: 1, price: '2.00' }] });
  const count = async (table: 'invoices' | 'fixture_invoice_marks' | 'gl_entries') => (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]!.n;
  const marked = async (id: number) => (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM fixture_invoice_marks WHERE invoice_id = ${id}::int`))[0]!.n;
  const quantity = async () => Number((await queryRows<{ q: number }>(t.database.db, sql`SELECT quantity AS q FROM inventory WHERE id = ${lot}::int`))[0]!.q);

  it('marks each posted invoice in the posting\'s transaction, a save-and-post and a draft posted later alike', async () => {
    const posted = await invoice('fixture: plain');
    expect(posted.statusCode, posted.body).toBe(201);
    expect(await marked(posted.json().data.id)).toBe(1);
    const draft = await invoice('fixture: a draft first', false);
    expect(await marked(draft.json().data.id)).toBe(0);
    expect((await f.call('POST', `/api/invoices/${draft.json().data.id}/post`)).statusCode).toBe(200);
    expect(await marked(draft.json().data.id)).toBe(1);
  });

  it('adds its field to the invoice\'s answers: the get, the list rows and the posting\'s, null where it has no row', async () => {
    const posted = (await invoice('fixture: answered')).json().data;
    expect(posted.fixtureMarkedAt).toEqual(expect.any(String));
    const draft = (await invoice('fixture: answered draft', false)).json().data;
    expect(draft).toHaveProperty('fixtureMarkedAt', null);
    expect((await f.call('GET', `/api/invoices/${posted.id}`)).json().data.fixtureMarkedAt).toBe(posted.fixtureMarkedAt);
    const rows = (await f.call('GET', '/api/invoices?search=fixture: answered&pageSize=100')).json().data as { id: number; fixtureMarkedAt: string | null }[];
    expect(Object.fromEntries(rows.map((row) => [row.id, row.fixtureMarkedAt !== null]))).toMatchObject({ [posted.id]: true, [draft.id]: false });
    const twice = { answerFields: { invoices: { fields: { fixtureMarkedAt: z.string() }, read: async () => new Map() } } };
    // Thrown before anything is bound: this file's hooks stay as they are.
    expect(() => bindDocumentHooks([fixtureInvoiceHooks, twice])).toThrow(/fixtureMarkedAt is declared by two areas/);
  });

  it('refuses a posting before anything is written, and rolls the posting back when its hook fails after writing', async () => {
    for (const notes of [fixtureRefusals.beforePost, fixtureRefusals.afterMark]) {
      const before = { invoices: await count('invoices'), marks: await count('fixture_invoice_marks'), ledger: await count('gl_entries'), stock: await quantity() };
      const refused = await invoice(notes);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({ status: 409, message: notes === fixtureRefusals.beforePost ? 'The fixture area refuses this posting' : 'The fixture area refused after marking' });
      expect({ invoices: await count('invoices'), marks: await count('fixture_invoice_marks'), ledger: await count('gl_entries'), stock: await quantity() }).toEqual(before);
    }
  });

  it('refuses a draft\'s save, a create, an update and a save-and-post alike, storing nothing', async () => {
    const before = await count('invoices');
    for (const post of [false, true]) {
      const refused = await invoice(fixtureRefusals.beforeSave, post);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ status: 400, errors: { notes: 'The fixture area refuses these notes' } });
    }
    expect(await count('invoices')).toBe(before);
    const draft = (await invoice('fixture: saved draft', false)).json().data;
    const body = { customerId: f.customer.id, regionId: f.north, invoiceDate: f.today, notes: fixtureRefusals.beforeSave, lines: [{ itemId: f.gloves, inventoryId: lot, quantity: 1, price: '2.00' }] };
    const update = await f.call('PUT', `/api/invoices/${draft.id}`, body);
    expect(update.statusCode, update.body).toBe(400);
    expect((await f.call('GET', `/api/invoices/${draft.id}`)).json().data.notes).toBe('fixture: saved draft');
  });

  it("writes in a posting's statement what it prepared before it: the invoice's number, or nothing when it refuses", async () => {
    const numberOf = async (name: string, id: number) =>
      (await queryRows<{ n: string | null }>(t.database.db, sql`SELECT document_number AS n FROM fixture_posting_numbers WHERE document_name = ${name} AND document_id = ${id}::int`))[0]?.n;
    const posted = (await invoice('fixture: numbered')).json().data;
    expect(await numberOf('invoices', posted.id)).toBe(posted.documentNumber);
    const draft = (await invoice('fixture: numbered later', false)).json().data;
    expect(await numberOf('invoices', draft.id)).toBeUndefined();
    const later = (await f.call('POST', `/api/invoices/${draft.id}/post`)).json().data;
    expect(await numberOf('invoices', draft.id)).toBe(later.documentNumber);
    // A handler that never asks (the fixture's vouchers'): the machinery writes them after it, with the number it took.
    const [expense] = (await call('GET', '/api/accounts/options?search=Rent')).json().options as Array<{ id: number }>;
    const voucher = { voucherDate: f.today, lines: [{ accountId: expense!.id, amount: '3.00' }], post: true };
    const written = (await call('POST', '/api/fixture-vouchers', { ...voucher, narration: 'Fixture numbered' })).json().data;
    expect(await numberOf('fixture-vouchers', written.id)).toBe(written.documentNumber);
    const refusals = [() => invoice(fixtureRefusals.beforeWrites), () => call('POST', '/api/fixture-vouchers', { ...voucher, narration: fixtureRefusals.beforeWrites })];
    for (const refused of refusals) {
      const before = { invoices: await count('invoices'), ledger: await count('gl_entries'), stock: await quantity() };
      const answer = await refused();
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json()).toMatchObject({ status: 409, message: 'The fixture area refuses to write of this posting' });
      expect({ invoices: await count('invoices'), ledger: await count('gl_entries'), stock: await quantity() }).toEqual(before);
    }
  });

  it('guards the cancel of an invoice it keeps', async () => {
    const kept = await invoice(fixtureRefusals.beforeCancel);
    expect(kept.statusCode, kept.body).toBe(201);
    const refused = await f.call('POST', `/api/invoices/${kept.json().data.id}/cancel`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect((await f.call('GET', `/api/invoices/${kept.json().data.id}`)).json().data.status).toBe('posted');
    const other = await invoice('fixture: may go');
    expect((await f.call('POST', `/api/invoices/${other.json().data.id}/cancel`)).statusCode).toBe(200);
  });

  it('hands the hooks back when its app closes: an app of the shipped areas runs none of them', async () => {
    const shipped = await createTestApp();
    try {
      const fold = foldServerAreas([...areas, fixtureNotesModule]);
      expect(fold.areas.at(-1)?.onPosted).toHaveProperty('invoices');
      expect(() => foldServerAreas([{ name: 'stray', onPosted: { 'no-such-document': async () => undefined } }])).toThrow(/no-such-document/);
    } finally {
      await shipped.close();
    }
    // This file's app still runs its hooks once the other app has closed.
    const posted = await invoice('fixture: after the other app');
    expect(await marked(posted.json().data.id)).toBe(1);
  });
});
