import { addDays, fromMinorUnits, type PaymentDetail, type PaymentInput, type ReceiptDetail, type ReceiptInput, toMinorUnits } from '@erp/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client.ts';
import { accountHeads, accounts } from '../db/schema/index.ts';
import type { Actor } from '../lib/actor.ts';
import { saveDocument } from '../lib/document/document-service.ts';
import { runTransition } from '../lib/document/run-transition.ts';
import { chequeBinding } from '../modules/money/cheques.binding.ts';
import { paymentBinding, receiptBinding } from '../modules/money/money.api.ts';
import { actorOf } from './demo-actors.ts';
import { demoCustomers } from './demo-customers.ts';

/** The customers that pay late (demo-customers.ts): they stay near their limit, so the recent steps leave their invoices alone. */
export const latePayers = demoCustomers.filter((c) => c.paysDaysLate).map((c) => c.customerName);

type Dates = { today: string; daysAgo: (days: number) => string };

export interface CustomerPayment {
  customerId: number;
  customerName: string;
  customerType: string;
  date: string;
  amount: string;
}

/**
 * How the demo's customers pay what fell due each month (issue 9): hospitals, laboratories and
 * distributors by cheque (some post-dated ten days), clinics in cash, now and then by bank
 * transfer; each receipt allocated oldest due first. Cheques are deposited two days after
 * their date and clear three days later, unless that is still ahead of today (they wait in hand
 * or in the bank); every so often one bounces, and next month's receipt collects it again.
 */
export class CustomerCollections {
  private serial = 402_100;
  private count = 0;

  private constructor(
    private readonly tx: Tx,
    private readonly accountant: Actor,
    private readonly today: string,
    private readonly banks: readonly number[],
  ) {}

  static async open(tx: Tx, today: string): Promise<CustomerCollections> {
    const banks = (await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.kind, 'bank')).orderBy(asc(accounts.accountCode))).map((a) => a.id);
    return new CustomerCollections(tx, await actorOf(tx, 'accountant'), today, banks);
  }

  async collect(payment: CustomerPayment): Promise<void> {
    this.count += 1;
    const bank = this.banks[0];
    const byCheque = payment.customerType !== 'clinic' && bank !== undefined && this.count % 7 !== 0;
    const byBank = !byCheque && payment.customerType !== 'clinic' && bank !== undefined;
    this.serial += 1 + (this.count % 37);
    const postDated = byCheque && this.count % 5 === 0;
    const chequeDate = postDated ? addDays(payment.date, 10) : payment.date;
    const input: ReceiptInput = {
      customerId: payment.customerId,
      receiptDate: payment.date,
      method: byCheque ? 'cheque' : byBank ? 'bank' : 'cash',
      accountId: byBank ? bank : null,
      amount: payment.amount,
      reference: byBank ? `IBFT ${this.serial}` : '',
      cheque: byCheque ? { chequeNumber: String(this.serial), bank: chequeBanks[this.count % chequeBanks.length]!, chequeDate } : null,
    };
    const { document } = await saveDocument<ReceiptInput, ReceiptDetail>(this.tx, this.accountant, receiptBinding, input, { post: true });
    const { chequeId } = document;
    if (!chequeId || !bank) return;
    const depositDate = addDays(chequeDate, 2);
    if (depositDate > this.today) return;
    await runTransition(this.tx, this.accountant, chequeBinding, chequeId, 'deposit', { input: { bankAccountId: bank, depositDate } });
    const settleDate = addDays(depositDate, 3);
    if (settleDate > this.today) return;
    if (this.count % 23 === 0) {
      await runTransition(this.tx, this.accountant, chequeBinding, chequeId, 'bounce', {
        input: { bounceDate: settleDate, reason: 'Insufficient funds', bankCharge: '500.00' },
      });
      return;
    }
    await runTransition(this.tx, this.accountant, chequeBinding, chequeId, 'clear', { input: { clearDate: settleDate } });
  }
}

/**
 * This week's cheques, so the register has some waiting: the oldest open invoice of three
 * customers with another invoice still open (each still owes something), never the late payer, paid by cheque, one post-dated a week (in hand), one dated today (in hand) and
 * one dated two days ago and deposited today (not yet cleared).
 */
export async function seedRecentCheques(tx: Tx, dates: Dates): Promise<void> {
  const accountant = await actorOf(tx, 'accountant');
  const [bank] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.kind, 'bank')).orderBy(asc(accounts.accountCode)).limit(1);
  const oldest = await queryRows<{ customerId: number; invoiceId: number; open: string }>(
    tx,
    sql`SELECT DISTINCT ON (i.customer_id) i.customer_id AS "customerId", i.id AS "invoiceId", (i.grand_total - i.allocated_amount - i.returned_amount)::text AS open
        FROM invoices i JOIN customers c ON c.id = i.customer_id
        WHERE i.status = 'posted' AND i.allocated_amount + i.returned_amount < i.grand_total AND c.customer_type <> 'clinic'
          AND EXISTS (SELECT 1 FROM invoices o WHERE o.customer_id = i.customer_id AND o.id <> i.id AND o.status = 'posted' AND o.allocated_amount + o.returned_amount < o.grand_total)
          AND c.customer_name <> ALL(${sql.param(latePayers)}::text[])
        ORDER BY i.customer_id, i.due_date, i.id LIMIT 3`,
  );
  const plans = [
    { chequeDate: addDays(dates.today, 7), deposit: false },
    { chequeDate: dates.today, deposit: false },
    { chequeDate: dates.daysAgo(2), deposit: true },
  ];
  for (const [index, row] of oldest.entries()) {
    const plan = plans[index]!;
    const input: ReceiptInput = {
      customerId: Number(row.customerId),
      receiptDate: dates.daysAgo(2),
      method: 'cheque',
      amount: row.open,
      reference: '',
      cheque: { chequeNumber: String(512_300 + index * 17), bank: chequeBanks[index % chequeBanks.length]!, chequeDate: plan.chequeDate },
      allocations: [{ invoiceId: Number(row.invoiceId), amount: row.open }],
    };
    const { document } = await saveDocument<ReceiptInput, ReceiptDetail>(tx, accountant, receiptBinding, input, { post: true });
    if (plan.deposit && bank && document.chequeId) {
      await runTransition(tx, accountant, chequeBinding, document.chequeId, 'deposit', { input: { bankAccountId: bank.id, depositDate: dates.today } });
    }
  }
}

const chequeBanks = ['Habib Bank Limited', 'Meezan Bank', 'United Bank Limited', 'MCB Bank', 'Bank Alfalah'];

/**
 * Payments (issue 9): the vendors' posted goods receipts paid, one by a cheque that cleared,
 * one by a cheque still out, one part by bank transfer; a cheque cancelled (its bill open
 * again); office rent as an expense each month (advances to employees: seed-hr.ts).
 */
export async function seedPayments(tx: Tx, dates: Dates): Promise<void> {
  const accountant = await actorOf(tx, 'accountant');
  const [bank] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.accountCode, '1010'));
  if (!bank) return;
  const bills = await queryRows<{ id: number; vendorId: number; date: string; open: string }>(
    tx,
    sql`SELECT g.id, o.vendor_id AS "vendorId", g.document_date::text AS date, (g.total_value - g.paid_amount)::text AS open
        FROM goods_receipts g JOIN purchase_orders o ON o.id = g.purchase_order_id
        WHERE g.status = 'posted' AND g.paid_amount < g.total_value ORDER BY g.document_date, g.id`,
  );
  const pay = async (input: PaymentInput) => (await saveDocument<PaymentInput, PaymentDetail>(tx, accountant, paymentBinding, input, { post: true })).document;
  const byCheque = async (bill: (typeof bills)[number], amount: string, chequeNumber: string, date: string) =>
    pay({
      payeeType: 'vendor',
      vendorId: Number(bill.vendorId),
      paymentDate: date,
      method: 'cheque',
      accountId: bank.id,
      amount,
      reference: '',
      cheque: { chequeNumber, bank: 'Habib Bank Limited', chequeDate: date },
      allocations: [{ goodsReceiptId: Number(bill.id), amount }],
    });
  const [first, second, third] = bills;
  if (first) {
    const paid = await byCheque(first, first.open, '700101', addDays(first.date, 1));
    const clearDate = addDays(first.date, 4);
    if (paid.chequeId && clearDate <= dates.today) await runTransition(tx, accountant, chequeBinding, paid.chequeId, 'clear', { input: { clearDate } });
  }
  if (second) await byCheque(second, second.open, '700102', addDays(second.date, 1));
  if (third) {
    // Written for the wrong amount and cancelled; the bill was then paid in part by transfer.
    const wrong = await byCheque(third, third.open, '700103', addDays(third.date, 1));
    if (wrong.chequeId) await runTransition(tx, accountant, chequeBinding, wrong.chequeId, 'cancel', { input: {} });
    const part = fromMinorUnits(toMinorUnits(third.open) / 2n);
    // Dated the day the cheque was cancelled (today): dated before it, the transfer would pay a
    // bill the cheque still paid on that date, and the aging as of then could not agree with the ledger.
    await pay({
      payeeType: 'vendor',
      vendorId: Number(third.vendorId),
      paymentDate: dates.today,
      method: 'bank',
      accountId: bank.id,
      amount: part,
      reference: 'IBFT 88231',
      allocations: [{ goodsReceiptId: Number(third.id), amount: part }],
    });
  }

  const rent = await rentAccount(tx);
  if (rent) {
    for (const daysAgo of [62, 31, 1]) {
      await pay({ payeeType: 'expense', expenseAccountId: rent, paymentDate: dates.daysAgo(daysAgo), method: 'bank', accountId: bank.id, amount: '185000.00', reference: 'Warehouse rent' });
    }
  }
}

/** The demo's rent account under operating expenses (the default chart has none). */
async function rentAccount(tx: Tx): Promise<number | undefined> {
  const [existing] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.accountCode, '6300'));
  if (existing) return existing.id;
  const [head] = await tx.select({ id: accountHeads.id }).from(accountHeads).where(eq(accountHeads.headName, 'Expenses'));
  const [sub] = await tx.select({ id: accountHeads.id }).from(accountHeads).where(eq(accountHeads.headName, 'Operating expenses'));
  if (!head) return undefined;
  const [row] = await tx
    .insert(accounts)
    .values({ accountCode: '6300', accountName: 'Rent', headId: head.id, subHeadId: sub?.id ?? null, kind: 'expense' })
    .returning({ id: accounts.id });
  return row?.id;
}
