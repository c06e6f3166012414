import { fbrMessages, fbrQr, fbrQrModules } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { encodePng } from '../../demo/png.ts';
import { pdfImagesDrawn, pdfQrCodes, readQrOnFirstPage } from '../../test/pdf-qr.ts';
import { pdfTextLines } from '../../test/pdf-text.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { type FakeFbr, startFakeFbr } from './fake-fbr/fake-fbr-server.ts';
import { FbrSender } from './fbr-sender.ts';
import { useTestSecretsKey } from './fbr-test-key.ts';

/** Issue 30, section 6: what an invoice or a return prints of FBR, and the logo the admin uploads for it. */
let t: TestApp;
let f: SalesFixtures;
let fake: FakeFbr;
let item = 0;
let buyer = 0;
const token = 'sandbox-token-print-never-shown';
const notYet = 'NOT YET A TAX INVOICE';
/** A logo as PRAL might hand it over: 300 x 150, fitted into 72 x 36 pt. */
const logoPng = encodePng(300, 150, (x, y) => ((x >> 4) + (y >> 4)) % 2 === 0 ? [0, 102, 51] : [255, 255, 255]);

const sender = () => new FbrSender({ db: t.database.db, database: t.database, log: { error: () => undefined } });

function multipart(bytes: Buffer, fileName = 'fbr-logo.png'): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----erp-fbr-logo';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const putLogo = (bytes: Buffer, userToken = t.adminToken) => {
  const upload = multipart(bytes);
  return t.app.inject({ method: 'PUT', url: '/api/fbr/settings/logo', payload: upload.payload, headers: { ...upload.headers, ...bearer(userToken) } });
};

async function postSale(post = true): Promise<{ id: number; lineId: number }> {
  const response = await f.call('POST', '/api/invoices', { customerId: buyer, regionId: f.north, invoiceDate: f.today, post, lines: [{ itemId: item, quantity: 2, price: '1000.00' }] });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().data.id, lineId: response.json().data.lines[0].id };
}

const pdfOf = async (path: string) => {
  const response = await f.call('GET', `${path}/pdf`);
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
};

const submissionOf = async (documentType: string, id: number) =>
  (await queryRows<{ id: number; status: string; fbrInvoiceNumber: string | null }>(
    t.database.db,
    sql`SELECT id, status, fbr_invoice_number AS "fbrInvoiceNumber" FROM fbr_submissions WHERE document_type = ${documentType} AND document_id = ${id}`,
  ))[0];

/** Nothing of FBR's on the page: no notice, no number, no QR code. */
function expectNothingOfFbr(pdf: Buffer): void {
  const lines = pdfTextLines(pdf);
  expect(lines).not.toContain(notYet);
  expect(lines.some((line) => line.startsWith('FBR Invoice Number'))).toBe(false);
  expect(pdfQrCodes(pdf)).toEqual([]);
}

/** The notice under the title, nothing else: no number, no QR code, no logo. */
function expectNotYet(pdf: Buffer): void {
  const lines = pdfTextLines(pdf);
  expect(lines[lines.indexOf(notYet) - 1]).toMatch(/(Invoice|Credit Note)$/);
  expect(lines.some((line) => line.startsWith('FBR Invoice Number'))).toBe(false);
  expect(pdfQrCodes(pdf)).toEqual([]);
  expect(pdfImagesDrawn(pdf)).toEqual([]);
}

/** FBR's number in the text and a QR code of exactly it: version 2, 25 x 25 modules in a 72 x 72 pt square, which a reader decodes to the number. */
function expectAccepted(pdf: Buffer, fbrInvoiceNumber: string): void {
  const lines = pdfTextLines(pdf);
  expect(lines).toContain(`FBR Invoice Number: ${fbrInvoiceNumber}`);
  expect(lines).not.toContain(notYet);
  const codes = pdfQrCodes(pdf);
  expect(codes).toHaveLength(1);
  const [code] = codes;
  expect(code!.modules).toHaveLength(25);
  for (const row of code!.modules) expect(row).toHaveLength(25);
  expect(code!.modules).toEqual(fbrQrModules(fbrInvoiceNumber));
  expect(code!.moduleSize * 25).toBeCloseTo(fbrQr.sizePt, 6);
  expect(readQrOnFirstPage(pdf)).toEqual({ text: fbrInvoiceNumber, version: 2 });
}

useTestSecretsKey();
beforeAll(async () => {
  fake = await startFakeFbr({ tokens: [token] });
  t = await createTestApp({ startJobs: false });
  f = await salesFixtures(t, 'FbrPrint');
  item = await f.newTaxedItem('Reagent', { saleType: 'standardRate', rate: '18.00', hsCode: '38221900', fbrUom: 'Numbers, pieces, units' });
  await f.receive([{ itemId: item, quantity: 500, unitCost: '10.00' }]);
  buyer = (await f.newCustomer('Registered Lab', { registrationType: 'registered', ntn: '0711234-5', province: 'punjab', address: '5 Mall Road, Lahore' })).id;
  const company = await f.call('PUT', '/api/settings', { companyName: 'FbrPrint Supplies', address: '1 Fbr Street, Lahore', ntn: '7000007', province: 'punjab', businessActivity: 'distributor' });
  expect(company.statusCode, company.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('the FBR logo', () => {
  it('is 404 until uploaded; the admin uploads a PNG or JPEG of at most 512 KB, checked by content; GET answers what was put', async () => {
    expect((await f.call('GET', '/api/fbr/settings/logo')).statusCode).toBe(404);
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(20)]);
    for (const [bytes, message] of [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), fbrMessages.logoType],
      [webp, fbrMessages.logoType],
      [Buffer.concat([logoPng, Buffer.alloc(512 * 1024)]), fbrMessages.logoTooLarge],
      [Buffer.alloc(0), fbrMessages.logoMissing],
    ] as const) {
      const refused = await putLogo(bytes);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errors).toEqual({ file: message });
    }
    expect((await f.call('GET', '/api/fbr/settings/logo')).statusCode).toBe(404);

    const saved = await putLogo(logoPng);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'FBR logo saved', logo: { mimeType: 'image/png', size: logoPng.length } });
    const got = await f.call('GET', '/api/fbr/settings/logo');
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(logoPng)).toBe(true);
    const etag = got.headers.etag as string;
    expect((await t.app.inject({ method: 'GET', url: '/api/fbr/settings/logo', headers: { ...bearer(t.adminToken), 'if-none-match': etag } })).statusCode).toBe(304);

    // A JPEG by its first bytes replaces it; exactly 512 KB is allowed.
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(512 * 1024 - 4)]);
    expect((await putLogo(jpeg)).statusCode).toBe(200);
    expect((await f.call('GET', '/api/fbr/settings/logo')).headers['content-type']).toBe('image/jpeg');
    expect((await putLogo(logoPng)).statusCode).toBe(200);

    const audits = await queryRows<{ action: string; before: unknown; after: unknown }>(t.database.db, sql`SELECT action, before, after FROM audit_log WHERE resource = 'fbr-settings' AND action = 'upload-logo' ORDER BY id`);
    expect(audits).toHaveLength(3);
    expect(audits[0]).toMatchObject({ before: null, after: { mimeType: 'image/png', size: logoPng.length } });
    expect(audits[1]).toMatchObject({ before: { mimeType: 'image/png' }, after: { mimeType: 'image/jpeg', size: 512 * 1024 } });
  });

  it('is uploaded and removed by the admin alone; read by the roles of the invoices and returns (the auditor too)', async () => {
    for (const role of ['salesExecutive', 'accountant', 'auditor'] as const) {
      const user = await t.userWithRole(role);
      expect((await putLogo(logoPng, user.token)).statusCode).toBe(403);
      expect((await f.call('DELETE', '/api/fbr/settings/logo', undefined, user.token)).statusCode).toBe(403);
      const read = await f.call('GET', '/api/fbr/settings/logo', undefined, user.token);
      expect(read.statusCode).toBe(200);
      expect(read.rawPayload.equals(logoPng)).toBe(true);
    }
    const engineer = await t.userWithRole('serviceEngineer');
    expect((await f.call('GET', '/api/fbr/settings/logo', undefined, engineer.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/fbr/settings/logo' })).statusCode).toBe(401);
  });
});

describe('printing (reporting off)', () => {
  it('a posted invoice with no submission prints nothing of FBR', async () => {
    const sale = await postSale();
    expect(await submissionOf('invoice', sale.id)).toBeUndefined();
    expectNothingOfFbr(await pdfOf(`/api/invoices/${sale.id}`));
  });
});

describe('printing (reporting on)', () => {
  beforeAll(async () => {
    const saved = await f.call('PUT', '/api/fbr/settings', { sandboxToken: token, baseUrl: fake.url, timeoutSeconds: 2, enabled: true });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('before acceptance: "NOT YET A TAX INVOICE" under the title, no number, no QR code, no logo; after: the number, its QR code and the logo', async () => {
    const sale = await postSale();
    expect(await submissionOf('invoice', sale.id)).toMatchObject({ status: 'queued' });
    expectNotYet(await pdfOf(`/api/invoices/${sale.id}`));

    await sender().runOnce();
    const accepted = (await submissionOf('invoice', sale.id))!;
    expect(accepted.status).toBe('accepted');
    expect(accepted.fbrInvoiceNumber).toMatch(/^7000007DI\d{13}$/);
    const pdf = await pdfOf(`/api/invoices/${sale.id}`);
    expectAccepted(pdf, accepted.fbrInvoiceNumber!);
    // The uploaded logo, about an inch: 300 x 150 pixels fitted into 72 x 72 pt.
    expect(pdfImagesDrawn(pdf)).toEqual([{ width: 72, height: 36 }]);

    // Without a logo the number and the QR code print alone: no stand-in of FBR's mark.
    const removed = await f.call('DELETE', '/api/fbr/settings/logo');
    expect(removed.json()).toMatchObject({ status: 200, message: 'FBR logo removed' });
    expect((await f.call('DELETE', '/api/fbr/settings/logo')).statusCode).toBe(404);
    const plain = await pdfOf(`/api/invoices/${sale.id}`);
    expectAccepted(plain, accepted.fbrInvoiceNumber!);
    expect(pdfImagesDrawn(plain)).toEqual([]);
    expect((await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM audit_log WHERE resource = 'fbr-settings' AND action = 'remove-logo'`))[0]!.n).toBe(1);
    expect((await putLogo(logoPng)).statusCode).toBe(200);
  });

  it('a draft, a rejected one and an unknown one print the notice; an unknown one resolved by a person prints the number it was given', async () => {
    const draft = await postSale(false);
    expectNotYet(await pdfOf(`/api/invoices/${draft.id}`));

    const rejected = await postSale();
    fake.script('validate', [{ lineError: { itemSNo: '1', errorCode: '0046', error: 'Provide rate.' } }]);
    await sender().runOnce();
    expect(await submissionOf('invoice', rejected.id)).toMatchObject({ status: 'rejected' });
    expectNotYet(await pdfOf(`/api/invoices/${rejected.id}`));
    // Cancelled, it never becomes a tax invoice: "not yet" would be untrue, and its status says Cancelled.
    expect((await f.call('POST', `/api/invoices/${rejected.id}/cancel`)).statusCode).toBe(200);
    expectNothingOfFbr(await pdfOf(`/api/invoices/${rejected.id}`));

    const lost = await postSale();
    fake.script('post', ['hang']);
    await sender().runOnce();
    const unknown = (await submissionOf('invoice', lost.id))!;
    expect(unknown.status).toBe('unknown');
    expectNotYet(await pdfOf(`/api/invoices/${lost.id}`));
    const number = '7000007DI1747119709999';
    expect((await f.call('POST', `/api/fbr-submissions/${unknown.id}/resolve`, { fbrInvoiceNumber: number })).statusCode).toBe(200);
    expectAccepted(await pdfOf(`/api/invoices/${lost.id}`), number);
  });

  it('a sales return prints the same: the notice until its submission is accepted, then its number and QR code', async () => {
    const sale = await postSale();
    await sender().runOnce();
    expect(await submissionOf('invoice', sale.id)).toMatchObject({ status: 'accepted' });
    const created = await f.call('POST', '/api/sales-returns', { invoiceId: sale.id, returnDate: f.today, reason: 'Damaged in transit', post: true, lines: [{ invoiceLineId: sale.lineId, quantity: 1, condition: 'writeOff' }] });
    expect(created.statusCode, created.body).toBe(201);
    const returnId = created.json().data.id as number;
    // Whether or not the return's own submission is written yet: not accepted, so not yet a tax document.
    expect((await submissionOf('salesReturn', returnId))?.status ?? 'none').not.toBe('accepted');
    expectNotYet(await pdfOf(`/api/sales-returns/${returnId}`));

    // FBR's Debit Note number, as its sender or a person's resolve records it.
    const number = '7000007DI1747119708888';
    const payload = JSON.stringify({ invoiceType: 'Debit Note' });
    await t.database.db.execute(sql`
      INSERT INTO fbr_submissions (document_type, document_id, document_number, document_date, customer_name, region_id, invoice_type, environment, payload, status, fbr_invoice_number)
      SELECT 'salesReturn', r.id, r.document_number, r.document_date, 'FbrPrint Registered Lab', r.region_id, 'Debit Note', 'sandbox', ${payload}::jsonb, 'accepted', ${number}
      FROM sales_returns r WHERE r.id = ${returnId}
      ON CONFLICT (document_type, document_id) DO UPDATE SET status = 'accepted', fbr_invoice_number = EXCLUDED.fbr_invoice_number, locked_until = NULL`);
    const pdf = await pdfOf(`/api/sales-returns/${returnId}`);
    expectAccepted(pdf, number);
    expect(pdfImagesDrawn(pdf)).toEqual([{ width: 72, height: 36 }]);
  });

  it('turned off again: an accepted invoice still prints its number (FBR holds it); a new posting prints nothing', async () => {
    const [accepted] = await queryRows<{ documentId: number; fbrInvoiceNumber: string }>(
      t.database.db,
      sql`SELECT document_id AS "documentId", fbr_invoice_number AS "fbrInvoiceNumber" FROM fbr_submissions WHERE document_type = 'invoice' AND status = 'accepted' ORDER BY id LIMIT 1`,
    );
    expect((await f.call('PUT', '/api/fbr/settings', { enabled: false })).statusCode).toBe(200);
    expectAccepted(await pdfOf(`/api/invoices/${accepted!.documentId}`), accepted!.fbrInvoiceNumber);
    const later = await postSale();
    expectNothingOfFbr(await pdfOf(`/api/invoices/${later.id}`));
  });
});
