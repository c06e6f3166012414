import { addDecimals } from '@erp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { readBoard } from '../dashboard/dashboard-board.ts';

/**
 * Issue 27, section 5: a document list answers the sums of its whole filter (every page) for the
 * columns its declaration names, and "Sales today" is the before-tax one of the invoices list.
 */
let t: TestApp;
let f: SalesFixtures;
type Row = { subtotal: string; taxAmount: string; grandTotal: string };

beforeAll(async () => {
  t = await createTestApp();
  f = await salesFixtures(t, 'LT');
  await f.receive([{ itemId: f.reagent, lotNumber: 'LT-1', expiresIn: 200, quantity: 20, unitCost: '10.00' }]);
  for (const [quantity, price, post] of [[3, '40.10', true], [1, '99.99', true], [2, '0.35', true], [1, '55.00', false]] as const) {
    const invoice = await f.call('POST', '/api/invoices', { customerId: f.customer.id, regionId: f.north, invoiceDate: f.today, lines: [{ itemId: f.reagent, quantity, price }], post });
    expect(invoice.statusCode, invoice.body).toBe(201);
  }
}, 120_000);
afterAll(async () => t?.close());

const list = async (url: string) => {
  const response = await f.call('GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Row[]; total: number; totals?: Row }>();
};

describe('document list totals', () => {
  it('answers subtotal, tax and total of the whole filtered list, not the page', async () => {
    const filter = `status=posted&from=${f.today}&to=${f.today}`;
    const all = await list(`/api/invoices?${filter}&pageSize=100`);
    expect(all.total).toBe(3);
    const sums = { subtotal: addDecimals(all.data.map((r) => r.subtotal)), taxAmount: addDecimals(all.data.map((r) => r.taxAmount)), grandTotal: addDecimals(all.data.map((r) => r.grandTotal)) };
    expect(sums).toEqual({ subtotal: '220.99', taxAmount: '37.57', grandTotal: '258.56' });
    const page = await list(`/api/invoices?${filter}&pageSize=1`);
    expect(page.data).toHaveLength(1);
    expect(page.totals).toEqual(sums);
    // A page past the end, and a filter matching nothing.
    expect((await list(`/api/invoices?${filter}&pageSize=1&page=9`)).totals).toEqual(sums);
    expect((await list(`/api/invoices?${filter}&search=nothing-matches`)).totals).toEqual({ subtotal: '0.00', taxAmount: '0.00', grandTotal: '0.00' });
    // The draft counts once the filter takes it.
    expect((await list(`/api/invoices?from=${f.today}&to=${f.today}`)).totals!.subtotal).toBe('275.99');
  });

  it('answers them for every sales document, and none for a type that declares none', async () => {
    for (const name of ['quotations', 'sales-returns']) expect(Object.keys((await list(`/api/${name}`)).totals ?? {}), name).toEqual(['subtotal', 'taxAmount', 'grandTotal']);
    expect((await list('/api/journals')).totals).toBeUndefined();
  });

  it('makes Sales today the before-tax total of the list it opens, and says so', async () => {
    const now = new Date(`${f.today}T12:00:00`);
    const { response } = await readBoard(t.database.db, 'pglite', t.app.ctx.areas.figureStatements, { userId: 1, role: 'admin', scopes: [], permissions: {} }, 'sales', now);
    const figure = response.figures.find((fig) => fig.id === 'sales-today')!;
    expect(figure.label).toBe('Sales today (before tax)');
    expect(figure.drill).toEqual({ route: '/invoices', query: { status: 'posted', from: f.today, to: f.today } });
    const opened = await list(`/api/invoices?${new URLSearchParams(figure.drill.query).toString()}`);
    expect(figure.value).toBe(opened.totals!.subtotal);
    expect(figure.value).not.toBe(opened.totals!.grandTotal);
    expect(response.figures.find((fig) => fig.id === 'sales-month')!.label).toBe('Sales this month (before tax)');
  });
});
