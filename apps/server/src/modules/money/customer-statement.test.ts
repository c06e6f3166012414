import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfTextLines } from '../../test/pdf-text.ts';
import { type ChequeFixtures, chequeFixtures, daysFrom } from '../../test/cheque-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let f: ChequeFixtures;
let invoice: { id: number; documentNumber: string };
let chequeId: number;

/** An invoice 40 days ago (585.00), 300.00 in cash 10 days ago, a cheque of 285.00 5 days ago that bounced today. */
beforeAll(async () => {
  t = await createTestApp();
  f = await chequeFixtures(t, 'Stm');
  invoice = await f.invoice(f.customer.id, '500.00', { invoiceDate: daysFrom(f, -40) });
  const cash = await f.call('POST', '/api/receipts', { customerId: f.customer.id, receiptDate: daysFrom(f, -10), method: 'cash', amount: '300.00', post: true });
  expect(cash.statusCode, cash.body).toBe(201);
  ({ chequeId } = await f.chequeReceipt({ amount: '285.00', chequeDate: daysFrom(f, -5), receiptDate: daysFrom(f, -5) }));
  const bounced = await f.call('POST', `/api/cheques/${chequeId}/bounce`, { bounceDate: f.today, reason: 'Account closed' });
  expect(bounced.statusCode, bounced.body).toBe(200);
});
afterAll(async () => t?.close());

const statement = (query: string, token?: string) => f.call('GET', `/api/customers/${f.customer.id}/statement?${query}`, undefined, token);

describe('customer statement', () => {
  it('opens with what was owed before the period, lists receipts and the bounced cheque with a running balance, and closes', async () => {
    const response = await statement(`from=${daysFrom(f, -30)}&to=${f.today}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ customer: { id: f.customer.id, customerName: 'Stm General Hospital', accountId: f.customer.accountId }, from: daysFrom(f, -30), to: f.today, opening: '585.00', closing: '285.00' });
    expect(body.rows.map((r: Record<string, string>) => [r.date, r.kind, r.debit, r.credit, r.balance])).toEqual([
      [daysFrom(f, -10), 'receipt', '0.00', '300.00', '285.00'],
      [daysFrom(f, -5), 'receipt', '0.00', '285.00', '0.00'],
      [f.today, 'chequeBounced', '285.00', '0.00', '285.00'],
    ]);
    expect(body.rows[2]).toMatchObject({ documentType: 'cheques', documentId: chequeId });
    expect(body.rows[2].description).toContain('Account closed');
    expect(body.totals).toEqual({ debit: '285.00', credit: '585.00' });
  });

  it('from before the invoice: opens at zero with the invoice as the first row', async () => {
    const body = (await statement(`from=${daysFrom(f, -60)}&to=${f.today}`)).json();
    expect(body.opening).toBe('0.00');
    expect(body.rows[0]).toMatchObject({ kind: 'invoice', documentType: 'invoice', documentId: invoice.id, documentNumber: invoice.documentNumber, debit: '585.00', balance: '585.00' });
    expect(body.closing).toBe('285.00');
    expect((await statement(`from=${f.today}&to=${daysFrom(f, -1)}`)).statusCode).toBe(400);
  });

  it('keeps to the user\'s regions (404 outside them) and prints as a PDF', async () => {
    const southOnly = await t.userWithRole('salesExecutive');
    await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions: [f.south] })}::jsonb WHERE id = ${southOnly.id}`);
    expect((await statement('', southOnly.token)).statusCode).toBe(404);
    expect((await statement('', (await t.userWithRole('salesExecutive')).token)).statusCode).toBe(200);
    expect((await f.call('GET', '/api/customers/999999/statement')).statusCode).toBe(404);
    const pdf = await f.call('GET', `/api/customers/${f.customer.id}/statement/pdf?from=${daysFrom(f, -60)}&to=${f.today}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`statement-${f.customer.id}-`);
    // Cells wrap: read the words, not the lines.
    const text = pdfTextLines(pdf.rawPayload).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('Customer Statement');
    expect(text).toContain('Cheque bounced');
    expect(text).toContain('285.00 Dr');
  });
});
