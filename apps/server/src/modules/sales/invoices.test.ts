import { addDays, invoiceDocument, salesMessages } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { documentRoutes } from '../../lib/document/register-document.ts';
import { inventoryAgrees } from '../../test/purchasing-fixtures.ts';
import { pdfTextLines } from '../../test/pdf-text.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { invoiceBinding } from './invoices.binding.ts';

let t: TestApp;
let f: SalesFixtures;
/** Reagent lots in the north warehouse: A expires in 60 days (near expiry), B in 200 days; gloves; a reagent lot in the south. */
const lots = {} as Record<'a' | 'b' | 'gloves' | 'south', number>;

beforeAll(async () => {
  t = await createTestApp();
  f = await salesFixtures(t, 'Inv');
  [lots.a, lots.b, lots.gloves] = (await f.receive([
    { itemId: f.reagent, lotNumber: 'INV-A', expiresIn: 60, quantity: 5, unitCost: '10.00' },
    { itemId: f.reagent, lotNumber: 'INV-B', expiresIn: 200, quantity: 20, unitCost: '12.50' },
    { itemId: f.gloves, quantity: 50, unitCost: '1.20' },
  ])) as [number, number, number];
  [lots.south] = (await f.receive([{ itemId: f.reagent, lotNumber: 'INV-S', expiresIn: 300, quantity: 10, unitCost: '11.00' }], f.south)) as [number];
  const price = await f.call('POST', '/api/price-list', { itemId: f.reagent, customerId: f.customer.id, price: '40.00', effectiveFrom: addDays(f.today, -30) });
  expect(price.statusCode, price.body).toBe(201);
});
afterAll(async () => t?.close());

const quantityOf = async (inventoryId: number) =>
  Number((await queryRows<{ q: number }>(t.database.db, sql`SELECT quantity AS q FROM inventory WHERE id = ${inventoryId}`))[0]!.q);

async function ledgerOf(documentId: number) {
  return queryRows<{ key: string | null; debit: string; credit: string; regionId: number | null; partyType: string | null; partyId: number | null }>(
    t.database.db,
    sql`SELECT p.key, g.debit::text AS debit, g.credit::text AS credit, g.region_id AS "regionId", g.party_type AS "partyType", g.party_id AS "partyId"
        FROM gl_entries g LEFT JOIN posting_accounts p ON p.account_id = g.account_id
        WHERE g.document_type = 'invoice' AND g.document_id = ${documentId} ORDER BY g.id`,
  );
}

const summaryOf = async (itemId: number) =>
  (
    await queryRows<{ quantity: string; value: string; cost: string }>(
      t.database.db,
      sql`SELECT coalesce(sum(quantity), 0)::text AS quantity, coalesce(sum(value), 0)::text AS value, coalesce(sum(cost), 0)::text AS cost
          FROM sales_summary WHERE item_id = ${itemId} AND customer_id = ${f.customer.id}`,
    )
  )[0]!;

const base = () => ({ customerId: f.customer.id, regionId: f.north, invoiceDate: f.today });

describe('lot proposals', () => {
  it('offers the region warehouse lots nearest expiry first with the first-expiry-first-out split; near expiry flagged', async () => {
    const response = await f.call('GET', `/api/invoices/lots?itemId=${f.reagent}&regionId=${f.north}&quantity=8`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().lots).toEqual([
      { inventoryId: lots.a, lotNumber: 'INV-A', dateExpiry: addDays(f.today, 60), quantity: 5, take: 5, nearExpiry: true },
      { inventoryId: lots.b, lotNumber: 'INV-B', dateExpiry: addDays(f.today, 200), quantity: 20, take: 3, nearExpiry: false },
    ]);
    expect((await f.call('GET', `/api/invoices/lots?itemId=${f.reagent}`)).statusCode).toBe(400);
  });
});

describe('invoices: save, post, cancel', () => {
  const state: Record<string, number> = {};

  it('saves a draft: a line without a lot is split first-expiry-first-out, prices from the price list, tax per line, due date from the terms', async () => {
    const created = await f.call('POST', '/api/invoices', {
      ...base(),
      notes: 'Urgent',
      // A percentage and a price as JSON numbers, a quantity as a numeric string: as the issue 17 client sent them.
      lines: [
        { itemId: f.reagent, quantity: 8, discountPercent: 10 },
        { itemId: f.gloves, inventoryId: lots.gloves, quantity: '3', price: 2.5 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const data = created.json().data;
    state.invoice = data.id;
    // 5 x 40 less 10% = 180.00, tax 30.60; 3 x 40 less 10% = 108.00, tax 18.36; 3 x 2.50 = 7.50, tax 1.275 -> 1.28.
    expect(data).toMatchObject({
      status: 'draft',
      documentNumber: null,
      invoiceId: data.id,
      dueDate: addDays(f.today, 30),
      subtotal: '295.50',
      taxRate: '17.00',
      taxAmount: '50.24',
      grandTotal: '345.74',
      paymentStatus: 'unpaid',
    });
    expect(data.lines.map((l: Record<string, unknown>) => [l.inventoryId, l.quantity, l.price, l.amount, l.taxAmount])).toEqual([
      [lots.a, 5, '40.00', '180.00', '30.60'],
      [lots.b, 3, '40.00', '108.00', '18.36'],
      [lots.gloves, 3, '2.50', '7.50', '1.28'],
    ]);
    const read = await f.call('GET', `/api/invoices/${data.id}`);
    expect(read.json().data).toMatchObject({ ...data, createdAt: expect.any(String), updatedAt: expect.any(String) });
    expect(read.json().data.lines).toEqual(data.lines);
  });

  it('posts: stock out of the chosen lots, the receivable, sales, tax, cost of sales and inventory rows to the cent, the monthly summary', async () => {
    const before = await summaryOf(f.reagent);
    const posted = await f.call('POST', `/api/invoices/${state.invoice}/post`);
    expect(posted.statusCode, posted.body).toBe(200);
    const data = posted.json().data;
    expect(data.documentNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    // Cost: 5 x 10.00 + 3 x 12.50 + 3 x 1.20 = 91.10.
    expect(data).toMatchObject({ status: 'posted', costTotal: '91.10', openAmount: '345.74', paymentStatus: 'unpaid' });
    expect([await quantityOf(lots.a), await quantityOf(lots.b), await quantityOf(lots.gloves)]).toEqual([0, 17, 47]);
    const customerParty = { regionId: f.north, partyType: 'customer', partyId: f.customer.id };
    expect(await ledgerOf(state.invoice!)).toEqual([
      { key: null, debit: '345.74', credit: '0.00', ...customerParty },
      { key: 'sales', debit: '0.00', credit: '295.50', ...customerParty },
      { key: 'taxPayable', debit: '0.00', credit: '50.24', ...customerParty },
      { key: 'costOfSales', debit: '91.10', credit: '0.00', ...customerParty },
      { key: 'inventory', debit: '0.00', credit: '91.10', regionId: f.north, partyType: null, partyId: null },
    ]);
    const after = await summaryOf(f.reagent);
    expect(Number(after.quantity) - Number(before.quantity)).toBe(8);
    expect(Number(after.value) - Number(before.value)).toBeCloseTo(288, 2);
    const agrees = await inventoryAgrees(t);
    expect(agrees.ledger).toBe(agrees.lots);
    const list = await f.call('GET', `/api/invoices?customerId=${f.customer.id}&itemId=${f.gloves}&status=posted`);
    expect(list.json().data.map((r: { id: number }) => r.id)).toContain(state.invoice);
    expect((await f.call('GET', `/api/invoices?customerId=${f.customer.id}&itemId=${f.unapproved}`)).json().data).toEqual([]);
  });

  it('refuses changing a posted invoice or its lines in the database itself', async () => {
    const refused = (statement: ReturnType<typeof sql>) => t.database.db.execute(statement).then(() => 'changed', () => 'refused');
    expect(await refused(sql`UPDATE invoices SET grand_total = 1 WHERE id = ${state.invoice}`)).toBe('refused');
    expect(await refused(sql`UPDATE invoice_lines SET quantity = 1 WHERE invoice_id = ${state.invoice}`)).toBe('refused');
    expect(await refused(sql`DELETE FROM invoices WHERE id = ${state.invoice}`)).toBe('refused');
  });

  it('prints: the PDF carries the number, lots, totals in words and the footer', async () => {
    await f.call('PUT', '/api/settings', { companyName: 'Inv Supplies', taxRate: '17.00', currency: 'PKR', invoiceFooter: 'Thank you for your business' });
    const response = await f.call('GET', `/api/invoices/${state.invoice}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = pdfTextLines(response.rawPayload).join('\n');
    for (const expected of ['INV-', 'INV-A', 'INV-B', '345.74', 'Pakistani Rupees Three Hundred Forty-Five and Paisa Seventy-Four Only', 'Thank you for your business']) {
      expect(text).toContain(expected);
    }
  });

  it('prints a company and address in Urdu in their own script, not as "?"', async () => {
    await f.call('PUT', '/api/settings', { companyName: 'لاہور سپلائز', taxRate: '17.00', currency: 'PKR', invoiceFooter: 'شکریہ' });
    const text = pdfTextLines((await f.call('GET', `/api/invoices/${state.invoice}/pdf`)).rawPayload);
    expect(text).toEqual(expect.arrayContaining(['لاہور', 'سپلائز', 'شکریہ', '345.74']));
    expect(text.join('')).not.toContain('?');
    // The courier line (none chosen) and each quantity's unit print too.
    expect(text).toContain('Courier: -');
    expect(text.some((line) => /^\d+ \S+$/.test(line) && !/^\d+ of \d+$/.test(line))).toBe(true);
  });

  it('cancels: stock back into the same lots, the reversal of both ledgers, the summary taken back', async () => {
    const before = await summaryOf(f.reagent);
    const cancelled = await f.call('POST', `/api/invoices/${state.invoice}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', openAmount: '0.00' });
    expect([await quantityOf(lots.a), await quantityOf(lots.b), await quantityOf(lots.gloves)]).toEqual([5, 20, 50]);
    const rows = await ledgerOf(state.invoice!);
    expect(rows).toHaveLength(10);
    const net = (key: string | null) => rows.filter((r) => r.key === key).reduce((n, r) => n + Number(r.debit) - Number(r.credit), 0);
    for (const key of [null, 'sales', 'taxPayable', 'costOfSales', 'inventory']) expect(net(key)).toBeCloseTo(0, 2);
    const after = await summaryOf(f.reagent);
    expect(Number(before.quantity) - Number(after.quantity)).toBe(8);
  });

  it('serves every declared transition', () => {
    for (const action of invoiceDocument.actions) expect(t.app.hasRoute({ method: 'POST', url: `/api/invoices/:id/${action}` })).toBe(true);
    expect(documentRoutes(invoiceBinding)).toEqual(['/api/invoices', '/api/invoices/export', '/api/invoices/:id', '/api/invoices/:id/post', '/api/invoices/:id/cancel']);
  });
});

describe('invoices: refusals store nothing', () => {
  const refusal = async (body: object, token?: string) => {
    const before = (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM invoices`))[0]!.n;
    const response = await f.call('POST', '/api/invoices', body, token);
    const after = (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM invoices`))[0]!.n;
    expect(after).toBe(before);
    return response;
  };

  it('an expired lot, named or offered', async () => {
    const [expired] = await f.receive([{ itemId: f.reagent, lotNumber: 'INV-OLD', expiresIn: 5, quantity: 3, unitCost: '9.00' }]);
    await t.database.db.execute(sql`UPDATE inventory SET date_expiry = ${addDays(f.today, -1)}::date WHERE id = ${expired}`);
    const named = await refusal({ ...base(), lines: [{ itemId: f.reagent, inventoryId: expired, quantity: 1 }] });
    expect(named.statusCode).toBe(400);
    expect(named.json().errors['lines.0.inventoryId']).toBe(salesMessages.lotExpired('INV-OLD', addDays(f.today, -1)));
    const offered = await f.call('GET', `/api/invoices/lots?itemId=${f.reagent}&regionId=${f.north}&quantity=1`);
    expect(offered.json().lots.map((l: { inventoryId: number }) => l.inventoryId)).not.toContain(expired);
  });

  it('a lot of another region, a quantity above stock, an unapproved item', async () => {
    const otherRegion = await refusal({ ...base(), lines: [{ itemId: f.reagent, inventoryId: lots.south, quantity: 1 }] });
    expect(otherRegion.statusCode).toBe(400);
    expect(otherRegion.json().errors['lines.0.inventoryId']).toBe(salesMessages.lotMissing);
    const tooMany = await refusal({ ...base(), lines: [{ itemId: f.gloves, quantity: 51 }] });
    expect(tooMany.json().errors['lines.0.quantity']).toContain('Not enough stock');
    const lotShort = await refusal({ ...base(), lines: [{ itemId: f.reagent, inventoryId: lots.a, quantity: 6 }] });
    expect(lotShort.json().errors['lines.0.quantity']).toBe(salesMessages.lotShort('INV-A', 5));
    const unapproved = await refusal({ ...base(), lines: [{ itemId: f.unapproved, quantity: 1, price: '1.00' }] });
    expect(unapproved.json().errors['lines.0.itemId']).toBe(salesMessages.itemNotApproved);
  });

  it('a customer outside the user’s regions reads as missing', async () => {
    const executive = await t.userWithRole('salesExecutive');
    await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions: [f.south] })}::jsonb WHERE id = ${executive.id}`);
    const response = await refusal({ ...base(), lines: [{ itemId: f.gloves, quantity: 1 }] }, executive.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({ customerId: salesMessages.customerMissing, regionId: salesMessages.regionMissing });
  });

  it('the credit limit: refused with the balance, limit and excess; posted with the override scope, recorded in the audit', async () => {
    const clinic = await f.newCustomer('Small Clinic', { creditLimit: '50.00' });
    const executive = await t.userWithRole('salesExecutive');
    const body = { ...base(), customerId: clinic.id, lines: [{ itemId: f.gloves, quantity: 20, price: '3.00' }] };
    const refused = await f.call('POST', '/api/invoices', { ...body, post: true }, executive.token);
    expect(refused.statusCode, refused.body).toBe(409);
    // 60.00 + 17% = 70.20 against a limit of 50.00.
    expect(refused.json().errors.customerId).toBe(salesMessages.creditLimit('0.00', '50.00', '20.20'));
    expect(await quantityOf(lots.gloves)).toBe(50);
    const manager = await t.userWithRole('salesManager', { scopes: ['credit-limit:override'] });
    const posted = await f.call('POST', '/api/invoices', { ...body, post: true }, manager.token);
    expect(posted.statusCode, posted.body).toBe(201);
    const [row] = await queryRows<{ after: { creditLimitOverride?: unknown } }>(
      t.database.db,
      sql`SELECT after FROM audit_log WHERE resource = 'invoices' AND action = 'post' AND record_id = ${posted.json().data.id} ORDER BY id DESC LIMIT 1`,
    );
    expect(row!.after.creditLimitOverride).toEqual({ balance: '0.00', creditLimit: '50.00', excess: '20.20' });
  });
});

describe('invoices: concurrency', () => {
  it.runIf(process.env.DATABASE_URL !== undefined)(
    '200 clients each post an invoice for 1 unit of a lot of 100 on PostgreSQL: exactly 100 posted, 100 refused, the lot at 0, the ledger balanced',
    async () => {
      expect(t.database.kind).toBe('postgres');
      const [lot] = (await f.receive([{ itemId: f.gloves, lotNumber: 'INV-RACE', quantity: 100, unitCost: '0.50' }])) as [number];
      const outcomes = await Promise.all(
        Array.from({ length: 200 }, () =>
          f.call('POST', '/api/invoices', { ...base(), post: true, lines: [{ itemId: f.gloves, inventoryId: lot, quantity: 1, price: '1.00' }] }).then((r) => r.statusCode),
        ),
      );
      expect(outcomes.filter((s) => s === 201)).toHaveLength(100);
      // Refused at the save's check (400, the lot already empty) or under the lot's lock at posting (409 naming the lot).
      expect(outcomes.filter((s) => s === 400 || s === 409)).toHaveLength(100);
      expect(await quantityOf(lot)).toBe(0);
      const [sums] = await queryRows<{ debit: string; credit: string; sold: number }>(
        t.database.db,
        sql`SELECT (SELECT sum(debit)::text FROM gl_entries) AS debit, (SELECT sum(credit)::text FROM gl_entries) AS credit,
                   (SELECT count(*)::int FROM stock_moves WHERE inventory_id = ${lot} AND quantity_out > 0) AS sold`,
      );
      expect(sums!.debit).toBe(sums!.credit);
      expect(sums!.sold).toBe(100);
      const agrees = await inventoryAgrees(t);
      expect(agrees.ledger).toBe(agrees.lots);
    },
    120_000,
  );
});

describe('customers: overdue', () => {
  it('sums what posted invoices past their due date leave open', async () => {
    const lab = await f.newCustomer('Overdue Lab');
    const overdueOf = async () => {
      const list = await f.call('GET', `/api/customers?search=${encodeURIComponent('Overdue Lab')}`);
      return list.json().data[0].overdue as string;
    };
    expect(await overdueOf()).toBe('0.00');
    const body = { customerId: lab.id, regionId: f.north, lines: [{ itemId: f.gloves, quantity: 1, price: '10.00' }], post: true };
    expect((await f.call('POST', '/api/invoices', { ...body, invoiceDate: addDays(f.today, -40), dueDate: addDays(f.today, -10) })).statusCode).toBe(201);
    expect((await f.call('POST', '/api/invoices', { ...body, invoiceDate: f.today })).statusCode).toBe(201);
    // 10.00 + 17% tax, due ten days ago; the one due in 30 days is not overdue.
    expect(await overdueOf()).toBe('11.70');
  });
});
