import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../../db/client.ts';
import { countStatements, ownHandle } from '../../test/count-statements.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type FakeFbr, startFakeFbr } from './fake-fbr/fake-fbr-server.ts';
import { useTestSecretsKey } from './fbr-test-key.ts';
import { FbrSender } from './fbr-sender.ts';

/** Issue 30, sections 1, 3, 4 and 5: the connection, the outbox written by the posting, the sender against a fake FBR, a person's actions. */
let t: TestApp;
let f: SalesFixtures;
let fake: FakeFbr;
const token = 'sandbox-token-7f3a9c1e-never-shown';
const items = { standard: 0, exempt: 0, bare: 0 };
const buyers = { registered: 0, unregistered: 0, noProvince: 0 };
/** How far the senders' clock runs ahead of the real one: a test moves it on instead of waiting out a backoff. */
let ahead = 0;
const sender = (db: Db = t.database.db) => new FbrSender({ db, database: t.database, log: { error: () => undefined }, now: () => new Date(Date.now() + ahead) });

const count = async (table: 'fbr_submissions' | 'invoices') => Number((await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]!.n);
const submissionOf = async (invoiceId: number) =>
  (await queryRows<{ id: number; status: string; attempts: number; fbrInvoiceNumber: string | null; payload: unknown }>(
    t.database.db,
    sql`SELECT id, status, attempts, fbr_invoice_number AS "fbrInvoiceNumber", payload FROM fbr_submissions WHERE document_type = 'invoice' AND document_id = ${invoiceId}`,
  ))[0];

const sale = (customerId: number, itemId = items.standard, price = '1000.00') => ({
  customerId,
  regionId: f.north,
  invoiceDate: f.today,
  post: true,
  lines: [{ itemId, quantity: 1, price }],
});

async function post(body: ReturnType<typeof sale>): Promise<number> {
  const response = await f.call('POST', '/api/invoices', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

useTestSecretsKey();
beforeAll(async () => {
  fake = await startFakeFbr({ tokens: [token] });
  t = await createTestApp({ startJobs: false });
  f = await salesFixtures(t, 'Fbr');
  items.standard = await f.newTaxedItem('Reagent', { saleType: 'standardRate', rate: '18.00', hsCode: '38221900', fbrUom: 'Numbers, pieces, units' });
  items.exempt = await f.newTaxedItem('Exempt kit', { saleType: 'exempt', hsCode: '38221900', fbrUom: 'Numbers, pieces, units', sroScheduleNo: 'Sixth Schedule', sroItemSerialNo: '101' });
  items.bare = await f.newTaxedItem('No HS code', { saleType: 'standardRate', rate: '18.00' });
  await f.receive(Object.values(items).map((itemId) => ({ itemId, quantity: 500, unitCost: '10.00' })));
  buyers.registered = (await f.newCustomer('Registered Lab', { registrationType: 'registered', ntn: '0711234-5', province: 'punjab', address: '5 Mall Road, Lahore' })).id;
  buyers.unregistered = (await f.newCustomer('Walk-in Clinic', { registrationType: 'unregistered', cnic: '35202-1234567-1', province: 'sindh', address: 'Saddar, Karachi' })).id;
  buyers.noProvince = (await f.newCustomer('Nowhere Clinic', { registrationType: 'unregistered' })).id;
  const company = await f.call('PUT', '/api/settings', { companyName: 'Fbr Supplies', address: '1 Fbr Street, Lahore', ntn: '7000007', province: 'punjab', businessActivity: 'distributor' });
  expect(company.statusCode, company.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.reset();
  ahead = 0;
});

describe('the connection', () => {
  it('off (the default): a posting writes no submission', async () => {
    const before = await count('fbr_submissions');
    await post(sale(buyers.registered));
    expect(await count('fbr_submissions')).toBe(before);
  });

  it('answers the defaults, takes tokens write-only and records only that a token changed', async () => {
    const initial = await f.call('GET', '/api/fbr/settings');
    expect(initial.json().settings).toMatchObject({
      enabled: false, environment: 'sandbox', baseUrl: 'https://gw.fbr.gov.pk', effectiveBaseUrl: 'https://gw.fbr.gov.pk', baseUrlFromEnv: false,
      timeoutSeconds: 30, retryBaseSeconds: 30, concurrency: 8, registeredAsRetailer: false, sandboxTokenSet: false, productionTokenSet: false,
    });
    const enableEarly = await f.call('PUT', '/api/fbr/settings', { enabled: true });
    expect(enableEarly.statusCode).toBe(409);
    expect(enableEarly.json().errors).toEqual({ sandboxToken: 'The sandbox token' });
    expect((await f.call('PUT', '/api/fbr/settings', { baseUrl: 'ftp://fbr' })).json().errors).toHaveProperty('baseUrl');
    expect((await f.call('PUT', '/api/fbr/settings', { concurrency: 33 })).statusCode).toBe(400);

    const saved = await f.call('PUT', '/api/fbr/settings', { sandboxToken: token, baseUrl: `${fake.url}/`, timeoutSeconds: 2, retryBaseSeconds: 30, enabled: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toMatchObject({ enabled: true, baseUrl: fake.url, sandboxTokenSet: true, productionTokenSet: false });
    expect(saved.body).not.toContain(token);
    const stored = await queryRows<{ sandboxToken: string }>(t.database.db, sql`SELECT sandbox_token AS "sandboxToken" FROM fbr_settings`);
    expect(stored[0]!.sandboxToken).toMatch(/^v1\./);
    expect(stored[0]!.sandboxToken).not.toContain(token);
    const audits = await queryRows<{ after: unknown }>(t.database.db, sql`SELECT after FROM audit_log WHERE resource = 'fbr-settings' ORDER BY id`);
    expect(JSON.stringify(audits)).not.toContain(token);
    expect(audits.at(-1)!.after).toMatchObject({ sandboxToken: 'changed', enabled: true });
  });

  it("takes the tokens again with a new base URL: a URL pointed elsewhere never receives the stored ones (409 while reporting is on, cleared when off)", async () => {
    const moved = await f.call('PUT', '/api/fbr/settings', { baseUrl: 'https://elsewhere.example' });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json().errors).toEqual({ sandboxToken: 'The sandbox token' });
    expect((await f.call('GET', '/api/fbr/settings')).json().settings).toMatchObject({ baseUrl: fake.url, sandboxTokenSet: true });
    expect((await f.call('PUT', '/api/fbr/settings', { enabled: false })).statusCode).toBe(200);
    const off = await f.call('PUT', '/api/fbr/settings', { baseUrl: 'https://elsewhere.example' });
    expect(off.json().settings).toMatchObject({ baseUrl: 'https://elsewhere.example', sandboxTokenSet: false });
    const audits = await queryRows<{ after: unknown }>(t.database.db, sql`SELECT after FROM audit_log WHERE resource = 'fbr-settings' ORDER BY id DESC LIMIT 1`);
    expect(audits[0]!.after).toMatchObject({ baseUrl: 'https://elsewhere.example', sandboxToken: 'cleared' });
    // Back as it was, the token given with the URL.
    const back = await f.call('PUT', '/api/fbr/settings', { baseUrl: fake.url, sandboxToken: token, enabled: true });
    expect(back.json().settings).toMatchObject({ baseUrl: fake.url, sandboxTokenSet: true, enabled: true });
  });

  it('is the admin’s: a sales executive and the auditor are refused', async () => {
    for (const role of ['salesExecutive', 'auditor', 'accountant'] as const) {
      const user = await t.userWithRole(role);
      expect((await f.call('GET', '/api/fbr/settings', undefined, user.token)).statusCode).toBe(403);
    }
  });
});

describe('the outbox', () => {
  it('writes one queued row per posted sale, its payload field by field, in the posting’s transaction', async () => {
    const id = await post({ ...sale(buyers.registered), lines: [{ itemId: items.standard, quantity: 2, price: '500.00' }, { itemId: items.exempt, quantity: 1, price: '300.00' }] });
    const row = await submissionOf(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 0, fbrInvoiceNumber: null });
    expect(row!.payload).toEqual({
      invoiceType: 'Sale Invoice',
      invoiceDate: f.today,
      sellerNTNCNIC: '7000007',
      sellerBusinessName: 'Fbr Supplies',
      sellerProvince: 'PUNJAB',
      sellerAddress: '1 Fbr Street, Lahore',
      buyerNTNCNIC: '0711234',
      buyerBusinessName: 'Fbr Registered Lab',
      buyerProvince: 'PUNJAB',
      buyerAddress: '5 Mall Road, Lahore',
      buyerRegistrationType: 'Registered',
      invoiceRefNo: '',
      scenarioId: 'SN001',
      items: [
        {
          hsCode: '3822.1900', productDescription: 'Fbr Reagent', rate: '18%', uoM: 'Numbers, pieces, units', quantity: 2, totalValues: 1180,
          valueSalesExcludingST: 1000, fixedNotifiedValueOrRetailPrice: 0, salesTaxApplicable: 180, salesTaxWithheldAtSource: 0, extraTax: 0,
          furtherTax: 0, sroScheduleNo: '', fedPayable: 0, discount: 0, saleType: 'Goods at standard rate (default)', sroItemSerialNo: '',
        },
        {
          hsCode: '3822.1900', productDescription: 'Fbr Exempt kit', rate: 'Exempt', uoM: 'Numbers, pieces, units', quantity: 1, totalValues: 300,
          valueSalesExcludingST: 300, fixedNotifiedValueOrRetailPrice: 0, salesTaxApplicable: 0, salesTaxWithheldAtSource: 0, extraTax: 0,
          furtherTax: 0, sroScheduleNo: 'Sixth Schedule', fedPayable: 0, discount: 0, saleType: 'Exempt goods', sroItemSerialNo: '101',
        },
      ],
    });
  });

  it('sends an unregistered buyer’s CNIC, further tax and the discount in money (SN002)', async () => {
    const id = await post({ ...sale(buyers.unregistered), lines: [{ itemId: items.standard, quantity: 4, price: '250.00', discountPercent: '10.00' } as never] });
    const payload = (await submissionOf(id))!.payload as Record<string, unknown> & { items: Array<Record<string, unknown>> };
    expect(payload).toMatchObject({ buyerNTNCNIC: '3520212345671', buyerRegistrationType: 'Unregistered', buyerProvince: 'SINDH', scenarioId: 'SN002' });
    expect(payload.items[0]).toMatchObject({ quantity: 4, valueSalesExcludingST: 900, salesTaxApplicable: 162, furtherTax: 36, totalValues: 1098, discount: 100 });
  });

  it('refuses, storing nothing, a sale FBR would refuse: an item without HS code or unit, a buyer without province', async () => {
    const [invoices, submissions] = [await count('invoices'), await count('fbr_submissions')];
    const bare = await f.call('POST', '/api/invoices', { ...sale(buyers.registered), lines: [{ itemId: items.standard, quantity: 1, price: '10.00' }, { itemId: items.bare, quantity: 1, price: '10.00' }] });
    expect(bare.statusCode).toBe(409);
    expect(bare.json().errors).toEqual({ 'lines.1.itemId': 'Fbr No HS code has no HS code or FBR unit: FBR refuses such a line' });
    const nowhere = await f.call('POST', '/api/invoices', sale(buyers.noProvince));
    expect(nowhere.statusCode).toBe(409);
    expect(nowhere.json().errors).toEqual({ customerId: "The customer's province is required to report the invoice to FBR" });
    expect([await count('invoices'), await count('fbr_submissions')]).toEqual([invoices, submissions]);
  });
});

describe('the sender', () => {
  it('validates then posts: accepted with FBR’s number and line numbers, which the invoice’s row keeps; the token went only in the header', async () => {
    const id = await post(sale(buyers.registered));
    expect(await sender().runOnce()).toBeGreaterThanOrEqual(1);
    const row = await submissionOf(id);
    expect(row).toMatchObject({ status: 'accepted', attempts: 1 });
    expect(row!.fbrInvoiceNumber).toMatch(/^7000007DI\d{13}$/);
    const mine = fake.requests.filter((r) => (r.body as { buyerBusinessName?: string }).buyerBusinessName === 'Fbr Registered Lab');
    expect(mine.map((r) => [r.endpoint, r.environment, r.authorization])).toContainEqual(['post', 'sandbox', `Bearer ${token}`]);
    const detail = await f.call('GET', `/api/fbr-submissions/${row!.id}`);
    expect(detail.json().data).toMatchObject({ status: 'accepted', lineNumbers: [`${row!.fbrInvoiceNumber}-1`] });
    expect(detail.json().data.log.map((l: { step: string; outcome: string }) => `${l.step} ${l.outcome}`)).toEqual(['validate valid', 'post valid']);
    expect(detail.body).not.toContain(token);
    const cancel = await f.call('POST', `/api/invoices/${id}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(`This invoice is reported to FBR (${row!.fbrInvoiceNumber}); issue a sales return instead`);
  });

  it('records a pass in as many statements whatever its rows: one for the validations, one for the posts', async () => {
    await sender().runOnce();
    // The sender's own handle: the app's timers may send a statement through the app's meanwhile.
    const db = ownHandle(t.database);
    const pass = async (reports: number) => {
      const ids = [];
      for (let n = 0; n < reports; n++) ids.push(await post(sale(buyers.registered)));
      const counted = countStatements(db as never);
      try {
        expect(await sender(db).runOnce()).toBe(reports);
      } finally {
        counted.restore();
      }
      for (const id of ids) expect(await submissionOf(id)).toMatchObject({ status: 'accepted', attempts: 1 });
      return counted.count;
    };
    const one = await pass(1);
    expect(await pass(5)).toBe(one);
  });

  it('a row whose outcome the database refuses (a NUL in FBR’s error) does not take the other rows of its pass with it', async () => {
    await sender().runOnce();
    const ids = [await post(sale(buyers.registered)), await post(sale(buyers.registered))];
    // The first validation to arrive gets it; the other is valid.
    fake.script('validate', [{ lineError: { itemSNo: '1', errorCode: '0046', error: 'Provide\u0000 rate.' } }]);
    expect(await sender().runOnce()).toBe(2);
    const rows = await Promise.all(ids.map(submissionOf));
    expect(rows.map((row) => row!.status).sort()).toEqual(['accepted', 'sending']);
    // The refused one waits for its lease as before; out of the way of the next tests.
    await t.database.db.execute(sql`UPDATE fbr_submissions SET status = 'rejected', locked_until = NULL WHERE id = ${rows.find((row) => row!.status === 'sending')!.id}::int`);
  });

  it('a line error is rejected for good, shown in words; a rejected invoice may be cancelled', async () => {
    await sender().runOnce();
    const id = await post(sale(buyers.registered));
    fake.script('validate', [{ lineError: { itemSNo: '1', errorCode: '0046', error: 'Provide rate.' } }]);
    await sender().runOnce();
    const row = await submissionOf(id);
    expect(row).toMatchObject({ status: 'rejected', attempts: 1 });
    ahead += 10 * 3600_000;
    await sender().runOnce();
    expect(await submissionOf(id)).toMatchObject({ status: 'rejected', attempts: 1 });
    const list = await f.call('GET', `/api/fbr-submissions?documentId=${id}&documentType=invoice`);
    expect(list.json().data[0].errors).toEqual([{ itemSNo: '1', errorCode: '0046', error: 'Provide rate.' }]);
    expect(fake.requests.filter((r) => r.endpoint === 'post')).toHaveLength(0);
    expect((await f.call('POST', `/api/invoices/${id}/cancel`)).statusCode).toBe(200);
    // Cancelled, it is never sent: the resend that would queue it is refused.
    const resend = await f.call('POST', `/api/fbr-submissions/${row!.id}/resend`);
    expect(resend.statusCode).toBe(409);
    expect(resend.json().message).toBe('The invoice is no longer posted (cancelled): it is not sent to FBR');
    expect(await submissionOf(id)).toMatchObject({ status: 'rejected' });
  });

  it('resend takes today’s HS code and FBR unit onto the invoice’s lines and the payload, amounts unchanged', async () => {
    await sender().runOnce();
    const item = await f.newTaxedItem('Recoded', { saleType: 'standardRate', rate: '18.00', hsCode: '38221900', fbrUom: 'Numbers, pieces, units' });
    await f.receive([{ itemId: item, quantity: 5, unitCost: '10.00' }]);
    const id = await post(sale(buyers.registered, item));
    fake.script('validate', [{ headerError: { errorCode: '0052', error: 'Provide proper HS Code with invoice no. null' } }]);
    await sender().runOnce();
    const row = await submissionOf(id);
    expect(row).toMatchObject({ status: 'rejected' });
    // The item's facts corrected, as the items screen would.
    await t.database.db.execute(sql`UPDATE item_tax_facts SET hs_code = '3822.0000', fbr_uom = 'KG' WHERE item_id = ${item}::int`);
    const resent = await f.call('POST', `/api/fbr-submissions/${row!.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().data).toMatchObject({ status: 'queued', payload: { items: [{ hsCode: '3822.0000', uoM: 'KG', valueSalesExcludingST: 1000 }] } });
    const lines = (await f.call('GET', `/api/invoices/${id}`)).json().data.lines as Array<{ hsCode: string; fbrUom: string; amount: string }>;
    expect(lines.map((line) => [line.hsCode, line.fbrUom, line.amount])).toEqual([['3822.0000', 'KG', '1000.00']]);
    const [audit] = await queryRows<{ after: { lineCodes: unknown } }>(t.database.db, sql`SELECT after FROM audit_log WHERE resource = 'fbr-submissions' AND action = 'resend' AND record_id = ${String(row!.id)}`);
    expect(audit!.after.lineCodes).toEqual([{ lineNo: 1, before: { hsCode: '3822.1900', fbrUom: 'Numbers, pieces, units' }, after: { hsCode: '3822.0000', fbrUom: 'KG' } }]);
  });

  it('a header error is rejected too', async () => {
    await sender().runOnce();
    const id = await post(sale(buyers.registered));
    fake.script('validate', [{ headerError: { errorCode: '0052', error: 'Provide proper HS Code with invoice no. null' } }]);
    await sender().runOnce();
    const list = await f.call('GET', `/api/fbr-submissions?documentId=${id}&documentType=invoice`);
    expect(list.json().data[0]).toMatchObject({ status: 'rejected', errors: [{ itemSNo: null, errorCode: '0052', error: 'Provide proper HS Code with invoice no. null' }] });
  });

  it('503 twice on validate, then valid: accepted after 3 attempts, with one post; not before its time', async () => {
    await sender().runOnce();
    const id = await post(sale(buyers.registered));
    fake.script('validate', [{ status: 503, body: { message: 'busy' } }, { status: 503 }]);
    await sender().runOnce();
    expect(await submissionOf(id)).toMatchObject({ status: 'queued', attempts: 1 });
    await sender().runOnce();
    expect(await submissionOf(id)).toMatchObject({ status: 'queued', attempts: 1 });
    ahead += 31_000;
    await sender().runOnce();
    expect(await submissionOf(id)).toMatchObject({ status: 'queued', attempts: 2 });
    // The second wait doubles: 30 s after the second attempt is too soon.
    ahead += 31_000;
    await sender().runOnce();
    expect(await submissionOf(id)).toMatchObject({ status: 'queued', attempts: 2 });
    ahead += 31_000;
    await sender().runOnce();
    expect(await submissionOf(id)).toMatchObject({ status: 'accepted', attempts: 3 });
    expect(fake.requests.filter((r) => r.endpoint === 'post')).toHaveLength(1);
  });

  it('a timeout after the post left is unknown, never sent again by itself; resolve records the number, release sends again', async () => {
    await sender().runOnce();
    const first = await post(sale(buyers.registered));
    const second = await post(sale(buyers.registered));
    fake.script('post', ['hang', 'hang']);
    await sender().runOnce();
    for (const id of [first, second]) expect(await submissionOf(id)).toMatchObject({ status: 'unknown', attempts: 1 });
    for (let i = 0; i < 10; i += 1) {
      ahead += 3600_000;
      await sender().runOnce();
    }
    expect(fake.requests.filter((r) => r.endpoint === 'post')).toHaveLength(2);
    const [a, b] = [(await submissionOf(first))!, (await submissionOf(second))!];
    const bad = await f.call('POST', `/api/fbr-submissions/${a.id}/resolve`, { fbrInvoiceNumber: '1234567DI1747119701593' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('fbrInvoiceNumber');
    const resolved = await f.call('POST', `/api/fbr-submissions/${a.id}/resolve`, { fbrInvoiceNumber: '7000007DI1747119701593' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().data).toMatchObject({ status: 'accepted', resolution: 'manual', fbrInvoiceNumber: '7000007DI1747119701593' });
    const taken = await f.call('POST', `/api/fbr-submissions/${b.id}/resolve`, { fbrInvoiceNumber: '7000007DI1747119701593' });
    expect(taken.statusCode).toBe(409);
    expect((await f.call('POST', `/api/fbr-submissions/${a.id}/release`)).statusCode).toBe(409);
    const released = await f.call('POST', `/api/fbr-submissions/${b.id}/release`);
    expect(released.json().data).toMatchObject({ status: 'queued' });
    await sender().runOnce();
    expect(await submissionOf(second)).toMatchObject({ status: 'accepted', attempts: 2 });
    const log = (await f.call('GET', `/api/fbr-submissions/${b.id}`)).json().data.log.map((l: { step: string }) => l.step);
    expect(log).toEqual(['validate', 'post', 'release', 'validate', 'post']);
    const audits = await queryRows<{ action: string }>(t.database.db, sql`SELECT action FROM audit_log WHERE resource = 'fbr-submissions' ORDER BY id`);
    expect(audits.map((r) => r.action)).toEqual(expect.arrayContaining(['resolve', 'release']));
  });

  it('a sender that died is judged by whether its post had left: unknown if it had, queued and sent once if not', async () => {
    await sender().runOnce();
    const before = await post(sale(buyers.registered));
    const after = await post(sale(buyers.registered));
    // What a process killed mid-send leaves behind: claimed rows, their lease running out.
    await t.database.db.execute(sql`UPDATE fbr_submissions SET status = 'sending', attempts = 1, locked_until = now() - interval '1 second',
                                           post_started_at = CASE WHEN document_id = ${after} THEN now() END
                                    WHERE document_type = 'invoice' AND document_id IN (${before}, ${after})`);
    await sender().runOnce();
    expect(await submissionOf(before)).toMatchObject({ status: 'accepted', attempts: 2 });
    expect(await submissionOf(after)).toMatchObject({ status: 'unknown', attempts: 1 });
    expect(fake.requests.filter((r) => r.endpoint === 'post')).toHaveLength(1);
  });

  it('FBR’s number that comes back after the lease lapsed is kept, though a pass had called the row unknown', async () => {
    await sender().runOnce();
    const slow = await startFakeFbr({ tokens: [token], latencyMs: 1500 });
    try {
      expect((await f.call('PUT', '/api/fbr/settings', { baseUrl: slow.url, sandboxToken: token })).statusCode).toBe(200);
      const id = await post(sale(buyers.registered));
      const sending = sender().runOnce();
      // Once the post has left (validate answered after 1.5 s), another sender whose clock is past the lease takes the row back.
      await new Promise((resolve) => setTimeout(resolve, 2200));
      ahead = 3600_000;
      await sender().runOnce();
      expect(await submissionOf(id)).toMatchObject({ status: 'unknown' });
      await sending;
      const row = await submissionOf(id);
      expect(row).toMatchObject({ status: 'accepted', attempts: 1 });
      expect(row!.fbrInvoiceNumber).toBe(slow.requests.find((r) => r.endpoint === 'post')!.invoiceNumber);
    } finally {
      await f.call('PUT', '/api/fbr/settings', { baseUrl: fake.url, sandboxToken: token });
      await slow.close();
    }
  });

  it('50 senders at once over 200 rows: 200 posts, none twice', async () => {
    await sender().runOnce();
    fake.reset();
    // 400 requests from 50 senders on a busy 2-core machine: the earlier tests' 2 s timeout would make a slow answer a lost one.
    expect((await f.call('PUT', '/api/fbr/settings', { timeoutSeconds: 30 })).statusCode).toBe(200);
    const [template] = await queryRows<{ payload: unknown }>(t.database.db, sql`SELECT payload FROM fbr_submissions ORDER BY id LIMIT 1`);
    await t.database.db.execute(sql`INSERT INTO fbr_submissions (document_type, document_id, document_number, document_date, customer_name, region_id, invoice_type, environment, payload)
                                    SELECT 'invoice', 1000000 + g, 'LOAD-' || g, ${f.today}::date, 'Load', ${f.north}::int, 'Sale Invoice', 'sandbox', ${JSON.stringify(template!.payload)}::jsonb
                                    FROM generate_series(1, 200) g`);
    const senders = Array.from({ length: 50 }, sender);
    const drain = async (s: FbrSender) => {
      while ((await s.runOnce()) > 0);
    };
    await Promise.all(senders.map(drain));
    const statuses = await queryRows<{ status: string; n: number }>(t.database.db, sql`SELECT status, count(*)::int AS n FROM fbr_submissions WHERE document_number LIKE 'LOAD-%' GROUP BY status`);
    expect(statuses).toEqual([{ status: 'accepted', n: 200 }]);
    const posts = fake.requests.filter((r) => r.endpoint === 'post');
    expect(posts).toHaveLength(200);
    expect(new Set(posts.map((r) => r.invoiceNumber)).size).toBe(200);
  });
});

describe('who acts on a submission', () => {
  it('resend, resolve and release are refused to the sales roles and the auditor; the auditor reads the list', async () => {
    const [row] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM fbr_submissions ORDER BY id LIMIT 1`);
    for (const role of ['salesExecutive', 'salesManager', 'auditor'] as const) {
      const user = await t.userWithRole(role);
      for (const action of ['resend', 'release']) expect((await f.call('POST', `/api/fbr-submissions/${row!.id}/${action}`, undefined, user.token)).statusCode).toBe(403);
      expect((await f.call('POST', `/api/fbr-submissions/${row!.id}/resolve`, { fbrInvoiceNumber: '7000007DI1747119701593' }, user.token)).statusCode).toBe(403);
    }
    const auditor = await t.userWithRole('auditor');
    const list = await f.call('GET', '/api/fbr-submissions?awaiting=true', undefined, auditor.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(list.json().counts.queued + list.json().counts.sending + list.json().counts.rejected + list.json().counts.unknown);
    // The badges count every state whichever is chosen.
    expect((await f.call('GET', '/api/fbr-submissions', undefined, auditor.token)).json().counts).toEqual(list.json().counts);
    const accountant = await t.userWithRole('accountant');
    expect((await f.call('POST', `/api/fbr-submissions/${row!.id}/release`, undefined, accountant.token)).statusCode).toBe(409);
  });

  it('exports the list as CSV', async () => {
    const csv = await f.call('GET', '/api/fbr-submissions?format=csv&status=accepted');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toContain('FBR invoice number');
    expect(csv.body).toMatch(/7000007DI\d{13}/);
  });
});
