import { addDecimals, moneyMessages, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { pdfTextLines } from '../../test/pdf-text.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Issue 29, section 6: tax withheld by the buyer, settled with the receipt; its certificates. */
let t: TestApp;
let f: SalesFixtures;
let item = 0;
const buyers: Record<'agent' | 'plain', { id: number; accountId: number }> = { agent: { id: 0, accountId: 0 }, plain: { id: 0, accountId: 0 } };

beforeAll(async () => {
  t = await createTestApp();
  f = await salesFixtures(t, 'Wht');
  item = await f.newTaxedItem('Standard', { saleType: 'standardRate', rate: '18.00' });
  await f.receive([{ itemId: item, quantity: 100, unitCost: '10.00' }]);
  buyers.agent = await f.newCustomer('Agent Hospital', { registrationType: 'registered', ntn: '0711234-5', withholdingAgent: true, incomeTaxWithholdingPercent: '4.5' });
  buyers.plain = await f.newCustomer('Plain Clinic', { registrationType: 'registered', ntn: '0722345-6' });
});
afterAll(async () => t?.close());

/** 1,033.90 at 18 %: tax 186.10, total 1,220.00 (the invoice). */
async function invoiceOf(customerId: number): Promise<{ id: number; documentNumber: string }> {
  const response = await f.call('POST', '/api/invoices', { customerId, regionId: f.north, invoiceDate: f.today, post: true, lines: [{ itemId: item, quantity: 1, price: '1033.90' }] });
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json().data).toMatchObject({ taxAmount: '186.10', grandTotal: '1220.00' });
  return response.json().data;
}

const readInvoice = async (id: number) => (await f.call('GET', `/api/invoices/${id}`)).json().data as Record<string, unknown>;

async function ledgerOf(documentType: string, documentId: number) {
  return queryRows<{ key: string | null; accountId: number; debit: string; credit: string; partyId: number | null }>(
    t.database.db,
    sql`SELECT p.key, g.account_id AS "accountId", g.debit::text AS debit, g.credit::text AS credit, g.party_id AS "partyId"
        FROM gl_entries g LEFT JOIN posting_accounts p ON p.account_id = g.account_id
        WHERE g.document_type = ${documentType} AND g.document_id = ${documentId} ORDER BY g.id`,
  );
}

const receipt = (customerId: number, amount: string, allocations: unknown[], extra: Record<string, unknown> = {}) =>
  f.call('POST', '/api/receipts', { customerId, receiptDate: f.today, method: 'cash', amount, allocations, post: true, ...extra });

describe('tax withheld by the buyer', () => {
  const s: Record<string, number> = {};

  it('settles an invoice of 1,220 with 1,202 paid and 18 withheld: paid, Dr Sales tax withheld 18, Cr the receivable 1,220', async () => {
    const invoice = await invoiceOf(buyers.agent.id);
    s.invoice = invoice.id;
    const response = await receipt(buyers.agent.id, '1202.00', [{ invoiceId: invoice.id, amount: '1202.00', taxWithheld: '18' }]);
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    s.receipt = data.id;
    expect(data).toMatchObject({ status: 'posted', amount: '1202.00', allocatedAmount: '1202.00', unallocatedAmount: '0.00', taxWithheld: '18.00', incomeTaxWithheld: '0.00', certificateNumber: null });
    expect(data.allocations).toMatchObject([{ invoiceId: invoice.id, amount: '1202.00', taxWithheld: '18.00', incomeTaxWithheld: '0.00' }]);
    expect(await readInvoice(invoice.id)).toMatchObject({ allocatedAmount: '1220.00', openAmount: '0.00', paymentStatus: 'paid', taxWithheldAmount: '18.00' });
    const rows = await ledgerOf('receipts', data.id);
    expect(rows.map((r) => [r.key ?? String(r.accountId), r.debit, r.credit])).toEqual([
      ['cash', '1202.00', '0.00'],
      [String(buyers.agent.accountId), '0.00', '1202.00'],
      ['salesTaxWithheld', '18.00', '0.00'],
      [String(buyers.agent.accountId), '0.00', '18.00'],
    ]);
    expect(rows.every((r) => Number(r.partyId) === buyers.agent.id)).toBe(true);
    // The receivable is credited 1,220.00 in all: the invoice's total, the customer owes nothing more.
    expect(addDecimals(rows.filter((r) => Number(r.accountId) === buyers.agent.accountId).map((r) => r.credit))).toBe('1220.00');
    // The aging agrees with the account (the withheld part settled the invoice).
    const aging = (await f.call('GET', '/api/accounting/aging?kind=receivable')).json();
    expect(aging.rows.find((r: { partyId: number }) => r.partyId === buyers.agent.id)).toBeUndefined();
    // The voucher prints what was withheld beside the money.
    const text = pdfTextLines((await f.call('GET', `/api/receipts/${data.id}/pdf`)).rawPayload).join('\n');
    for (const expected of ['Sales tax withheld', '18.00', '1,202.00']) expect(text).toContain(expected);
  });

  it('refuses sales tax withheld by a customer that is not a withholding agent (400 allocations.0.taxWithheld)', async () => {
    const invoice = await invoiceOf(buyers.plain.id);
    s.plainInvoice = invoice.id;
    const response = await receipt(buyers.plain.id, '1202.00', [{ invoiceId: invoice.id, amount: '1202.00', taxWithheld: '18.00' }]);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual({ 'allocations.0.taxWithheld': moneyMessages.withholdingAgentOnly });
  });

  it('refuses withheld tax above what the invoice’s tax has left (400), negative or malformed (400 naming the field), and the sum above the open amount (409)', async () => {
    const invoice = await invoiceOf(buyers.agent.id);
    s.second = invoice.id;
    const above = await receipt(buyers.agent.id, '1000.00', [{ invoiceId: invoice.id, amount: '1000.00', taxWithheld: '186.11' }]);
    expect(above.statusCode, above.body).toBe(400);
    expect(above.json().errors).toEqual({ 'allocations.0.taxWithheld': moneyMessages.withheldAboveTax(invoice.documentNumber, '186.10') });
    // Two lines for one invoice are added together.
    const split = await receipt(buyers.agent.id, '1000.00', [
      { invoiceId: invoice.id, amount: '500.00', taxWithheld: '100.00' },
      { invoiceId: invoice.id, amount: '500.00', taxWithheld: '86.11' },
    ]);
    expect(split.statusCode, split.body).toBe(400);
    expect(Object.keys(split.json().errors)).toEqual(['allocations.1.taxWithheld']);
    const negative = await receipt(buyers.agent.id, '1000.00', [{ invoiceId: invoice.id, amount: '1000.00', taxWithheld: '-1.00', incomeTaxWithheld: 'abc' }]);
    expect(negative.statusCode).toBe(400);
    expect(Object.keys(negative.json().errors).sort()).toEqual(['allocations.0.incomeTaxWithheld', 'allocations.0.taxWithheld']);
    const over = await receipt(buyers.agent.id, '1210.00', [{ invoiceId: invoice.id, amount: '1210.00', taxWithheld: '10.01' }]);
    expect(over.statusCode, over.body).toBe(409);
    expect(over.json().errors).toEqual({ 'allocations.0.amount': moneyMessages.notOpen(invoice.documentNumber, '1220.00') });
    expect((await readInvoice(invoice.id)).openAmount).toBe('1220.00');
  });

  it('withholds income tax too: Dr Advance income tax; later allocations take the same fields and post what they withhold', async () => {
    // 54.90 income tax (4.5 % of 1,220) and 18 sales tax on the second invoice: 1,147.10 in money.
    const response = await receipt(buyers.agent.id, '1147.10', [{ invoiceId: s.second!, amount: '600.00', taxWithheld: '10.00', incomeTaxWithheld: '54.90' }]);
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    // The receipt form's open invoices say what is left to withhold.
    const open = (await f.call('GET', `/api/receipts/open-invoices?customerId=${buyers.agent.id}`)).json().data as Array<Record<string, unknown>>;
    expect(open.find((o) => o.id === s.second)).toMatchObject({ taxAmount: '186.10', taxWithheldAmount: '10.00' });
    s.income = data.id;
    expect(data).toMatchObject({ allocatedAmount: '600.00', unallocatedAmount: '547.10', taxWithheld: '10.00', incomeTaxWithheld: '54.90' });
    expect(await readInvoice(s.second!)).toMatchObject({ openAmount: '555.10', paymentStatus: 'partlyPaid', taxWithheldAmount: '10.00' });
    expect((await ledgerOf('receipts', data.id)).map((r) => [r.key ?? String(r.accountId), r.debit, r.credit])).toEqual([
      ['cash', '1147.10', '0.00'],
      [String(buyers.agent.accountId), '0.00', '1147.10'],
      ['salesTaxWithheld', '10.00', '0.00'],
      ['advanceIncomeTax', '54.90', '0.00'],
      [String(buyers.agent.accountId), '0.00', '64.90'],
    ]);
    // The advance allocated later with 8 more of sales tax withheld: the invoice paid, the withholding posted today.
    const allocated = await f.call('POST', `/api/receipts/${data.id}/allocate`, { allocations: [{ invoiceId: s.second, amount: '547.10', taxWithheld: '8.00' }] });
    expect(allocated.statusCode, allocated.body).toBe(200);
    expect(allocated.json().data).toMatchObject({ allocatedAmount: '1147.10', unallocatedAmount: '0.00', taxWithheld: '18.00', incomeTaxWithheld: '54.90' });
    expect(await readInvoice(s.second!)).toMatchObject({ openAmount: '0.00', paymentStatus: 'paid', taxWithheldAmount: '18.00' });
    const rows = await ledgerOf('receipts', data.id);
    expect(rows.slice(5).map((r) => [r.key ?? String(r.accountId), r.debit, r.credit])).toEqual([
      ['salesTaxWithheld', '8.00', '0.00'],
      [String(buyers.agent.accountId), '0.00', '8.00'],
    ]);
  });

  it('cancel reverses it all: the invoice open again, the ledger mirrored', async () => {
    const cancelled = await f.call('POST', `/api/receipts/${s.income}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', allocatedAmount: '0.00', taxWithheld: '0.00', incomeTaxWithheld: '0.00' });
    expect(await readInvoice(s.second!)).toMatchObject({ allocatedAmount: '0.00', openAmount: '1220.00', paymentStatus: 'unpaid', taxWithheldAmount: '0.00' });
    const rows = await ledgerOf('receipts', s.income!);
    // Every account nets to nothing once the cancel mirrored the posting and the later allocation.
    const net = new Map<string, bigint>();
    for (const r of rows) net.set(r.key ?? String(r.accountId), (net.get(r.key ?? String(r.accountId)) ?? 0n) + toMinorUnits(r.debit) - toMinorUnits(r.credit));
    expect([...net.values()].every((v) => v === 0n)).toBe(true);
    expect(rows).toHaveLength(14);
  });

  it('a bounced cheque gives the withholding back with the allocations: the invoice open, the ledger balanced', async () => {
    const response = await receipt(buyers.agent.id, '1202.00', [{ invoiceId: s.second!, amount: '1202.00', taxWithheld: '18.00' }], {
      method: 'cheque',
      cheque: { chequeNumber: 'W-1', bank: 'HBL', chequeDate: f.today },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id, chequeId } = response.json().data;
    const bounced = await f.call('POST', `/api/cheques/${chequeId}/bounce`, { bounceDate: f.today, reason: 'Insufficient funds' });
    expect(bounced.statusCode, bounced.body).toBe(200);
    expect(await readInvoice(s.second!)).toMatchObject({ openAmount: '1220.00', taxWithheldAmount: '0.00' });
    expect((await ledgerOf('cheques', chequeId)).map((r) => [r.key ?? String(r.accountId), r.debit, r.credit])).toEqual([
      [String(buyers.agent.accountId), '1202.00', '0.00'],
      ['chequesInHand', '0.00', '1202.00'],
      ['salesTaxWithheld', '0.00', '18.00'],
      [String(buyers.agent.accountId), '18.00', '0.00'],
    ]);
    expect((await f.call('GET', `/api/receipts/${id}`)).json().data).toMatchObject({ status: 'bounced', taxWithheld: '0.00' });
  });

  it('lists the receipts with withholding and their certificates; the filter drops one once recorded; the auditor reads, sales staff 403', async () => {
    const list = async (query: string, token?: string) => f.call('GET', `/api/accounting/withholding-certificates${query}`, undefined, token);
    const all = await list(`?from=${f.today}&to=${f.today}`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data).toEqual([
      {
        receiptId: s.receipt,
        documentNumber: expect.stringMatching(/^RV-/),
        receiptDate: f.today,
        customerId: buyers.agent.id,
        customerName: 'Wht Agent Hospital',
        taxWithheld: '18.00',
        incomeTaxWithheld: '0.00',
        certificateNumber: null,
        certificateDate: null,
      },
    ]);
    expect((await list('?missingCertificate=true')).json().data.map((r: { receiptId: number }) => r.receiptId)).toEqual([s.receipt]);
    const bad = await f.call('PUT', `/api/receipts/${s.receipt}/withholding-certificate`, { certificateNumber: '', certificateDate: '2025-13-01' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['certificateDate', 'certificateNumber']);
    const recorded = await f.call('PUT', `/api/receipts/${s.receipt}/withholding-certificate`, { certificateNumber: 'WHT-2025-001', certificateDate: f.today });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json().data).toMatchObject({ id: s.receipt, status: 'posted', certificateNumber: 'WHT-2025-001', certificateDate: f.today });
    expect((await list('?missingCertificate=true')).json().data).toEqual([]);
    expect((await list('?missingCertificate=false')).json().data).toMatchObject([{ receiptId: s.receipt, certificateNumber: 'WHT-2025-001' }]);
    expect((await f.call('PUT', '/api/receipts/999999/withholding-certificate', { certificateNumber: 'X', certificateDate: f.today })).statusCode).toBe(404);
    expect((await f.call('PUT', `/api/receipts/${s.income}/withholding-certificate`, { certificateNumber: 'X', certificateDate: f.today })).statusCode).toBe(409);
    const auditor = await t.userWithRole('auditor');
    expect((await list('', auditor.token)).statusCode).toBe(200);
    expect((await f.call('PUT', `/api/receipts/${s.receipt}/withholding-certificate`, { certificateNumber: 'Y', certificateDate: f.today }, auditor.token)).statusCode).toBe(403);
    const sales = await t.userWithRole('salesExecutive');
    expect((await list('', sales.token)).statusCode).toBe(403);
    expect((await list('?missingCertificate=maybe')).statusCode).toBe(400);
  });

  it('customers take incomeTaxWithholdingPercent (0..100), set with customers:tax-facts', async () => {
    expect((await f.call('GET', `/api/customers/${buyers.agent.id}`)).json().data).toMatchObject({ incomeTaxWithholdingPercent: '4.50', withholdingAgent: true });
    const refused = await f.call('PUT', `/api/customers/${buyers.plain.id}`, { incomeTaxWithholdingPercent: '101' });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual(['incomeTaxWithholdingPercent']);
  });
});
