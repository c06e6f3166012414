import { addDays, salesMessages, salesReturnDocument } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { documentRoutes } from '../../lib/document/register-document.ts';
import { inventoryAgrees } from '../../test/purchasing-fixtures.ts';
import { pdfTextLines } from '../../test/pdf-text.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { salesReturnBinding } from './sales-returns.binding.ts';

let t: TestApp;
let f: SalesFixtures;
/** Lots in the north warehouse: a reagent lot (cost 12.50) and gloves (cost 1.20). */
const lots = {} as Record<'reagent' | 'gloves', number>;
/** An invoice dated 40 days ago (another month than today's returns): 10 reagent at 40.00 and 3 gloves at 2.50. */
const sale = {} as { id: number; reagentLine: number; glovesLine: number; date: string };

beforeAll(async () => {
  t = await createTestApp();
  f = await salesFixtures(t, 'Ret');
  [lots.reagent, lots.gloves] = (await f.receive([
    { itemId: f.reagent, lotNumber: 'RET-A', expiresIn: 300, quantity: 30, unitCost: '12.50' },
    { itemId: f.gloves, lotNumber: 'RET-G', quantity: 50, unitCost: '1.20' },
  ])) as [number, number];
  sale.date = addDays(f.today, -40);
  const invoice = await postInvoice(
    [
      { itemId: f.reagent, inventoryId: lots.reagent, quantity: 10, price: '40.00' },
      { itemId: f.gloves, inventoryId: lots.gloves, quantity: 3, price: '2.50' },
    ],
    sale.date,
  );
  sale.id = invoice.id;
  [sale.reagentLine, sale.glovesLine] = invoice.lines.map((l) => l.id) as [number, number];
});
afterAll(async () => t?.close());

async function postInvoice(lines: object[], invoiceDate = f.today): Promise<{ id: number; lines: Array<{ id: number }> }> {
  const response = await f.call('POST', '/api/invoices', { customerId: f.customer.id, regionId: f.north, invoiceDate, post: true, lines });
  if (response.statusCode !== 201) throw new Error(`invoice: ${response.body}`);
  return response.json().data;
}

const quantityOf = async (inventoryId: number) =>
  (await queryRows<{ quantity: number; dateExpiry: string | null }>(t.database.db, sql`SELECT quantity, date_expiry::text AS "dateExpiry" FROM inventory WHERE id = ${inventoryId}`))[0]!;

async function ledgerOf(documentId: number) {
  return queryRows<{ key: string | null; debit: string; credit: string; regionId: number | null; partyType: string | null; partyId: number | null }>(
    t.database.db,
    sql`SELECT p.key, g.debit::text AS debit, g.credit::text AS credit, g.region_id AS "regionId", g.party_type AS "partyType", g.party_id AS "partyId"
        FROM gl_entries g LEFT JOIN posting_accounts p ON p.account_id = g.account_id
        WHERE g.document_type = 'sales-return' AND g.document_id = ${documentId} ORDER BY g.id`,
  );
}

const stockMovesOf = (documentId: number) =>
  queryRows<{ inventoryId: number; quantityIn: number; quantityOut: number; value: string; moveDate: string }>(
    t.database.db,
    sql`SELECT inventory_id AS "inventoryId", quantity_in AS "quantityIn", quantity_out AS "quantityOut", value::text AS value, move_date::text AS "moveDate"
        FROM stock_moves WHERE document_type = 'sales-return' AND document_id = ${documentId} ORDER BY id`,
  );

/** The summary of an item for the fixtures' customer in the month of `date`. */
const summaryIn = async (itemId: number, date: string) =>
  (
    await queryRows<{ quantity: string; value: string; cost: string; returnedQuantity: string; returnedValue: string }>(
      t.database.db,
      sql`SELECT coalesce(sum(quantity), 0)::text AS quantity, coalesce(sum(value), 0)::text AS value, coalesce(sum(cost), 0)::text AS cost,
                 coalesce(sum(returned_quantity), 0)::text AS "returnedQuantity", coalesce(sum(returned_value), 0)::text AS "returnedValue"
          FROM sales_summary WHERE item_id = ${itemId} AND customer_id = ${f.customer.id} AND month = date_trunc('month', ${date}::date)::date`,
    )
  )[0]!;

const invoiceOf = async (id: number) => (await f.call('GET', `/api/invoices/${id}`)).json().data;
const returnCount = async () => (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM sales_returns`))[0]!.n;

const customerParty = () => ({ regionId: f.north, partyType: 'customer', partyId: f.customer.id });
const regionOnly = () => ({ regionId: f.north, partyType: null, partyId: null });

describe('sales returns: post, refuse, cancel', () => {
  const state: Record<string, number> = {};

  it('saves a draft: the invoice line’s item, lot and cost, its share of the money, the invoice’s customer and region', async () => {
    const created = await f.call('POST', '/api/sales-returns', {
      invoiceId: sale.id,
      returnDate: f.today,
      reason: 'Damaged in transit',
      notes: 'Damaged box',
      lines: [{ invoiceLineId: sale.reagentLine, quantity: 4, condition: 'restock' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const data = created.json().data;
    state.restock = data.id;
    // 4 of 10 at 40.00: 160.00, tax 17% of it 27.20; cost 4 x 12.50.
    expect(data).toMatchObject({
      status: 'draft',
      documentNumber: null,
      invoiceId: sale.id,
      customerId: f.customer.id,
      regionId: f.north,
      subtotal: '160.00',
      taxAmount: '27.20',
      grandTotal: '187.20',
      costTotal: '50.00',
      reason: 'Damaged in transit',
      invoice: { invoiceDate: sale.date },
    });
    expect(data.lines).toMatchObject([
      { lineNo: 1, invoiceLineId: sale.reagentLine, itemId: f.reagent, inventoryId: lots.reagent, quantity: 4, condition: 'restock', amount: '160.00', taxAmount: '27.20', unitCost: '12.50', lot: { lotNumber: 'RET-A' } },
    ]);
    const read = await f.call('GET', `/api/sales-returns/${data.id}`);
    expect(read.json().data).toMatchObject({ ...data, createdAt: expect.any(String), updatedAt: expect.any(String) });
    expect(read.json().data.lines).toEqual(data.lines);
  });

  it('refuses a reason of more than 200 characters (400 reason), and the list finds a return by its reason', async () => {
    const long = await f.call('POST', '/api/sales-returns', { invoiceId: sale.id, returnDate: f.today, reason: 'x'.repeat(201), lines: [{ invoiceLineId: sale.reagentLine, quantity: 1, condition: 'restock' }] });
    expect(long.statusCode, long.body).toBe(400);
    expect(Object.keys(long.json().errors)).toEqual(['reason']);
    const found = (await f.call('GET', '/api/sales-returns?search=in transit')).json().data as { id: number }[];
    expect(found.map((row) => row.id)).toContain(state.restock);
  });

  it('posts a restock: stock back into the same lot (expiry kept), the ledger rows to the cent, the invoice’s returned quantity and open amount, the summary in the return’s month', async () => {
    const lotBefore = await quantityOf(lots.reagent);
    const thisMonth = await summaryIn(f.reagent, f.today);
    const saleMonth = await summaryIn(f.reagent, sale.date);
    const posted = await f.call('POST', `/api/sales-returns/${state.restock}/post`);
    expect(posted.statusCode, posted.body).toBe(200);
    const data = posted.json().data;
    expect(data.documentNumber).toMatch(/^SR-\d{4}-\d{6}$/);
    expect(data).toMatchObject({ status: 'posted', grandTotal: '187.20', costTotal: '50.00' });
    const read = await f.call('GET', `/api/sales-returns/${state.restock}`);
    expect(read.json().data).toMatchObject({ ...data, postedAt: expect.any(String), updatedAt: expect.any(String), createdAt: expect.any(String) });

    expect(await quantityOf(lots.reagent)).toEqual({ quantity: lotBefore.quantity + 4, dateExpiry: lotBefore.dateExpiry });
    expect(await stockMovesOf(state.restock!)).toEqual([{ inventoryId: lots.reagent, quantityIn: 4, quantityOut: 0, value: '50.00', moveDate: f.today }]);
    expect(await ledgerOf(state.restock!)).toEqual([
      { key: 'salesReturns', debit: '160.00', credit: '0.00', ...customerParty() },
      { key: 'taxPayable', debit: '27.20', credit: '0.00', ...customerParty() },
      { key: null, debit: '0.00', credit: '187.20', ...customerParty() },
      { key: 'inventory', debit: '50.00', credit: '0.00', ...regionOnly() },
      { key: 'costOfSales', debit: '0.00', credit: '50.00', ...customerParty() },
    ]);
    const agrees = await inventoryAgrees(t);
    expect(agrees.ledger).toBe(agrees.lots);

    // 10 x 40.00 + 3 x 2.50 = 407.50, tax 68.00 + 1.28: 476.78; less 187.20.
    const invoice = await invoiceOf(sale.id);
    expect(invoice).toMatchObject({ grandTotal: '476.78', returnedAmount: '187.20', openAmount: '289.58', paymentStatus: 'partlyPaid' });
    expect(invoice.lines.map((l: { returnedQuantity: number }) => l.returnedQuantity)).toEqual([4, 0]);

    const nowMonth = await summaryIn(f.reagent, f.today);
    expect(Number(nowMonth.quantity) - Number(thisMonth.quantity)).toBe(-4);
    expect((Number(nowMonth.value) - Number(thisMonth.value)).toFixed(2)).toBe('-160.00');
    expect((Number(nowMonth.cost) - Number(thisMonth.cost)).toFixed(2)).toBe('-50.00');
    expect(Number(nowMonth.returnedQuantity) - Number(thisMonth.returnedQuantity)).toBe(4);
    expect((Number(nowMonth.returnedValue) - Number(thisMonth.returnedValue)).toFixed(2)).toBe('160.00');
    // The invoice's month keeps what it sold.
    expect(await summaryIn(f.reagent, sale.date)).toEqual(saleMonth);
  });

  it('posts a write-off in one request: no stock moves, the cost to stock adjustments', async () => {
    const lotBefore = await quantityOf(lots.reagent);
    const posted = await f.call('POST', '/api/sales-returns', {
      invoiceId: sale.id,
      returnDate: f.today,
      post: true,
      lines: [{ invoiceLineId: sale.reagentLine, quantity: 2, condition: 'writeOff' }],
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const data = posted.json().data;
    state.writeOff = data.id;
    expect(data).toMatchObject({ status: 'posted', subtotal: '80.00', taxAmount: '13.60', grandTotal: '93.60', costTotal: '25.00' });
    expect(await quantityOf(lots.reagent)).toEqual(lotBefore);
    expect(await stockMovesOf(data.id)).toEqual([]);
    expect(await ledgerOf(data.id)).toEqual([
      { key: 'salesReturns', debit: '80.00', credit: '0.00', ...customerParty() },
      { key: 'taxPayable', debit: '13.60', credit: '0.00', ...customerParty() },
      { key: null, debit: '0.00', credit: '93.60', ...customerParty() },
      { key: 'stockAdjustments', debit: '25.00', credit: '0.00', ...regionOnly() },
      { key: 'costOfSales', debit: '0.00', credit: '25.00', ...customerParty() },
    ]);
    expect(await invoiceOf(sale.id)).toMatchObject({ returnedAmount: '280.80', openAmount: '195.98' });
  });

  it('refuses a return above what was sold less returned, over the return’s lines, storing nothing', async () => {
    const count = await returnCount();
    const refused = async (lines: object[]) => f.call('POST', '/api/sales-returns', { invoiceId: sale.id, returnDate: f.today, post: true, lines });
    // 10 sold, 6 back already.
    const one = await refused([{ invoiceLineId: sale.reagentLine, quantity: 5, condition: 'restock' }]);
    expect(one.statusCode).toBe(400);
    expect(one.json().errors).toEqual({ 'lines.0.quantity': salesMessages.overReturn(10, 6) });
    const summed = await refused([
      { invoiceLineId: sale.reagentLine, quantity: 3, condition: 'restock' },
      { invoiceLineId: sale.reagentLine, quantity: 2, condition: 'writeOff' },
    ]);
    expect(summed.statusCode).toBe(400);
    expect(summed.json().errors).toEqual({ 'lines.1.quantity': salesMessages.overReturn(10, 6) });
    expect(await returnCount()).toBe(count);
  });

  it('refuses a line of another invoice, an invoice not posted or outside the user’s regions, and a return date out of range', async () => {
    const count = await returnCount();
    const other = await postInvoice([{ itemId: f.gloves, inventoryId: lots.gloves, quantity: 1, price: '2.00' }]);
    const body = (extra: object) => ({ invoiceId: sale.id, returnDate: f.today, lines: [{ invoiceLineId: sale.glovesLine, quantity: 1, condition: 'restock' }], ...extra });
    const foreignLine = await f.call('POST', '/api/sales-returns', body({ lines: [{ invoiceLineId: other.lines[0]!.id, quantity: 1, condition: 'restock' }] }));
    expect(foreignLine.statusCode).toBe(400);
    expect(foreignLine.json().errors).toEqual({ 'lines.0.invoiceLineId': salesMessages.invoiceLineMissing });

    const draft = await f.call('POST', '/api/invoices', { customerId: f.customer.id, regionId: f.north, invoiceDate: f.today, lines: [{ itemId: f.gloves, quantity: 1, price: '1.00' }] });
    const notPosted = await f.call('POST', '/api/sales-returns', body({ invoiceId: draft.json().data.id }));
    expect(notPosted.json().errors).toEqual({ invoiceId: salesMessages.invoiceNotPosted });

    const accountant = await t.userWithRole('accountant');
    await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions: [f.south] })}::jsonb WHERE id = ${accountant.id}`);
    const outside = await f.call('POST', '/api/sales-returns', body({}), accountant.token);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors).toEqual({ invoiceId: salesMessages.invoiceMissing });

    expect((await f.call('POST', '/api/sales-returns', body({ returnDate: addDays(f.today, 1) }))).json().errors).toEqual({ returnDate: salesMessages.returnDateFuture });
    expect((await f.call('POST', '/api/sales-returns', body({ returnDate: addDays(sale.date, -1) }))).json().errors).toEqual({
      returnDate: salesMessages.returnBeforeInvoice(sale.date),
    });
    expect(await returnCount()).toBe(count);
  });

  it('gives back exactly the line’s amount and tax over several returns (cumulative rounding), recomputed at posting when another return posted since the draft', async () => {
    // 3 gloves at 2.50: 7.50, tax 1.275 -> 1.28, which no single unit carries evenly.
    const draft = (quantity = 1) => f.call('POST', '/api/sales-returns', { invoiceId: sale.id, returnDate: f.today, lines: [{ invoiceLineId: sale.glovesLine, quantity, condition: 'restock' }] });
    const first = (await draft()).json().data;
    const second = (await draft()).json().data;
    // Both drafts were written before either posted: the same share.
    expect([first.taxAmount, second.taxAmount]).toEqual(['0.43', '0.43']);
    expect((await f.call('POST', `/api/sales-returns/${first.id}/post`)).json().data.taxAmount).toBe('0.43');
    const secondPosted = await f.call('POST', `/api/sales-returns/${second.id}/post`);
    expect(secondPosted.statusCode, secondPosted.body).toBe(200);
    expect(secondPosted.json().data).toMatchObject({ subtotal: '2.50', taxAmount: '0.42', grandTotal: '2.92' });
    expect((await f.call('GET', `/api/sales-returns/${second.id}`)).json().data).toMatchObject({ taxAmount: '0.42', lines: [{ taxAmount: '0.42' }] });
    const last = await f.call('POST', '/api/sales-returns', {
      invoiceId: sale.id,
      returnDate: f.today,
      post: true,
      lines: [{ invoiceLineId: sale.glovesLine, quantity: 1, condition: 'writeOff' }],
    });
    expect(last.statusCode, last.body).toBe(201);
    const [sums] = await queryRows<{ amount: string; tax: string }>(
      t.database.db,
      sql`SELECT sum(l.amount)::text AS amount, sum(l.tax_amount)::text AS tax FROM sales_return_lines l JOIN sales_returns r ON r.id = l.sales_return_id
          WHERE l.invoice_line_id = ${sale.glovesLine} AND r.status = 'posted'`,
    );
    expect(sums).toEqual({ amount: '7.50', tax: '1.28' });
    expect((await invoiceOf(sale.id)).lines.map((l: { returnedQuantity: number }) => l.returnedQuantity)).toEqual([6, 3]);
    const more = await f.call('POST', '/api/sales-returns', { invoiceId: sale.id, returnDate: f.today, lines: [{ invoiceLineId: sale.glovesLine, quantity: 1, condition: 'restock' }] });
    expect(more.json().errors).toEqual({ 'lines.0.quantity': salesMessages.overReturn(3, 3) });
  });

  it('refuses cancelling the invoice once a return is posted', async () => {
    const refused = await f.call('POST', `/api/invoices/${sale.id}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(salesMessages.invoiceHasReturns);
    expect((await invoiceOf(sale.id)).status).toBe('posted');
  });

  it('refuses changing a posted return or its lines in the database itself', async () => {
    const refused = (statement: ReturnType<typeof sql>) => t.database.db.execute(statement).then(() => 'changed', () => 'refused');
    expect(await refused(sql`UPDATE sales_returns SET grand_total = 1 WHERE id = ${state.restock}`)).toBe('refused');
    expect(await refused(sql`UPDATE sales_return_lines SET quantity = 1 WHERE sales_return_id = ${state.restock}`)).toBe('refused');
    expect(await refused(sql`DELETE FROM sales_returns WHERE id = ${state.restock}`)).toBe('refused');
  });

  it('prints the credit note: number, invoice, lot, condition, totals in words', async () => {
    const response = await f.call('GET', `/api/sales-returns/${state.restock}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/filename="SR-\d{4}-\d{6}\.pdf"/);
    const text = pdfTextLines(response.rawPayload).join('\n');
    const invoiceNumber = (await invoiceOf(sale.id)).documentNumber as string;
    for (const expected of ['Credit Note', 'SR-', invoiceNumber, 'RET-A', 'Restock', '187.20', 'Pakistani Rupees One Hundred Eighty-Seven and Paisa Twenty Only']) {
      expect(text).toContain(expected);
    }
  });

  it('cancels a return: stock out of the lot again, the ledger reversed, the invoice and summary taken back', async () => {
    const lotBefore = await quantityOf(lots.reagent);
    const monthBefore = await summaryIn(f.reagent, f.today);
    const invoiceBefore = await invoiceOf(sale.id);
    const inventorySupervisor = await t.userWithRole('inventorySupervisor');
    expect((await f.call('POST', `/api/sales-returns/${state.restock}/cancel`, undefined, inventorySupervisor.token)).statusCode).toBe(403);
    const cancelled = await f.call('POST', `/api/sales-returns/${state.restock}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect((await quantityOf(lots.reagent)).quantity).toBe(lotBefore.quantity - 4);
    const rows = await ledgerOf(state.restock!);
    expect(rows).toHaveLength(10);
    const net = (key: string | null) => rows.filter((r) => r.key === key).reduce((n, r) => n + Number(r.debit) - Number(r.credit), 0);
    for (const key of [null, 'salesReturns', 'taxPayable', 'costOfSales', 'inventory']) expect(net(key)).toBeCloseTo(0, 2);
    const invoice = await invoiceOf(sale.id);
    expect(invoice.lines.map((l: { returnedQuantity: number }) => l.returnedQuantity)).toEqual([2, 3]);
    expect(Number(invoice.returnedAmount)).toBeCloseTo(Number(invoiceBefore.returnedAmount) - 187.2, 2);
    const monthAfter = await summaryIn(f.reagent, f.today);
    expect(Number(monthAfter.quantity) - Number(monthBefore.quantity)).toBe(4);
    expect(Number(monthAfter.returnedQuantity) - Number(monthBefore.returnedQuantity)).toBe(-4);
    expect((Number(monthAfter.value) - Number(monthBefore.value)).toFixed(2)).toBe('160.00');
    const agrees = await inventoryAgrees(t);
    expect(agrees.ledger).toBe(agrees.lots);
    expect((await f.call('POST', `/api/sales-returns/${state.restock}/cancel`)).statusCode).toBe(409);
  });

  it('refuses cancelling a restock whose goods were sold again since, and restocking an expired lot', async () => {
    const [lot] = (await f.receive([{ itemId: f.reagent, lotNumber: 'RET-SHORT', expiresIn: 10, quantity: 2, unitCost: '9.00' }])) as [number];
    const invoice = await postInvoice([{ itemId: f.reagent, inventoryId: lot, quantity: 2, price: '30.00' }]);
    const back = await f.call('POST', '/api/sales-returns', { invoiceId: invoice.id, returnDate: f.today, post: true, lines: [{ invoiceLineId: invoice.lines[0]!.id, quantity: 2, condition: 'restock' }] });
    expect(back.statusCode, back.body).toBe(201);
    await postInvoice([{ itemId: f.reagent, inventoryId: lot, quantity: 1, price: '30.00' }]);
    const cancel = await f.call('POST', `/api/sales-returns/${back.json().data.id}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toContain('RET-SHORT');

    const second = await postInvoice([{ itemId: f.reagent, inventoryId: lot, quantity: 1, price: '30.00' }]);
    const yesterday = addDays(f.today, -1);
    await t.database.db.execute(sql`UPDATE inventory SET date_expiry = ${yesterday}::date WHERE id = ${lot}`);
    const line = (condition: string) => ({ invoiceId: second.id, returnDate: f.today, lines: [{ invoiceLineId: second.lines[0]!.id, quantity: 1, condition }] });
    const restock = await f.call('POST', '/api/sales-returns', line('restock'));
    expect(restock.statusCode).toBe(400);
    expect(restock.json().errors).toEqual({ 'lines.0.condition': salesMessages.restockExpired('RET-SHORT', yesterday) });
    expect((await f.call('POST', '/api/sales-returns', { ...line('writeOff'), post: true })).statusCode).toBe(201);
  });

  it('lists with the invoice number, customer and region, searches by invoice number and customer, exports', async () => {
    const invoiceNumber = (await invoiceOf(sale.id)).documentNumber as string;
    const list = await f.call('GET', `/api/sales-returns?search=${encodeURIComponent(invoiceNumber)}&status=posted`);
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().data as Array<Record<string, unknown>>;
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows[0]).toMatchObject({ invoice: { documentNumber: invoiceNumber }, customer: { customerName: 'Ret General Hospital' }, region: { regionName: 'Ret North' } });
    expect((await f.call('GET', '/api/sales-returns?search=General%20Hospital')).json().data.length).toBeGreaterThan(0);
    expect((await f.call('GET', `/api/sales-returns?invoiceId=${sale.id}`)).json().data.every((r: { invoiceId: number }) => r.invoiceId === sale.id)).toBe(true);
    const exported = await f.call('GET', '/api/sales-returns/export?format=csv');
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).toContain(invoiceNumber);
  });

  it('is for the roles of /sales-returns only; row scope by the invoice’s region', async () => {
    const executive = await t.userWithRole('salesExecutive');
    expect((await f.call('GET', '/api/sales-returns', undefined, executive.token)).statusCode).toBe(403);
    const supervisor = await t.userWithRole('inventorySupervisor');
    expect((await f.call('GET', `/api/sales-returns/${state.writeOff}`, undefined, supervisor.token)).statusCode).toBe(200);
    // A fresh user: user rows are cached for a few seconds once used.
    const southern = await t.userWithRole('inventorySupervisor');
    await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions: [f.south] })}::jsonb WHERE id = ${southern.id}`);
    expect((await f.call('GET', `/api/sales-returns/${state.writeOff}`, undefined, southern.token)).statusCode).toBe(404);
    expect((await f.call('GET', `/api/sales-returns/${state.writeOff}/pdf`, undefined, southern.token)).statusCode).toBe(404);
    expect((await f.call('GET', '/api/sales-returns', undefined, southern.token)).json().data).toEqual([]);
  });

  it('serves every declared transition', () => {
    for (const action of salesReturnDocument.actions) expect(t.app.hasRoute({ method: 'POST', url: `/api/sales-returns/:id/${action}` })).toBe(true);
    expect(documentRoutes(salesReturnBinding)).toEqual([
      '/api/sales-returns',
      '/api/sales-returns/export',
      '/api/sales-returns/:id',
      '/api/sales-returns/:id/post',
      '/api/sales-returns/:id/cancel',
    ]);
    expect(t.app.hasRoute({ method: 'GET', url: '/api/sales-returns/:id/pdf' })).toBe(true);
  });
});

describe('sales returns: concurrency', () => {
  it.runIf(process.env.DATABASE_URL !== undefined)(
    'two returns of one line, each for all that remains, posted at once on PostgreSQL: exactly one posts',
    async () => {
      expect(t.database.kind).toBe('postgres');
      const [lot] = (await f.receive([{ itemId: f.gloves, lotNumber: 'RET-RACE', quantity: 10, unitCost: '0.50' }])) as [number];
      const invoice = await postInvoice([{ itemId: f.gloves, inventoryId: lot, quantity: 5, price: '1.00' }]);
      const body = { invoiceId: invoice.id, returnDate: f.today, lines: [{ invoiceLineId: invoice.lines[0]!.id, quantity: 5, condition: 'restock' }] };
      const drafts = await Promise.all([f.call('POST', '/api/sales-returns', body), f.call('POST', '/api/sales-returns', body)]);
      const posts = await Promise.all(drafts.map((d) => f.call('POST', `/api/sales-returns/${d.json().data.id}/post`)));
      // A save-and-post races them too.
      const saved = await f.call('POST', '/api/sales-returns', { ...body, post: true });
      expect(posts.map((p) => p.statusCode).sort()).toEqual([200, 400]);
      expect(saved.statusCode).toBe(400);
      const [state] = await queryRows<{ returned: number; quantity: number; posted: number }>(
        t.database.db,
        sql`SELECT (SELECT returned_quantity FROM invoice_lines WHERE id = ${invoice.lines[0]!.id}) AS returned, (SELECT quantity FROM inventory WHERE id = ${lot}) AS quantity,
                   (SELECT count(*)::int FROM sales_returns WHERE invoice_id = ${invoice.id} AND status = 'posted') AS posted`,
      );
      expect(state).toEqual({ returned: 5, quantity: 10, posted: 1 });

      // Both as save-and-post at once.
      const again = await postInvoice([{ itemId: f.gloves, inventoryId: lot, quantity: 4, price: '1.00' }]);
      const racing = { invoiceId: again.id, returnDate: f.today, post: true, lines: [{ invoiceLineId: again.lines[0]!.id, quantity: 4, condition: 'writeOff' }] };
      const outcomes = await Promise.all(Array.from({ length: 6 }, () => f.call('POST', '/api/sales-returns', racing).then((r) => r.statusCode)));
      expect(outcomes.filter((s) => s === 201)).toHaveLength(1);
      expect(outcomes.filter((s) => s === 400 || s === 409)).toHaveLength(5);
      const [sums] = await queryRows<{ debit: string; credit: string }>(t.database.db, sql`SELECT sum(debit)::text AS debit, sum(credit)::text AS credit FROM gl_entries`);
      expect(sums!.debit).toBe(sums!.credit);
    },
    60_000,
  );
});
