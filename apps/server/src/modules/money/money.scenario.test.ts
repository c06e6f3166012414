import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type ChequeFixtures, chequeFixtures } from '../../test/cheque-fixtures.ts';
import { balanceOf } from '../../test/money-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let f: ChequeFixtures;

beforeAll(async () => {
  t = await createTestApp();
  f = await chequeFixtures(t, 'Scn');
});
afterAll(async () => t?.close());

/** The balances the story moves, debit less credit, each as a change since `start`. */
async function balances() {
  const of = (id: number) => balanceOf(t, id);
  return {
    customer: await of(f.customer.accountId),
    chequesInHand: await of(f.accounts.chequesInHand),
    cash: await of(f.accounts.cash),
    bank: await of(f.accounts.bank),
    vendor: await of(f.vendor.accountId),
    chequesIssued: await of(f.accounts.chequesIssued),
  };
}
type Balances = Awaited<ReturnType<typeof balances>>;
const moved = (before: Balances, after: Balances) =>
  Object.fromEntries(Object.entries(after).map(([key, value]) => [key, (Number(value) - Number(before[key as keyof Balances])).toFixed(2)]));
const nothing = { customer: '0.00', chequesInHand: '0.00', cash: '0.00', bank: '0.00', vendor: '0.00', chequesIssued: '0.00' };

const invoiceState = async (id: number) => {
  const data = (await f.call('GET', `/api/invoices/${id}`)).json().data;
  return [data.openAmount, data.paymentStatus];
};

describe('a customer pays by a cheque that bounces, then in cash', () => {
  it('invoice -> cheque receipt -> deposited -> bounced -> invoice open again -> cash receipt -> paid', async () => {
    let before = await balances();
    const invoice = await f.invoice(f.customer.id, '500.00');
    expect(await invoiceState(invoice.id)).toEqual(['585.00', 'unpaid']);
    let after = await balances();
    expect(moved(before, after)).toEqual({ ...nothing, customer: '585.00' });

    before = after;
    const { chequeId, receiptId } = await f.chequeReceipt({ amount: '585.00', chequeDate: f.today });
    expect(await invoiceState(invoice.id)).toEqual(['0.00', 'paid']);
    after = await balances();
    expect(moved(before, after)).toEqual({ ...nothing, customer: '-585.00', chequesInHand: '585.00' });

    before = after;
    const deposited = await f.call('POST', `/api/cheques/${chequeId}/deposit`, { bankAccountId: f.accounts.bank, depositDate: f.today });
    expect(deposited.statusCode, deposited.body).toBe(200);
    after = await balances();
    // Money moves when the bank clears it, not on the deposit.
    expect(moved(before, after)).toEqual(nothing);

    before = after;
    const bounced = await f.call('POST', `/api/cheques/${chequeId}/bounce`, { bounceDate: f.today, reason: 'Insufficient funds' });
    expect(bounced.statusCode, bounced.body).toBe(200);
    expect(await invoiceState(invoice.id)).toEqual(['585.00', 'unpaid']);
    expect((await f.call('GET', `/api/receipts/${receiptId}`)).json().data.status).toBe('bounced');
    after = await balances();
    expect(moved(before, after)).toEqual({ ...nothing, customer: '585.00', chequesInHand: '-585.00' });

    before = after;
    const cash = await f.call('POST', '/api/receipts', { customerId: f.customer.id, receiptDate: f.today, method: 'cash', amount: '585.00', post: true });
    expect(cash.statusCode, cash.body).toBe(201);
    expect(await invoiceState(invoice.id)).toEqual(['0.00', 'paid']);
    after = await balances();
    expect(moved(before, after)).toEqual({ ...nothing, customer: '-585.00', cash: '585.00' });

    // The statement tells the same story and closes at what the customer owes: nothing.
    const statement = (await f.call('GET', `/api/customers/${f.customer.id}/statement?from=${f.today}&to=${f.today}`)).json();
    expect(statement.rows.map((r: { kind: string }) => r.kind)).toEqual(['invoice', 'receipt', 'chequeBounced', 'receipt']);
    expect(statement.closing).toBe('0.00');
    expect((await f.call('GET', '/api/accounting/aging?kind=receivable')).json().rows.find((r: { partyId: number }) => r.partyId === f.customer.id)).toBeUndefined();
  });
});

describe('a vendor is paid by an issued cheque', () => {
  it('vendor bill -> payment by issued cheque -> cleared', async () => {
    let before = await balances();
    const bill = await f.bill('1000.00');
    let after = await balances();
    expect(moved(before, after)).toMatchObject({ vendor: '-1000.00', bank: '0.00' });

    before = after;
    const paid = await f.call('POST', '/api/payments', {
      payeeType: 'vendor',
      vendorId: f.vendor.id,
      paymentDate: f.today,
      method: 'cheque',
      accountId: f.accounts.bank,
      amount: '1000.00',
      cheque: { chequeNumber: 'OUT-1', bank: 'Our bank', chequeDate: f.today },
      allocations: [{ goodsReceiptId: bill.id, amount: '1000.00' }],
      post: true,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const [paidAmount] = await queryRows<{ paid: string }>(t.database.db, sql`SELECT paid_amount::text AS paid FROM goods_receipts WHERE id = ${bill.id}::int`);
    expect(paidAmount!.paid).toBe('1000.00');
    after = await balances();
    expect(moved(before, after)).toEqual({ ...nothing, vendor: '1000.00', chequesIssued: '-1000.00' });

    before = after;
    const chequeId = paid.json().data.chequeId as number;
    const cleared = await f.call('POST', `/api/cheques/${chequeId}/clear`, { clearDate: f.today });
    expect(cleared.statusCode, cleared.body).toBe(200);
    after = await balances();
    expect(moved(before, after)).toEqual({ ...nothing, chequesIssued: '1000.00', bank: '-1000.00' });
    // Paid: no longer in the payables aging's documents.
    const open = (await f.call('GET', `/api/accounting/aging/documents?kind=payable&partyId=${f.vendor.id}`)).json().rows as Array<{ id: number }>;
    expect(open.map((r) => r.id)).not.toContain(bill.id);
  });
});
