import { addDays } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type FakeFbr, startFakeFbr } from './fake-fbr/fake-fbr-server.ts';
import { FbrSender } from './fbr-sender.ts';
import { useTestSecretsKey } from './fbr-test-key.ts';

/** Issue 30, section 5: returns go to FBR as Debit Notes of an accepted invoice; invoices and returns answer FBR's state. */
let t: TestApp;
let f: SalesFixtures;
let fake: FakeFbr;
let item = 0;
let buyer = 0;
const token = 'sandbox-token-returns';
const sender = () => new FbrSender({ db: t.database.db, database: t.database, log: { error: () => undefined } });

const submissionOf = async (documentType: 'invoice' | 'salesReturn', documentId: number) =>
  (await queryRows<{ id: number; status: string; invoiceType: string; payload: Record<string, unknown> }>(
    t.database.db,
    sql`SELECT id, status, invoice_type AS "invoiceType", payload FROM fbr_submissions WHERE document_type = ${documentType} AND document_id = ${documentId}::int`,
  ))[0];

/** A posted invoice of 3 at 1,000.00 dated `invoiceDate`; answers its id and its line's. */
async function invoice(invoiceDate = f.today): Promise<{ id: number; lineId: number }> {
  const posted = await f.call('POST', '/api/invoices', { customerId: buyer, regionId: f.north, invoiceDate, post: true, lines: [{ itemId: item, quantity: 3, price: '1000.00' }] });
  expect(posted.statusCode, posted.body).toBe(201);
  return { id: posted.json().data.id, lineId: posted.json().data.lines[0].id };
}

const returnOf = (sold: { id: number; lineId: number }, body: Record<string, unknown> = {}) =>
  f.call('POST', '/api/sales-returns', { invoiceId: sold.id, returnDate: f.today, reason: 'Damaged in transit', post: true, lines: [{ invoiceLineId: sold.lineId, quantity: 1, condition: 'restock' }], ...body });

const accept = async () => {
  while ((await sender().runOnce()) > 0);
};

useTestSecretsKey();
beforeAll(async () => {
  fake = await startFakeFbr({ tokens: [token] });
  t = await createTestApp({ startJobs: false });
  f = await salesFixtures(t, 'FbrRet');
  item = await f.newTaxedItem('Reagent', { saleType: 'standardRate', rate: '18.00', hsCode: '38221900', fbrUom: 'Numbers, pieces, units' });
  await f.receive([{ itemId: item, quantity: 500, unitCost: '10.00' }]);
  buyer = (await f.newCustomer('Lab', { registrationType: 'registered', ntn: '0711234-5', province: 'punjab', address: '5 Mall Road, Lahore' })).id;
  const company = await f.call('PUT', '/api/settings', { companyName: 'Ret Supplies', address: '1 Street, Lahore', ntn: '7000007', province: 'punjab', businessActivity: 'distributor' });
  expect(company.statusCode, company.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('returns and FBR', () => {
  let before: { id: number; lineId: number };
  let sold: { id: number; lineId: number };
  let old: { id: number; lineId: number };
  let edge: { id: number; lineId: number };

  it('answers null FBR state for an invoice posted while reporting is off; then reporting goes on', async () => {
    before = await invoice();
    const read = (await f.call('GET', `/api/invoices/${before.id}`)).json().data;
    expect(read).toMatchObject({ fbrStatus: null, fbrInvoiceNumber: null, fbrSubmissionId: null, fbrNotice: null });
    const on = await f.call('PUT', '/api/fbr/settings', { sandboxToken: token, baseUrl: fake.url, enabled: true });
    expect(on.statusCode, on.body).toBe(200);
  });

  it('an invoice answers its submission: queued, then accepted with its FBR number, in the get and the list', async () => {
    sold = await invoice();
    old = await invoice(addDays(f.today, -181));
    edge = await invoice(addDays(f.today, -180));
    const queued = (await f.call('GET', `/api/invoices/${sold.id}`)).json().data;
    const submission = await submissionOf('invoice', sold.id);
    expect(queued).toMatchObject({ fbrStatus: 'queued', fbrInvoiceNumber: null, fbrSubmissionId: submission!.id, fbrNotice: 'NOT YET A TAX INVOICE' });
    // Posted before reporting was on, it is no tax invoice under digital invoicing either: the view says so, as its PDF does.
    expect((await f.call('GET', `/api/invoices/${before.id}`)).json().data).toMatchObject({ fbrStatus: null, fbrNotice: 'NOT YET A TAX INVOICE' });
    // A return of an invoice FBR has not numbered yet is refused.
    const early = await returnOf(sold);
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().errors).toEqual({ invoiceId: 'The invoice has no FBR number yet' });
    await accept();
    const accepted = (await f.call('GET', `/api/invoices/${sold.id}`)).json().data;
    expect(accepted).toMatchObject({ fbrStatus: 'accepted', fbrInvoiceNumber: expect.stringMatching(/^7000007DI\d{13}$/), fbrNotice: null });
    const rows = (await f.call('GET', '/api/invoices?pageSize=100')).json().data as Array<{ id: number; fbrStatus: string | null }>;
    expect(rows.find((row) => row.id === sold.id)?.fbrStatus).toBe('accepted');
    expect(rows.find((row) => row.id === before.id)?.fbrStatus).toBeNull();
  });

  it('a return needs a reason while reporting is on (400 reason), and nothing is stored', async () => {
    const count = async () => (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM sales_returns WHERE status = 'posted'`))[0]!.n;
    const posted = await count();
    const refused = await returnOf(sold, { reason: '  ' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual({ reason: 'Reason is required: FBR takes a return as a Debit Note with its reason' });
    expect(await count()).toBe(posted);
  });

  it('goes as a Debit Note with the invoice’s FBR number and the reason, is sent and numbered, and is then never cancelled', async () => {
    const number = (await submissionOf('invoice', sold.id))!;
    const fbrNumber = (await f.call('GET', `/api/invoices/${sold.id}`)).json().data.fbrInvoiceNumber as string;
    const posted = await returnOf(sold);
    expect(posted.statusCode, posted.body).toBe(201);
    const id = posted.json().data.id as number;
    const submission = await submissionOf('salesReturn', id);
    expect(submission).toMatchObject({ status: 'queued', invoiceType: 'Debit Note' });
    expect(submission!.payload).toMatchObject({
      invoiceType: 'Debit Note',
      invoiceDate: f.today,
      invoiceRefNo: fbrNumber,
      reason: 'Damaged in transit',
      buyerNTNCNIC: '0711234',
      items: [{ hsCode: '3822.1900', quantity: 1, valueSalesExcludingST: 1000, salesTaxApplicable: 180, totalValues: 1180, uoM: 'Numbers, pieces, units', discount: 0 }],
    });
    expect(posted.json().data).toMatchObject({ fbrStatus: 'queued', fbrSubmissionId: submission!.id });
    await accept();
    const read = (await f.call('GET', `/api/sales-returns/${id}`)).json().data;
    expect(read).toMatchObject({ fbrStatus: 'accepted', fbrInvoiceNumber: expect.stringMatching(/^7000007DI\d{13}$/) });
    expect(read.fbrInvoiceNumber).not.toBe(number.payload.invoiceRefNo);
    const cancel = await f.call('POST', `/api/sales-returns/${id}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(409);
    expect(cancel.json().message).toBe(`This sales return is reported to FBR (${read.fbrInvoiceNumber}); it cannot be cancelled`);
  });

  it('takes a return within 180 days of the invoice, not 181 (400 returnDate)', async () => {
    await accept();
    const late = await returnOf(old);
    expect(late.statusCode, late.body).toBe(400);
    expect(late.json().errors).toEqual({ returnDate: expect.stringMatching(/^FBR takes a return only within 180 days of the invoice \(dated \d{1,2} \w{3} \d{4}\)$/) });
    const inTime = await returnOf(edge);
    expect(inTime.statusCode, inTime.body).toBe(201);
    expect((await submissionOf('salesReturn', inTime.json().data.id))?.invoiceType).toBe('Debit Note');
  });

  it('returns an invoice posted before reporting was on as before: posted, not reported', async () => {
    const posted = await returnOf(before);
    expect(posted.statusCode, posted.body).toBe(201);
    // Never to be reported: no "NOT YET A TAX INVOICE" either, though reporting is on.
    expect(posted.json().data).toMatchObject({ status: 'posted', fbrStatus: null, fbrInvoiceNumber: null, fbrSubmissionId: null, fbrNotice: null });
    expect(await submissionOf('salesReturn', posted.json().data.id)).toBeUndefined();
  });
});
