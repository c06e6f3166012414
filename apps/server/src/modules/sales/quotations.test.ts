import { addDays, quotationDocument, quotationMessages, salesMessages } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { documentRoutes } from '../../lib/document/register-document.ts';
import { pdfTextLines } from '../../test/pdf-text.ts';
import { fixtureItemsAtRate, type PurchasingFixtures, purchasingFixtures } from '../../test/purchasing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { quotationBinding } from './quotations.binding.ts';

let t: TestApp;
let f: PurchasingFixtures;
const ids = { hospital: 0, southLab: 0, closed: 0 };
const lots: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  f = await purchasingFixtures(t, 'Qt');
  await t.database.db.execute(sql`UPDATE company_settings SET company_name = 'Qt Lab Supplies', currency = 'PKR', tax_rate = 17`);
  await fixtureItemsAtRate(t, f, '17.00');
  const customer = async (customerName: string, regionId: number, active = true) => {
    const response = await f.call('POST', '/api/customers', { customerName, customerType: 'hospital', regionId, address: '7 Jail Road', creditLimit: '0.00', paymentTermsDays: 30, active });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as number;
  };
  ids.hospital = await customer('Qt Civil Hospital', f.north);
  ids.southLab = await customer('Qt South Lab', f.south);
  ids.closed = await customer('Qt Closed Clinic', f.north, false);
  for (const row of [
    { itemId: f.gloves, price: '2.50', effectiveFrom: addDays(f.today, -30) },
    { itemId: f.reagent, customerId: ids.hospital, price: '1100.00', effectiveFrom: addDays(f.today, -30) },
  ]) {
    const price = await f.call('POST', '/api/price-list', row);
    expect(price.statusCode, price.body).toBe(201);
  }
  // Two lots of the reagent in the north, the nearer expiry smaller: an accepted quotation's invoice splits over both.
  const opening = await f.call('POST', '/api/stock-adjustments', {
    adjustmentDate: f.today,
    reason: 'openingStock',
    post: true,
    lines: [
      { itemId: f.reagent, regionId: f.north, lotNumber: 'QT-LATE', dateExpiry: addDays(f.today, 300), quantity: 10, unitCost: '900.00' },
      { itemId: f.reagent, regionId: f.north, lotNumber: 'QT-SOON', dateExpiry: addDays(f.today, 40), quantity: 5, unitCost: '800.00' },
    ],
  });
  expect(opening.statusCode, opening.body).toBe(201);
  for (const row of await queryRows<{ id: number; lotNumber: string }>(t.database.db, sql`SELECT id, lot_number AS "lotNumber" FROM inventory WHERE lot_number LIKE 'QT-%'`)) {
    lots[row.lotNumber] = Number(row.id);
  }
});
afterAll(async () => t?.close());

const quotation = (overrides: Record<string, unknown> = {}) => ({
  customerId: ids.hospital,
  quotationDate: f.today,
  validUntil: addDays(f.today, 30),
  terms: 'Delivery within 7 days; prices ex-warehouse',
  lines: [
    { itemId: f.reagent, quantity: 3, price: '1250.50', discountPercent: '10' },
    { itemId: f.gloves, quantity: 7 },
    { itemId: f.reagent, quantity: 1, price: null, discountPercent: null },
  ],
  ...overrides,
});

const read = async (id: number) => (await f.call('GET', `/api/quotations/${id}`)).json().data;

async function created(body: object = quotation()): Promise<number> {
  const response = await f.call('POST', '/api/quotations', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

async function sent(body: object = quotation()): Promise<{ id: number; documentNumber: string }> {
  const id = await created(body);
  const response = await f.call('POST', `/api/quotations/${id}/send`);
  expect(response.statusCode, response.body).toBe(200);
  return { id, documentNumber: response.json().data.documentNumber };
}

const count = async (table: 'quotations' | 'invoices') => Number((await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]!.n);

const refused = (statement: ReturnType<typeof sql>) =>
  t.database.db.execute(statement).then(
    () => 'changed',
    () => 'refused',
  );

const state: Record<string, number> = {};

describe('quotations: drafts', () => {
  it("saves a draft with the customer's region, the price list's prices where a line has none, the settings' tax and exact totals; the answer is what a read gives", async () => {
    const response = await f.call('POST', '/api/quotations', quotation());
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({
      quotationId: data.id,
      documentNumber: null,
      status: 'draft',
      expired: false,
      quotationDate: f.today,
      validUntil: addDays(f.today, 30),
      customerId: ids.hospital,
      customer: { customerName: 'Qt Civil Hospital', address: '7 Jail Road' },
      regionId: f.north,
      region: { regionName: 'Qt North' },
      terms: 'Delivery within 7 days; prices ex-warehouse',
      taxRate: '17.00',
      // 3 x 1250.50 less 10% = 3376.35 (tax 573.98); 7 x 2.50 = 17.50 (tax 2.975 -> 2.98); 1 x 1100.00 (tax 187.00).
      subtotal: '4493.85',
      taxAmount: '763.96',
      grandTotal: '5257.81',
      invoiceId: null,
      invoice: null,
    });
    expect(data.lines).toEqual([
      expect.objectContaining({ lineNo: 1, itemId: f.reagent, quantity: 3, price: '1250.50', discountPercent: '10.00', amount: '3376.35', taxAmount: '573.98', item: expect.objectContaining({ unit: 'kit' }) }),
      expect.objectContaining({ lineNo: 2, itemId: f.gloves, quantity: 7, price: '2.50', discountPercent: '0.00', amount: '17.50', taxAmount: '2.98' }),
      expect.objectContaining({ lineNo: 3, itemId: f.reagent, quantity: 1, price: '1100.00', discountPercent: '0.00', amount: '1100.00', taxAmount: '187.00' }),
    ]);
    expect(await read(data.id)).toEqual(data);
    state.draft = data.id;

    const replaced = await f.call('PUT', `/api/quotations/${data.id}`, quotation({ terms: '', lines: [{ itemId: f.reagent, quantity: 8, price: '1000', discountPercent: '2.5' }] }));
    expect(replaced.statusCode, replaced.body).toBe(200);
    // 8000.00 less 2.5% = 7800.00, tax 1326.00.
    expect(replaced.json().data).toMatchObject({ subtotal: '7800.00', taxAmount: '1326.00', grandTotal: '9126.00', terms: '', lines: [expect.objectContaining({ quantity: 8, amount: '7800.00' })] });
    expect(await read(data.id)).toEqual(replaced.json().data);
  });

  it('refuses, naming each field and storing nothing: an unapproved or missing item, a missing or inactive customer, a validity before the date', async () => {
    const before = await count('quotations');
    const response = await f.call(
      'POST',
      '/api/quotations',
      quotation({ customerId: 999_999, validUntil: addDays(f.today, -1), lines: [{ itemId: f.unapproved, quantity: 1, price: '1.00' }, { itemId: 999_999, quantity: 1 }] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      customerId: salesMessages.customerMissing,
      validUntil: quotationMessages.validBeforeDate,
      'lines.0.itemId': salesMessages.itemNotApproved,
      'lines.1.itemId': salesMessages.itemMissing,
    });
    const closed = await f.call('POST', '/api/quotations', quotation({ customerId: ids.closed }));
    expect(closed.statusCode).toBe(400);
    expect(closed.json().errors).toEqual({ customerId: salesMessages.customerInactive });
    const invalid = await f.call('POST', '/api/quotations', quotation({ lines: [{ itemId: f.reagent, quantity: 0, price: '-1', discountPercent: '101' }] }));
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().errors).sort()).toEqual(['lines.0.discountPercent', 'lines.0.price', 'lines.0.quantity']);
    expect(await count('quotations')).toBe(before);
  });

  it("keeps a sales executive to their regions: another region's customer is refused like a missing one, its quotations are not theirs", async () => {
    const south = await created(quotation({ customerId: ids.southLab, lines: [{ itemId: f.gloves, quantity: 1 }] }));
    const user = await t.userWithRole('salesExecutive');
    await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions: [f.north] })}::jsonb WHERE id = ${user.id}`);
    const outside = await f.call('POST', '/api/quotations', quotation({ customerId: ids.southLab }), user.token);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors).toEqual({ customerId: salesMessages.customerMissing });
    expect((await f.call('GET', `/api/quotations/${south}`, undefined, user.token)).statusCode).toBe(404);
    expect((await f.call('POST', `/api/quotations/${south}/send`, undefined, user.token)).statusCode).toBe(404);
    expect((await f.call('GET', `/api/quotations/${south}/pdf`, undefined, user.token)).statusCode).toBe(404);
    const listed = (await f.call('GET', '/api/quotations?pageSize=100', undefined, user.token)).json().data.map((q: { id: number }) => q.id);
    expect(listed).toContain(state.draft);
    expect(listed).not.toContain(south);
    const own = await f.call('POST', '/api/quotations', quotation(), user.token);
    expect(own.statusCode, own.body).toBe(201);
  });
});

describe('quotations: send, reject, accept', () => {
  it('sends with any role of /quotations: numbered QT-, stamped, no longer editable; the auditor and roles without the route are refused', async () => {
    const auditor = await t.userWithRole('auditor');
    expect((await f.call('POST', `/api/quotations/${state.draft}/send`, undefined, auditor.token)).statusCode).toBe(403);
    const accountant = await t.userWithRole('accountant');
    expect((await f.call('POST', `/api/quotations/${state.draft}/send`, undefined, accountant.token)).statusCode).toBe(403);
    expect((await f.call('GET', '/api/quotations', undefined, accountant.token)).statusCode).toBe(403);
    const sales = await t.userWithRole('salesExecutive');
    const response = await f.call('POST', `/api/quotations/${state.draft}/send`, undefined, sales.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Quotation sent');
    const data = response.json().data;
    expect(data).toMatchObject({ status: 'sent', sentBy: sales.id, expired: false, invoiceId: null });
    expect(data.documentNumber).toMatch(new RegExp(`^QT-${f.today.slice(0, 4)}-\\d{6}$`));
    expect(data.sentAt).toEqual(expect.any(String));
    expect((await f.call('POST', `/api/quotations/${state.draft}/send`)).statusCode).toBe(409);
    expect((await f.call('PUT', `/api/quotations/${state.draft}`, quotation())).statusCode).toBe(409);
    expect((await f.call('DELETE', `/api/quotations/${state.draft}`)).statusCode).toBe(409);
  });

  it('refuses a direct change of a sent quotation or its lines (trigger)', async () => {
    const id = state.draft!;
    expect(await refused(sql`UPDATE quotations SET terms = 'x' WHERE id = ${id}`)).toBe('refused');
    expect(await refused(sql`UPDATE quotations SET grand_total = 1 WHERE id = ${id}`)).toBe('refused');
    expect(await refused(sql`DELETE FROM quotations WHERE id = ${id}`)).toBe('refused');
    expect(await refused(sql`UPDATE quotation_lines SET quantity = 99 WHERE quotation_id = ${id}`)).toBe('refused');
    expect(await refused(sql`DELETE FROM quotation_lines WHERE quotation_id = ${id}`)).toBe('refused');
    expect(
      await refused(sql`INSERT INTO quotation_lines (quotation_id, line_no, item_id, quantity, price, amount) SELECT quotation_id, 99, item_id, 1, 1, 1 FROM quotation_lines WHERE quotation_id = ${id} LIMIT 1`),
    ).toBe('refused');
  });

  it('rejects a sent quotation; a rejected one can be neither accepted nor sent again', async () => {
    const { id } = await sent();
    const draft = await created();
    expect((await f.call('POST', `/api/quotations/${draft}/reject`)).statusCode).toBe(409);
    const response = await f.call('POST', `/api/quotations/${id}/reject`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Quotation rejected', data: { status: 'rejected', invoiceId: null, rejectedAt: expect.any(String) } });
    expect((await f.call('POST', `/api/quotations/${id}/accept`)).statusCode).toBe(409);
    expect((await f.call('POST', `/api/quotations/${id}/send`)).statusCode).toBe(409);
  });

  it('refuses to accept an expired quotation (409 naming its validity) and makes no invoice; it lists as expired', async () => {
    const { id } = await sent(quotation({ quotationDate: addDays(f.today, -20), validUntil: addDays(f.today, -10) }));
    const invoices = await count('invoices');
    const response = await f.call('POST', `/api/quotations/${id}/accept`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(quotationMessages.expired(addDays(f.today, -10)));
    expect(await count('invoices')).toBe(invoices);
    expect(await read(id)).toMatchObject({ status: 'sent', expired: true, invoiceId: null });
    const row = (await f.call('GET', '/api/quotations?pageSize=100')).json().data.find((q: { id: number }) => q.id === id);
    expect(row).toMatchObject({ status: 'sent', expired: true });
    state.expired = id;
  });

  it('accepts: a draft invoice for the customer and region, dated today, with the same lines filled first-expiry-first-out, linked both ways; the answer names it', async () => {
    const sales = await t.userWithRole('salesExecutive');
    const response = await f.call('POST', `/api/quotations/${state.draft}/accept`, undefined, sales.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(quotationDocument.transitions.accept.done);
    const data = response.json().data;
    expect(data).toMatchObject({ status: 'accepted', acceptedBy: sales.id, invoiceId: expect.any(Number), invoice: { documentNumber: null, status: 'draft' } });
    expect(await read(state.draft!)).toEqual(data);

    const invoice = (await f.call('GET', `/api/invoices/${data.invoiceId}`)).json().data;
    expect(invoice).toMatchObject({ status: 'draft', customerId: ids.hospital, regionId: f.north, invoiceDate: f.today, quotationId: state.draft, quotation: { documentNumber: data.documentNumber } });
    // 8 units: the 5 of the nearer expiry, then 3 of the later lot, at the quoted price and discount.
    expect(invoice.lines.map((l: Record<string, unknown>) => [l.itemId, l.inventoryId, l.quantity, l.price, l.discountPercent])).toEqual([
      [f.reagent, lots['QT-SOON'], 5, '1000.00', '2.50'],
      [f.reagent, lots['QT-LATE'], 3, '1000.00', '2.50'],
    ]);
    expect(invoice.subtotal).toBe('7800.00');
    const [audited] = await queryRows<{ after: unknown }>(
      t.database.db,
      sql`SELECT after FROM audit_log WHERE resource = 'quotations' AND action = 'accept' AND record_id = ${state.draft} ORDER BY id DESC LIMIT 1`,
    );
    expect(JSON.stringify(audited!.after)).toContain(`"invoiceId":${data.invoiceId}`);
    expect((await f.call('POST', `/api/quotations/${state.draft}/accept`)).statusCode).toBe(409);
    expect((await f.call('POST', `/api/quotations/${state.draft}/reject`)).statusCode).toBe(409);
  });

  it('refuses an accept the invoice refuses (not enough stock), storing nothing', async () => {
    const { id } = await sent(quotation({ lines: [{ itemId: f.reagent, quantity: 1000, price: '1.00' }] }));
    const invoices = await count('invoices');
    const response = await f.call('POST', `/api/quotations/${id}/accept`);
    // The invoice's own refusal, on the quotation's line (the invoice is made from its lines in order).
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['lines.0.quantity']);
    expect(await count('invoices')).toBe(invoices);
    expect(await read(id)).toMatchObject({ status: 'sent', invoiceId: null });
  });

  it('serves a route for every declared transition', () => {
    for (const action of quotationDocument.actions) expect(t.app.hasRoute({ method: 'POST', url: `/api/quotations/:id/${action}` })).toBe(true);
    expect(documentRoutes(quotationBinding)).toEqual([
      '/api/quotations',
      '/api/quotations/export',
      '/api/quotations/:id',
      '/api/quotations/:id/send',
      '/api/quotations/:id/accept',
      '/api/quotations/:id/reject',
    ]);
    expect(t.app.hasRoute({ method: 'GET', url: '/api/quotations/:id/pdf' })).toBe(true);
  });
});

describe('GET /api/sales/settings', () => {
  it("gives the sales roles the tax rate their forms apply (GET /api/settings is the admin's)", async () => {
    const sales = await t.userWithRole('salesExecutive');
    expect((await f.call('GET', '/api/settings', undefined, sales.token)).statusCode).toBe(403);
    const response = await f.call('GET', '/api/sales/settings', undefined, sales.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().settings).toMatchObject({ taxRate: '17.00', currency: 'PKR', nearExpiryDays: 90 });
    const engineer = await t.userWithRole('serviceEngineer');
    expect((await f.call('GET', '/api/sales/settings', undefined, engineer.token)).statusCode).toBe(403);
  });
});

describe('quotations: list, export and PDF', () => {
  it('lists rows with customer, region, totals, expiry and the invoice number; searches number, customer and terms; filters by customer', async () => {
    const list = (await f.call('GET', '/api/quotations?pageSize=100')).json();
    const row = list.data.find((q: { id: number }) => q.id === state.draft);
    expect(row).toMatchObject({
      documentNumber: expect.stringMatching(/^QT-/),
      customer: { customerName: 'Qt Civil Hospital' },
      region: { regionName: 'Qt North' },
      grandTotal: '9126.00',
      status: 'accepted',
      expired: false,
      invoice: { documentNumber: null, status: 'draft' },
    });
    expect(row).not.toHaveProperty('lines');
    const listed = async (query: string) => (await f.call('GET', `/api/quotations?pageSize=100&${query}`)).json().data.map((q: { id: number }) => q.id);
    expect(await listed(`search=${encodeURIComponent(row.documentNumber)}`)).toEqual([state.draft]);
    expect(await listed('search=civil%20hosp')).toContain(state.draft);
    expect(await listed('search=south%20lab')).not.toContain(state.draft);
    expect(await listed('search=ex-warehouse')).not.toContain(state.draft);
    expect((await listed('search=ex-warehouse')).length).toBeGreaterThan(0);
    expect(await listed(`customerId=${ids.southLab}`)).not.toContain(state.draft);
    expect(await listed(`customerId=${ids.hospital}`)).toContain(state.draft);
    expect(await listed('status=accepted')).toEqual([state.draft]);
    const byTotal = (await f.call('GET', '/api/quotations?pageSize=100&sort=grandTotal&order=desc')).json().data.map((q: { grandTotal: string }) => Number(q.grandTotal));
    expect(byTotal).toEqual([...byTotal].sort((a, b) => b - a));
    const exported = await f.call('GET', '/api/quotations/export?format=csv');
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('Qt Civil Hospital');
    expect(exported.body).toContain('Expired');
    // Rejecting an expired quotation stays possible; a rejected one is no longer "expired".
    expect((await f.call('POST', `/api/quotations/${state.expired}/reject`)).json().data).toMatchObject({ status: 'rejected', expired: false });
  });

  it('prints: GET /api/quotations/:id/pdf answers application/pdf with the customer, lines, totals and terms; a draft under its draft name', async () => {
    const draft = await created();
    const draftPdf = await f.call('GET', `/api/quotations/${draft}/pdf`);
    expect(draftPdf.statusCode, draftPdf.body).toBe(200);
    expect(draftPdf.headers['content-type']).toBe('application/pdf');
    expect(draftPdf.headers['content-disposition']).toBe(`attachment; filename="quotation-draft-${draft}.pdf"`);
    expect(pdfTextLines(draftPdf.rawPayload)).toEqual(expect.arrayContaining(['Quotation', `Draft #${draft}`, 'Status: Draft']));

    const { id, documentNumber } = await sent();
    const response = await f.call('GET', `/api/quotations/${id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${documentNumber}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfTextLines(response.rawPayload)).toEqual(
      expect.arrayContaining(['Qt Lab Supplies', 'Quotation', documentNumber, 'Status: Sent', 'Qt Civil Hospital', '3,376.35', 'Subtotal', '4,493.85', 'Tax (17.00%)', '763.96', 'Total (PKR)', '5,257.81', 'TERMS']),
    );
    const accountant = await t.userWithRole('accountant');
    expect((await f.call('GET', `/api/quotations/${id}/pdf`, undefined, accountant.token)).statusCode).toBe(403);
    expect((await f.call('GET', '/api/quotations/999999/pdf')).statusCode).toBe(404);
  });
});
