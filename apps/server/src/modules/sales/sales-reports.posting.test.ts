import type { SalesReportResponse } from '@erp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let f: SalesFixtures;

beforeAll(async () => {
  t = await createTestApp();
  f = await salesFixtures(t, 'Posted');
});
afterAll(async () => t?.close());

const month = () => `from=${f.today.slice(0, 8)}01&to=${f.today}`;
const report = async (query: string) => {
  const response = await f.call('GET', `/api/sales/reports?${month()}&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SalesReportResponse>();
};

describe('the sales report over real postings', () => {
  it('shows a posted invoice less its posted return, and drills down to the invoice through the invoices list', async () => {
    const salesperson = (await t.userWithRole('salesExecutive')).id;
    const customer = await f.newCustomer('Report Hospital', { salespersonId: salesperson });
    await f.receive([{ itemId: f.reagent, lotNumber: 'REP-1', expiresIn: 200, quantity: 10, unitCost: '12.50' }]);
    const invoice = await f.call('POST', '/api/invoices', {
      customerId: customer.id,
      regionId: f.north,
      invoiceDate: f.today,
      lines: [{ itemId: f.reagent, quantity: 4, price: '40.00', discountPercent: '10' }],
      post: true,
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    const posted = invoice.json().data as { id: number; subtotal: string; lines: Array<{ id: number }> };
    expect(posted.subtotal).toBe('144.00');

    // One unit back into its lot: 36.00 of value and 12.50 of cost netted in this month.
    const returned = await f.call('POST', '/api/sales-returns', {
      invoiceId: posted.id,
      returnDate: f.today,
      lines: [{ invoiceLineId: posted.lines[0]!.id, quantity: 1, condition: 'restock' }],
      post: true,
    });
    expect(returned.statusCode, returned.body).toBe(201);

    const expected = { quantity: 3, value: '108.00', cost: '37.50', margin: '70.50', marginPercent: '65.3', returnedQuantity: 1, returnedValue: '36.00' };
    for (const groupBy of ['customer', 'salesperson', 'region', 'item', 'month']) {
      const body = await report(`groupBy=${groupBy}&customerId=${customer.id}`);
      expect(body.totals, groupBy).toEqual(expected);
    }
    expect((await report(`groupBy=salesperson&customerId=${customer.id}`)).rows).toMatchObject([{ key: salesperson }]);
    const items = await f.call('GET', `/api/items/sales?${month()}&groupBy=customer&itemId=${f.reagent}`);
    expect(items.json().rows).toMatchObject([{ itemId: f.reagent, group: { key: customer.id }, ...expected }]);

    // The drill-down the screens ask for: posted invoices of the period with the figure's filters.
    const drill = await f.call(
      'GET',
      `/api/invoices?status=posted&${month()}&customerId=${customer.id}&regionId=${f.north}&salespersonId=${salesperson}&itemId=${f.reagent}`,
    );
    expect(drill.statusCode, drill.body).toBe(200);
    expect(drill.json().data.map((row: { id: number }) => row.id)).toEqual([posted.id]);
    const none = await f.call('GET', `/api/invoices?status=posted&${month()}&itemId=${f.gloves}&customerId=${customer.id}`);
    expect(none.json().data).toEqual([]);
  });
});
