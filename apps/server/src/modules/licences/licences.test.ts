import { addDays, type DashboardResponse } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { withAnswerFields } from '../../lib/document/document-hooks.ts';
import { countStatements } from '../../test/count-statements.ts';
import { pdfTextLines } from '../../test/pdf-text.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { shiftedDateClass } from '../../test/shifted-date.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The clock is the test's (the shifted clock of test-clock.ts): today is 15 June 2026 whatever the
// real date, and time still passes (rules read the later of a document's date and today).
const today = '2026-06-15';
const clock = Date;
const yesterday = addDays(today, -1);

let t: TestApp;
let f: SalesFixtures;
let salesManager: { id: number; token: string };

beforeAll(async () => {
  globalThis.Date = shiftedDateClass(clock, new clock(2026, 5, 15, 12).getTime() - clock.now());
  t = await createTestApp();
  f = await salesFixtures(t, 'Lic');
  salesManager = await t.userWithRole('salesManager');
}, 120_000);
afterAll(async () => {
  await t?.close();
  globalThis.Date = clock;
});

async function newItem(name: string, extra: Record<string, unknown> = {}): Promise<number> {
  const created = await f.call('POST', '/api/items', {
    itemName: `Lic ${name}`,
    articleNumber: `LIC-${name}`.toUpperCase().replace(/\s+/g, '-'),
    categoryId: f.category,
    unit: 'kit',
    costPrice: '0.00',
    salePrice: '0.00',
    lotTracked: true,
    storageCondition: 'refrigerated',
    active: true,
    ...extra,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  expect((await f.call('POST', `/api/items/${id}/approve`)).statusCode).toBe(200);
  return id;
}

const order = (itemId: number, vendorId = f.vendor.id, extra: object = {}) => ({
  vendorId,
  regionId: f.north,
  expectedDate: today,
  lines: [
    { itemId: f.gloves, quantity: 1, unitCost: '2.00' },
    { itemId, quantity: 5, unitCost: '10.00' },
  ],
  ...extra,
});

describe('DRAP master data on vendors, items and customers (issue 32, section 5)', () => {
  it('answers every field null by default, and keeps what create and update give', async () => {
    const plain = await f.call('GET', `/api/items/${f.gloves}`);
    expect(plain.json().data).toMatchObject({ drapClass: null, registrationKind: null, registrationNumber: null, registrationExpiry: null });
    const vendor = await f.call('POST', '/api/vendors', {
      vendorName: 'Lic Roche',
      paymentTermsDays: 30,
      active: true,
      drapLicenceKind: 'importer',
      drapLicenceNumber: 'DIL-0042',
      drapLicenceExpiry: addDays(today, 200),
    });
    expect(vendor.statusCode, vendor.body).toBe(201);
    expect(vendor.json().data).toMatchObject({ vendorName: 'Lic Roche', drapLicenceKind: 'importer', drapLicenceNumber: 'DIL-0042', drapLicenceExpiry: addDays(today, 200) });
    const renamed = await f.call('PUT', `/api/vendors/${vendor.json().data.id}`, { contactPerson: 'Ayesha' });
    expect(renamed.json().data).toMatchObject({ contactPerson: 'Ayesha', drapLicenceNumber: 'DIL-0042' });
    const moved = await f.call('PUT', `/api/vendors/${vendor.json().data.id}`, { drapLicenceExpiry: addDays(today, 300) });
    expect(moved.json().data).toMatchObject({ drapLicenceKind: 'importer', drapLicenceNumber: 'DIL-0042', drapLicenceExpiry: addDays(today, 300) });
    const audited = await queryRows<{ after: Record<string, unknown> }>(t.database.db, sql`SELECT after FROM audit_log WHERE resource = 'vendors' AND record_id = ${String(vendor.json().data.id)} ORDER BY id DESC LIMIT 1`);
    expect(audited[0]!.after.drapLicenceExpiry).toBe(addDays(today, 300));
  });

  it('refuses a number without its expiry, and an item registration without its class (400 naming the field)', async () => {
    const vendor = await f.call('POST', '/api/vendors', { vendorName: 'Lic NoExpiry', paymentTermsDays: 30, active: true, drapLicenceNumber: 'DIL-1' });
    expect(vendor.statusCode).toBe(400);
    expect(Object.keys(vendor.json().errors)).toEqual(['drapLicenceExpiry']);
    const item = await f.call('PUT', `/api/items/${f.gloves}`, { registrationNumber: 'R-1', registrationExpiry: addDays(today, 90) });
    expect(item.statusCode).toBe(400);
    expect(Object.keys(item.json().errors)).toEqual(['drapClass']);
    const customer = await f.call('POST', '/api/customers', { customerName: 'Lic Clinic', customerType: 'hospital', regionId: f.north, paymentTermsDays: 30, active: true, licenceNumber: 'DSL-9' });
    expect(customer.statusCode).toBe(400);
    expect(Object.keys(customer.json().errors)).toEqual(['licenceExpiry']);
    const badClass = await f.call('PUT', `/api/items/${f.gloves}`, { drapClass: 'E' });
    expect(badClass.statusCode).toBe(400);
    expect(Object.keys(badClass.json().errors)).toEqual(['drapClass']);
    // A government buyer needs neither number nor expiry.
    const government = await f.newCustomer('Civil Hospital', { licenceKind: 'government' });
    expect((await f.call('GET', `/api/customers/${government.id}`)).json().data).toMatchObject({ licenceKind: 'government', licenceNumber: null, licenceExpiry: null });
  });

  it("gives an item's registration kind by its class (A: enlistment, else registration) unless the body says otherwise", async () => {
    const enlisted = await newItem('Swabs', { drapClass: 'A', registrationNumber: 'EN-1', registrationExpiry: addDays(today, 400) });
    expect((await f.call('GET', `/api/items/${enlisted}`)).json().data).toMatchObject({ drapClass: 'A', registrationKind: 'enlistment' });
    const moved = await f.call('PUT', `/api/items/${enlisted}`, { drapClass: 'C' });
    expect(moved.json().data).toMatchObject({ drapClass: 'C', registrationKind: 'registration', registrationNumber: 'EN-1' });
    const chosen = await f.call('PUT', `/api/items/${enlisted}`, { drapClass: 'B', registrationKind: 'enlistment' });
    expect(chosen.json().data).toMatchObject({ drapClass: 'B', registrationKind: 'enlistment' });
  });
});

describe('purchase orders of lapsed registrations and licences', () => {
  it('refuses an item registered until yesterday on create, naming the line; a class B device with no registration too', async () => {
    const lapsed = await newItem('Lapsed Analyzer', { drapClass: 'B', registrationNumber: 'R-123', registrationExpiry: yesterday });
    const refused = await f.call('POST', '/api/purchase-orders', order(lapsed));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual({ 'lines.1.itemId': "Lic Lapsed Analyzer's DRAP registration R-123 expired on 14 Jun 2026; it cannot be bought until it is renewed" });
    const unregistered = await newItem('Bare Analyzer', { drapClass: 'B' });
    const none = await f.call('POST', '/api/purchase-orders', order(unregistered));
    expect(none.json().errors).toEqual({ 'lines.1.itemId': 'Lic Bare Analyzer is a class B device with no DRAP registration' });
    // Valid on its expiry day itself.
    const lastDay = await newItem('Last Day Analyzer', { drapClass: 'C', registrationNumber: 'R-124', registrationExpiry: today });
    expect((await f.call('POST', '/api/purchase-orders', order(lastDay))).statusCode).toBe(201);
  });

  it('refuses the update and the approval of an order whose item lapsed after it was saved; a receipt of an approved order still posts', async () => {
    const item = await newItem('Renewed Kit', { drapClass: 'D', registrationNumber: 'R-200', registrationExpiry: addDays(today, 10) });
    const draft = await f.call('POST', '/api/purchase-orders', order(item));
    expect(draft.statusCode, draft.body).toBe(201);
    const approvedEarlier = await f.call('POST', '/api/purchase-orders', order(item));
    const approved = await f.call('POST', `/api/purchase-orders/${approvedEarlier.json().data.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    await f.call('PUT', `/api/items/${item}`, { registrationExpiry: yesterday });
    const update = await f.call('PUT', `/api/purchase-orders/${draft.json().data.id}`, order(item, f.vendor.id, { notes: 'again' }));
    expect(update.statusCode).toBe(400);
    expect(Object.keys(update.json().errors)).toEqual(['lines.1.itemId']);
    const approve = await f.call('POST', `/api/purchase-orders/${draft.json().data.id}/approve`);
    expect(approve.statusCode).toBe(400);
    expect(approve.json().errors['lines.1.itemId']).toContain('R-200 expired on 14 Jun 2026');
    const lines = approved.json().data.lines as { id: number }[];
    const receipt = await f.call('POST', '/api/goods-receipts', {
      purchaseOrderId: approvedEarlier.json().data.id,
      receiptDate: today,
      acceptNearExpiry: true,
      loggerResult: 'withinRange',
      lines: [
        { purchaseOrderLineId: lines[0]!.id, quantity: 1 },
        { purchaseOrderLineId: lines[1]!.id, quantity: 5, lotNumber: 'LIC-RCV-1', dateExpiry: addDays(today, 300) },
      ],
      post: true,
    });
    expect(receipt.statusCode, receipt.body).toBe(201);
  });

  it("refuses a vendor whose licence has expired (400 vendorId), and reads today from the clock for a back-dated order", async () => {
    const vendor = await f.call('POST', '/api/vendors', { vendorName: 'Lic Old Vendor', paymentTermsDays: 30, active: true, drapLicenceNumber: 'DIL-7', drapLicenceExpiry: yesterday });
    const refused = await f.call('POST', '/api/purchase-orders', order(f.reagent, vendor.json().data.id, { orderDate: addDays(today, -30) }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ vendorId: "Lic Old Vendor's DRAP licence DIL-7 expired on 14 Jun 2026; nothing can be bought from them until it is renewed" });
  });
});

describe('invoices to customers whose licence expired', () => {
  let lapsedCustomer = 0;
  let invoice = 0;

  beforeAll(async () => {
    await f.receive([{ itemId: f.reagent, lotNumber: 'LIC-A', expiresIn: 300, quantity: 20, unitCost: '10.00' }]);
    lapsedCustomer = (await f.newCustomer('Lapsed Pharmacy', { licenceKind: 'drugSaleLicence', licenceNumber: 'DSL-77', licenceExpiry: yesterday })).id;
  });

  it("saves a draft, refuses a sales manager's post (409 customerId), and posts the admin's with the override audited", async () => {
    const draft = await f.call('POST', '/api/invoices', { customerId: lapsedCustomer, regionId: f.north, invoiceDate: today, lines: [{ itemId: f.reagent, quantity: 2, price: '40.00' }] }, salesManager.token);
    expect(draft.statusCode, draft.body).toBe(201);
    invoice = draft.json().data.id;
    const refused = await f.call('POST', `/api/invoices/${invoice}/post`, undefined, salesManager.token);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ status: 409, message: "Lic Lapsed Pharmacy's drug sale licence DSL-77 expired on 14 Jun 2026", errors: { customerId: "Lic Lapsed Pharmacy's drug sale licence DSL-77 expired on 14 Jun 2026" } });
    expect((await f.call('GET', `/api/invoices/${invoice}`)).json().data.status).toBe('draft');
    const saveAndPost = await f.call('POST', '/api/invoices', { customerId: lapsedCustomer, regionId: f.north, invoiceDate: today, lines: [{ itemId: f.reagent, quantity: 1, price: '40.00' }], post: true }, salesManager.token);
    expect(saveAndPost.statusCode).toBe(409);
    const posted = await f.call('POST', `/api/invoices/${invoice}/post`);
    expect(posted.statusCode, posted.body).toBe(200);
    const [row] = await queryRows<{ after: Record<string, unknown> }>(t.database.db, sql`SELECT after FROM audit_log WHERE resource = 'invoices' AND action = 'post' AND record_id = ${String(invoice)}`);
    expect(row!.after.licenceOverride).toEqual({ licenceNumber: 'DSL-77', licenceExpiry: yesterday });
  });

  it('posts to a licensed customer without an override in the audit row', async () => {
    const licensed = await f.newCustomer('Good Pharmacy', { licenceKind: 'drugSaleLicence', licenceNumber: 'DSL-78', licenceExpiry: addDays(today, 5) });
    const posted = await f.call('POST', '/api/invoices', { customerId: licensed.id, regionId: f.north, invoiceDate: today, lines: [{ itemId: f.reagent, quantity: 1, price: '40.00' }], post: true }, salesManager.token);
    expect(posted.statusCode, posted.body).toBe(201);
    const [row] = await queryRows<{ after: Record<string, unknown> }>(t.database.db, sql`SELECT after FROM audit_log WHERE resource = 'invoices' AND action = 'post' AND record_id = ${String(posted.json().data.id)}`);
    expect(row!.after).not.toHaveProperty('licenceOverride');
  });

  it('requires a licence when settings say so, except of a government buyer', async () => {
    const unlicensed = await f.newCustomer('Plain Clinic');
    const government = await f.newCustomer('District Hospital', { licenceKind: 'government' });
    const body = (customerId: number) => ({ customerId, regionId: f.north, invoiceDate: today, lines: [{ itemId: f.reagent, quantity: 1, price: '40.00' }], post: true });
    expect((await f.call('POST', '/api/invoices', body(unlicensed.id), salesManager.token)).statusCode).toBe(201);
    const settings = await f.call('PUT', '/api/settings', { companyName: 'Lic Supplies', taxRate: '17.00', currency: 'PKR', requireCustomerLicence: true });
    expect(settings.statusCode, settings.body).toBe(200);
    try {
      const refused = await f.call('POST', '/api/invoices', body(unlicensed.id), salesManager.token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errors).toEqual({ customerId: 'Lic Plain Clinic has no licence on record; a licence is required to sell' });
      expect((await f.call('POST', '/api/invoices', body(government.id), salesManager.token)).statusCode).toBe(201);
    } finally {
      await f.call('PUT', '/api/settings', { companyName: 'Lic Supplies', taxRate: '17.00', currency: 'PKR', requireCustomerLicence: false });
    }
  });

  it('prints the registration under each line and the company licence on the invoice PDF and the delivery note; lines answer item.registrationNumber', async () => {
    await f.call('PUT', `/api/items/${f.reagent}`, { drapClass: 'B', registrationNumber: 'R-123', registrationExpiry: addDays(today, 700) });
    const settings = await f.call('PUT', '/api/settings', { companyName: 'Lic Supplies', taxRate: '17.00', currency: 'PKR', drapLicenceNumber: 'DRAP-EST-55', drapLicenceExpiry: '2027-12-31' });
    expect(settings.statusCode, settings.body).toBe(200);
    const stored = (await f.call('GET', '/api/settings')).json();
    expect(stored.data ?? stored.settings ?? stored).toMatchObject({ drapLicenceNumber: 'DRAP-EST-55', drapLicenceExpiry: '2027-12-31', requireCustomerLicence: false });
    const read = await f.call('GET', `/api/invoices/${invoice}`);
    expect(read.json().data.lines[0].item).toMatchObject({ itemName: 'Lic CBC Reagent', registrationNumber: 'R-123' });
    const pdf = await f.call('GET', `/api/invoices/${invoice}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfTextLines(pdf.rawPayload);
    expect(text).toContain('DRAP Reg. No. R-123');
    expect(text).toContain('DRAP licence No. DRAP-EST-55 (valid until 31 Dec 2027)');
    const note = await f.call('GET', `/api/invoices/${invoice}/delivery-note`);
    expect(note.statusCode, note.body).toBe(200);
    const number = read.json().data.documentNumber as string;
    expect(note.headers['content-disposition']).toBe(`attachment; filename="DN-${number}.pdf"`);
    const lines = pdfTextLines(note.rawPayload);
    for (const expected of ['Delivery Note', number, 'R-123', 'LIC-A', 'Received by', 'DRAP licence No. DRAP-EST-55 (valid until 31 Dec 2027)', 'LIC-LIC-CBC-', 'Lic CBC Reagent', '11 Apr 2027', '2 kit', 'temperature']) {
      expect(lines.join('\n'), expected).toContain(expected);
    }
    expect(lines.join('\n')).not.toContain('40.00');
    const auditor = await t.userWithRole('auditor');
    expect((await f.call('GET', `/api/invoices/${invoice}/delivery-note`, undefined, auditor.token)).statusCode).toBe(200);
    const engineer = await t.userWithRole('serviceEngineer');
    expect((await f.call('GET', `/api/invoices/${invoice}/delivery-note`, undefined, engineer.token)).statusCode).toBe(403);
  });

  it("reads the invoice's answer fields of every area in one statement: the company's licence, FBR's state, the lines' registrations", async () => {
    const read = (await f.call('GET', `/api/invoices/${invoice}`)).json().data;
    expect(read).toMatchObject({ companyDrapLicence: { licenceNumber: 'DRAP-EST-55', licenceExpiry: '2027-12-31' }, fbrStatus: null, fbrNotice: null });
    const bare = { ...read, lines: read.lines.map((line: { item: object }) => ({ ...line, item: { itemName: 'bare' } })) };
    delete bare.companyDrapLicence;
    await t.database.db.transaction(async (tx) => {
      const statements = countStatements(tx);
      const [answered] = await withAnswerFields(tx, 'invoices', [bare]);
      expect(statements.count).toBe(1);
      expect(answered).toMatchObject({ companyDrapLicence: { licenceNumber: 'DRAP-EST-55', licenceExpiry: '2027-12-31' }, fbrStatus: null, fbrInvoiceNumber: null });
      expect(answered!.lines[0].item).toEqual({ itemName: 'bare', registrationNumber: 'R-123' });
    });
  });
});

describe('expiring lists and dashboard counts', () => {
  it('lists records expiring on or before today + N (expired included), and counts them on the boards as their lists total', async () => {
    const soon = await newItem('Soon Kit', { drapClass: 'C', registrationNumber: 'R-301', registrationExpiry: addDays(today, 30) });
    const later = await newItem('Later Kit', { drapClass: 'C', registrationNumber: 'R-302', registrationExpiry: addDays(today, 31) });
    const listed = async (url: string) => {
      const response = await f.call('GET', url);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { data: { id: number }[]; total: number };
    };
    const items = await listed('/api/items?registrationExpiringWithin=30&pageSize=100');
    expect(items.data.map((row) => row.id)).toContain(soon);
    expect(items.data.map((row) => row.id)).not.toContain(later);
    expect(items.data.some((row) => (row as { registrationExpiry?: string }).registrationExpiry === yesterday)).toBe(true);
    expect((await listed('/api/items?registrationExpiringWithin=31&pageSize=100')).data.map((row) => row.id)).toContain(later);
    const bad = await f.call('GET', '/api/items?registrationExpiringWithin=soon');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['registrationExpiringWithin']);
    const customers = await listed('/api/customers?licenceExpiringWithin=30');
    expect(customers.total).toBeGreaterThanOrEqual(2);
    const vendors = await listed('/api/vendors?licenceExpiringWithin=0');
    expect(vendors.total).toBe(1);

    for (const [board, ids] of [['owner', ['registrations-expiring', 'vendor-licences-expiring', 'customer-licences-expiring']], ['warehouse', ['registrations-expiring', 'vendor-licences-expiring']], ['sales', ['customer-licences-expiring']]] as const) {
      const response = await f.call('GET', `/api/dashboard?board=${board}`);
      expect(response.statusCode, response.body).toBe(200);
      const figures = response.json<DashboardResponse>().figures;
      for (const id of ids) {
        const figure = figures.find((candidate) => candidate.id === id);
        expect(figure, `${board}: ${id}`).toBeDefined();
        expect(figure!.drill).toBeDefined();
      }
    }
    const owner = (await f.call('GET', '/api/dashboard?board=owner')).json<DashboardResponse>().figures;
    const value = (id: string) => owner.find((figure) => figure.id === id)!.value;
    expect(value('registrations-expiring')).toBe(String((await listed('/api/items?registrationExpiringWithin=30')).total));
    expect(value('vendor-licences-expiring')).toBe(String((await listed('/api/vendors?licenceExpiringWithin=30')).total));
    expect(value('customer-licences-expiring')).toBe(String((await listed('/api/customers?licenceExpiringWithin=30')).total));
    expect(Number(value('registrations-expiring'))).toBeGreaterThan(0);
  });
});
