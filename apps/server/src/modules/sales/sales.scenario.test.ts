import { addDays, salesMessages } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { inventoryAgrees } from '../../test/purchasing-fixtures.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The story of issue 8, section 6: a quotation accepted into an invoice whose line is split
 * over two lots by expiry, posted and checked to the cent in both ledgers, a partial return
 * restocked, a write-off, the invoice's cancel refused after a return, and the report netting it all.
 */
let t: TestApp;
let f: SalesFixtures;
const lots = {} as Record<'soon' | 'later', number>;

beforeAll(async () => {
  t = await createTestApp();
  f = await salesFixtures(t, 'Sc');
  [lots.soon, lots.later] = (await f.receive([
    { itemId: f.reagent, lotNumber: 'SC-SOON', expiresIn: 120, quantity: 4, unitCost: '20.00' },
    { itemId: f.reagent, lotNumber: 'SC-LATER', expiresIn: 400, quantity: 10, unitCost: '22.00' },
  ])) as [number, number];
});
afterAll(async () => t?.close());

const quantity = async (id: number) => Number((await queryRows<{ q: number }>(t.database.db, sql`SELECT quantity AS q FROM inventory WHERE id = ${id}`))[0]!.q);

/** Net debit per posting key (the customer's account as 'customer') of one document. */
async function postings(documentType: string, documentId: number): Promise<Record<string, string>> {
  const rows = await queryRows<{ key: string; net: string }>(
    t.database.db,
    sql`SELECT coalesce(p.key, CASE WHEN g.account_id = ${f.customer.accountId} THEN 'customer' END) AS key, sum(g.debit - g.credit)::text AS net
        FROM gl_entries g LEFT JOIN posting_accounts p ON p.account_id = g.account_id
        WHERE g.document_type = ${documentType} AND g.document_id = ${documentId} GROUP BY 1 ORDER BY 1`,
  );
  return Object.fromEntries(rows.map((r) => [r.key, Number(r.net).toFixed(2)]));
}

describe('a sale from quotation to report', () => {
  const state: Record<string, number> = {};

  it('quotes, sends and accepts: a draft invoice with the quotation’s lines, its lot split first-expiry-first-out', async () => {
    const quoted = await f.call('POST', '/api/quotations', {
      customerId: f.customer.id,
      quotationDate: f.today,
      validUntil: addDays(f.today, 30),
      lines: [{ itemId: f.reagent, quantity: 6, price: '50.00', discountPercent: '10' }],
    });
    expect(quoted.statusCode, quoted.body).toBe(201);
    const id = quoted.json().data.id as number;
    expect((await f.call('POST', `/api/quotations/${id}/send`)).statusCode).toBe(200);
    const accepted = await f.call('POST', `/api/quotations/${id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    state.invoice = accepted.json().data.invoiceId;
    const invoice = (await f.call('GET', `/api/invoices/${state.invoice}`)).json().data;
    expect(invoice).toMatchObject({ status: 'draft', quotationId: id, customerId: f.customer.id });
    // 4 from the lot expiring first, 2 from the next; 45.00 each after the discount.
    expect(invoice.lines.map((l: { inventoryId: number; quantity: number; amount: string; taxAmount: string }) => [l.inventoryId, l.quantity, l.amount, l.taxAmount])).toEqual([
      [lots.soon, 4, '180.00', '30.60'],
      [lots.later, 2, '90.00', '15.30'],
    ]);
    state.soonLine = invoice.lines[0].id;
    state.laterLine = invoice.lines[1].id;
  });

  it('posts: stock out of both lots; receivable 315.90, sales 270.00, tax 45.90; cost of sales and inventory 124.00', async () => {
    const posted = await f.call('POST', `/api/invoices/${state.invoice}/post`);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().data).toMatchObject({ grandTotal: '315.90', costTotal: '124.00', openAmount: '315.90', paymentStatus: 'unpaid' });
    expect([await quantity(lots.soon), await quantity(lots.later)]).toEqual([0, 8]);
    expect(await postings('invoice', state.invoice!)).toEqual({ costOfSales: '124.00', customer: '315.90', inventory: '-124.00', sales: '-270.00', taxPayable: '-45.90' });
  });

  it('takes back 1 unit of the later lot into stock, and writes off 1 of the sooner one', async () => {
    const restock = await f.call('POST', '/api/sales-returns', {
      invoiceId: state.invoice,
      returnDate: f.today,
      post: true,
      lines: [{ invoiceLineId: state.laterLine, quantity: 1, condition: 'restock' }],
    });
    expect(restock.statusCode, restock.body).toBe(201);
    expect(restock.json().data).toMatchObject({ grandTotal: '52.65', subtotal: '45.00', taxAmount: '7.65' });
    expect(await quantity(lots.later)).toBe(9);
    expect(await postings('sales-return', restock.json().data.id)).toEqual({
      costOfSales: '-22.00',
      customer: '-52.65',
      inventory: '22.00',
      salesReturns: '45.00',
      taxPayable: '7.65',
    });
    const writeOff = await f.call('POST', '/api/sales-returns', {
      invoiceId: state.invoice,
      returnDate: f.today,
      post: true,
      lines: [{ invoiceLineId: state.soonLine, quantity: 1, condition: 'writeOff' }],
    });
    expect(writeOff.statusCode, writeOff.body).toBe(201);
    expect(await quantity(lots.soon)).toBe(0);
    expect(await postings('sales-return', writeOff.json().data.id)).toEqual({
      costOfSales: '-20.00',
      customer: '-52.65',
      salesReturns: '45.00',
      stockAdjustments: '20.00',
      taxPayable: '7.65',
    });
    const invoice = (await f.call('GET', `/api/invoices/${state.invoice}`)).json().data;
    expect(invoice).toMatchObject({ returnedAmount: '105.30', openAmount: '210.60', paymentStatus: 'partlyPaid' });
    const tooMany = await f.call('POST', '/api/sales-returns', {
      invoiceId: state.invoice,
      returnDate: f.today,
      lines: [{ invoiceLineId: state.laterLine, quantity: 2, condition: 'restock' }],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors['lines.0.quantity']).toBe(salesMessages.overReturn(2, 1));
  });

  it('refuses to cancel the invoice after a return', async () => {
    const cancel = await f.call('POST', `/api/invoices/${state.invoice}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(salesMessages.invoiceHasReturns);
  });

  it('reports the sale net of both returns, and the ledgers agree', async () => {
    const report = await f.call('GET', `/api/sales/reports?from=${f.today.slice(0, 8)}01&to=${f.today}&groupBy=item&customerId=${f.customer.id}`);
    expect(report.statusCode, report.body).toBe(200);
    const row = report.json().rows.find((r: { key: number }) => r.key === f.reagent);
    // 6 sold, 2 returned: 4 units, 270 - 90 = 180.00 of sales, 124 - 42 = 82.00 of cost.
    expect(row).toMatchObject({ quantity: 4, value: '180.00', cost: '82.00', margin: '98.00', returnedQuantity: 2, returnedValue: '90.00' });
    const items = await f.call('GET', `/api/items/sales?from=${f.today.slice(0, 8)}01&to=${f.today}&groupBy=customer&customerId=${f.customer.id}`);
    expect(items.statusCode, items.body).toBe(200);
    const agrees = await inventoryAgrees(t);
    expect(agrees.ledger).toBe(agrees.lots);
    const [balance] = await queryRows<{ b: string }>(t.database.db, sql`SELECT account_balance(${f.customer.accountId})::numeric(18, 2)::text AS b`);
    expect(balance!.b).toBe('210.60');
  });
});
