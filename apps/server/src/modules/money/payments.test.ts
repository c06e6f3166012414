import { addDays, moneyMessages, purchasingMessages } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type MoneyFixtures, ledgerRowsOf, moneyFixtures } from '../../test/money-fixtures.ts';
import { pdfTextLines } from '../../test/pdf-text.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let f: MoneyFixtures;

beforeAll(async () => {
  t = await createTestApp();
  f = await moneyFixtures(t, 'Pay');
});
afterAll(async () => t?.close());

const billOf = async (id: number) => (await f.call('GET', `/api/goods-receipts/${id}`)).json().data as { paidAmount: string; openAmount: string; paymentStatus: string };

describe('payments', () => {
  const s: Record<string, number> = {};
  let bills: Array<{ id: number; totalValue: string; documentNumber: string }>;

  beforeAll(async () => {
    bills = [await f.bill('300.00'), await f.bill('120.00')];
  });

  it('lists the vendor’s open bills oldest due first (receipt date + the vendor’s terms)', async () => {
    const response = await f.call('GET', `/api/payments/open-bills?vendorId=${f.vendor.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as Array<{ id: number; openAmount: string; dueDate: string }>;
    expect(data.map((d) => [d.id, d.openAmount, d.dueDate])).toEqual(expect.arrayContaining([[bills[0]!.id, '300.00', addDays(f.today, 30)], [bills[1]!.id, '120.00', addDays(f.today, 30)]]));
  });

  it('pays a vendor from the bank against its bills: Dr the vendor’s payable, Cr the bank, to the cent; bills paid and partly paid', async () => {
    const response = await f.call('POST', '/api/payments', {
      payeeType: 'vendor',
      vendorId: f.vendor.id,
      paymentDate: f.today,
      method: 'bank',
      accountId: f.accounts.bank,
      amount: '350.00',
      allocations: [
        { goodsReceiptId: bills[0]!.id, amount: '300.00' },
        { goodsReceiptId: bills[1]!.id, amount: '50.00' },
      ],
      post: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    s.bank = data.id;
    expect(data.documentNumber).toMatch(/^PV-\d{4}-\d{6}$/);
    expect(data).toMatchObject({ status: 'posted', payeeName: 'Pay Sysmex', allocatedAmount: '350.00', unallocatedAmount: '0.00' });
    const party = { regionId: null, partyType: 'vendor', partyId: f.vendor.id, entryDate: f.today };
    expect(await ledgerRowsOf(t, 'payments', s.bank!)).toEqual([
      { account: String(f.vendor.accountId), debit: '350.00', credit: '0.00', ...party },
      { account: String(f.accounts.bank), debit: '0.00', credit: '350.00', ...party },
    ]);
    expect(await billOf(bills[0]!.id)).toMatchObject({ paidAmount: '300.00', openAmount: '0.00', paymentStatus: 'paid' });
    expect(await billOf(bills[1]!.id)).toMatchObject({ paidAmount: '50.00', openAmount: '70.00', paymentStatus: 'partlyPaid' });
    const list = await f.call('GET', `/api/goods-receipts?status=posted`);
    expect(list.json().data.find((r: { id: number }) => r.id === bills[1]!.id)).toMatchObject({ paymentStatus: 'partlyPaid', openAmount: '70.00' });
  });

  it('a goods receipt with payments allocated cannot be cancelled', async () => {
    const refused = await f.call('POST', `/api/goods-receipts/${bills[0]!.id}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(purchasingMessages.receiptHasPayments);
  });

  it('refuses naming fields: a bill over its open amount, a payee missing, allocations for an expense', async () => {
    const base = { payeeType: 'vendor', vendorId: f.vendor.id, paymentDate: f.today, method: 'cash', amount: '100.00', post: true };
    const over = await f.call('POST', '/api/payments', { ...base, allocations: [{ goodsReceiptId: bills[1]!.id, amount: '70.01' }] });
    expect(over.statusCode).toBe(409);
    expect(over.json().errors).toEqual({ 'allocations.0.amount': moneyMessages.notOpen(bills[1]!.documentNumber, '70.00') });
    const noVendor = await f.call('POST', '/api/payments', { ...base, vendorId: null });
    expect(noVendor.statusCode).toBe(400);
    expect(Object.keys(noVendor.json().errors)).toEqual(['vendorId']);
    const expense = await f.call('POST', '/api/payments', {
      ...base,
      payeeType: 'expense',
      vendorId: null,
      expenseAccountId: f.accounts.expense,
      allocations: [{ goodsReceiptId: bills[1]!.id, amount: '1.00' }],
    });
    expect(expense.json().errors).toEqual({ allocations: moneyMessages.allocationsOnlyForVendors });
    const chequeFromCash = await f.call('POST', '/api/payments', { ...base, method: 'cheque', accountId: f.accounts.cash, cheque: { chequeNumber: '9', bank: 'HBL', chequeDate: f.today } });
    expect(chequeFromCash.json().errors).toEqual({ accountId: moneyMessages.bankAccountKind });
  });

  it('pays an expense by issued cheque: Dr the expense, Cr Cheques issued; the cheque issued in the register; cancel gives it back', async () => {
    const cheque = { chequeNumber: '100231', bank: 'HBL', chequeDate: addDays(f.today, 7) };
    const response = await f.call('POST', '/api/payments', {
      payeeType: 'expense',
      expenseAccountId: f.accounts.expense,
      regionId: f.north,
      paymentDate: f.today,
      method: 'cheque',
      accountId: f.accounts.bank,
      amount: '45.50',
      reference: 'Bank fee',
      cheque,
      post: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({ status: 'posted', chequeStatus: 'issued', cheque, unallocatedAmount: '45.50' });
    expect((await ledgerRowsOf(t, 'payments', data.id)).map((r) => [r.account, r.debit, r.credit, r.regionId, r.partyType])).toEqual([
      ['bankCharges', '45.50', '0.00', f.north, null],
      ['chequesIssued', '0.00', '45.50', f.north, null],
    ]);
    const [row] = await queryRows<Record<string, unknown>>(t.database.db, sql`SELECT direction, status, bank_account_id, payment_id, payee_name FROM cheques WHERE id = ${data.chequeId}`);
    expect(row).toEqual({ direction: 'issued', status: 'issued', bank_account_id: f.accounts.bank, payment_id: data.id, payee_name: 'Bank charges' });
    const cancelled = await f.call('POST', `/api/payments/${data.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', chequeStatus: 'cancelled' });
  });

  it('refuses cancelling once its cheque has cleared', async () => {
    const response = await f.call('POST', '/api/payments', {
      payeeType: 'vendor',
      vendorId: f.vendor.id,
      paymentDate: f.today,
      method: 'cheque',
      accountId: f.accounts.bank,
      amount: '10.00',
      cheque: { chequeNumber: '100232', bank: 'HBL', chequeDate: f.today },
      allocations: [],
      post: true,
    });
    const { id, chequeId } = response.json().data;
    await t.database.db.execute(sql`UPDATE cheques SET status = 'cleared', clear_date = current_date WHERE id = ${chequeId}`);
    const refused = await f.call('POST', `/api/payments/${id}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(moneyMessages.chequeCleared);
  });

  it('prints the payment voucher, then cancels: the bills open again', async () => {
    const pdf = await f.call('GET', `/api/payments/${s.bank}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfTextLines(pdf.rawPayload).join('\n');
    expect(text).toContain('Payment Voucher');
    expect(text).toContain(bills[0]!.documentNumber);
    const cancelled = await f.call('POST', `/api/payments/${s.bank}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await billOf(bills[0]!.id)).toMatchObject({ paidAmount: '0.00', openAmount: '300.00', paymentStatus: 'unpaid' });
    expect(await billOf(bills[1]!.id)).toMatchObject({ paidAmount: '0.00', paymentStatus: 'unpaid' });
    const refused = (statement: ReturnType<typeof sql>) => t.database.db.execute(statement).then(() => 'changed', () => 'refused');
    expect(await refused(sql`UPDATE payments SET amount = 1 WHERE id = ${s.bank}`)).toBe('refused');
  });

  it('refuses allocating an expense payment (400 allocations) instead of answering it allocated with nothing done', async () => {
    const expense = await f.call('POST', '/api/payments', {
      payeeType: 'expense', expenseAccountId: f.accounts.expense, regionId: f.north, paymentDate: f.today, method: 'cash', amount: '10.00', reference: 'Tea', post: true,
    });
    expect(expense.statusCode, expense.body).toBe(201);
    const id = expense.json().data.id as number;
    const audited = async () => Number((await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM audit_log WHERE resource = 'payments' AND record_id = ${String(id)}`))[0]!.n);
    const before = await audited();
    for (const body of [{ allocations: [{ goodsReceiptId: bills[1]!.id, amount: '10.00' }] }, {}]) {
      const allocated = await f.call('POST', `/api/payments/${id}/allocate`, body);
      expect(allocated.statusCode, allocated.body).toBe(400);
      expect(allocated.json().errors).toEqual({ allocations: moneyMessages.noPayee });
    }
    expect(await audited()).toBe(before);
  });
});
