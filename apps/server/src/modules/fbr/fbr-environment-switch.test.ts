import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type FakeFbr, startFakeFbr } from './fake-fbr/fake-fbr-server.ts';
import { FbrSender } from './fbr-sender.ts';
import { useTestSecretsKey } from './fbr-test-key.ts';

/**
 * From FBR's sandbox to production: what the sandbox accepted is no tax invoice there. The reports
 * of posted documents wait for a person (rejected, the sandbox's number cleared), the documents may
 * be cancelled, and a resend reports them to production, a Debit Note with its invoice's new number.
 */
let t: TestApp;
let f: SalesFixtures;
let fake: FakeFbr;
let item = 0;
let buyer = 0;
const tokens = { sandbox: 'sandbox-token-switch', production: 'production-token-switch' };
const sender = () => new FbrSender({ db: t.database.db, database: t.database, log: { error: () => undefined } });
const sendAll = async () => {
  while ((await sender().runOnce()) > 0);
};

interface Row {
  id: number;
  status: string;
  environment: string;
  fbrInvoiceNumber: string | null;
  errors: Array<{ itemSNo: string | null; errorCode: string; error: string }>;
  payload: Record<string, unknown>;
}
const submissionOf = async (documentType: 'invoice' | 'salesReturn', documentId: number) =>
  (await queryRows<Row>(
    t.database.db,
    sql`SELECT id, status, environment, fbr_invoice_number AS "fbrInvoiceNumber", errors, payload FROM fbr_submissions
        WHERE document_type = ${documentType} AND document_id = ${documentId}::int`,
  ))[0]!;

async function invoice(): Promise<{ id: number; lineId: number }> {
  const posted = await f.call('POST', '/api/invoices', { customerId: buyer, regionId: f.north, invoiceDate: f.today, post: true, lines: [{ itemId: item, quantity: 2, price: '1000.00' }] });
  expect(posted.statusCode, posted.body).toBe(201);
  return { id: posted.json().data.id, lineId: posted.json().data.lines[0].id };
}

useTestSecretsKey();
beforeAll(async () => {
  fake = await startFakeFbr({ tokens: [tokens.sandbox, tokens.production] });
  t = await createTestApp({ startJobs: false });
  f = await salesFixtures(t, 'FbrSwitch');
  item = await f.newTaxedItem('Reagent', { saleType: 'standardRate', rate: '18.00', hsCode: '38221900', fbrUom: 'Numbers, pieces, units' });
  await f.receive([{ itemId: item, quantity: 100, unitCost: '10.00' }]);
  buyer = (await f.newCustomer('Lab', { registrationType: 'registered', ntn: '0711234-5', province: 'punjab', address: '5 Mall Road, Lahore' })).id;
  expect((await f.call('PUT', '/api/settings', { companyName: 'Switch Supplies', address: '1 Street, Lahore', ntn: '7000007', province: 'punjab', businessActivity: 'distributor' })).statusCode).toBe(200);
  expect((await f.call('PUT', '/api/fbr/settings', { sandboxToken: tokens.sandbox, productionToken: tokens.production, baseUrl: fake.url, enabled: true })).statusCode).toBe(200);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('the switch from the sandbox to production', () => {
  let sold: { id: number; lineId: number };
  let waiting: { id: number; lineId: number };
  let returnId = 0;
  let sandboxNumber = '';

  it('is refused while a report is being sent to the sandbox, and nothing changes', async () => {
    sold = await invoice();
    await sendAll();
    const returned = await f.call('POST', '/api/sales-returns', {
      invoiceId: sold.id, returnDate: f.today, reason: 'Broken seal', post: true, lines: [{ invoiceLineId: sold.lineId, quantity: 1, condition: 'restock' }],
    });
    expect(returned.statusCode, returned.body).toBe(201);
    returnId = returned.json().data.id;
    await sendAll();
    sandboxNumber = (await submissionOf('invoice', sold.id)).fbrInvoiceNumber!;
    expect(sandboxNumber).toMatch(/^7000007DI\d{13}$/);
    expect(fake.requests.filter((r) => r.endpoint === 'post').map((r) => r.environment)).toEqual(['sandbox', 'sandbox']);
    waiting = await invoice();
    // A sender's claim in flight (status sending, as the claim leaves it).
    await queryRows(t.database.db, sql`UPDATE fbr_submissions SET status = 'sending', locked_until = now() + interval '1 minute' WHERE document_type = 'invoice' AND document_id = ${waiting.id}::int`);
    const refused = await f.call('PUT', '/api/fbr/settings', { environment: 'production' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().errors).toEqual({ environment: "1 report(s) are being sent to FBR's sandbox right now: switch to production once they are answered" });
    expect((await f.call('GET', '/api/fbr/settings')).json().settings.environment).toBe('sandbox');
    expect(await submissionOf('invoice', sold.id)).toMatchObject({ status: 'accepted', environment: 'sandbox', fbrInvoiceNumber: sandboxNumber });
    // Its sender died since (the lease lapsed): it no longer holds the switch back.
    await queryRows(t.database.db, sql`UPDATE fbr_submissions SET locked_until = now() - interval '1 minute' WHERE document_type = 'invoice' AND document_id = ${waiting.id}::int`);
  });

  it("leaves every posted document's sandbox report waiting for a person: rejected in production, the sandbox's number gone, no tax invoice", async () => {
    const switched = await f.call('PUT', '/api/fbr/settings', { environment: 'production' });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().message).toBe('FBR settings saved: 3 report(s) made in the sandbox wait for a person on the FBR tab (resend, or cancel the document)');
    const accepted = await submissionOf('invoice', sold.id);
    expect(accepted).toMatchObject({ status: 'rejected', environment: 'production', fbrInvoiceNumber: null });
    expect(accepted.errors).toEqual([
      { itemSNo: null, errorCode: '', error: `Reported to FBR's sandbox only (accepted as ${sandboxNumber}): resend it to report it to production, or cancel the document` },
    ]);
    expect((await submissionOf('invoice', waiting.id)).errors[0]!.error).toBe("Reported to FBR's sandbox only (sending): resend it to report it to production, or cancel the document");
    expect(await submissionOf('salesReturn', returnId)).toMatchObject({ status: 'rejected', environment: 'production' });
    expect((await f.call('GET', `/api/invoices/${sold.id}`)).json().data).toMatchObject({ fbrStatus: 'rejected', fbrInvoiceNumber: null, fbrNotice: 'NOT YET A TAX INVOICE' });
    // Nothing goes to production by itself.
    await sendAll();
    expect(fake.requests.filter((r) => r.environment === 'production')).toEqual([]);
    // What only the sandbox saw may be cancelled: the invoice being sent then.
    const cancelled = await f.call('POST', `/api/invoices/${waiting.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  });

  it("a sandbox report queued after the switch (a posting that read the settings just before) is moved by the sender's pass, never sent to the sandbox", async () => {
    const late = await invoice();
    // As the posting would have written it with the settings it read a moment before the switch.
    await queryRows(t.database.db, sql`UPDATE fbr_submissions SET environment = 'sandbox', status = 'queued' WHERE document_type = 'invoice' AND document_id = ${late.id}::int`);
    const sandboxPosts = () => fake.requests.filter((r) => r.environment === 'sandbox').length;
    const before = sandboxPosts();
    await sendAll();
    expect(sandboxPosts()).toBe(before);
    expect(await submissionOf('invoice', late.id)).toMatchObject({ status: 'rejected', environment: 'production', fbrInvoiceNumber: null });
  });

  it('a resend reports to production: the invoice first (a Debit Note waits for its number), then the return naming the new number', async () => {
    const returnRow = await submissionOf('salesReturn', returnId);
    const early = await f.call('POST', `/api/fbr-submissions/${returnRow.id}/resend`);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().message).toBe('The invoice has no FBR number yet');
    const invoiceRow = await submissionOf('invoice', sold.id);
    expect((await f.call('POST', `/api/fbr-submissions/${invoiceRow.id}/resend`)).statusCode).toBe(200);
    await sendAll();
    const reported = await submissionOf('invoice', sold.id);
    expect(reported).toMatchObject({ status: 'accepted', environment: 'production' });
    expect(reported.fbrInvoiceNumber).not.toBe(sandboxNumber);
    // Production's payload carries no sandbox scenario.
    expect(reported.payload).not.toHaveProperty('scenarioId');
    expect((await f.call('POST', `/api/fbr-submissions/${returnRow.id}/resend`)).statusCode).toBe(200);
    await sendAll();
    const posts = fake.requests.filter((r) => r.endpoint === 'post' && r.environment === 'production');
    expect(posts.map((r) => (r.body as { invoiceType: string; invoiceRefNo: string }).invoiceType)).toEqual(['Sale Invoice', 'Debit Note']);
    expect((posts[1]!.body as { invoiceRefNo: string }).invoiceRefNo).toBe(reported.fbrInvoiceNumber);
    expect(posts.every((r) => r.authorization === `Bearer ${tokens.production}`)).toBe(true);
  });
});
