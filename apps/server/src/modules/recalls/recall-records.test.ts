import { execFileSync } from 'node:child_process';
import { addDays } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type RentalFixtures, rentalFixtures } from '../../test/rental-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * A recall's trace over what the section-5 story does not do: a cancelled invoice (nothing), a
 * return written off, consignment stock shipped to a site and partly used; its notice letter to a
 * customer named in Urdu; a disposal returned to the supplier; the close refused for units at a site.
 */
let t: TestApp;
let f: RentalFixtures;
const lot = 'M-RCL-2';
const urdu = 'شفا لیبارٹری';
const ids = { warehouseLot: 0, urdu: 0, agreement: 0, recall: 0, invoice: 0, line: 0 };
let recallNumber = '';

async function must(method: 'POST', url: string, body: object | undefined, status = 201) {
  const response = await f.call(method, url, body);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
  return response.json().data;
}

const pdfText = (bytes: Buffer) => execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes }).toString('utf8');

beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
  f = await rentalFixtures(t, 'Rc2');
  ids.warehouseLot = (await f.receive([{ itemId: f.reagent, lotNumber: lot, quantity: 50, unitCost: '8.00', expiresIn: 400 }]))[0]!;
  ids.urdu = (await f.newCustomer(urdu, { address: '12 Jail Road\nLahore' })).id;
  const sold = await must('POST', '/api/invoices', { customerId: ids.urdu, regionId: f.north, invoiceDate: f.today, post: true, lines: [{ itemId: f.reagent, inventoryId: ids.warehouseLot, quantity: 10, price: '20.00' }] });
  ids.invoice = sold.id;
  ids.line = sold.lines[0].id;
  const cancelled = await must('POST', '/api/invoices', { customerId: ids.urdu, regionId: f.north, invoiceDate: f.today, post: true, lines: [{ itemId: f.reagent, inventoryId: ids.warehouseLot, quantity: 5, price: '20.00' }] });
  await must('POST', `/api/invoices/${cancelled.id}/cancel`, undefined, 200);
  await must('POST', '/api/sales-returns', { invoiceId: ids.invoice, returnDate: f.today, reason: 'Broken seals', post: true, lines: [{ invoiceLineId: ids.line, quantity: 2, condition: 'writeOff' }] });
  ids.agreement = await f.placedAgreement('RC2-SN-1', { billingModel: 'perTest', pricePerTest: '95.00', eligibleItemIds: [] }, addDays(f.today, -30));
  await must('POST', '/api/consignments', { rentalAgreementId: ids.agreement, consignmentKind: 'shipment', consignmentDate: f.today, lines: [{ itemId: f.reagent, inventoryId: ids.warehouseLot, quantity: 8 }] });
  await must('POST', '/api/consignments', { rentalAgreementId: ids.agreement, consignmentKind: 'usage', consignmentDate: f.today, lines: [{ itemId: f.reagent, quantity: 3 }] });
  const draft = await must('POST', '/api/recalls', { recallClass: 'I', source: 'manufacturerNotice', sourceReference: 'MFR-2026-9', reason: 'Wrong calibrator value', lines: [{ itemId: f.reagent, lotNumber: lot }] });
  ids.recall = draft.id;
  recallNumber = (await must('POST', `/api/recalls/${ids.recall}/open`, undefined, 200)).documentNumber;
}, 180_000);
afterAll(async () => t?.close());

describe('a recall of a lot sold, returned, cancelled and sent on consignment', () => {
  it('traces posted documents only: the cancelled invoice counts for nothing; consignment usage is sold, site stock on site', async () => {
    const trace = (await f.call('GET', `/api/recalls/${ids.recall}/trace`)).json().data;
    expect(trace.invoices).toEqual([expect.objectContaining({ invoiceId: ids.invoice, quantity: 10, returnedQuantity: 2 })]);
    expect(trace.returns).toEqual([expect.objectContaining({ quantity: 2, condition: 'writeOff' })]);
    expect(trace.consignments.map((c: { consignmentKind: string; quantity: number }) => [c.consignmentKind, c.quantity])).toEqual([
      ['shipment', 8],
      ['usage', 3],
    ]);
    const customers = Object.fromEntries(trace.customers.map((c: { customerId: number }) => [c.customerId, c]));
    expect(customers[ids.urdu]).toMatchObject({ sold: 10, returned: 2, onSite: 0 });
    expect(customers[f.hospital.id]).toMatchObject({ sold: 3, returned: 0, onSite: 5 });
    expect(trace.onHand.map((r: { locationKind: string; quantity: number; customerId: number | null }) => [r.locationKind, r.quantity, r.customerId])).toEqual([
      ['warehouse', 32],
      ['customer', 5],
    ].map(([kind, quantity]) => [kind, quantity, kind === 'customer' ? f.hospital.id : null]));
    // 50 received = 13 sold - 2 returned + 37 on hand + 2 written off (the return that never came back into stock).
    expect(trace.totals).toMatchObject({ received: 50, sold: 13, returned: 2, onHand: 37, writtenOff: 2, difference: 0 });
  });

  it("prints a customer's letter with the Urdu name in Arabic script, the recall number and the lot", async () => {
    const response = await f.call('GET', `/api/recalls/${ids.recall}/notices/${ids.urdu}/pdf`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = pdfText(response.rawPayload);
    expect(text).toMatch(/[\u0600-\u06FF\uFB50-\uFDFF\uFE70-\uFEFF]/);
    expect(text).toContain(recallNumber);
    expect(text).toContain(lot);
    expect(text.replace(/\s+/g, ' ')).toContain('Product Recall Notice - Class I');
    expect(text).toContain('Acknowledgement slip');
    const all = await f.call('GET', `/api/recalls/${ids.recall}/notices/pdf`);
    expect(all.statusCode).toBe(200);
    expect(pdfText(all.rawPayload)).toContain('Rc2 Rental Hospital');
    expect((await f.call('GET', `/api/recalls/${ids.recall}/notices/${f.customer.id}/pdf`)).statusCode).toBe(404);
    const report = await f.call('GET', `/api/recalls/${ids.recall}/report/pdf`);
    expect(report.statusCode).toBe(200);
    expect(pdfText(report.rawPayload)).toContain('DRAFT');
  });

  it('returns warehouse stock to the supplier; site stock is refused (400) and keeps the recall open (409 onHand)', async () => {
    const [site] = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT i.id FROM inventory i JOIN stock_locations l ON l.id = i.location_id AND l.kind = 'customer' WHERE i.lot_number = ${lot}`,
    );
    const refused = await f.call('POST', `/api/recalls/${ids.recall}/disposals`, { kind: 'destroyed', lines: [{ inventoryId: Number(site!.id), quantity: 5 }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors['lines.0.inventoryId']).toMatch(/^Only warehouse stock is disposed of/);
    const returned = await f.call('POST', `/api/recalls/${ids.recall}/disposals`, { kind: 'returnedToSupplier', certificateNumber: 'RTV-1', lines: [{ inventoryId: ids.warehouseLot, quantity: 32 }] });
    expect(returned.statusCode, returned.body).toBe(201);
    expect(returned.json().data).toMatchObject({ kind: 'returnedToSupplier', totalValue: '256.00' });
    const reconciliation = (await f.call('GET', `/api/recalls/${ids.recall}/reconciliation`)).json().data;
    expect(reconciliation.totals).toEqual({ received: 50, sold: 13, returned: 2, onHand: 5, destroyed: 0, returnedToSupplier: 32, writtenOff: 2, difference: 0 });
    for (const customer of [ids.urdu, f.hospital.id]) expect((await f.call('POST', `/api/recalls/${ids.recall}/notices/${customer}/sent`, {})).statusCode).toBe(200);
    const close = await f.call('POST', `/api/recalls/${ids.recall}/close`, {});
    expect(close.statusCode).toBe(409);
    expect(close.json().errors).toEqual({ onHand: `Units still on hand: 5 of lot ${lot} in Rc2 North (at a customer)` });
  });
});
