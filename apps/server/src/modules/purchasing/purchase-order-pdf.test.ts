import { addDays, formatCalendarDate } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyLogos } from '../../db/schema/index.ts';
import { pdfPageTexts, pdfTextLines } from '../../test/pdf-text.ts';
import { type PurchasingFixtures, purchasingFixtures } from '../../test/purchasing-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let f: PurchasingFixtures;
let vendorId: number;

/** A 2 x 1 PNG, enough for the letterhead. */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, tail]);
  };
  const header = Buffer.from([0, 0, 0, 2, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 10, 20, 30, 40, 50, 60]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  t = await createTestApp();
  f = await purchasingFixtures(t, 'Pdf');
  const vendor = await f.call('POST', '/api/vendors', { vendorName: 'Pdf Roche Diagnostics', contactPerson: 'Sana Malik', phone: '021-555-0100', address: '7 Clifton Block 5', paymentTermsDays: 45, active: true });
  expect(vendor.statusCode, vendor.body).toBe(201);
  vendorId = vendor.json().data.id;
  await t.database.db.execute(sql`UPDATE company_settings SET company_name = 'Pdf Lab Supplies', address = '12 Mall Road, Lahore', currency = 'PKR'`);
});
afterAll(async () => t?.close());

const pdfOf = (id: number | string, token = t.adminToken) => t.app.inject({ method: 'GET', url: `/api/purchase-orders/${id}/pdf`, headers: bearer(token) });

async function createOrder(regionId: number, lines: { itemId: number; quantity: number; unitCost: string }[]): Promise<number> {
  const created = await f.call('POST', '/api/purchase-orders', { vendorId, regionId, expectedDate: addDays(f.today, 10), notes: 'Keep the reagents at 2-8 C', lines });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.id;
}

describe('GET /api/purchase-orders/:id/pdf', () => {
  it('downloads a draft as purchase-order-draft-<id>.pdf, then the approved order under its number, with vendor, lines and total', async () => {
    const id = await createOrder(f.north, [
      { itemId: f.reagent, quantity: 1200, unitCost: '1250.5' },
      { itemId: f.gloves, quantity: 3, unitCost: '0.10' },
    ]);
    const draft = await pdfOf(id);
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.headers['content-type']).toBe('application/pdf');
    expect(draft.headers['content-disposition']).toBe(`attachment; filename="purchase-order-draft-${id}.pdf"`);
    expect(draft.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfTextLines(draft.rawPayload)).toEqual(expect.arrayContaining([`Draft #${id}`, 'Status: Draft']));

    const approved = await f.call('POST', `/api/purchase-orders/${id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const number = approved.json().data.documentNumber as string;
    const response = await pdfOf(id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${number}.pdf"`);
    const lines = pdfTextLines(response.rawPayload);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Pdf Lab Supplies',
        'Purchase Order',
        number,
        'Status: Approved',
        `Expected date: ${formatCalendarDate(addDays(f.today, 10))}`,
        'Pdf Roche Diagnostics',
        'Attn: Sana Malik',
        'Phone: 021-555-0100',
        'Receiving region: Pdf North',
        'Pdf CBC Reagent',
        '1,200',
        '1,250.50',
        '1,500,600.00',
        'Total (PKR)',
        '1,500,600.30',
        'Keep the reagents at 2-8 C',
        'Page 1 of 1',
      ]),
    );
    // The same order prints the same bytes (its last change is the PDF's creation date).
    expect((await pdfOf(id)).rawPayload.equals(response.rawPayload)).toBe(true);
  });

  it('puts the rectangular logo on the letterhead and repeats the table header on every page of a long order', async () => {
    await t.database.db.insert(companyLogos).values({ kind: 'rectangle', mime: 'image/png', bytes: tinyPng(), sha256: 'pdf-test' });
    const id = await createOrder(
      f.north,
      Array.from({ length: 90 }, (_, index) => ({ itemId: index % 2 ? f.gloves : f.reagent, quantity: index + 1, unitCost: '2.00' })),
    );
    const response = await pdfOf(id);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    const pages = pdfPageTexts(response.rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
      if (page.includes('Pdf Gloves')) expect(page).toContain('Unit cost');
    });
  });

  it('answers 404 for an unknown id or an order outside the user’s regions, 403 to a role without /purchase-orders, 401 without a token', async () => {
    expect((await pdfOf(999_999)).statusCode).toBe(404);
    expect((await pdfOf('abc')).statusCode).toBe(404);
    const south = await createOrder(f.south, [{ itemId: f.gloves, quantity: 1, unitCost: '1.00' }]);
    const supervisor = await t.userWithRole('inventorySupervisor');
    await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions: [f.north] })}::jsonb WHERE id = ${supervisor.id}`);
    expect((await pdfOf(south, supervisor.token)).statusCode).toBe(404);
    const north = await createOrder(f.north, [{ itemId: f.gloves, quantity: 1, unitCost: '1.00' }]);
    expect((await pdfOf(north, supervisor.token)).statusCode).toBe(200);
    const auditor = await t.userWithRole('auditor');
    expect((await pdfOf(north, auditor.token)).statusCode).toBe(200);
    const sales = await t.userWithRole('salesExecutive');
    const refused = await pdfOf(north, sales.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 403 });
    expect((await t.app.inject({ method: 'GET', url: `/api/purchase-orders/${north}/pdf` })).statusCode).toBe(401);
  });
});
