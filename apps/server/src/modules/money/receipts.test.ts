import { addDays, moneyMessages } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { documentRoutes } from '../../lib/document/register-document.ts';
import { type MoneyFixtures, balanceOf, ledgerRowsOf, moneyFixtures } from '../../test/money-fixtures.ts';
import { pdfTextLines } from '../../test/pdf-text.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { receiptBinding } from './receipts.binding.ts';

let t: TestApp;
let f: MoneyFixtures;

beforeAll(async () => {
  t = await createTestApp();
  f = await moneyFixtures(t, 'Rcp');
});
afterAll(async () => t?.close());

const invoiceOf = async (id: number) => (await f.call('GET', `/api/invoices/${id}`)).json().data as { openAmount: string; allocatedAmount: string; paymentStatus: string };

describe('receipts', () => {
  const s: Record<string, number> = {};
  let customer: { id: number; accountId: number };
  let invoices: Array<{ id: number; grandTotal: string; documentNumber: string }>;

  beforeAll(async () => {
    customer = await f.newCustomer('Receipts Clinic');
    // Due in 10, 5 and 20 days: proposed in the order 5, 10, 20. 100 + 17% = 117.00 and so on.
    invoices = [
      await f.invoice(customer.id, '100.00', { dueDate: addDays(f.today, 10) }),
      await f.invoice(customer.id, '200.00', { dueDate: addDays(f.today, 5) }),
      await f.invoice(customer.id, '50.00', { dueDate: addDays(f.today, 20) }),
    ];
  });

  it('lists the customer’s open invoices oldest due first', async () => {
    const response = await f.call('GET', `/api/receipts/open-invoices?customerId=${customer.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.map((d: { id: number; openAmount: string }) => [d.id, d.openAmount])).toEqual([
      [invoices[1]!.id, '234.00'],
      [invoices[0]!.id, '117.00'],
      [invoices[2]!.id, '58.50'],
    ]);
    expect((await f.call('GET', '/api/receipts/open-invoices')).statusCode).toBe(400);
    // The same list by the target's manifest name (issue 28): what any area's target is listed by.
    const named = await f.call('GET', `/api/receipts/open/invoices?partyId=${customer.id}`);
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().data).toEqual(response.json().data);
    expect((await f.call('GET', '/api/receipts/open/invoices')).statusCode).toBe(400);
    expect((await f.call('GET', '/api/receipts/open/invoices?partyId=abc')).statusCode).toBe(400);
    expect((await f.call('GET', `/api/receipts/open/${'x'.repeat(61)}?partyId=${customer.id}`)).statusCode).toBe(404);
    expect((await f.call('GET', `/api/receipts/open/goodsReceipts?partyId=${customer.id}`)).statusCode).toBe(404);
  });

  it('saves a draft with allocations proposed oldest due first when left out; the rest on account', async () => {
    const created = await f.call('POST', '/api/receipts', { customerId: customer.id, receiptDate: f.today, method: 'cash', amount: '300.00', reference: 'Cash at counter' });
    expect(created.statusCode, created.body).toBe(201);
    const data = created.json().data;
    s.cash = data.id;
    expect(data).toMatchObject({ status: 'draft', documentNumber: null, accountId: f.accounts.cash, amount: '300.00', allocatedAmount: '300.00', unallocatedAmount: '0.00', cheque: null });
    expect(data.allocations.map((a: { invoiceId: number; amount: string }) => [a.invoiceId, a.amount])).toEqual([
      [invoices[1]!.id, '234.00'],
      [invoices[0]!.id, '66.00'],
    ]);
    // Nothing applied while a draft.
    expect((await invoiceOf(invoices[1]!.id)).openAmount).toBe('234.00');
  });

  it('posts: Dr cash, Cr the customer’s account to the cent, stamped with region and party; invoices paid and partly paid', async () => {
    const before = await balanceOf(t, customer.accountId);
    const posted = await f.call('POST', `/api/receipts/${s.cash}/post`);
    expect(posted.statusCode, posted.body).toBe(200);
    const data = posted.json().data;
    expect(data.documentNumber).toMatch(/^RV-\d{4}-\d{6}$/);
    expect(data).toMatchObject({ status: 'posted', allocatedAmount: '300.00', unallocatedAmount: '0.00' });
    const party = { regionId: f.north, partyType: 'customer', partyId: customer.id, entryDate: f.today };
    expect(await ledgerRowsOf(t, 'receipts', s.cash!)).toEqual([
      { account: 'cash', debit: '300.00', credit: '0.00', ...party },
      { account: String(customer.accountId), debit: '0.00', credit: '300.00', ...party },
    ]);
    expect(Number(await balanceOf(t, customer.accountId)) - Number(before)).toBeCloseTo(-300, 2);
    expect(await invoiceOf(invoices[1]!.id)).toMatchObject({ openAmount: '0.00', allocatedAmount: '234.00', paymentStatus: 'paid' });
    expect(await invoiceOf(invoices[0]!.id)).toMatchObject({ openAmount: '51.00', paymentStatus: 'partlyPaid' });
  });

  it('refuses changing a posted receipt in the database itself', async () => {
    const refused = (statement: ReturnType<typeof sql>) => t.database.db.execute(statement).then(() => 'changed', () => 'refused');
    expect(await refused(sql`UPDATE receipts SET amount = 1 WHERE id = ${s.cash}`)).toBe('refused');
    expect(await refused(sql`DELETE FROM receipts WHERE id = ${s.cash}`)).toBe('refused');
  });

  it('refuses allocations naming the field: above the receipt, above an invoice’s open amount, another customer’s invoice', async () => {
    const other = await f.newCustomer('Other Clinic');
    const foreign = await f.invoice(other.id, '10.00');
    const body = { customerId: customer.id, receiptDate: f.today, method: 'cash', amount: '40.00', post: true };
    const over = await f.call('POST', '/api/receipts', { ...body, allocations: [{ invoiceId: invoices[0]!.id, amount: '30.00' }, { invoiceId: invoices[2]!.id, amount: '20.00' }] });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toEqual({ allocations: moneyMessages.overAllocated('Receipt') });
    const notOpen = await f.call('POST', '/api/receipts', { ...body, amount: '60.00', allocations: [{ invoiceId: invoices[0]!.id, amount: '25.00' }, { invoiceId: invoices[0]!.id, amount: '26.01' }] });
    expect(notOpen.statusCode).toBe(409);
    expect(notOpen.json().errors).toEqual({ 'allocations.1.amount': moneyMessages.notOpen(invoices[0]!.documentNumber, '51.00') });
    const theirs = await f.call('POST', '/api/receipts', { ...body, allocations: [{ invoiceId: foreign.id, amount: '1.00' }] });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().errors).toEqual({ 'allocations.0.invoiceId': moneyMessages.notPartyDocument('invoice') });
    const bank = await f.call('POST', '/api/receipts', { ...body, method: 'bank' });
    expect(bank.json().errors).toEqual({ accountId: moneyMessages.bankAccountRequired });
    const notBank = await f.call('POST', '/api/receipts', { ...body, method: 'bank', accountId: f.accounts.cash });
    expect(notBank.json().errors).toEqual({ accountId: moneyMessages.bankAccountKind });
    const noCheque = await f.call('POST', '/api/receipts', { ...body, method: 'cheque' });
    expect(noCheque.json().errors).toEqual({ cheque: moneyMessages.chequeRequired });
    const stray = await f.call('POST', '/api/receipts', { ...body, cheque: { chequeNumber: '1', bank: 'HBL', chequeDate: f.today } });
    expect(stray.json().errors).toEqual({ cheque: moneyMessages.chequeOnlyForCheques });
    expect(Number((await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*) AS n FROM receipts WHERE customer_id = ${customer.id}`))[0]!.n)).toBe(1);
  });

  it('saves and posts by cheque in one request: Dr Cheques in hand, the cheque in the register in hand, an advance left on account', async () => {
    const cheque = { chequeNumber: '004512', bank: 'Meezan Bank', chequeDate: addDays(f.today, 15) };
    const response = await f.call('POST', '/api/receipts', {
      customerId: customer.id,
      receiptDate: f.today,
      method: 'cheque',
      amount: '100.00',
      cheque,
      allocations: [{ invoiceId: invoices[0]!.id, amount: '51.00' }],
      post: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    s.cheque = data.id;
    expect(data).toMatchObject({ status: 'posted', accountId: f.accounts.chequesInHand, allocatedAmount: '51.00', unallocatedAmount: '49.00', cheque, chequeStatus: 'inHand' });
    expect(data.chequeDocumentNumber).toMatch(/^CHQ-\d{4}-\d{6}$/);
    const [row] = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`SELECT direction, status, cheque_number, bank, document_date::text AS date, amount::text, party_type, party_id, region_id, receipt_id FROM cheques WHERE id = ${data.chequeId}`,
    );
    expect(row).toEqual({ direction: 'received', status: 'inHand', cheque_number: '004512', bank: 'Meezan Bank', date: cheque.chequeDate, amount: '100.00', party_type: 'customer', party_id: customer.id, region_id: f.north, receipt_id: s.cheque });
    expect((await ledgerRowsOf(t, 'receipts', s.cheque!)).map((r) => [r.account, r.debit, r.credit])).toEqual([
      ['chequesInHand', '100.00', '0.00'],
      [String(customer.accountId), '0.00', '100.00'],
    ]);
    expect(await invoiceOf(invoices[0]!.id)).toMatchObject({ openAmount: '0.00', paymentStatus: 'paid' });
  });

  it('allocates the advance later, oldest due first when not told; never more than is left', async () => {
    const allocated = await f.call('POST', `/api/receipts/${s.cheque}/allocate`, {});
    expect(allocated.statusCode, allocated.body).toBe(200);
    const data = allocated.json().data;
    expect(data).toMatchObject({ status: 'posted', allocatedAmount: '100.00', unallocatedAmount: '0.00' });
    expect(data.allocations.map((a: { invoiceId: number; amount: string; lineNo: number }) => [a.lineNo, a.invoiceId, a.amount])).toEqual([
      [1, invoices[0]!.id, '51.00'],
      [2, invoices[2]!.id, '49.00'],
    ]);
    expect(await invoiceOf(invoices[2]!.id)).toMatchObject({ openAmount: '9.50', paymentStatus: 'partlyPaid' });
    // An allocation names its invoice by its field or by the target's name; neither: 400 naming the invoice, as before.
    const neither = await f.call('POST', `/api/receipts/${s.cheque}/allocate`, { allocations: [{ amount: '1.00' }] });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().errors).toEqual({ 'allocations.0.invoiceId': 'Invoice is required' });
    const again = await f.call('POST', `/api/receipts/${s.cheque}/allocate`, { allocations: [{ target: 'invoices', documentId: invoices[2]!.id, amount: '1.00' }] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(moneyMessages.nothingToAllocate);
  });

  it('cancels: the mirror rows today, the allocations released, the invoices open again, the cheque in hand given back', async () => {
    const cancelled = await f.call('POST', `/api/receipts/${s.cheque}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const data = cancelled.json().data;
    expect(data).toMatchObject({ status: 'cancelled', allocatedAmount: '0.00', chequeStatus: 'cancelled' });
    expect(data.allocations.every((a: { released: boolean; releasedReason: string }) => a.released && a.releasedReason === 'cancelled')).toBe(true);
    expect((await ledgerRowsOf(t, 'receipts', s.cheque!)).map((r) => [r.account, r.debit, r.credit])).toEqual([
      ['chequesInHand', '100.00', '0.00'],
      [String(customer.accountId), '0.00', '100.00'],
      ['chequesInHand', '0.00', '100.00'],
      [String(customer.accountId), '100.00', '0.00'],
    ]);
    expect(await invoiceOf(invoices[0]!.id)).toMatchObject({ openAmount: '51.00', paymentStatus: 'partlyPaid' });
    expect(await invoiceOf(invoices[2]!.id)).toMatchObject({ openAmount: '58.50', paymentStatus: 'unpaid' });
    expect((await f.call('POST', `/api/receipts/${s.cheque}/cancel`)).statusCode).toBe(409);
  });

  it('refuses cancelling once its cheque is deposited', async () => {
    const response = await f.call('POST', '/api/receipts', {
      customerId: customer.id,
      receiptDate: f.today,
      method: 'cheque',
      amount: '10.00',
      cheque: { chequeNumber: '77', bank: 'HBL', chequeDate: f.today },
      allocations: [],
      post: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id, chequeId } = response.json().data;
    await t.database.db.execute(sql`UPDATE cheques SET status = 'deposited', deposit_date = current_date WHERE id = ${chequeId}`);
    const refused = await f.call('POST', `/api/receipts/${id}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(moneyMessages.chequeLeftDrawer('deposited'));
  });

  it('an invoice with receipts allocated cannot be cancelled', async () => {
    expect((await f.call('POST', `/api/invoices/${invoices[1]!.id}/cancel`)).statusCode).toBe(409);
  });

  it('guards the actions: a role without /receipts 403, auditor 403; every transition has a route', async () => {
    const sales = await t.userWithRole('operationManager');
    expect((await f.call('POST', `/api/receipts/${s.cash}/cancel`, undefined, sales.token)).statusCode).toBe(403);
    const auditor = await t.userWithRole('auditor');
    expect((await f.call('GET', `/api/receipts/${s.cash}`, undefined, auditor.token)).statusCode).toBe(403);
    for (const path of documentRoutes(receiptBinding)) expect(t.app.hasRoute({ method: path.includes(':id/') ? 'POST' : 'GET', url: path })).toBe(true);
  });

  it('prints the receipt voucher', async () => {
    const response = await f.call('GET', `/api/receipts/${s.cash}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = pdfTextLines(response.rawPayload).join('\n');
    expect(text).toContain('Receipt Voucher');
    expect(text).toContain(invoices[1]!.documentNumber);
    expect(text).toContain('300.00');
  });
});

describe('the largest receipts a document may carry (issue 17)', () => {
  it('never break a read: the customer, its list and export, the receipts, the ledger, aging and the statements still answer', async () => {
    const customer = await f.newCustomer('Largest Receipts Clinic');
    const max = '9999999999999999.99';
    for (let i = 0; i < 2; i++) {
      const created = await f.call('POST', '/api/receipts', { customerId: customer.id, receiptDate: f.today, method: 'cash', amount: max, reference: `Largest ${i}`, post: true });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().data).toMatchObject({ status: 'posted', unallocatedAmount: max });
    }
    const one = await f.call('GET', `/api/customers/${customer.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toMatchObject({ balance: '-19999999999999999.98', creditLeft: '20000000000099999.98' });
    const list = await f.call('GET', `/api/customers?search=${encodeURIComponent('Largest Receipts')}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data[0].balance).toBe('-19999999999999999.98');
    for (const url of [
      '/api/customers',
      '/api/customers/export',
      '/api/customers/export?format=xlsx',
      '/api/receipts',
      '/api/receipts/export',
      `/api/ledger/${customer.accountId}`,
      `/api/ledger/${f.accounts.cash}`,
      '/api/accounting/aging?kind=receivable',
      '/api/accounting/trial-balance',
      '/api/accounting/balance-sheet',
    ]) {
      const response = await f.call('GET', url);
      expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
    }
    // Its credit check reads the balance too: an invoice still posts.
    await expect(f.invoice(customer.id, '1.00')).resolves.toMatchObject({ grandTotal: '1.17' });
  });
});

describe('allocations in the row scope of a user kept to regions (issue 27)', () => {
  it('a receipt proposes and takes only the invoices of the user\'s regions; another region\'s invoice named is refused as not the payee\'s', async () => {
    await f.receive([{ itemId: f.gloves, quantity: 10, unitCost: '0.10' }], f.south);
    const customer = await f.newCustomer('Two Regions Clinic');
    const northInvoice = await f.invoice(customer.id, '100.00');
    const sold = await f.call('POST', '/api/invoices', { customerId: customer.id, regionId: f.south, invoiceDate: f.today, post: true, lines: [{ itemId: f.gloves, quantity: 1, price: '50.00' }] });
    expect(sold.statusCode, sold.body).toBe(201);
    const southInvoice = sold.json().data as { id: number; grandTotal: string };
    const northOnly = await t.userWithRole('accountant');
    await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions: [f.north] })}::jsonb WHERE id = ${northOnly.id}`);
    const body = { customerId: customer.id, receiptDate: f.today, method: 'cash', amount: '500.00', reference: 'Both regions' };

    const named = await f.call('POST', '/api/receipts', { ...body, allocations: [{ invoiceId: southInvoice.id, amount: '10.00' }] }, northOnly.token);
    expect(named.statusCode, named.body).toBe(400);
    expect(named.json().errors).toEqual({ 'allocations.0.invoiceId': moneyMessages.notPartyDocument('invoice') });

    const proposed = await f.call('POST', '/api/receipts', { ...body, post: true }, northOnly.token);
    expect(proposed.statusCode, proposed.body).toBe(201);
    expect(proposed.json().data.allocations.map((a: { invoiceId: number; amount: string }) => [a.invoiceId, a.amount])).toEqual([[northInvoice.id, northInvoice.grandTotal]]);
    expect(await invoiceOf(southInvoice.id)).toMatchObject({ allocatedAmount: '0.00', openAmount: southInvoice.grandTotal });
  });
});
