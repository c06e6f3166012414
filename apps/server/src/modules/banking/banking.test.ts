import { bankingMessages } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type ChequeFixtures, chequeFixtures, daysFrom } from '../../test/cheque-fixtures.ts';
import { csvOf, importClient, multipartFile } from '../../test/import-upload.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let f: ChequeFixtures;
let imports: ReturnType<typeof importClient>;

beforeAll(async () => {
  t = await createTestApp();
  f = await chequeFixtures(t, 'Bnk');
  imports = importClient(t.app, 'bank-statement');
});
afterAll(async () => t?.close());

const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const ok = (response: { statusCode: number; body: string }, code = 200) => {
  expect(response.statusCode, response.body).toBe(code);
  return JSON.parse(response.body);
};

/** Uploads a file for the bank account and runs it: the preview and the run's answer. */
async function importStatement(file: Buffer, accountId = f.accounts.bank, token = t.adminToken) {
  const upload = multipartFile('statement.csv', file);
  const preview = ok(await t.app.inject({ method: 'POST', url: `/api/imports/bank-statement/preview?bankAccountId=${accountId}`, payload: upload.payload, headers: { ...upload.headers, ...bearer(token) } }));
  return { preview, run: ok(await imports.run(preview.jobId, { mode: 'validOnly' }, token)) };
}

describe('a statement of 5 lines matched, completed from its lines, reconciled and locked (issue 33, section 7)', () => {
  it('auto-matches a receipt and a payment by reference and a deposited cheque by number (now cleared), skips the file again, creates a bank charge and a receipt, reconciles to 0.00 with a deposit in transit, locks, and refuses an unmatch', async () => {
    const today = f.today;
    const bank = f.accounts.bank;
    const invoice1 = await f.invoice(f.customer.id, '500.00');
    const r1 = ok(await f.call('POST', '/api/receipts', { customerId: f.customer.id, receiptDate: today, method: 'bank', accountId: bank, amount: '585.00', reference: 'TRX-1001', post: true }), 201).data;
    expect(r1.allocations[0].invoiceId).toBe(invoice1.id);
    const p1 = ok(await f.call('POST', '/api/payments', { payeeType: 'expense', expenseAccountId: f.accounts.expense, paymentDate: today, method: 'bank', accountId: bank, amount: '1000.00', reference: 'PAY/77', post: true }), 201).data;
    await f.invoice(f.customer.id, '500.00');
    const cheque = await f.chequeReceipt({ amount: '585.00', chequeDate: today });
    ok(await f.call('POST', `/api/cheques/${cheque.chequeId}/deposit`, { bankAccountId: bank, depositDate: today }));
    const chequeNumber = (await f.call('GET', `/api/cheques/${cheque.chequeId}`)).json().data.chequeNumber as string;
    // A deposit the bank has not credited yet: in transit at the period end.
    ok(await f.call('POST', '/api/receipts', { customerId: f.customer.id, receiptDate: today, method: 'bank', accountId: bank, amount: '300.00', reference: 'DIT-1', post: true }), 201);
    const invoice3 = await f.invoice(f.customer.id, '500.00');

    const file = csvOf([
      ['Date', 'Description', 'Reference', 'Cheque No', 'Debit', 'Credit', 'Balance'],
      [dmy(today), 'IBFT Bnk General Hospital', 'trx 1001', '', '', '585.00', '585.00'],
      [dmy(today), 'Online payment', 'PAY-77', '', '1,000.00', '', '-415.00'],
      [dmy(daysFrom(f, 1)), 'Clearing', '', chequeNumber, '', '585.00', '170.00'],
      [dmy(daysFrom(f, 1)), 'Service charges', '', '', '250.00', '', '-80.00'],
      [dmy(daysFrom(f, 2)), 'IBFT Bnk General Hospital', 'IBFT-9', '', '', '585.00', '505.00'],
    ]);
    const { preview, run } = await importStatement(file);
    expect(preview).toMatchObject({ totalRows: 5, validRows: 5, invalidRows: 0 });
    expect(preview.mapping).toMatchObject({ date: 'Date', description: 'Description', reference: 'Reference', chequeNumber: 'Cheque No', debit: 'Debit', credit: 'Credit', balance: 'Balance' });
    expect(run).toMatchObject({ imported: 5, skipped: 0, rejected: 0 });
    const statementId = run.statementId as number;
    const statement = ok(await f.call('GET', `/api/bank-statements/${statementId}`)).data;
    expect(statement).toMatchObject({ bankAccountId: bank, fromDate: today, toDate: daysFrom(f, 2), openingBalance: '0.00', closingBalance: '505.00', lineCount: 5, matchedCount: 0 });
    expect(statement.documentNumber).toMatch(/^BST-\d{4}-\d{6}$/);
    expect(statement.lines.map((l: { amount: string }) => l.amount)).toEqual(['585.00', '-1000.00', '585.00', '-250.00', '585.00']);

    const matched = ok(await f.call('POST', `/api/bank-statements/${statementId}/auto-match`));
    expect(matched).toMatchObject({ matched: 3, unmatched: 2 });
    const lines = matched.data.lines as Array<{ id: number; status: string; matches: Array<{ documentType: string; documentId: number; chequeId: number | null }> }>;
    expect(lines.map((l) => l.status)).toEqual(['matched', 'matched', 'matched', 'unmatched', 'unmatched']);
    expect(lines[0]!.matches[0]).toMatchObject({ documentType: 'receipts', documentId: r1.id });
    expect(lines[1]!.matches[0]).toMatchObject({ documentType: 'payments', documentId: p1.id });
    expect(lines[2]!.matches[0]).toMatchObject({ documentType: 'cheques', documentId: cheque.chequeId, chequeId: cheque.chequeId });
    const cleared = (await f.call('GET', `/api/cheques/${cheque.chequeId}`)).json().data;
    expect(cleared).toMatchObject({ status: 'cleared', clearDate: daysFrom(f, 1) });

    // The same file again: every line held, nothing stored.
    const again = await importStatement(file);
    expect(again.run).toMatchObject({ imported: 0, skipped: 5, rejected: 0, statementId: null });
    expect((await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM bank_statement_lines`))[0]!.n).toBe(5);

    const suggestions = ok(await f.call('GET', `/api/bank-statement-lines/${lines[4]!.id}/suggestions`)).data;
    expect(Array.isArray(suggestions)).toBe(true);

    const charge = ok(await f.call('POST', `/api/bank-statement-lines/${lines[3]!.id}/create`, { kind: 'bankCharge' }), 201);
    expect(charge.document.documentNumber).toMatch(/^JV-/);
    expect(charge.line).toMatchObject({ status: 'matched', matches: [{ documentType: 'journal', amount: '-250.00', date: daysFrom(f, 1) }] });
    const wrong = await f.call('POST', `/api/bank-statement-lines/${lines[4]!.id}/create`, { kind: 'payment', vendorId: f.vendor.id });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().errors)).toEqual(['kind']);
    const receipt = ok(await f.call('POST', `/api/bank-statement-lines/${lines[4]!.id}/create`, { kind: 'receipt', customerId: f.customer.id }), 201);
    expect(receipt.document.documentType).toBe('receipts');
    const posted = ok(await f.call('GET', `/api/receipts/${receipt.document.id}`)).data;
    expect(posted).toMatchObject({ receiptDate: daysFrom(f, 2), reference: 'IBFT-9', amount: '585.00', status: 'posted' });
    expect(posted.allocations.map((a: { invoiceId: number }) => a.invoiceId)).toEqual([invoice3.id]);

    const rec = ok(await f.call('POST', '/api/bank-reconciliations', { bankAccountId: bank, periodEnd: daysFrom(f, 2) }), 201).data;
    expect(rec).toMatchObject({
      status: 'draft',
      bookBalance: '805.00',
      statementBalance: '505.00',
      outstandingDeposits: '300.00',
      outstandingPayments: '0.00',
      unrecordedLines: '0.00',
      adjustedBalance: '505.00',
      difference: '0.00',
      unmatchedLines: [],
    });
    expect(rec.unmatchedEntries).toMatchObject([{ amount: '300.00', documentType: 'receipts' }]);
    expect(ok(await f.call('GET', `/api/bank-reconciliations/${rec.id}`)).data).toEqual(rec);

    const locked = ok(await f.call('POST', `/api/bank-reconciliations/${rec.id}/lock`)).data;
    expect(locked).toMatchObject({ status: 'locked', difference: '0.00', bookBalance: '805.00' });
    expect(locked.documentNumber).toMatch(/^BRC-\d{4}-\d{6}$/);
    const unmatch = await f.call('POST', `/api/bank-statement-lines/${lines[0]!.id}/unmatch`);
    expect(unmatch.statusCode, unmatch.body).toBe(409);
    expect((await f.call('DELETE', `/api/bank-statements/${statementId}`)).statusCode).toBe(409);

    const pdf = await t.app.inject({ method: 'GET', url: `/api/bank-reconciliations/${rec.id}/pdf`, headers: bearer(t.adminToken) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const csv = await t.app.inject({ method: 'GET', url: `/api/bank-reconciliations/${rec.id}/export?format=csv`, headers: bearer(t.adminToken) });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Add: deposits in transit');

    // Unlock is the admin's; the accountant is refused.
    const accountant = await t.userWithRole('accountant');
    const refused = await t.app.inject({ method: 'POST', url: `/api/bank-reconciliations/${rec.id}/unlock`, headers: bearer(accountant.token) });
    expect(refused.statusCode).toBe(403);
    expect(ok(await f.call('POST', `/api/bank-reconciliations/${rec.id}/unlock`)).data.status).toBe('draft');
    expect(ok(await f.call('POST', `/api/bank-statement-lines/${lines[0]!.id}/unmatch`)).data.status).toBe('unmatched');
  });
});

describe('cheques matched from lines', () => {
  it('a line dated before the deposit stays a suggestion (its clearing refused, the cheque still deposited); matched by hand it is refused on clearDate; a later line matched by hand clears it, and holds it (409 for another)', async () => {
    const cheque = await f.chequeReceipt({ amount: '77.00', chequeDate: daysFrom(f, 3) });
    ok(await f.call('POST', `/api/cheques/${cheque.chequeId}/deposit`, { bankAccountId: f.accounts.bank, depositDate: daysFrom(f, 3) }));
    const { chequeNumber } = (await f.call('GET', `/api/cheques/${cheque.chequeId}`)).json().data as { chequeNumber: string };
    const statement = ok(await f.call('POST', '/api/bank-statements', {
      bankAccountId: f.accounts.bank,
      lines: [
        { lineDate: daysFrom(f, 1), description: 'Clearing early', chequeNumber, amount: '77.00' },
        { lineDate: daysFrom(f, 4), description: 'Clearing', reference: 'LATER', amount: '77.00' },
      ],
    }), 201).data;
    const [early, later] = statement.lines as Array<{ id: number }>;
    const answer = ok(await f.call('POST', `/api/bank-statements/${statement.id}/auto-match`));
    expect(answer).toMatchObject({ matched: 0, suggested: 1, unmatched: 2 });
    expect((await f.call('GET', `/api/cheques/${cheque.chequeId}`)).json().data.status).toBe('deposited');
    const refused = await f.call('POST', `/api/bank-statement-lines/${early!.id}/match`, { entries: [{ chequeId: cheque.chequeId }] });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual(['clearDate']);
    const matched = ok(await f.call('POST', `/api/bank-statement-lines/${later!.id}/match`, { entries: [{ chequeId: cheque.chequeId }] })).data;
    expect(matched).toMatchObject({ status: 'matched', matches: [{ chequeId: cheque.chequeId, documentType: 'cheques', amount: '77.00', date: daysFrom(f, 4) }] });
    expect((await f.call('GET', `/api/cheques/${cheque.chequeId}`)).json().data).toMatchObject({ status: 'cleared', clearDate: daysFrom(f, 4) });
    const taken = await f.call('POST', `/api/bank-statement-lines/${early!.id}/match`, { entries: [{ chequeId: cheque.chequeId }] });
    expect(taken.statusCode).toBe(409);
    expect(Object.keys(taken.json().errors)).toEqual(['entries.0']);
  });
});

describe('create from a line against its own bank account', () => {
  it('is refused, naming accountId, for a journal, a bank charge and an expense payment: Dr bank, Cr bank would add to 0 and match both rows to the line', async () => {
    const statement = ok(await f.call('POST', '/api/bank-statements', { bankAccountId: f.accounts.bank, lines: [{ lineDate: daysFrom(f, 5), description: 'Own account', reference: 'SELF-1', amount: '-40.00' }] }), 201).data;
    const lineId = statement.lines[0].id as number;
    const journals = async () => (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM journals`))[0]!.n;
    const before = await journals();
    for (const kind of ['journal', 'bankCharge', 'payment'] as const) {
      const refused = await f.call('POST', `/api/bank-statement-lines/${lineId}/create`, { kind, accountId: f.accounts.bank });
      expect(refused.statusCode, `${kind}: ${refused.body}`).toBe(400);
      expect(refused.json().errors, kind).toEqual({ accountId: bankingMessages.otherThanBankAccount });
    }
    expect(await journals()).toBe(before);
    expect(ok(await f.call('GET', `/api/bank-statements/${statement.id}`)).data.lines[0]).toMatchObject({ status: 'unmatched', matches: [] });
    // Against another account it posts and matches.
    const charge = ok(await f.call('POST', `/api/bank-statement-lines/${lineId}/create`, { kind: 'journal', accountId: f.accounts.expense }), 201);
    expect(charge.line).toMatchObject({ status: 'matched', matches: [{ documentType: 'journal', amount: '-40.00' }] });
  });
});

describe('a rule with a tolerance', () => {
  it('matches an entry of another amount within it, days before the line, and leaves one further than every window', async () => {
    const account = ok(await f.call('POST', '/api/accounts', { accountCode: '1018', accountName: 'Tolerance bank', headId: await headOf(f.accounts.bank), kind: 'bank' }), 201).data;
    ok(await f.call('POST', '/api/bank-match-rules', { ruleName: 'Near amount', bankAccountId: account.id, priority: 1, matchWith: 'any', amountTolerance: '5.00', dateWindowDays: 5, referenceRequired: false, active: true }), 201);
    const receipt = async (amount: string, receiptDate: string) =>
      ok(await f.call('POST', '/api/receipts', { customerId: f.customer.id, receiptDate, method: 'bank', accountId: account.id, amount, reference: '', allocations: [], post: true }), 201).data;
    const near = await receipt('1000.00', f.today);
    await receipt('2000.00', daysFrom(f, -20));
    const statement = ok(await f.call('POST', '/api/bank-statements', {
      bankAccountId: account.id,
      lines: [
        { lineDate: daysFrom(f, 4), description: 'Deposit less charges', amount: '998.00' },
        { lineDate: daysFrom(f, 4), description: 'Old deposit', amount: '2000.00' },
      ],
    }), 201).data;
    const answer = ok(await f.call('POST', `/api/bank-statements/${statement.id}/auto-match`));
    expect(answer).toMatchObject({ matched: 1, suggested: 0, unmatched: 1 });
    expect(answer.data.lines[0]).toMatchObject({ status: 'matched', matches: [{ documentType: 'receipts', documentId: near.id, amount: '1000.00' }] });
  });
});

describe('roles and row scope (issue 33, section 6)', () => {
  it('the auditor reads and is refused writes; the inventory supervisor and sales roles are refused; a user kept to regions finds a company-wide account’s statements missing, a north bank account’s present', async () => {
    const created = ok(await f.call('POST', '/api/bank-statements', { bankAccountId: f.accounts.bank, lines: [{ lineDate: f.today, description: 'Roles', amount: '-12.00' }] }), 201).data;
    const auditor = (await t.userWithRole('auditor')).token;
    expect((await t.app.inject({ method: 'GET', url: `/api/bank-statements/${created.id}`, headers: bearer(auditor) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/bank-statements/${created.id}/auto-match`, headers: bearer(auditor) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/bank-statement-lines/${created.lines[0].id}/create`, headers: bearer(auditor), payload: { kind: 'bankCharge' } })).statusCode).toBe(403);
    for (const role of ['inventorySupervisor', 'salesExecutive'] as const) {
      const token = (await t.userWithRole(role)).token;
      expect((await t.app.inject({ method: 'GET', url: '/api/bank-statements', headers: bearer(token) })).statusCode, role).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/bank-reconciliations', headers: bearer(token) })).statusCode, role).toBe(403);
    }
    const northUser = await t.userWithRole('accountant');
    await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions: [f.north] })}::jsonb WHERE id = ${northUser.id}`);
    expect((await t.app.inject({ method: 'GET', url: `/api/bank-statements/${created.id}`, headers: bearer(northUser.token) })).statusCode).toBe(404);
    const typed = await t.app.inject({ method: 'POST', url: '/api/bank-statements', headers: bearer(northUser.token), payload: { bankAccountId: f.accounts.bank, lines: [{ lineDate: f.today, description: 'X', amount: '1.00' }] } });
    expect(typed.statusCode).toBe(400);
    expect(Object.keys(typed.json().errors)).toEqual(['bankAccountId']);
    const account = ok(await f.call('POST', '/api/accounts', { accountCode: '1019', accountName: 'North bank', headId: await headOf(f.accounts.bank), kind: 'bank', regionId: f.north }), 201).data;
    const north = await t.app.inject({ method: 'POST', url: '/api/bank-statements', headers: bearer(northUser.token), payload: { bankAccountId: account.id, lines: [{ lineDate: f.today, description: 'North', amount: '1.00' }] } });
    expect(north.statusCode, north.body).toBe(201);
    const list = ok(await t.app.inject({ method: 'GET', url: '/api/bank-statements', headers: bearer(northUser.token) }));
    expect(list.data.map((s: { id: number }) => s.id)).toEqual([north.json().data.id]);
    // Typed lines already held are skipped: every one held is 400 on lines.
    const twice = await t.app.inject({ method: 'POST', url: '/api/bank-statements', headers: bearer(northUser.token), payload: { bankAccountId: account.id, lines: [{ lineDate: f.today, description: 'North', amount: '1.00' }] } });
    expect(twice.statusCode).toBe(400);
    expect(Object.keys(twice.json().errors)).toEqual(['lines']);
    // A statement without matches is deleted.
    expect((await f.call('DELETE', `/api/bank-statements/${created.id}`)).statusCode).toBe(200);
  });
});

describe('a cheque of another region deposited into a region’s bank account', () => {
  it('is no entry of the book of a user kept to the account’s region: auto-match matches the rest, suggestions and a match by hand leave it out; a user of both regions matches it', async () => {
    const southCustomer = await f.newCustomer('South clinic', { regionId: f.south });
    const account = ok(await f.call('POST', '/api/accounts', { accountCode: '1021', accountName: 'North cheques bank', headId: await headOf(f.accounts.bank), kind: 'bank', regionId: f.north }), 201).data;
    const cheque = await f.chequeReceipt({ amount: '700.00', chequeDate: f.today, customerId: southCustomer.id });
    ok(await f.call('POST', `/api/cheques/${cheque.chequeId}/deposit`, { bankAccountId: account.id, depositDate: f.today }));
    const chequeNumber = (await f.call('GET', `/api/cheques/${cheque.chequeId}`)).json().data.chequeNumber as string;
    ok(await f.call('POST', '/api/receipts', { customerId: f.customer.id, receiptDate: f.today, method: 'bank', accountId: account.id, amount: '400.00', reference: 'NRT-1', allocations: [], post: true }), 201);
    const northUser = await t.userWithRole('accountant');
    await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions: [f.north] })}::jsonb WHERE id = ${northUser.id}`);
    const as = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: bearer(northUser.token), ...(payload ? { payload } : {}) });
    const statement = ok(await as('POST', '/api/bank-statements', {
      bankAccountId: account.id,
      lines: [
        { lineDate: f.today, description: 'Clearing', chequeNumber, amount: '700.00' },
        { lineDate: f.today, description: 'IBFT', reference: 'NRT-1', amount: '400.00' },
      ],
    }), 201).data;
    const [chequeLine] = statement.lines as Array<{ id: number }>;
    const auto = ok(await as('POST', `/api/bank-statements/${statement.id}/auto-match`));
    expect(auto).toMatchObject({ matched: 1, unmatched: 1 });
    expect(auto.data.lines.map((l: { status: string }) => l.status)).toEqual(['unmatched', 'matched']);
    const suggestions = ok(await as('GET', `/api/bank-statement-lines/${chequeLine!.id}/suggestions`)).data as Array<{ chequeId?: number }>;
    expect(suggestions.filter((s) => s.chequeId === cheque.chequeId)).toEqual([]);
    const byHand = await as('POST', `/api/bank-statement-lines/${chequeLine!.id}/match`, { entries: [{ chequeId: cheque.chequeId }] });
    expect(byHand.statusCode).toBe(400);
    expect(byHand.json().errors).toEqual({ 'entries.0': bankingMessages.chequeNotOpen });
    expect(ok(await f.call('POST', `/api/bank-statements/${statement.id}/auto-match`))).toMatchObject({ matched: 1, unmatched: 0 });
    expect((await f.call('GET', `/api/cheques/${cheque.chequeId}`)).json().data.status).toBe('cleared');
  });
});

describe('a statement printed newest first', () => {
  it('is stored in the order of time: opening before its first day, closing its last balance, a reconciliation’s statement balance its day’s last', async () => {
    const account = ok(await f.call('POST', '/api/accounts', { accountCode: '1022', accountName: 'Newest first bank', headId: await headOf(f.accounts.bank), kind: 'bank' }), 201).data;
    const [first, second] = [daysFrom(f, -2), daysFrom(f, -1)];
    const file = csvOf([
      ['Date', 'Description', 'Reference', 'Cheque No', 'Debit', 'Credit', 'Balance'],
      [`${dmy(second)} 14:32`, 'Third', '', '', '', '10.00', '130.00'],
      [dmy(first), 'Second', '', '', '', '20.00', '120.00'],
      [dmy(first), 'First', '', '', '', '100.00', '100.00'],
    ]);
    const { run } = await importStatement(file, account.id);
    expect(run).toMatchObject({ imported: 3, skipped: 0, rejected: 0 });
    const statement = ok(await f.call('GET', `/api/bank-statements/${run.statementId}`)).data;
    expect(statement).toMatchObject({ fromDate: first, toDate: second, openingBalance: '0.00', closingBalance: '130.00' });
    expect(statement.lines.map((l: { lineNo: number; description: string }) => [l.lineNo, l.description])).toEqual([[1, 'First'], [2, 'Second'], [3, 'Third']]);
    const rec = ok(await f.call('POST', '/api/bank-reconciliations', { bankAccountId: account.id, periodEnd: first }), 201).data;
    expect(rec.statementBalance).toBe('120.00');
  });
});

async function headOf(accountId: number): Promise<number> {
  return Number((await queryRows<{ id: number }>(t.database.db, sql`SELECT head_id AS id FROM accounts WHERE id = ${accountId}::int`))[0]!.id);
}
