import { addDays } from '@erp/domain';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { pdfTextLines } from '../../test/pdf-text.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Issue 29, sections 4, 5 and 10: tax per line, further tax, totals per rate, the ledger split by rate. */
let t: TestApp;
let f: SalesFixtures;
const items: Record<'standard' | 'exempt' | 'reduced' | 'dated' | 'later', number> = { standard: 0, exempt: 0, reduced: 0, dated: 0, later: 0 };
const buyers: Record<'registered' | 'unregistered', number> = { registered: 0, unregistered: 0 };

beforeAll(async () => {
  t = await createTestApp();
  f = await salesFixtures(t, 'Tpl');
  items.standard = await f.newTaxedItem('Standard', { saleType: 'standardRate', rate: '18.00', hsCode: '38221900', fbrUom: 'Numbers, pieces, units' });
  items.exempt = await f.newTaxedItem('Exempt', { saleType: 'exempt', sroScheduleNo: 'Sixth Schedule', sroItemSerialNo: '101' });
  items.reduced = await f.newTaxedItem('Reduced', { saleType: 'reducedRate', rate: '5.00', sroScheduleNo: 'Eighth Schedule', sroItemSerialNo: '12' });
  items.dated = await f.newTaxedItem('Dated', { saleType: 'standardRate', rate: '18.00' });
  items.later = await f.newTaxedItem('Later', { saleType: 'standardRate', rate: '18.00' });
  await f.receive(Object.values(items).map((itemId) => ({ itemId, quantity: 100, unitCost: '10.00' })));
  const dated = await f.call('POST', '/api/item-tax-facts', { itemId: items.dated, effectiveFrom: f.today, saleType: 'standardRate', rate: '20.00' });
  expect(dated.statusCode, dated.body).toBe(201);
  buyers.registered = (await f.newCustomer('Registered Lab', { registrationType: 'registered', ntn: '0711234-5', province: 'punjab' })).id;
  buyers.unregistered = (await f.newCustomer('Walk-in Clinic', { registrationType: 'unregistered' })).id;
});
afterAll(async () => t?.close());

/** 1,000 at 18 %, 300 exempt (Sixth Schedule serial 101), 4 x 100 at 5 %: the three-rate invoice. */
const threeRates = (customerId: number, post = true) => ({
  customerId,
  regionId: f.north,
  invoiceDate: f.today,
  post,
  lines: [
    { itemId: items.standard, quantity: 1, price: '1000.00' },
    { itemId: items.exempt, quantity: 1, price: '300.00' },
    { itemId: items.reduced, quantity: 4, price: '100.00' },
  ],
});

async function ledgerOf(documentType: string, documentId: number) {
  return queryRows<{ key: string | null; memo: string; debit: string; credit: string }>(
    t.database.db,
    sql`SELECT p.key, g.memo, g.debit::text AS debit, g.credit::text AS credit
        FROM gl_entries g LEFT JOIN posting_accounts p ON p.account_id = g.account_id
        WHERE g.document_type = ${documentType} AND g.document_id = ${documentId} ORDER BY g.id`,
  );
}

describe('tax per line', () => {
  it('taxes each line by its item: 18 %, exempt and 5 % on one invoice to a registered buyer, three rows per rate, the ledger split by rate', async () => {
    const response = await f.call('POST', '/api/invoices', threeRates(buyers.registered));
    expect(response.statusCode, response.body).toBe(201);
    const invoice = response.json().data;
    expect(invoice).toMatchObject({
      status: 'posted',
      buyerRegistrationType: 'registered',
      subtotal: '1700.00',
      taxRate: null,
      taxAmount: '200.00',
      furtherTaxAmount: '0.00',
      grandTotal: '1900.00',
    });
    expect(invoice.lines.map((l: Record<string, unknown>) => [l.saleType, l.taxRate, l.rateLabel, l.taxAmount, l.furtherTaxAmount, l.lineTotal])).toEqual([
      ['standardRate', '18.00', '18%', '180.00', '0.00', '1180.00'],
      ['exempt', '0.00', 'Exempt', '0.00', '0.00', '300.00'],
      ['reducedRate', '5.00', '5%', '20.00', '0.00', '420.00'],
    ]);
    expect(invoice.lines[0]).toMatchObject({ hsCode: '3822.1900', fbrUom: 'Numbers, pieces, units' });
    expect(invoice.lines[1]).toMatchObject({ sroScheduleNo: 'Sixth Schedule', sroItemSerialNo: '101' });
    expect(invoice.taxSummary).toEqual([
      { saleType: 'standardRate', taxRate: '18.00', rateLabel: '18%', amount: '1000.00', taxAmount: '180.00', furtherTaxAmount: '0.00', total: '1180.00' },
      { saleType: 'reducedRate', taxRate: '5.00', rateLabel: '5%', amount: '400.00', taxAmount: '20.00', furtherTaxAmount: '0.00', total: '420.00' },
      { saleType: 'exempt', taxRate: '0.00', rateLabel: 'Exempt', amount: '300.00', taxAmount: '0.00', furtherTaxAmount: '0.00', total: '300.00' },
    ]);
    // The answer is what a read gives.
    const read = (await f.call('GET', `/api/invoices/${invoice.id}`)).json().data;
    expect(read).toMatchObject({ taxRate: null, taxAmount: '200.00', grandTotal: '1900.00', taxSummary: invoice.taxSummary, buyerRegistrationType: 'registered' });
    expect(read.lines.map((l: Record<string, unknown>) => l.rateLabel)).toEqual(['18%', 'Exempt', '5%']);
    state.registeredInvoice = invoice;
    const rows = (await ledgerOf('invoice', invoice.id)).filter((r) => r.key === 'sales' || r.key === 'taxPayable' || r.key === 'furtherTaxPayable');
    expect(rows).toEqual([
      { key: 'sales', memo: 'Sales 18%', debit: '0.00', credit: '1000.00' },
      { key: 'sales', memo: 'Sales 5%', debit: '0.00', credit: '400.00' },
      { key: 'sales', memo: 'Sales Exempt', debit: '0.00', credit: '300.00' },
      { key: 'taxPayable', memo: 'Sales tax 18%', debit: '0.00', credit: '180.00' },
      { key: 'taxPayable', memo: 'Sales tax 5%', debit: '0.00', credit: '20.00' },
    ]);
  });

  it('charges further tax to an unregistered buyer on the lines it applies to (none on exempt): 40 + 16, grand total 1,956, Further tax payable credited 56', async () => {
    const response = await f.call('POST', '/api/invoices', threeRates(buyers.unregistered));
    expect(response.statusCode, response.body).toBe(201);
    const invoice = response.json().data;
    expect(invoice).toMatchObject({ buyerRegistrationType: 'unregistered', taxAmount: '200.00', furtherTaxAmount: '56.00', grandTotal: '1956.00', openAmount: '1956.00' });
    expect(invoice.lines.map((l: Record<string, unknown>) => [l.furtherTaxRate, l.furtherTaxAmount])).toEqual([
      ['4.00', '40.00'],
      ['0.00', '0.00'],
      ['4.00', '16.00'],
    ]);
    const ledger = await ledgerOf('invoice', invoice.id);
    expect(ledger.filter((r) => r.key === 'furtherTaxPayable')).toEqual([{ key: 'furtherTaxPayable', memo: 'Further tax', debit: '0.00', credit: '56.00' }]);
    expect(ledger.find((r) => r.key === null && r.debit !== '0.00')).toMatchObject({ debit: '1956.00' });
    state.unregisteredInvoice = invoice;
  });

  it('gives back, on a return of 1 of 4 units of the 5 % line to an unregistered buyer, 100 + 5 + 4 at the invoice line rates, posted per rate', async () => {
    const invoice = state.unregisteredInvoice as { id: number; lines: Array<{ id: number }> };
    const response = await f.call('POST', '/api/sales-returns', {
      invoiceId: invoice.id,
      returnDate: f.today,
      post: true,
      lines: [{ invoiceLineId: invoice.lines[2]!.id, quantity: 1, condition: 'restock' }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const ret = response.json().data;
    expect(ret).toMatchObject({ subtotal: '100.00', taxAmount: '5.00', furtherTaxAmount: '4.00', grandTotal: '109.00' });
    expect(ret.lines[0]).toMatchObject({ saleType: 'reducedRate', taxRate: '5.00', rateLabel: '5%', furtherTaxAmount: '4.00' });
    expect(ret.taxSummary).toEqual([{ saleType: 'reducedRate', taxRate: '5.00', rateLabel: '5%', amount: '100.00', taxAmount: '5.00', furtherTaxAmount: '4.00', total: '109.00' }]);
    expect(ret.invoice).toMatchObject({ buyerRegistrationType: 'unregistered' });
    const read = (await f.call('GET', `/api/sales-returns/${ret.id}`)).json().data;
    expect(read).toMatchObject({ furtherTaxAmount: '4.00', taxSummary: ret.taxSummary, invoice: { buyerRegistrationType: 'unregistered' } });
    // The credit note names the registration the goods were sold under, as the invoice did.
    const creditNote = pdfTextLines((await f.call('GET', `/api/sales-returns/${ret.id}/pdf`)).rawPayload).join('\n');
    for (const expected of ['Credit Note', 'Unregistered buyer', 'Further tax', '109.00']) expect(creditNote).toContain(expected);
    expect(read.lines[0]).toMatchObject({ rateLabel: '5%', furtherTaxAmount: '4.00' });
    const rows = (await ledgerOf('sales-return', ret.id)).filter((r) => r.key === 'salesReturns' || r.key === 'taxPayable' || r.key === 'furtherTaxPayable');
    expect(rows).toEqual([
      { key: 'salesReturns', memo: 'Sales returns 5%', debit: '100.00', credit: '0.00' },
      { key: 'taxPayable', memo: 'Sales tax 5%', debit: '5.00', credit: '0.00' },
      { key: 'furtherTaxPayable', memo: 'Further tax', debit: '4.00', credit: '0.00' },
    ]);
    expect((await f.call('GET', `/api/invoices/${invoice.id}`)).json().data).toMatchObject({ returnedAmount: '109.00', openAmount: '1847.00' });
  });

  it('takes the facts in force on the invoice date: 18 % the day before a row from today at 20 %, 20 % from it; a return today of the earlier invoice gives back 18 %', async () => {
    const sell = async (invoiceDate: string) => {
      const response = await f.call('POST', '/api/invoices', {
        customerId: buyers.registered,
        regionId: f.north,
        invoiceDate,
        post: true,
        lines: [{ itemId: items.dated, quantity: 2, price: '50.00' }],
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data;
    };
    const before = await sell(addDays(f.today, -1));
    const from = await sell(f.today);
    expect([before.taxRate, before.taxAmount, before.lines[0].rateLabel]).toEqual(['18.00', '18.00', '18%']);
    expect([from.taxRate, from.taxAmount, from.lines[0].rateLabel]).toEqual(['20.00', '20.00', '20%']);
    const ret = await f.call('POST', '/api/sales-returns', {
      invoiceId: before.id,
      returnDate: f.today,
      post: true,
      lines: [{ invoiceLineId: before.lines[0].id, quantity: 1, condition: 'restock' }],
    });
    expect(ret.statusCode, ret.body).toBe(201);
    expect(ret.json().data).toMatchObject({ taxAmount: '9.00', lines: [{ taxRate: '18.00', rateLabel: '18%' }] });
  });

  it('takes the facts again when a draft saved earlier is posted: the rate changed since is the one posted', async () => {
    const draft = await f.call('POST', '/api/invoices', {
      customerId: buyers.registered,
      regionId: f.north,
      invoiceDate: f.today,
      lines: [{ itemId: items.later, quantity: 1, price: '200.00' }],
    });
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json().data).toMatchObject({ taxAmount: '36.00', grandTotal: '236.00' });
    const rows = (await f.call('GET', `/api/item-tax-facts?itemId=${items.later}`)).json().data as Array<{ id: number }>;
    expect((await f.call('PUT', `/api/item-tax-facts/${rows[0]!.id}`, { rate: '25.00' })).statusCode).toBe(200);
    const posted = await f.call('POST', `/api/invoices/${draft.json().data.id}/post`);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().data).toMatchObject({ status: 'posted', taxRate: '25.00', taxAmount: '50.00', grandTotal: '250.00', lines: [{ taxRate: '25.00', rateLabel: '25%' }] });
    const read = (await f.call('GET', `/api/invoices/${draft.json().data.id}`)).json().data;
    expect(read).toMatchObject({ taxAmount: '50.00', grandTotal: '250.00', openAmount: '250.00' });
    const receivable = (await ledgerOf('invoice', read.id)).find((r) => r.key === null && r.debit !== '0.00');
    expect(receivable).toMatchObject({ debit: '250.00' });
  });

  it('quotes the same way, and the invoice an accepted quotation makes is taxed by its own date', async () => {
    const quoted = await f.call('POST', '/api/quotations', {
      customerId: buyers.unregistered,
      quotationDate: addDays(f.today, -1),
      validUntil: addDays(f.today, 30),
      lines: [
        { itemId: items.dated, quantity: 1, price: '100.00' },
        { itemId: items.exempt, quantity: 1, price: '50.00' },
      ],
    });
    expect(quoted.statusCode, quoted.body).toBe(201);
    const quotation = quoted.json().data;
    expect(quotation).toMatchObject({ buyerRegistrationType: 'unregistered', taxRate: null, taxAmount: '18.00', furtherTaxAmount: '4.00', grandTotal: '172.00' });
    expect(quotation.taxSummary.map((r: { rateLabel: string }) => r.rateLabel)).toEqual(['18%', 'Exempt']);
    expect((await f.call('GET', `/api/quotations/${quotation.id}`)).json().data).toMatchObject({ taxSummary: quotation.taxSummary, lines: [{ rateLabel: '18%' }, { rateLabel: 'Exempt' }] });
    expect((await f.call('POST', `/api/quotations/${quotation.id}/send`)).statusCode).toBe(200);
    const accepted = await f.call('POST', `/api/quotations/${quotation.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const invoice = (await f.call('GET', `/api/invoices/${accepted.json().data.invoiceId}`)).json().data;
    expect(invoice).toMatchObject({ invoiceDate: f.today, taxAmount: '20.00', furtherTaxAmount: '4.00', grandTotal: '174.00' });
  });

  it('prints a tax invoice: titled so once the company has an STRN, both registrations, each line’s HS code, rate and schedule, the totals per rate', async () => {
    const invoice = state.registeredInvoice as { id: number };
    const textOf = async () => pdfTextLines((await f.call('GET', `/api/invoices/${invoice.id}/pdf`)).rawPayload).join('\n');
    expect(await textOf()).not.toContain('Sales Tax Invoice');
    expect((await f.call('PUT', '/api/settings', { ntn: '1234567', strn: '17-00-1234-567-89' })).statusCode).toBe(200);
    const text = await textOf();
    for (const expected of ['Sales Tax Invoice', 'NTN 1234567', 'STRN 1700123456789', 'NTN: 0711234', 'Registered for sales tax', 'HS 3822.1900', '18%', '5%', 'Exempt', 'Sixth Schedule', 'serial 101', 'Value at 18%', 'Sales tax at 5%', 'Value at Exempt', '1,900.00']) {
      expect(text).toContain(expected);
    }
    const unregistered = state.unregisteredInvoice as { id: number };
    const further = pdfTextLines((await f.call('GET', `/api/invoices/${unregistered.id}/pdf`)).rawPayload).join('\n');
    for (const expected of ['Unregistered buyer', 'Further tax', '56.00', '1,956.00']) expect(further).toContain(expected);
    await f.call('PUT', '/api/settings', { strn: '' });
  });

  it('previews a form’s lines: each item’s facts on the date with the further tax its buyer bears', async () => {
    const preview = await f.call('GET', `/api/sales/line-tax?itemIds=${items.dated},${items.exempt}&customerId=${buyers.unregistered}&date=${addDays(f.today, -1)}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      buyerRegistrationType: 'unregistered',
      lines: { [items.dated]: { saleType: 'standardRate', taxRate: '18.00', rateLabel: '18%', furtherTaxRate: '4.00' }, [items.exempt]: { rateLabel: 'Exempt', furtherTaxRate: '0.00' } },
    });
    const today = (await f.call('GET', `/api/sales/line-tax?itemIds=${items.dated}&customerId=${buyers.registered}&date=${f.today}`)).json();
    expect(today).toMatchObject({ buyerRegistrationType: 'registered', lines: { [items.dated]: { taxRate: '20.00', furtherTaxRate: '0.00' } } });
    const bad = await f.call('GET', '/api/sales/line-tax?itemIds=a,b&date=2026-13-01');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['date', 'itemIds']);
  });
});

const state: Record<string, unknown> = {};

describe('migration 0043', () => {
  it("gives existing lines their header's rate, standard rate and no further tax, documents their customer's registration, and leaves every total as it was", async () => {
    const made = await f.call('POST', '/api/invoices', {
      customerId: buyers.registered,
      regionId: f.north,
      invoiceDate: f.today,
      post: true,
      lines: [{ itemId: items.standard, quantity: 3, price: '10.00' }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const before = made.json().data;
    const text = await readFile(new URL('../../db/migrations/0043_tax_per_line.sql', import.meta.url), 'utf8');
    const statements = text
      .slice(text.indexOf('-- Backfill.'), text.indexOf('-- The new posting accounts'))
      .split(/;\s*\n/)
      .map((statement) => statement.replace(/^--.*$/gm, '').trim())
      .filter((statement) => statement !== '');
    await t.database.db
      .transaction(async (tx) => {
        // As the posted invoice was before 0043 (its guards set aside as the migration does): its lines at the columns' defaults, its buyer unknown.
        for (const statement of statements.filter((s) => s.includes('DISABLE TRIGGER'))) await tx.execute(sql.raw(statement));
        await tx.execute(sql`UPDATE invoice_lines SET tax_rate = 0, sale_type = 'standardRate', hs_code = NULL, fbr_uom = NULL WHERE invoice_id = ${before.id}`);
        await tx.execute(sql`UPDATE invoices SET buyer_registration_type = 'unregistered' WHERE id = ${before.id}`);
        for (const statement of statements) await tx.execute(sql.raw(statement));
        const [row] = await queryRows<{ taxRate: string; saleType: string; further: string; buyer: string; total: string; tax: string }>(
          tx,
          sql`SELECT l.tax_rate::text AS "taxRate", l.sale_type AS "saleType", l.further_tax_amount::text AS further, i.buyer_registration_type AS buyer,
                     i.grand_total::text AS total, i.tax_amount::text AS tax
              FROM invoices i JOIN invoice_lines l ON l.invoice_id = i.id WHERE i.id = ${before.id}`,
        );
        expect(row).toEqual({ taxRate: '18.00', saleType: 'standardRate', further: '0.00', buyer: 'registered', total: before.grandTotal, tax: before.taxAmount });
        // The guards are back: the posted invoice's lines refuse a change again.
        await expect(tx.execute(sql`UPDATE invoice_lines SET tax_rate = 1 WHERE invoice_id = ${before.id}`)).rejects.toThrow();
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
      });
    const keys = await queryRows<{ key: string; code: string }>(
      t.database.db,
      sql`SELECT p.key, a.account_code AS code FROM posting_accounts p JOIN accounts a ON a.id = p.account_id
          WHERE p.key IN ('furtherTaxPayable', 'salesTaxWithheld', 'advanceIncomeTax') ORDER BY a.account_code`,
    );
    expect(keys).toEqual([
      { key: 'salesTaxWithheld', code: '1160' },
      { key: 'advanceIncomeTax', code: '1170' },
      { key: 'furtherTaxPayable', code: '2110' },
    ]);
  });
});
