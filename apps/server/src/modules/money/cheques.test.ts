import { moneyMessages } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { documentRoutes } from '../../lib/document/register-document.ts';
import { type ChequeFixtures, chequeFixtures, daysFrom } from '../../test/cheque-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { chequeBinding } from './cheques.binding.ts';

let t: TestApp;
let f: ChequeFixtures;
let auditor: string;
// One glove at 500.00 plus 17% tax.
const total = '585.00';

beforeAll(async () => {
  t = await createTestApp();
  f = await chequeFixtures(t, 'Chq');
  auditor = (await t.userWithRole('auditor')).token;
});
afterAll(async () => t?.close());

const chequeOf = async (id: number) => (await f.call('GET', `/api/cheques/${id}`)).json().data;
const receiptStatus = async (id: number) => (await queryRows<{ status: string }>(t.database.db, sql`SELECT status FROM receipts WHERE id = ${id}::int`))[0]!.status;

/** A posted invoice paid by a cheque dated `chequeDate`, allocated whole. */
async function paidByCheque(chequeDate: string) {
  const invoice = await f.invoice(f.customer.id, '500.00');
  const receipt = await f.chequeReceipt({ amount: total, chequeDate, allocations: [{ invoiceId: invoice.id, amount: total }] });
  return { invoice, ...receipt };
}

describe('the register', () => {
  it('serves a route per transition and refuses to record a cheque on its own', async () => {
    for (const path of documentRoutes(chequeBinding)) expect(t.app.hasRoute({ method: path.endsWith('export') || path.endsWith(':id') || path === '/api/cheques' ? 'GET' : 'POST', url: path })).toBe(true);
    const created = await f.call('POST', '/api/cheques', { direction: 'received', chequeNumber: '1', bank: 'X', chequeDate: f.today, amount: '1.00' });
    expect(created.statusCode, created.body).toBe(409);
  });

  it('lists a receipt\'s cheque in hand with its party and receipt; filters by direction, due dates and views; totals by status', async () => {
    const { chequeId, receiptId } = await paidByCheque(daysFrom(f, 10));
    const cheque = await chequeOf(chequeId);
    expect(cheque).toMatchObject({ status: 'inHand', direction: 'received', amount: total, chequeDate: daysFrom(f, 10), partyType: 'customer', partyId: f.customer.id, partyName: 'Chq General Hospital', receiptId });
    expect(cheque.documentNumber).toMatch(/^CHQ-\d{4}-\d{6}$/);
    expect(cheque.receiptNumber).toMatch(/^RV-/);
    const ids = async (query: string) => ((await f.call('GET', `/api/cheques?${query}`)).json().data as Array<{ id: number }>).map((c) => c.id);
    expect(await ids('direction=received')).toContain(chequeId);
    expect(await ids('direction=issued')).not.toContain(chequeId);
    expect(await ids(`dueFrom=${daysFrom(f, 10)}&dueTo=${daysFrom(f, 10)}`)).toEqual([chequeId]);
    expect(await ids(`dueTo=${daysFrom(f, 9)}`)).not.toContain(chequeId);
    // Dated in ten days: not due this week.
    expect(await ids('view=dueThisWeek')).not.toContain(chequeId);
    expect((await f.call('GET', '/api/cheques?view=someday')).statusCode).toBe(400);
    expect((await f.call('GET', '/api/cheques?direction=sideways')).statusCode).toBe(400);
    const summary = await f.call('GET', `/api/cheques/summary?dueFrom=${daysFrom(f, 10)}&dueTo=${daysFrom(f, 10)}`);
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json().data.find((s: { status: string }) => s.status === 'inHand')).toEqual({ status: 'inHand', count: 1, total });
    expect(summary.json().totals).toEqual({ count: 1, total });
    // Received and issued apart: money in is never added to money out on the screen.
    expect(summary.json().directions).toEqual([
      { direction: 'received', count: 1, total, statuses: [{ status: 'inHand', count: 1, total }] },
      { direction: 'issued', count: 0, total: '0.00', statuses: [] },
    ]);
  });
});

describe('received cheques', () => {
  it('refuses a deposit before the cheque\'s date, on depositDate, and into an account that is not a bank', async () => {
    const { chequeId } = await paidByCheque(daysFrom(f, 10));
    const early = await f.call('POST', `/api/cheques/${chequeId}/deposit`, { bankAccountId: f.accounts.bank, depositDate: f.today });
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().errors).toEqual({ depositDate: moneyMessages.depositBeforeDate(daysFrom(f, 10)) });
    const cash = await f.call('POST', `/api/cheques/${chequeId}/deposit`, { bankAccountId: f.accounts.cash, depositDate: daysFrom(f, 10) });
    expect(cash.statusCode, cash.body).toBe(400);
    expect(Object.keys(cash.json().errors)).toEqual(['bankAccountId']);
    expect((await f.call('POST', `/api/cheques/${chequeId}/deposit`, { depositDate: daysFrom(f, 10) })).json().errors).toHaveProperty('bankAccountId');
    expect((await chequeOf(chequeId)).status).toBe('inHand');
  });

  it('deposits (no ledger rows), then clears: Dr the bank, Cr Cheques in hand, under the cheque\'s number', async () => {
    const { chequeId } = await paidByCheque(f.today);
    const deposited = await f.call('POST', `/api/cheques/${chequeId}/deposit`, { bankAccountId: f.accounts.bank, depositDate: f.today });
    expect(deposited.statusCode, deposited.body).toBe(200);
    expect(deposited.json().data).toMatchObject({ status: 'deposited', bankAccountId: f.accounts.bank, bankAccountName: 'Bank - current account', depositDate: f.today });
    expect(await f.ledgerOf('cheques', chequeId)).toEqual([]);
    const early = await f.call('POST', `/api/cheques/${chequeId}/clear`, { clearDate: daysFrom(f, -1) });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual({ clearDate: moneyMessages.clearBeforeDeposit });
    const cleared = await f.call('POST', `/api/cheques/${chequeId}/clear`, { clearDate: f.today });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const data = cleared.json().data;
    expect(data).toMatchObject({ status: 'cleared', clearDate: f.today });
    expect(await f.ledgerOf('cheques', chequeId)).toEqual([
      { key: null, accountId: f.accounts.bank, debit: total, credit: '0.00', entryDate: f.today, documentNumber: data.documentNumber },
      { key: 'chequesInHand', accountId: expect.any(Number), debit: '0.00', credit: total, entryDate: f.today, documentNumber: data.documentNumber },
    ]);
    // Wrong state: 409.
    const again = await f.call('POST', `/api/cheques/${chequeId}/clear`, { clearDate: f.today });
    expect(again.statusCode).toBe(409);
    expect((await f.call('POST', `/api/cheques/${chequeId}/bounce`, { bounceDate: f.today, reason: 'Late' })).statusCode).toBe(409);
    expect((await f.call('POST', `/api/cheques/${chequeId}/cancel`, {})).statusCode).toBe(409);
  });

  it('bounces a deposited cheque with a bank charge: invoices open again, receipt bounced, Dr customer Cr Cheques in hand, Dr Bank charges Cr the bank', async () => {
    const { chequeId, receiptId, invoice } = await paidByCheque(f.today);
    expect(await f.openOf(invoice.id)).toBe('0.00');
    await f.call('POST', `/api/cheques/${chequeId}/deposit`, { bankAccountId: f.accounts.bank, depositDate: f.today });
    const before = (await f.call('GET', `/api/customers?search=General`)).json().data[0].bouncedCheques;
    const bounced = await f.call('POST', `/api/cheques/${chequeId}/bounce`, { bounceDate: f.today, reason: 'Insufficient funds', bankCharge: '150.00' });
    expect(bounced.statusCode, bounced.body).toBe(200);
    expect(bounced.json().data).toMatchObject({ status: 'bounced', bounceDate: f.today, bounceReason: 'Insufficient funds', bankCharge: '150.00' });
    expect(await f.openOf(invoice.id)).toBe(total);
    expect(await receiptStatus(receiptId)).toBe('bounced');
    expect((await f.ledgerOf('cheques', chequeId)).map((r) => [r.key ?? r.accountId, r.debit, r.credit])).toEqual([
      [f.customer.accountId, total, '0.00'],
      ['chequesInHand', '0.00', total],
      ['bankCharges', '150.00', '0.00'],
      [f.accounts.bank, '0.00', '150.00'],
    ]);
    const released = await queryRows<{ reason: string }>(t.database.db, sql`SELECT released_reason AS reason FROM receipt_allocations WHERE receipt_id = ${receiptId}::int`);
    expect(released).toEqual([{ reason: 'bounced' }]);
    // Shown on the customer, and in the bounced view.
    expect((await f.call('GET', `/api/customers?search=General`)).json().data[0].bouncedCheques).toBe(before + 1);
    expect(((await f.call('GET', '/api/cheques?view=bounced')).json().data as Array<{ id: number }>).map((c) => c.id)).toContain(chequeId);
  });

  it('bounces a cheque still in hand without a charge; a charge on it is refused on bankCharge', async () => {
    const { chequeId } = await paidByCheque(f.today);
    const charged = await f.call('POST', `/api/cheques/${chequeId}/bounce`, { bounceDate: f.today, reason: 'Stopped', bankCharge: '10.00' });
    expect(charged.statusCode).toBe(400);
    expect(Object.keys(charged.json().errors)).toEqual(['bankCharge']);
    expect((await f.call('POST', `/api/cheques/${chequeId}/bounce`, { bounceDate: f.today })).json().errors).toHaveProperty('reason');
    const bounced = await f.call('POST', `/api/cheques/${chequeId}/bounce`, { bounceDate: f.today, reason: 'Stopped' });
    expect(bounced.statusCode, bounced.body).toBe(200);
    expect((await f.ledgerOf('cheques', chequeId)).map((r) => [r.key ?? r.accountId, r.debit, r.credit])).toEqual([
      [f.customer.accountId, total, '0.00'],
      ['chequesInHand', '0.00', total],
    ]);
  });

  it('refuses the auditor (403) and a closed period on the action\'s date', async () => {
    const { chequeId } = await paidByCheque(f.today);
    const asAuditor = await f.call('POST', `/api/cheques/${chequeId}/deposit`, { bankAccountId: f.accounts.bank, depositDate: f.today }, auditor);
    expect(asAuditor.statusCode).toBe(403);
    expect((await f.call('GET', `/api/cheques/${chequeId}`, undefined, auditor)).statusCode).toBe(200);
    await f.call('POST', `/api/cheques/${chequeId}/deposit`, { bankAccountId: f.accounts.bank, depositDate: f.today });
    expect((await f.call('POST', '/api/accounting/period-close', { closedThrough: f.today })).statusCode).toBe(200);
    try {
      const closed = await f.call('POST', `/api/cheques/${chequeId}/clear`, { clearDate: f.today });
      expect(closed.statusCode).toBe(400);
      expect(Object.keys(closed.json().errors)).toEqual(['clearDate']);
    } finally {
      await f.call('POST', '/api/accounting/period-reopen', { closedThrough: null });
    }
  });
});

describe('issued cheques', () => {
  async function paidToVendor(chequeDate: string) {
    const response = await f.call('POST', '/api/payments', {
      payeeType: 'vendor',
      vendorId: f.vendor.id,
      paymentDate: f.today,
      method: 'cheque',
      accountId: f.accounts.bank,
      amount: '100.00',
      cheque: { chequeNumber: `ISS-${chequeDate}-${Math.random()}`.slice(0, 30), bank: 'Our bank', chequeDate },
      post: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    return { paymentId: response.json().data.id as number, chequeId: response.json().data.chequeId as number };
  }

  it('clears an issued cheque on or after its date: Dr Cheques issued, Cr the bank', async () => {
    const { chequeId } = await paidToVendor(daysFrom(f, 3));
    expect(await chequeOf(chequeId)).toMatchObject({ status: 'issued', direction: 'issued', partyType: 'vendor', partyId: f.vendor.id, bankAccountId: f.accounts.bank });
    expect((await f.call('POST', `/api/cheques/${chequeId}/deposit`, { bankAccountId: f.accounts.bank, depositDate: daysFrom(f, 3) })).statusCode).toBe(409);
    const early = await f.call('POST', `/api/cheques/${chequeId}/clear`, { clearDate: f.today });
    expect(early.statusCode).toBe(400);
    expect(Object.keys(early.json().errors)).toEqual(['clearDate']);
    const cleared = await f.call('POST', `/api/cheques/${chequeId}/clear`, { clearDate: daysFrom(f, 3) });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await f.ledgerOf('cheques', chequeId)).map((r) => [r.key ?? r.accountId, r.debit, r.credit, r.entryDate])).toEqual([
      ['chequesIssued', '100.00', '0.00', daysFrom(f, 3)],
      [f.accounts.bank, '0.00', '100.00', daysFrom(f, 3)],
    ]);
  });

  it('cancels an issued cheque by cancelling its payment (reversed); a received cheque cannot be cancelled (409)', async () => {
    const { chequeId, paymentId } = await paidToVendor(f.today);
    const cancelled = await f.call('POST', `/api/cheques/${chequeId}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', cancelDate: f.today });
    const payment = (await f.call('GET', `/api/payments/${paymentId}`)).json().data;
    expect(payment.status).toBe('cancelled');
    const rows = await f.ledgerOf('payments', paymentId);
    expect(rows.length).toBeGreaterThan(0);
    // The payment's rows and their mirror: nothing left on any account.
    const net = new Map<number, number>();
    for (const r of rows) net.set(r.accountId, (net.get(r.accountId) ?? 0) + Number(r.debit) - Number(r.credit));
    expect([...net.values()].every((v) => Math.abs(v) < 0.001)).toBe(true);
    const { chequeId: received } = await paidByCheque(f.today);
    expect((await f.call('POST', `/api/cheques/${received}/cancel`, {})).statusCode).toBe(409);
  });
});
