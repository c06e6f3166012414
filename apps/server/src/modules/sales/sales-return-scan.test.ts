import { addDays } from '@erp/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let f: SalesFixtures;
const G = '\u001d';
// The reagent's each (GTIN-13, check digit right), and a GTIN no item has.
const reagentGtin = '04012345678901';
const unknownGtin = '05901234123457';
const scanOf = (lot: string, gtin = reagentGtin) => `]d201${gtin}17991231${G}10${lot}`;
let other: { id: number };
/**
 * Lot SCN-A sold to the fixtures' customer (a north customer) from the north three times (40 days ago 6 units, today 4
 * units) and from the south once (10 days ago, 3 units); lot SCN-B sold once (2 units) and returned in full.
 */
const sold = {} as { older: number; olderLine: number; newer: number; newerLine: number; south: number; southLine: number };

beforeAll(async () => {
  t = await createTestApp();
  f = await salesFixtures(t, 'Scn');
  const linked = await f.call('POST', '/api/item-gtins', { itemId: f.reagent, gtin: reagentGtin });
  if (linked.statusCode !== 201) throw new Error(`gtin: ${linked.body}`);
  const [lotA, lotB] = await f.receive([
    { itemId: f.reagent, lotNumber: 'SCN-A', expiresIn: 300, quantity: 30, unitCost: '12.50' },
    { itemId: f.reagent, lotNumber: 'SCN-B', expiresIn: 300, quantity: 10, unitCost: '12.50' },
  ]);
  const [southLot] = await f.receive([{ itemId: f.reagent, lotNumber: 'SCN-A', expiresIn: 300, quantity: 5, unitCost: '12.50' }], f.south);
  other = await f.newCustomer('Other Clinic');
  const older = await postInvoice([{ itemId: f.reagent, inventoryId: lotA, quantity: 6, price: '40.00' }], addDays(f.today, -40));
  const newer = await postInvoice([{ itemId: f.reagent, inventoryId: lotA, quantity: 4, price: '40.00' }]);
  const south = await postInvoice([{ itemId: f.reagent, inventoryId: southLot, quantity: 3, price: '40.00' }], addDays(f.today, -10), f.south);
  Object.assign(sold, { older: older.id, olderLine: older.lines[0]!.id, newer: newer.id, newerLine: newer.lines[0]!.id, south: south.id, southLine: south.lines[0]!.id });
  const inFull = await postInvoice([{ itemId: f.reagent, inventoryId: lotB, quantity: 2, price: '40.00' }]);
  const returned = await f.call('POST', '/api/sales-returns', {
    invoiceId: inFull.id,
    returnDate: f.today,
    post: true,
    lines: [{ invoiceLineId: inFull.lines[0]!.id, quantity: 2, condition: 'restock' }],
  });
  if (returned.statusCode !== 201) throw new Error(`return: ${returned.body}`);
});
afterAll(async () => t?.close());

async function postInvoice(lines: object[], invoiceDate = f.today, regionId = f.north): Promise<{ id: number; documentNumber: string; lines: Array<{ id: number }> }> {
  const response = await f.call('POST', '/api/invoices', { customerId: f.customer.id, regionId, invoiceDate, post: true, lines });
  if (response.statusCode !== 201) throw new Error(`invoice: ${response.body}`);
  return response.json().data;
}

const scan = (body: Record<string, unknown>, token?: string) => f.call('POST', '/api/sales-returns/scan', body, token);

describe('POST /api/sales-returns/scan (issue 32, section 4)', () => {
  it('lists the customer’s posted invoice lines of the scanned item and lot with units left to return, newest first', async () => {
    // Part of the older line back already: 6 sold, 1 returned.
    const partly = await f.call('POST', '/api/sales-returns', {
      invoiceId: sold.older,
      returnDate: f.today,
      post: true,
      lines: [{ invoiceLineId: sold.olderLine, quantity: 1, condition: 'restock' }],
    });
    expect(partly.statusCode, partly.body).toBe(201);
    const found = await scan({ scan: scanOf('SCN-A'), customerId: f.customer.id });
    expect(found.statusCode, found.body).toBe(200);
    const data = found.json().data;
    expect(data.item).toEqual({ id: f.reagent, itemName: 'Scn CBC Reagent', articleNumber: expect.any(String) as string });
    expect(data.lotNumber).toBe('SCN-A');
    const numbers = (await Promise.all([sold.newer, sold.south, sold.older].map((id) => f.call('GET', `/api/invoices/${id}`)))).map((r) => r.json().data.documentNumber);
    expect(data.lines).toEqual([
      { invoiceId: sold.newer, documentNumber: numbers[0], invoiceDate: f.today, invoiceLineId: sold.newerLine, quantity: 4, returnedQuantity: 0, returnable: 4 },
      { invoiceId: sold.south, documentNumber: numbers[1], invoiceDate: addDays(f.today, -10), invoiceLineId: sold.southLine, quantity: 3, returnedQuantity: 0, returnable: 3 },
      { invoiceId: sold.older, documentNumber: numbers[2], invoiceDate: addDays(f.today, -40), invoiceLineId: sold.olderLine, quantity: 6, returnedQuantity: 1, returnable: 5 },
    ]);
    // The human-readable form and the separators of the body read the same pack.
    expect((await scan({ scan: `(01)${reagentGtin}(10)SCN-A`, customerId: f.customer.id })).json().data.lines).toHaveLength(3);
    expect((await scan({ scan: scanOf('SCN-A').replace(G, '~'), separators: '~', customerId: f.customer.id })).json().data.lotNumber).toBe('SCN-A');
  });

  it('refuses a lot never sold to the customer, and one returned in full, on the scan field', async () => {
    const elsewhere = await scan({ scan: scanOf('SCN-A'), customerId: other.id });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({ message: 'Lot SCN-A of Scn CBC Reagent was never sold to Scn Other Clinic', errors: { scan: 'Lot SCN-A of Scn CBC Reagent was never sold to Scn Other Clinic' } });
    const back = await scan({ scan: scanOf('SCN-B'), customerId: f.customer.id });
    expect(back.statusCode).toBe(400);
    expect(back.json().errors).toEqual({ scan: 'Lot SCN-B of Scn CBC Reagent sold to Scn General Hospital is returned in full' });
    const unsold = await scan({ scan: scanOf('SCN-Z'), customerId: f.customer.id });
    expect(unsold.json().errors.scan).toBe('Lot SCN-Z of Scn CBC Reagent was never sold to Scn General Hospital');
  });

  it('refuses what the parser refuses as /api/gs1/parse does, a GTIN of no item, a scan without lot or GTIN, and a customer that does not exist', async () => {
    const wrongDigit = await scan({ scan: ']d2' + '0104012345678902' + '10SCN-A', customerId: f.customer.id });
    expect(wrongDigit.statusCode).toBe(400);
    expect(wrongDigit.json()).toEqual({ status: 400, message: 'GTIN 04012345678902 has a wrong check digit; scan again', code: 'checkDigit', errors: { scan: 'GTIN 04012345678902 has a wrong check digit; scan again' } });
    const unknown = await scan({ scan: scanOf('SCN-A', unknownGtin), customerId: f.customer.id });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ scan: `GTIN ${unknownGtin} is linked to no item` });
    expect((await scan({ scan: `]d201${reagentGtin}`, customerId: f.customer.id })).json().errors).toHaveProperty('scan');
    expect((await scan({ scan: '(10)SCN-A', customerId: f.customer.id })).json().errors).toHaveProperty('scan');
    const noCustomer = await scan({ scan: scanOf('SCN-A'), customerId: 999_999 });
    expect(noCustomer.statusCode).toBe(400);
    expect(noCustomer.json().errors).toEqual({ customerId: 'The customer does not exist' });
    expect((await scan({ scan: scanOf('SCN-A') })).json().errors).toHaveProperty('customerId');
    expect((await scan({ scan: '', customerId: f.customer.id })).json().errors).toHaveProperty('scan');
  });

  it('is for the roles of /sales-returns, the auditor too (it changes nothing), and keeps a user to their regions', async () => {
    for (const role of ['auditor', 'inventorySupervisor', 'accountant'] as const) {
      const user = await t.userWithRole(role);
      const answer = await scan({ scan: scanOf('SCN-A'), customerId: f.customer.id }, user.token);
      expect(answer.statusCode, `${role}: ${answer.body}`).toBe(200);
    }
    for (const role of ['salesExecutive', 'serviceEngineer'] as const) {
      const user = await t.userWithRole(role);
      expect((await scan({ scan: scanOf('SCN-A'), customerId: f.customer.id }, user.token)).statusCode, role).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/sales-returns/scan', payload: { scan: scanOf('SCN-A'), customerId: f.customer.id } })).statusCode).toBe(401);
    // A user of the north finds the north's invoices, not the south's; for one of the south the customer (the north's) is none of theirs.
    const north = await t.userWithRole('accountant');
    await t.database.db.update(users).set({ permissions: { regions: [f.north] } }).where(eq(users.id, north.id));
    const kept = await scan({ scan: scanOf('SCN-A'), customerId: f.customer.id }, north.token);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.lines.map((l: { invoiceId: number }) => l.invoiceId)).toEqual([sold.newer, sold.older]);
    const south = await t.userWithRole('accountant');
    await t.database.db.update(users).set({ permissions: { regions: [f.south] } }).where(eq(users.id, south.id));
    expect((await scan({ scan: scanOf('SCN-A'), customerId: f.customer.id }, south.token)).json().errors).toEqual({ customerId: 'The customer does not exist' });
  });
});
