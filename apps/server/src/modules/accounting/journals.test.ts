import { documentNumber, journalMessages, messages, periodReopenScope } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { accounts, auditLog, glEntries, journals } from '../../db/schema/index.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { todayIso } from '../../ledger/general-ledger.ts';

let t: TestApp;
let cash: number;
let bank: number;
let capital: number;
let salaries: number;
beforeAll(async () => {
  t = await createTestApp();
  const byCode = new Map((await t.database.db.select({ id: accounts.id, code: accounts.accountCode }).from(accounts)).map((a) => [a.code, a.id]));
  cash = byCode.get('1000')!;
  bank = byCode.get('1010')!;
  capital = byCode.get('3000')!;
  salaries = byCode.get('6100')!;
});
afterAll(async () => t?.close());

const as = (token: string) => ({ headers: bearer(token) });
const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = t.adminToken) =>
  t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), ...as(token) });
const line = (accountId: number, debit: string, credit: string, memo = '') => ({ accountId, debit, credit, memo });

async function draft(journalDate: string, lines: ReturnType<typeof line>[], narration = 'Test journal', token = t.adminToken): Promise<number> {
  const response = await inject('POST', '/api/journals', { journalDate, narration, lines }, token);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

const post = (id: number, token = t.adminToken) => inject('POST', `/api/journals/${id}/post`, undefined, token);

async function ledgerOf(accountId: number, from = '2000-01-01', to = '2099-12-31') {
  const response = await inject('GET', `/api/ledger/${accountId}?from=${from}&to=${to}&pageSize=1000`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('journal drafts', () => {
  it('are created, read with their lines, replaced and deleted while draft', async () => {
    const id = await draft('2026-01-05', [line(cash, '100.00', '', 'float'), line(capital, '', '100')]);
    const got = await inject('GET', `/api/journals/${id}`);
    expect(got.json().data).toMatchObject({
      id,
      journalNumber: null,
      journalDate: '2026-01-05',
      status: 'draft',
      totalDebit: '100.00',
      lines: [
        { lineNo: 1, accountId: cash, account: { id: cash, accountCode: '1000', accountName: 'Cash in hand' }, debit: '100.00', credit: '0.00', memo: 'float' },
        { lineNo: 2, accountId: capital, debit: '0.00', credit: '100.00' },
      ],
    });
    const updated = await inject('PUT', `/api/journals/${id}`, { journalDate: '2026-01-06', narration: 'Changed', lines: [line(cash, '5', ''), line(capital, '', '5')] });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ journalDate: '2026-01-06', narration: 'Changed', totalDebit: '5.00' });
    expect(updated.json().data.lines).toHaveLength(2);
    expect((await inject('DELETE', `/api/journals/${id}`)).statusCode).toBe(200);
    expect((await inject('GET', `/api/journals/${id}`)).statusCode).toBe(404);
  });

  it('refuse an account that does not exist, naming the line', async () => {
    const response = await inject('POST', '/api/journals', { journalDate: '2026-01-05', narration: 'x', lines: [line(cash, '1', ''), line(999999, '', '1')] });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ 'lines.1.accountId': 'Account does not exist' });
  });

  it('refuse lines whose total would not fit its column, naming lines', async () => {
    const max = '9999999999999999.99';
    const response = await inject('POST', '/api/journals', { journalDate: '2026-01-05', narration: 'x', lines: [line(cash, max, ''), line(bank, max, '')], post: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ lines: 'The debit total would have more than 16 digits before the decimal point' });
  });

  it('list with search, status and date filters', async () => {
    const id = await draft('2026-02-14', [line(cash, '1', ''), line(capital, '', '1')], 'Valentine float');
    const found = await inject('GET', '/api/journals?search=valentine&status=draft&from=2026-02-01&to=2026-02-28');
    expect(found.statusCode).toBe(200);
    expect(found.json().total).toBe(1);
    expect(found.json().data[0]).toMatchObject({ id, narration: 'Valentine float', status: 'draft', journalNumber: null, totalDebit: '1.00' });
    expect((await inject('GET', '/api/journals?search=valentine&status=posted')).json().total).toBe(0);
    expect((await inject('GET', '/api/journals?status=open')).statusCode).toBe(400);
    expect((await inject('GET', '/api/journals?sort=narration')).statusCode).toBe(400);
  });

  it('export the filtered list as CSV and Excel', async () => {
    await draft('2026-03-03', [line(cash, '2.50', ''), line(capital, '', '2.50')], 'Exported float');
    const csv = await inject('GET', '/api/journals/export?format=csv&search=exported');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/filename="journals-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines).toEqual(['Number,Date,Narration,Status,Total', ',2026-03-03,Exported float,draft,2.50']);
    const xlsx = await inject('GET', '/api/journals/export?format=xlsx&search=exported');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect((await inject('GET', '/api/journals/export?format=pdf')).statusCode).toBe(400);
  });
});

describe('posting refusals', () => {
  it.each([
    ['unbalanced', [line(1, '100.00', ''), line(2, '', '90.00')], { lines: journalMessages.unbalanced('100.00', '90.00') }],
    ['both sides', [line(1, '10', '10'), line(2, '', '0')], { 'lines.0.credit': journalMessages.bothSides }],
    ['neither side', [line(1, '10', ''), line(2, '', '10'), line(1, '', '')], { 'lines.2.debit': journalMessages.neitherSide }],
    ['negative', [line(1, '-10', ''), line(2, '', '-10')], { 'lines.0.debit': journalMessages.negative, 'lines.1.credit': journalMessages.negative }],
  ])('refuses a journal with %s lines, naming them, and writes nothing', async (_name, rawLines, expected) => {
    const lines = rawLines.map((l) => ({ ...l, accountId: l.accountId === 1 ? cash : capital }));
    const id = await draft('2026-03-01', lines);
    const entriesBefore = await t.database.db.$count(glEntries);
    const response = await post(id);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject(expected);
    expect(await t.database.db.$count(glEntries)).toBe(entriesBefore);
    expect((await inject('GET', `/api/journals/${id}`)).json().data.status).toBe('draft');
  });

  it('refuses an inactive account on its line', async () => {
    const created = await inject('POST', '/api/accounts', { accountCode: '6990', accountName: 'Closed expense', headId: await headId('Expenses'), kind: 'expense', active: true });
    expect(created.statusCode, created.body).toBe(201);
    const closed = created.json().data.id;
    expect((await inject('PUT', `/api/accounts/${closed}`, { active: false })).statusCode).toBe(200);
    const id = await draft('2026-03-02', [line(cash, '', '7'), line(closed, '7', '')]);
    const response = await post(id);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ 'lines.1.accountId': journalMessages.inactiveAccount });
  });

  it('refuses a date in a closed period, and posts again once reopened', async () => {
    const close = await inject('POST', '/api/accounting/period-close', { closedThrough: '2026-03-31' });
    expect(close.json()).toMatchObject({ status: 200, closedThrough: '2026-03-31' });
    expect((await inject('GET', '/api/accounting/period-close')).json().closedThrough).toBe('2026-03-31');
    const id = await draft('2026-03-31', [line(cash, '3', ''), line(capital, '', '3')]);
    const refused = await post(id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ journalDate: journalMessages.closedPeriod('2026-03-31') });
    expect((await inject('POST', '/api/accounting/period-reopen', { closedThrough: null })).statusCode).toBe(200);
    expect((await post(id)).statusCode).toBe(200);
  });

  it('closes forward only and never past today; reopening is its own audited action for the admin (issue 17)', async () => {
    const closeTo = (closedThrough: unknown, token = t.adminToken) => inject('POST', '/api/accounting/period-close', { closedThrough }, token);
    const reopenTo = (closedThrough: unknown, token = t.adminToken) => inject('POST', '/api/accounting/period-reopen', { closedThrough }, token);
    const future = await closeTo('2999-12-31');
    expect(future.statusCode).toBe(400);
    expect(future.json().errors.closedThrough).toMatch(/must not be after today/);
    expect((await closeTo(null)).statusCode).toBe(400);

    const accountant = await t.userWithRole('accountant');
    expect((await closeTo('2026-04-30', accountant.token)).statusCode).toBe(200);
    expect((await closeTo('2026-04-30', accountant.token)).statusCode).toBe(200);
    const backwards = await closeTo('2026-01-31', accountant.token);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.closedThrough).toMatch(/its own action/);
    expect((await inject('GET', '/api/accounting/period-close')).json().closedThrough).toBe('2026-04-30');

    // Only the admin reopens: not the accountant, not even one granted the scope.
    expect((await reopenTo('2026-01-31', accountant.token)).statusCode).toBe(403);
    const granted = await t.userWithRole('accountant', { scopes: [periodReopenScope] });
    expect((await reopenTo('2026-01-31', granted.token)).statusCode).toBe(403);
    expect((await reopenTo('2026-05-31')).statusCode).toBe(400);
    const reopened = await reopenTo('2026-01-31');
    expect(reopened.json()).toMatchObject({ status: 200, closedThrough: '2026-01-31' });
    const audits = await t.database.db.select({ action: auditLog.action, before: auditLog.before, after: auditLog.after }).from(auditLog).where(eq(auditLog.resource, 'period-close')).orderBy(auditLog.id);
    expect(audits.at(-1)).toEqual({ action: 'reopen-period', before: { closedThrough: '2026-04-30' }, after: { closedThrough: '2026-01-31' } });
    expect((await reopenTo(null)).statusCode).toBe(200);
    expect((await reopenTo(null)).statusCode).toBe(400);
  });
});

async function headId(name: string): Promise<number> {
  const response = await inject('GET', `/api/account-heads?search=${encodeURIComponent(name)}`);
  return response.json().data.find((h: { headName: string }) => h.headName === name).id;
}

describe('posting and cancelling', () => {
  it('posts once, numbered, immutable; cancel reverses today, links both ways and nets the ledger to zero', async () => {
    const cashBefore = (await ledgerOf(cash)).closingBalance;
    const id = await draft('2026-04-10', [line(cash, '1500.50', ''), line(capital, '', '1500.50')], 'Owner top-up');
    const posted = await post(id);
    expect(posted.statusCode).toBe(200);
    const journal = posted.json().data;
    expect(journal).toMatchObject({ status: 'posted', journalNumber: expect.stringMatching(/^JV-2026-\d{6}$/) });
    expect(journal.postedAt).toBeTruthy();

    const again = await post(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(journalMessages.cannot('post', 'posted'));
    expect((await inject('PUT', `/api/journals/${id}`, { journalDate: '2026-04-10', narration: 'x', lines: [line(cash, '1', ''), line(capital, '', '1')] })).statusCode).toBe(409);
    expect((await inject('DELETE', `/api/journals/${id}`)).statusCode).toBe(409);

    const cancelled = await inject('POST', `/api/journals/${id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const original = cancelled.json().data;
    expect(original.status).toBe('cancelled');
    const reversal = (await inject('GET', `/api/journals/${original.reversalJournalId}`)).json().data;
    expect(reversal).toMatchObject({ status: 'posted', journalDate: todayIso(), reversesJournalId: id, totalDebit: '1500.50' });
    expect(reversal.journalNumber).not.toBe(journal.journalNumber);
    expect(reversal.lines.map((l: { accountId: number; debit: string; credit: string }) => [l.accountId, l.debit, l.credit])).toEqual([
      [cash, '0.00', '1500.50'],
      [capital, '1500.50', '0.00'],
    ]);
    const rows = await queryRows<{ documentId: number; debit: string; credit: string; entryDate: string }>(
      t.database.db,
      sql`SELECT document_id AS "documentId", debit::text, credit::text, entry_date::text AS "entryDate" FROM gl_entries
          WHERE document_type = 'journal' AND document_id IN (${id}, ${reversal.id}) ORDER BY id`,
    );
    expect(rows).toHaveLength(4);
    expect(rows.slice(2).every((r) => r.entryDate === todayIso() && Number(r.documentId) === reversal.id)).toBe(true);
    expect((await ledgerOf(cash)).closingBalance).toBe(cashBefore);
    expect((await inject('POST', `/api/journals/${id}/cancel`)).statusCode).toBe(409);
    const audits = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.recordId, String(id)));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['create', 'post', 'cancel']));
  });

  it('saves and posts in one request (create or replace); a refusal stores nothing', async () => {
    const journalsBefore = await t.database.db.$count(journals);
    const closedDay = '2026-02-28';
    expect((await inject('POST', '/api/accounting/period-close', { closedThrough: closedDay })).statusCode).toBe(200);
    const refused = await inject('POST', '/api/journals', { journalDate: closedDay, narration: 'Too late', lines: [line(cash, '2', ''), line(capital, '', '2')], post: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ journalDate: journalMessages.closedPeriod(closedDay) });
    const unbalanced = await inject('POST', '/api/journals', { journalDate: '2026-05-02', narration: 'Off', lines: [line(cash, '2', ''), line(capital, '', '3')], post: true });
    expect(unbalanced.statusCode).toBe(400);
    expect(await t.database.db.$count(journals)).toBe(journalsBefore);
    expect((await inject('POST', '/api/accounting/period-reopen', { closedThrough: null })).statusCode).toBe(200);

    const created = await inject('POST', '/api/journals', { journalDate: '2026-05-02', narration: 'In one go', lines: [line(cash, '7.5', '', 'm'), line(capital, '', '7.50')], post: true });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe('Journal posted');
    const journal = created.json().data;
    expect(journal).toMatchObject({ status: 'posted', journalNumber: expect.stringMatching(/^JV-2026-\d{6}$/), postedByName: expect.any(String) });
    // The answer is built from what was written; it must be what a read gives.
    expect((await inject('GET', `/api/journals/${journal.id}`)).json().data).toEqual(journal);
    const [entries] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM gl_entries WHERE document_type = 'journal' AND document_id = ${journal.id}`);
    expect(entries!.n).toBe(2);
    const audits = await t.database.db.select({ action: auditLog.action, after: auditLog.after }).from(auditLog).where(eq(auditLog.recordId, String(journal.id)));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'post']);
    expect(audits.find((a) => a.action === 'post')!.after).toEqual({ status: 'posted', journalNumber: journal.journalNumber });

    const id = await draft('2026-05-03', [line(cash, '1', ''), line(capital, '', '1')]);
    const saved = (await inject('GET', `/api/journals/${id}`)).json().data;
    const replaced = await inject('PUT', `/api/journals/${id}`, { journalDate: '2026-05-04', narration: 'Replaced and posted', lines: [line(bank, '4', ''), line(capital, '', '4')], post: true });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data).toMatchObject({ status: 'posted', journalDate: '2026-05-04', totalDebit: '4.00', createdAt: saved.createdAt });
    expect((await inject('GET', `/api/journals/${id}`)).json().data).toEqual(replaced.json().data);
  });

  it('answers a draft save and a post with what a read gives', async () => {
    const created = await inject('POST', '/api/journals', { journalDate: '2026-05-05', narration: 'Draft', lines: [line(cash, '3', '', 'x'), line(capital, '', '3')] });
    const id = created.json().data.id;
    expect((await inject('GET', `/api/journals/${id}`)).json().data).toEqual(created.json().data);
    const updated = await inject('PUT', `/api/journals/${id}`, { journalDate: '2026-05-06', narration: 'Draft 2', lines: [line(cash, '4', ''), line(bank, '', '4')] });
    expect((await inject('GET', `/api/journals/${id}`)).json().data).toEqual(updated.json().data);
    const posted = await post(id);
    expect((await inject('GET', `/api/journals/${id}`)).json().data).toEqual(posted.json().data);
  });

  it('numbers past 999,999 in the same format as the domain', async () => {
    await t.database.db.execute(sql`INSERT INTO document_sequences (doc_type, year, last_number) VALUES ('JV', 2041, 999999)`);
    const response = await inject('POST', '/api/journals', { journalDate: '2041-01-02', narration: 'Big', lines: [line(cash, '1', ''), line(capital, '', '1')], post: true });
    expect(response.json().data.journalNumber).toBe(documentNumber('JV', 2041, 1_000_000));
  });

  it('the database refuses to update or delete a general-ledger row or a posted journal line', async () => {
    const id = await draft('2026-04-11', [line(bank, '10', ''), line(capital, '', '10')]);
    expect((await post(id)).statusCode).toBe(200);
    await expect(t.database.db.execute(sql`UPDATE gl_entries SET debit = debit + 1 WHERE document_id = ${id} AND document_type = 'journal'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`DELETE FROM gl_entries WHERE document_id = ${id} AND document_type = 'journal'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`UPDATE journal_lines SET debit = 11 WHERE journal_id = ${id}`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`DELETE FROM journals WHERE id = ${id}`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`UPDATE journals SET narration = 'changed' WHERE id = ${id}`)).rejects.toThrow();
    const [row] = await queryRows<{ debit: string }>(t.database.db, sql`SELECT sum(debit)::text AS debit FROM gl_entries WHERE document_id = ${id} AND document_type = 'journal'`);
    expect(row!.debit).toBe('10.00');
  });

  it('numbers 20 concurrent posts JV-2031-000001..000020 without a gap; a refused post takes no number', async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => draft(`2031-05-${String(1 + (i % 28)).padStart(2, '0')}`, [line(cash, `${i + 1}.00`, ''), line(capital, '', `${i + 1}.00`)])));
    const responses = await Promise.all(ids.map((id) => post(id)));
    expect(responses.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    const numbers = responses.map((r) => r.json().data.journalNumber as string).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `JV-2031-${String(i + 1).padStart(6, '0')}`));
    const bad = await draft('2031-06-01', [line(cash, '1', ''), line(capital, '', '2')]);
    expect((await post(bad)).statusCode).toBe(400);
    const good = await draft('2031-06-01', [line(cash, '1', ''), line(capital, '', '1')]);
    expect((await post(good)).json().data.journalNumber).toBe('JV-2031-000021');
  });

  it('sums exactly: 0.10 and 0.20 posted 30 times make 9.00, not float noise', async () => {
    const a = (await inject('POST', '/api/accounts', { accountCode: '1901', accountName: 'Decimal A', headId: await headId('Assets'), kind: 'other', active: true })).json().data.id;
    const b = (await inject('POST', '/api/accounts', { accountCode: '2901', accountName: 'Decimal B', headId: await headId('Liabilities'), kind: 'other', active: true })).json().data.id;
    for (let i = 0; i < 30; i++) {
      const id = await draft('2032-01-10', [line(a, '0.10', ''), line(a, '0.20', ''), line(b, '', '0.30')]);
      expect((await post(id)).statusCode).toBe(200);
    }
    const ledger = await ledgerOf(a, '2032-01-01', '2032-12-31');
    expect(ledger.totals).toEqual({ debit: '9.00', credit: '0.00', count: 60 });
    expect(ledger.closingBalance).toBe('9.00');
    expect(ledger.rows.at(-1).balance).toBe('9.00');
    const trial = (await inject('GET', '/api/accounting/trial-balance?from=2032-01-01&to=2032-12-31')).json();
    expect(trial.rows.find((r: { accountId: number }) => r.accountId === b)).toMatchObject({ credit: '9.00', closing: '-9.00' });
    expect(trial.totals.debit).toBe(trial.totals.credit);
  });
});

describe('access', () => {
  it('the auditor reads journals, ledgers and statements but cannot post', async () => {
    const auditor = await t.userWithRole('auditor');
    expect((await inject('GET', '/api/journals', undefined, auditor.token)).statusCode).toBe(200);
    expect((await inject('GET', `/api/ledger/${cash}`, undefined, auditor.token)).statusCode).toBe(200);
    expect((await inject('GET', '/api/accounting/trial-balance', undefined, auditor.token)).statusCode).toBe(200);
    const id = await draft('2026-05-01', [line(cash, '1', ''), line(capital, '', '1')]);
    const refused = await post(id, auditor.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.readOnly);
    expect((await inject('POST', '/api/journals', { journalDate: '2026-05-01', narration: 'x', lines: [] }, auditor.token)).statusCode).toBe(403);
    expect((await inject('POST', '/api/accounting/period-close', { closedThrough: '2026-01-01' }, auditor.token)).statusCode).toBe(403);
  });

  it("a sales executive may read a customer's ledger, not the cash book, the accounts, journals or statements", async () => {
    const sales = await t.userWithRole('salesExecutive');
    expect((await inject('GET', '/api/accounts', undefined, sales.token)).statusCode).toBe(403);
    expect((await inject('GET', '/api/journals', undefined, sales.token)).statusCode).toBe(403);
    expect((await inject('GET', '/api/accounting/trial-balance', undefined, sales.token)).statusCode).toBe(403);
    // Cash, or Salaries payable (each employee's net pay): missing to them, the export too.
    expect((await inject('GET', `/api/ledger/${cash}`, undefined, sales.token)).statusCode).toBe(404);
    expect((await inject('GET', `/api/ledger/${salaries}/export?format=csv`, undefined, sales.token)).statusCode).toBe(404);
    const region = await inject('POST', '/api/regions', { regionName: 'Ledger North', regionCode: 'LGN' });
    expect(region.statusCode, region.body).toBe(201);
    const created = await inject('POST', '/api/customers', { customerName: 'Ledger Reader Clinic', customerType: 'clinic', regionId: region.json().data.id, creditLimit: '0.00', paymentTermsDays: 30, active: true });
    expect(created.statusCode, created.body).toBe(201);
    expect((await inject('GET', `/api/ledger/${created.json().data.accountId}`, undefined, sales.token)).statusCode).toBe(200);
  });

  it('account options carry the keys of spec section 3; posting accounts are read and replaced', async () => {
    const options = (await inject('GET', '/api/accounts/options?search=salaries')).json().options;
    expect(options.find((o: { accountId: number }) => o.accountId === salaries)).toEqual({
      id: salaries,
      name: 'Salaries',
      accountId: salaries,
      accountName: 'Salaries',
      accountCode: '6100',
      accountHead: 'Expenses',
      subHead: 'Operating expenses',
      headId: expect.any(Number),
      subHeadId: expect.any(Number),
      regionId: null,
      region: null,
      active: true,
      kind: 'expense',
      currency: 'PKR',
    });
    const current = (await inject('GET', '/api/settings/posting-accounts')).json().postingAccounts;
    expect(current).toMatchObject({ cash, salaries });
    const refused = await inject('PUT', '/api/settings/posting-accounts', { ...current, cash: 999999 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ cash: 'Account does not exist' });
    const saved = await inject('PUT', '/api/settings/posting-accounts', { ...current, cash: bank });
    expect(saved.json().postingAccounts.cash).toBe(bank);
    const accountant = await t.userWithRole('accountant');
    expect((await inject('GET', '/api/settings/posting-accounts', undefined, accountant.token)).statusCode).toBe(200);
    expect((await inject('PUT', '/api/settings/posting-accounts', current, accountant.token)).statusCode).toBe(403);
  });
});
