import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type ChequeFixtures, chequeFixtures, daysFrom } from '../../test/cheque-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let f: ChequeFixtures;
let clinic: { id: number };
let southern: { id: number };
const inv: Record<string, { id: number; documentNumber: string }> = {};
// One glove at 500.00 plus 17% tax.
const total = '585.00';

/** Posted invoices of one customer by how far past due they are today, one more customer, one in the south; a cash receipt of 200.00 on the oldest. */
beforeAll(async () => {
  t = await createTestApp();
  f = await chequeFixtures(t, 'Age');
  clinic = await f.newCustomer('Clinic');
  southern = await f.newCustomer('Southern Lab', { regionId: f.south });
  await f.receive([{ itemId: f.gloves, quantity: 100, unitCost: '1.00' }], f.south);
  const dated = (invoiceDate: number, dueDate: number) => ({ invoiceDate: daysFrom(f, invoiceDate), dueDate: daysFrom(f, dueDate) });
  inv.over90 = await f.invoice(f.customer.id, '500.00', dated(-100, -95));
  inv.days61 = await f.invoice(f.customer.id, '500.00', dated(-70, -65));
  inv.days31 = await f.invoice(f.customer.id, '500.00', dated(-50, -45));
  inv.days1 = await f.invoice(f.customer.id, '500.00', dated(-20, -10));
  inv.current = await f.invoice(f.customer.id, '500.00', dated(0, 30));
  inv.clinic = await f.invoice(clinic.id, '500.00', dated(0, 0));
  const south = await f.call('POST', '/api/invoices', { customerId: southern.id, regionId: f.south, ...dated(-40, -35), post: true, lines: [{ itemId: f.gloves, quantity: 1, price: '500.00' }] });
  expect(south.statusCode, south.body).toBe(201);
  const receipt = await f.call('POST', '/api/receipts', {
    customerId: f.customer.id,
    receiptDate: f.today,
    method: 'cash',
    amount: '200.00',
    allocations: [{ invoiceId: inv.over90!.id, amount: '200.00' }],
    post: true,
  });
  expect(receipt.statusCode, receipt.body).toBe(201);
});
afterAll(async () => t?.close());

const zero = { current: '0.00', days1to30: '0.00', days31to60: '0.00', days61to90: '0.00', over90: '0.00' };
const aging = async (query: string, token?: string) => f.call('GET', `/api/accounting/aging?${query}`, undefined, token);

describe('receivables aging', () => {
  it('buckets each customer\'s open invoices by days past due as of today, with totals', async () => {
    const response = await aging('kind=receivable');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.asOf).toBe(f.today);
    const rowOf = (id: number) => body.rows.find((r: { partyId: number }) => r.partyId === id);
    expect(rowOf(f.customer.id)).toEqual({
      partyId: f.customer.id,
      partyName: 'Age General Hospital',
      current: total,
      days1to30: total,
      days31to60: total,
      days61to90: total,
      over90: '385.00',
      total: '2725.00',
    });
    expect(rowOf(clinic.id)).toEqual({ partyId: clinic.id, partyName: 'Age Clinic', ...zero, current: total, total });
    expect(rowOf(southern.id)).toMatchObject({ days31to60: total, total });
    expect(body.totals).toEqual({ current: '1170.00', days1to30: total, days31to60: '1170.00', days61to90: total, over90: '385.00', total: '3895.00' });
    // Ordered by name.
    expect(body.rows.map((r: { partyName: string }) => r.partyName)).toEqual(['Age Clinic', 'Age General Hospital', 'Age Southern Lab']);
  });

  it('as of a past date: only what was dated by then, receipts after it not yet counted, days counted from it', async () => {
    const response = await aging(`kind=receivable&asOf=${daysFrom(f, -30)}`);
    expect(response.statusCode, response.body).toBe(200);
    const row = response.json().rows.find((r: { partyId: number }) => r.partyId === f.customer.id);
    // Over90 invoice due 95 days ago: 65 days past due then, and the 200.00 received today not yet.
    expect(row).toMatchObject({ current: '0.00', days1to30: total, days31to60: total, days61to90: total, over90: '0.00', total: '1755.00' });
    expect(response.json().rows.find((r: { partyId: number }) => r.partyId === clinic.id)).toBeUndefined();
  });

  it('exports the same table as CSV and Excel, with its Total row', async () => {
    const csv = await f.call('GET', '/api/accounting/aging/export?kind=receivable&format=csv');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Customer,Current,1-30,31-60,61-90,Over 90,Total');
    expect(lines.find((l) => l.startsWith('Age General Hospital'))).toBe('Age General Hospital,585.00,585.00,585.00,585.00,385.00,2725.00');
    expect(lines.at(-1)!.startsWith('Total,')).toBe(true);
    const xlsx = await f.call('GET', '/api/accounting/aging/export?kind=payable&format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/payable-aging-\d{4}-\d{2}-\d{2}\.xlsx/);
    expect((await f.call('GET', '/api/accounting/aging/export?kind=receivable&format=pdf')).statusCode).toBe(400);
  });

  it('drills down to the open invoices behind a figure, oldest due first', async () => {
    const over90 = await f.call('GET', `/api/accounting/aging/documents?kind=receivable&partyId=${f.customer.id}&bucket=over90`);
    expect(over90.statusCode, over90.body).toBe(200);
    expect(over90.json()).toMatchObject({
      partyName: 'Age General Hospital',
      bucket: 'over90',
      total: '385.00',
      rows: [{ id: inv.over90!.id, documentType: 'invoices', documentNumber: inv.over90!.documentNumber, dueDate: daysFrom(f, -95), daysPastDue: 95, bucket: 'over90', total, openAmount: '385.00' }],
    });
    const all = await f.call('GET', `/api/accounting/aging/documents?kind=receivable&partyId=${f.customer.id}`);
    expect(all.json().rows.map((r: { id: number }) => r.id)).toEqual([inv.over90, inv.days61, inv.days31, inv.days1, inv.current].map((i) => i!.id));
    expect(all.json().total).toBe('2725.00');
    expect((await f.call('GET', `/api/accounting/aging/documents?kind=receivable&partyId=${f.customer.id}&bucket=later`)).statusCode).toBe(400);
  });

  it('keeps to the user\'s regions; refuses a bad kind (400) and roles without /accounting (403); the auditor reads', async () => {
    const southOnly = await t.userWithRole('accountant');
    await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions: [f.south] })}::jsonb WHERE id = ${southOnly.id}`);
    const scoped = await aging('kind=receivable', southOnly.token);
    expect(scoped.json().rows.map((r: { partyId: number }) => r.partyId)).toEqual([southern.id]);
    expect(scoped.json().totals.total).toBe(total);
    const bad = await aging('kind=owed');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['kind']);
    expect((await aging('kind=receivable&asOf=2026-02-30')).statusCode).toBe(400);
    expect((await aging('kind=receivable', (await t.userWithRole('salesExecutive')).token)).statusCode).toBe(403);
    expect((await aging('kind=receivable', (await t.userWithRole('auditor')).token)).statusCode).toBe(200);
  });
});

describe('payables aging', () => {
  it('buckets the vendor\'s open goods receipts, due after the vendor\'s terms', async () => {
    const response = await aging('kind=payable');
    expect(response.statusCode, response.body).toBe(200);
    const row = response.json().rows.find((r: { partyId: number }) => r.partyId === f.vendor.id);
    // Two receipts of gloves today (100,000 at 0.10 and 100 at 1.00), due in 30 days.
    expect(row).toEqual({ partyId: f.vendor.id, partyName: 'Age Sysmex', ...zero, current: '10100.00', total: '10100.00' });
    const paid = await f.call('POST', '/api/payments', { payeeType: 'vendor', vendorId: f.vendor.id, paymentDate: f.today, method: 'cash', amount: '600.00', post: true });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await aging('kind=payable')).json().rows.find((r: { partyId: number }) => r.partyId === f.vendor.id).total).toBe('9500.00');
    const asOfDue = await aging(`kind=payable&asOf=${daysFrom(f, 45)}`);
    expect(asOfDue.json().rows.find((r: { partyId: number }) => r.partyId === f.vendor.id)).toMatchObject({ current: '0.00', days1to30: '9500.00' });
    const documents = await f.call('GET', `/api/accounting/aging/documents?kind=payable&partyId=${f.vendor.id}`);
    // The 600.00 went to the older bill first.
    expect(documents.json().rows.map((r: { documentType: string; openAmount: string }) => [r.documentType, r.openAmount])).toEqual([
      ['goods-receipts', '9400.00'],
      ['goods-receipts', '100.00'],
    ]);
  });
});

describe('advances and other rows of the party account (issue 17, section 5)', () => {
  it('ages a balance brought forward by journal at its date and an unallocated receipt as a credit, totalling the account', async () => {
    const lab = await f.newCustomer('Advance Lab');
    const journal = await f.call('POST', '/api/journals', {
      journalDate: daysFrom(f, -100),
      narration: 'Customer balances brought forward',
      lines: [
        { accountId: lab.accountId, debit: '1000.00', credit: '0', memo: '' },
        { accountId: f.accounts.expense, debit: '0', credit: '1000.00', memo: '' },
      ],
    });
    expect(journal.statusCode, journal.body).toBe(201);
    expect((await f.call('POST', `/api/journals/${journal.json().data.id}/post`)).statusCode).toBe(200);
    const receipt = await f.call('POST', '/api/receipts', { customerId: lab.id, receiptDate: f.today, method: 'cash', amount: '300.00', post: true });
    expect(receipt.statusCode, receipt.body).toBe(201);

    const row = (await aging('kind=receivable')).json().rows.find((r: { partyId: number }) => r.partyId === lab.id);
    expect(row).toEqual({ partyId: lab.id, partyName: 'Age Advance Lab', ...zero, over90: '1000.00', current: '-300.00', total: '700.00' });
    const [ledger] = await queryRows<{ balance: string }>(t.database.db, sql`SELECT account_balance(${lab.accountId}::int)::numeric(18, 2)::text AS balance`);
    expect(ledger!.balance).toBe('700.00');
    const items = (await f.call('GET', `/api/accounting/aging/documents?kind=receivable&partyId=${lab.id}`)).json();
    expect(items.rows).toMatchObject([
      { itemKind: 'journal', documentType: 'journal', id: journal.json().data.id, dueDate: daysFrom(f, -100), bucket: 'over90', openAmount: '1000.00' },
      { itemKind: 'advance', documentType: 'receipts', id: receipt.json().data.id, bucket: 'current', total: '-300.00', openAmount: '-300.00' },
    ]);
    expect(items.total).toBe('700.00');
    // Before the receipt, the balance brought forward alone; before the journal, nothing.
    expect((await aging(`kind=receivable&asOf=${daysFrom(f, -1)}`)).json().rows.find((r: { partyId: number }) => r.partyId === lab.id)).toMatchObject({ current: '0.00', over90: '1000.00', total: '1000.00' });
    expect((await aging(`kind=receivable&asOf=${daysFrom(f, -101)}`)).json().rows.find((r: { partyId: number }) => r.partyId === lab.id)).toBeUndefined();
  });
});
