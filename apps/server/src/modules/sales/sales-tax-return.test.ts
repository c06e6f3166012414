import { addDays, addDecimals, fromMinorUnits, monthStart, toMinorUnits } from '@erp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Issue 29, section 8: the sales tax return's sales annex (Annexure-C), checked against the ledger. */
let t: TestApp;
let f: SalesFixtures;
let month: string;
const items: Record<'standard' | 'exempt' | 'reduced', number> = { standard: 0, exempt: 0, reduced: 0 };
const buyers: Record<'registered' | 'unregistered', number> = { registered: 0, unregistered: 0 };

interface Line {
  id: number;
  saleType: string;
  taxRate: string;
  hsCode: string | null;
  amount: string;
  taxAmount: string;
  furtherTaxAmount: string;
}
interface Document {
  id: number;
  documentNumber: string;
  lines: Line[];
}
interface Row {
  documentType: string;
  documentId: number;
  documentDate: string;
  hsCode: string | null;
  saleType: string;
  taxRate: string;
  rateLabel: string;
  amount: string;
  taxAmount: string;
  furtherTaxAmount: string;
  [key: string]: unknown;
}

beforeAll(async () => {
  t = await createTestApp();
  f = await salesFixtures(t, 'Str');
  month = f.today.slice(0, 7);
  items.standard = await f.newTaxedItem('Standard', { saleType: 'standardRate', rate: '18.00', hsCode: '38221900', fbrUom: 'Numbers, pieces, units' });
  items.exempt = await f.newTaxedItem('Exempt', { saleType: 'exempt', hsCode: '30021500', sroScheduleNo: 'Sixth Schedule', sroItemSerialNo: '101' });
  items.reduced = await f.newTaxedItem('Reduced', { saleType: 'reducedRate', rate: '5.00', hsCode: '90271000', sroScheduleNo: 'Eighth Schedule', sroItemSerialNo: '12' });
  await f.receive(Object.values(items).map((itemId) => ({ itemId, quantity: 1000, unitCost: '1.00' })));
  const unlimited = { creditLimit: '100000000.00' };
  buyers.registered = (await f.newCustomer('Registered Lab', { ...unlimited, registrationType: 'registered', ntn: '0711234-5', province: 'punjab' })).id;
  buyers.unregistered = (await f.newCustomer('Walk-in Clinic', { ...unlimited, registrationType: 'unregistered', cnic: '35202-1234567-1', province: 'sindh' })).id;
});
afterAll(async () => t?.close());

const report = async (query: string, token?: string) => f.call('GET', `/api/accounting/sales-tax-return?${query}`, undefined, token);

async function invoice(customerId: number, lines: Array<{ itemId: number; quantity: number; price: string; discountPercent?: string }>, invoiceDate = f.today): Promise<Document> {
  const response = await f.call('POST', '/api/invoices', { customerId, regionId: f.north, invoiceDate, post: true, lines });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Document;
}

async function salesReturn(of: Document, lines: Array<{ line: number; quantity: number }>): Promise<Document> {
  const response = await f.call('POST', '/api/sales-returns', {
    invoiceId: of.id,
    returnDate: f.today,
    post: true,
    lines: lines.map((l) => ({ invoiceLineId: of.lines[l.line]!.id, quantity: l.quantity, condition: 'restock' })),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Document;
}

const threeRates = [
  { itemId: 0, quantity: 1, price: '1000.00' },
  { itemId: 0, quantity: 1, price: '300.00' },
  { itemId: 0, quantity: 4, price: '100.00' },
];
const threeRateLines = () => threeRates.map((l, index) => ({ ...l, itemId: [items.standard, items.exempt, items.reduced][index]! }));

/** A document's lines as the return's rows should give them, negated for `sign` -1. */
const linesAsRows = (document: Document, sign: 1 | -1) =>
  document.lines.map((l) => {
    const signed = (value: string) => fromMinorUnits(BigInt(sign) * toMinorUnits(value));
    return { hsCode: l.hsCode, saleType: l.saleType, taxRate: l.taxRate, amount: signed(l.amount), taxAmount: signed(l.taxAmount), furtherTaxAmount: signed(l.furtherTaxAmount) };
  });
const rowsOf = (rows: Row[], documentType: string, id: number) =>
  rows
    .filter((r) => r.documentType === documentType && r.documentId === id)
    .map((r) => ({ hsCode: r.hsCode, saleType: r.saleType, taxRate: r.taxRate, amount: r.amount, taxAmount: r.taxAmount, furtherTaxAmount: r.furtherTaxAmount }));
const sorted = <T extends { taxRate: string; saleType: string }>(rows: T[]) => [...rows].sort((a, b) => `${a.taxRate}${a.saleType}`.localeCompare(`${b.taxRate}${b.saleType}`));

describe('sales tax return', () => {
  const documents: Record<string, Document> = {};

  beforeAll(async () => {
    // 18 %, exempt and 5 % to a registered buyer (no further tax) and to an unregistered one (further tax 40 + 16).
    documents.registered = await invoice(buyers.registered, threeRateLines());
    documents.unregistered = await invoice(buyers.unregistered, threeRateLines());
    // A return of 1 of the unregistered buyer's 4 units at 5 %: 100 + 5 + 4 back.
    const unregistered = documents.unregistered;
    documents.returned = await salesReturn(unregistered, [{ line: 2, quantity: 1 }]);
    // Posted and cancelled this month: left out.
    documents.cancelled = await invoice(buyers.registered, [{ itemId: items.standard, quantity: 2, price: '250.00' }]);
    expect((await f.call('POST', `/api/invoices/${documents.cancelled.id}/cancel`)).statusCode).toBe(200);
    // Posted last month (the day before this month's first), cancelled today: negated this month.
    documents.earlier = await invoice(buyers.registered, [{ itemId: items.standard, quantity: 1, price: '200.00' }], addDays(monthStart(f.today), -1));
    const cancelled = await f.call('POST', `/api/invoices/${documents.earlier.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  });

  it('lists the posted lines of the month per document and rate, a return negative, a cancellation of last month\'s invoice negated today; the cancelled invoice left out', async () => {
    const response = await report(`month=${month}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.month).toBe(month);
    const rows = body.rows as Row[];
    expect(sorted(rowsOf(rows, 'invoice', documents.registered!.id))).toEqual(sorted(linesAsRows(documents.registered!, 1)));
    expect(sorted(rowsOf(rows, 'invoice', documents.unregistered!.id))).toEqual(sorted(linesAsRows(documents.unregistered!, 1)));
    expect(rowsOf(rows, 'salesReturn', documents.returned!.id)).toEqual([
      { hsCode: '9027.1000', saleType: 'reducedRate', taxRate: '5.00', amount: '-100.00', taxAmount: '-5.00', furtherTaxAmount: '-4.00' },
    ]);
    expect(rowsOf(rows, 'invoice', documents.cancelled!.id)).toEqual([]);
    expect(rows.filter((r) => r.documentId === documents.earlier!.id)).toEqual([
      expect.objectContaining({ documentType: 'invoice', documentDate: f.today, taxRate: '18.00', rateLabel: '18%', amount: '-200.00', taxAmount: '-36.00', furtherTaxAmount: '0.00' }),
    ]);
    expect(rows).toHaveLength(3 + 3 + 1 + 1);
    // Ordered by date then number.
    const keys = rows.map((r) => `${r.documentDate} ${String(r.documentNumber)}`);
    expect(keys).toEqual([...keys].sort());

    const unregisteredCustomer = (await f.call('GET', `/api/customers/${buyers.unregistered}`)).json().data;
    const standard = rows.find((r) => r.documentId === documents.unregistered!.id && r.saleType === 'standardRate')!;
    expect(standard).toEqual({
      documentType: 'invoice',
      documentId: documents.unregistered!.id,
      documentNumber: documents.unregistered!.documentNumber,
      documentDate: f.today,
      customerId: buyers.unregistered,
      buyerName: 'Str Walk-in Clinic',
      buyerNtnCnic: unregisteredCustomer.cnic,
      buyerRegistrationType: 'unregistered',
      buyerProvince: 'sindh',
      hsCode: '3822.1900',
      saleType: 'standardRate',
      taxRate: '18.00',
      rateLabel: '18%',
      sroScheduleNo: '',
      sroItemSerialNo: '',
      amount: '1000.00',
      taxAmount: '180.00',
      furtherTaxAmount: '40.00',
    });
    expect(rows.find((r) => r.documentId === documents.registered!.id && r.saleType === 'exempt')).toMatchObject({
      buyerNtnCnic: expect.stringMatching(/^0711234/),
      buyerRegistrationType: 'registered',
      buyerProvince: 'punjab',
      rateLabel: 'Exempt',
      sroScheduleNo: 'Sixth Schedule',
      sroItemSerialNo: '101',
    });
    // The return is the unregistered buyer's, as its invoice was.
    expect(rows.find((r) => r.documentType === 'salesReturn')).toMatchObject({ buyerRegistrationType: 'unregistered', documentNumber: documents.returned!.documentNumber, rateLabel: '5%' });

    expect(body.summary).toEqual([
      { buyerRegistrationType: 'registered', saleType: 'standardRate', taxRate: '18.00', rateLabel: '18%', amount: '800.00', taxAmount: '144.00', furtherTaxAmount: '0.00' },
      { buyerRegistrationType: 'registered', saleType: 'reducedRate', taxRate: '5.00', rateLabel: '5%', amount: '400.00', taxAmount: '20.00', furtherTaxAmount: '0.00' },
      { buyerRegistrationType: 'registered', saleType: 'exempt', taxRate: '0.00', rateLabel: 'Exempt', amount: '300.00', taxAmount: '0.00', furtherTaxAmount: '0.00' },
      { buyerRegistrationType: 'unregistered', saleType: 'standardRate', taxRate: '18.00', rateLabel: '18%', amount: '1000.00', taxAmount: '180.00', furtherTaxAmount: '40.00' },
      { buyerRegistrationType: 'unregistered', saleType: 'reducedRate', taxRate: '5.00', rateLabel: '5%', amount: '300.00', taxAmount: '15.00', furtherTaxAmount: '12.00' },
      { buyerRegistrationType: 'unregistered', saleType: 'exempt', taxRate: '0.00', rateLabel: 'Exempt', amount: '300.00', taxAmount: '0.00', furtherTaxAmount: '0.00' },
    ]);
    expect(body.totals).toEqual({ amount: '3100.00', taxAmount: '359.00', furtherTaxAmount: '52.00' });
    expect(body.gl).toEqual({ taxAmount: '359.00', furtherTaxAmount: '52.00' });
    expect(body.difference).toBe('0.00');

    // A page of the rows: the same rows in the same order, the sums still over them all.
    expect(body).toMatchObject({ total: rows.length, page: 1, pageSize: 100 });
    const second = (await report(`month=${month}&page=2&pageSize=2`)).json();
    expect(second).toMatchObject({ total: rows.length, page: 2, pageSize: 2, summary: body.summary, totals: body.totals, difference: '0.00' });
    expect(second.rows).toEqual(rows.slice(2, 4));
    const bad = await report(`month=${month}&page=0&pageSize=1001`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['page', 'pageSize']);
  });

  it('lists last month\'s invoice in its own month, positive, agreeing with that month\'s ledger', async () => {
    const earlier = addDays(monthStart(f.today), -1);
    const body = (await report(`month=${earlier.slice(0, 7)}`)).json();
    expect(body.rows).toEqual([expect.objectContaining({ documentId: documents.earlier!.id, documentDate: earlier, amount: '200.00', taxAmount: '36.00' })]);
    expect(body.gl).toEqual({ taxAmount: '36.00', furtherTaxAmount: '0.00' });
    expect(body.difference).toBe('0.00');
    // A month with nothing: no rows, zeros.
    const empty = (await report('month=2001-02')).json();
    expect(empty).toMatchObject({ rows: [], summary: [], totals: { amount: '0.00', taxAmount: '0.00', furtherTaxAmount: '0.00' }, gl: { taxAmount: '0.00', furtherTaxAmount: '0.00' }, difference: '0.00' });
  });

  it('exports the rows as CSV and Excel, with a Total row', async () => {
    const csv = await f.call('GET', `/api/accounting/sales-tax-return/export?month=${month}&format=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`sales-tax-return-${month}.csv`);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Document type,Document number,Document date,Buyer,Buyer NTN/CNIC,Registration type,Province,HS code,Sale type,Rate,Value excl. tax,Sales tax,Further tax');
    expect(lines).toHaveLength(1 + 8 + 1);
    expect(lines.find((l) => l.startsWith('Sales return,'))).toContain(',-100.00,-5.00,-4.00');
    expect(lines.at(-1)).toBe('Total,,,,,,,,,,3100.00,359.00,52.00');
    const xlsx = await f.call('GET', `/api/accounting/sales-tax-return/export?month=${month}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain(`sales-tax-return-${month}.xlsx`);
  });

  it('refuses a month that is not YYYY-MM (400 naming month) and roles without /accounting (403); the auditor reads', async () => {
    for (const bad of ['month=2026-13', 'month=abc', '']) {
      const response = await report(bad);
      expect(response.statusCode, bad).toBe(400);
      expect(Object.keys(response.json().errors), bad).toEqual(['month']);
    }
    expect((await f.call('GET', '/api/accounting/sales-tax-return/export?month=2026-13')).statusCode).toBe(400);
    const sales = (await t.userWithRole('salesExecutive')).token;
    expect((await report(`month=${month}`, sales)).statusCode).toBe(403);
    expect((await f.call('GET', `/api/accounting/sales-tax-return/export?month=${month}`, undefined, sales)).statusCode).toBe(403);
    const auditor = await report(`month=${month}`, (await t.userWithRole('auditor')).token);
    expect(auditor.statusCode).toBe(200);
    expect(auditor.json().totals.taxAmount).toBe('359.00');
  });
});

/** A small seeded generator (mulberry32): the same documents every run. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

describe('sales tax return: random documents', () => {
  it('agrees with the ledger to the cent, its totals the sum of its rows, and grows by exactly what the documents bear', async () => {
    const before = (await report(`month=${month}`)).json();
    const random = prng(29_08);
    const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
    const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
    const expected = { amount: 0n, taxAmount: 0n, furtherTaxAmount: 0n };
    const made = { returns: 0, cancelledInvoices: 0, cancelledReturns: 0 };
    const count = (document: Document, sign: 1n | -1n) => {
      for (const line of document.lines) {
        expected.amount += sign * toMinorUnits(line.amount);
        expected.taxAmount += sign * toMinorUnits(line.taxAmount);
        expected.furtherTaxAmount += sign * toMinorUnits(line.furtherTaxAmount);
      }
    };
    for (let n = 0; n < 20; n += 1) {
      const lines = Array.from({ length: between(1, 4) }, () => ({
        itemId: pick(Object.values(items)),
        quantity: between(1, 6),
        price: `${between(1, 2500)}.${String(between(0, 99)).padStart(2, '0')}`,
        discountPercent: pick(['0', '0', '2.5', '7.25', '10']),
      }));
      const sold = await invoice(pick(Object.values(buyers)), lines);
      const roll = random();
      if (roll < 0.1) {
        // Cancelled the same month: nothing.
        expect((await f.call('POST', `/api/invoices/${sold.id}/cancel`)).statusCode).toBe(200);
        made.cancelledInvoices += 1;
        continue;
      }
      count(sold, 1n);
      if (roll < 0.45) {
        const line = between(0, sold.lines.length - 1);
        const quantity = between(1, lines[line]!.quantity);
        const returned = await salesReturn(sold, [{ line, quantity }]);
        made.returns += 1;
        if (random() < 0.25) {
          expect((await f.call('POST', `/api/sales-returns/${returned.id}/cancel`)).statusCode).toBe(200);
          made.cancelledReturns += 1;
        } else {
          count(returned, -1n);
        }
      }
    }
    // The seed makes returns, and cancels invoices and returns the same month.
    expect(Object.values(made).every((n) => n > 0), JSON.stringify(made)).toBe(true);
    const response = await report(`month=${month}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.difference).toBe('0.00');
    const rows = body.rows as Row[];
    const sum = (key: 'amount' | 'taxAmount' | 'furtherTaxAmount') => addDecimals(rows.map((r) => r[key]));
    expect(body.totals).toEqual({ amount: sum('amount'), taxAmount: sum('taxAmount'), furtherTaxAmount: sum('furtherTaxAmount') });
    const summed = (key: 'amount' | 'taxAmount' | 'furtherTaxAmount') => addDecimals((body.summary as Row[]).map((r) => r[key]));
    expect(body.totals).toEqual({ amount: summed('amount'), taxAmount: summed('taxAmount'), furtherTaxAmount: summed('furtherTaxAmount') });
    const grown = (key: keyof typeof expected) => fromMinorUnits(toMinorUnits(body.totals[key]) - toMinorUnits(before.totals[key]));
    expect({ amount: grown('amount'), taxAmount: grown('taxAmount'), furtherTaxAmount: grown('furtherTaxAmount') }).toEqual({
      amount: fromMinorUnits(expected.amount),
      taxAmount: fromMinorUnits(expected.taxAmount),
      furtherTaxAmount: fromMinorUnits(expected.furtherTaxAmount),
    });
    expect(addDecimals([body.gl.taxAmount, body.gl.furtherTaxAmount])).toBe(addDecimals([body.totals.taxAmount, body.totals.furtherTaxAmount]));
  });
});
