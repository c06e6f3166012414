import { moneyMessages, paymentDocument, type PaymentDetail, type PaymentInput, permittedIds, purchasingMessages } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { intList, queryRows, type Tx } from '../../db/client.ts';
import { requirePostingAccounts } from '../../ledger/posting-accounts.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import type { DocumentHandlers, ActionOf } from '../../lib/document/document-binding.ts';
import { accountInScope } from '../../ledger/account-in-scope.ts';
import { checkCheque, moneyAccountOf, type NewCheque } from './money-accounts.ts';
import { moneyValues, type MoneyKind, moneyHandlers } from './money-document.ts';
import { foreignAllocationPosting, foreignPaymentPosting, paymentExchange } from './payment-exchange.ts';

export const paymentMessages = {
  employeeMissing: 'The employee does not exist',
  regionMissing: 'The region does not exist',
  payeeRequired: (label: string) => `${label} is required`,
  advanceOnlyForEmployees: 'Only a payment to an employee pays out an advance',
  advanceMissing: "The advance is not one of the employee's",
  advanceOverpaid: (left: string) => `The advance has ${left} left to pay out`,
};

/**
 * An advance paid out (issue 20): the employee's own, locked so two payouts take turns, and never
 * paid beyond its amount by the posted payments and this one. The lock and the sum are two
 * statements: under READ COMMITTED a statement reads the snapshot it took before waiting for the
 * lock, so a sum in the locking statement would miss the payout that held the lock.
 */
async function checkAdvancePayout(tx: Tx, advanceId: number, employeeId: number, amount: string): Promise<void> {
  const [advance] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM employee_advances WHERE id = ${advanceId}::int AND employee_id = ${employeeId}::int FOR UPDATE`,
  );
  if (!advance) throw new BadRequestError({ employeeAdvanceId: paymentMessages.advanceMissing });
  const [paid] = await queryRows<{ left: string; exceeds: boolean }>(
    tx,
    sql`SELECT (a.amount - paid.total)::numeric(18,2)::text AS "left", paid.total + ${amount}::numeric > a.amount AS exceeds
        FROM employee_advances a
        CROSS JOIN (SELECT coalesce(sum(p.amount), 0) AS total FROM payments p WHERE p.employee_advance_id = ${advanceId}::int AND p.status = 'posted') paid
        WHERE a.id = ${advanceId}::int`,
  );
  if (paid!.exceeds) throw new BadRequestError({ employeeAdvanceId: paymentMessages.advanceOverpaid(paid!.left) });
}

const inRegions = (actor: Actor, column: SQL) => {
  const regions = permittedIds(actor.permissions, 'regions');
  return regions ? sql`AND (${column} IS NULL OR ${column} IN (${intList(regions)}))` : sql``;
};

interface Payee {
  /** The payee named, the other two stored empty. */
  values: Record<string, number | null>;
  /** The vendor or employee whose bills or pay slips the payment is allocated to; null for an expense. */
  partyId: number | null;
  /** The region the payee brings when the payment names none (the employee's, the expense account's). */
  regionId: number | null;
}

/** The payee named by `payeeType`, checked (400 naming its field); the other payee fields are stored empty. */
async function payeeOf(tx: Tx, actor: Actor, input: PaymentInput): Promise<Payee> {
  const none = { vendorId: null, employeeId: null, employeeAdvanceId: null, expenseAccountId: null };
  if (input.payeeType === 'vendor') {
    if (!input.vendorId) throw new BadRequestError({ vendorId: paymentMessages.payeeRequired('Vendor') });
    const [vendor] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM vendors WHERE id = ${input.vendorId}::int`);
    if (!vendor) throw new BadRequestError({ vendorId: purchasingMessages.vendorMissing });
    return { values: { ...none, vendorId: input.vendorId }, partyId: input.vendorId, regionId: null };
  }
  if (input.employeeAdvanceId && input.payeeType !== 'employee') throw new BadRequestError({ employeeAdvanceId: paymentMessages.advanceOnlyForEmployees });
  if (input.payeeType === 'employee') {
    if (!input.employeeId) throw new BadRequestError({ employeeId: paymentMessages.payeeRequired('Employee') });
    const [employee] = await queryRows<{ id: number; regionId: number | null }>(
      tx,
      sql`SELECT id, region_id AS "regionId" FROM employees WHERE id = ${input.employeeId}::int ${inRegions(actor, sql`region_id`)}`,
    );
    if (!employee) throw new BadRequestError({ employeeId: paymentMessages.employeeMissing });
    const regionId = employee.regionId === null ? null : Number(employee.regionId);
    if (input.employeeAdvanceId) {
      // An advance paid out is Dr Employee advances: it settles no pay slip.
      if (input.allocations && input.allocations.length > 0) throw new BadRequestError({ allocations: moneyMessages.allocationsOnlyForVendors });
      await checkAdvancePayout(tx, input.employeeAdvanceId, input.employeeId, input.amount);
      return { values: { ...none, employeeId: input.employeeId, employeeAdvanceId: input.employeeAdvanceId }, partyId: null, regionId };
    }
    // Salary paid: allocated to the employee's posted pay slips (issue 20).
    return { values: { ...none, employeeId: input.employeeId }, partyId: input.employeeId, regionId };
  }
  if (input.allocations && input.allocations.length > 0) throw new BadRequestError({ allocations: moneyMessages.allocationsOnlyForVendors });
  if (!input.expenseAccountId) throw new BadRequestError({ expenseAccountId: paymentMessages.payeeRequired('Expense account') });
  await accountInScope(tx, actor, input.expenseAccountId, 'expenseAccountId');
  const [account] = await queryRows<{ regionId: number | null }>(tx, sql`SELECT region_id AS "regionId" FROM accounts WHERE id = ${input.expenseAccountId}::int`);
  return { values: { ...none, expenseAccountId: input.expenseAccountId }, partyId: null, regionId: account?.regionId == null ? null : Number(account.regionId) };
}

/** The payee's debit: the vendor's own payable account, Salaries payable for an employee, or the expense account. */
async function debitOf(tx: Tx, payment: PaymentDetail): Promise<{ accountId: number } & Pick<NewCheque, 'partyType' | 'partyId'>> {
  if (payment.payeeType === 'vendor') {
    const [vendor] = await queryRows<{ accountId: number }>(tx, sql`SELECT account_id AS "accountId" FROM vendors WHERE id = ${payment.vendorId}::int`);
    return { accountId: Number(vendor!.accountId), partyType: 'vendor', partyId: payment.vendorId };
  }
  if (payment.payeeType === 'employee' && payment.employeeAdvanceId) {
    // Again when posting: two drafts saved apart may not pay out more than the advance between them.
    await checkAdvancePayout(tx, payment.employeeAdvanceId, payment.employeeId!, payment.amount);
    return { accountId: (await requirePostingAccounts(tx, ['employeeAdvances'])).employeeAdvances, partyType: 'employee', partyId: payment.employeeId };
  }
  if (payment.payeeType === 'employee') return { accountId: (await requirePostingAccounts(tx, ['salariesPayable'])).salariesPayable, partyType: 'employee', partyId: payment.employeeId };
  return { accountId: payment.expenseAccountId!, partyType: null, partyId: null };
}

/**
 * Posting a payment (PV): Dr the vendor's payable (party vendor), Salaries payable (party
 * employee) or the expense account; Cr the cash or bank account, or Cheques issued for a
 * cheque, which enters the register as issued, drawn on the payment's bank account.
 */
export function paymentKind(read: (tx: Tx, id: number) => Promise<PaymentDetail>): MoneyKind<PaymentInput, PaymentDetail> {
  return {
    source: 'payments',
    definition: paymentDocument,
    dateField: 'paymentDate',
    label: 'Payment',
    async header(tx, actor, input) {
      checkCheque(input.method === 'lc' ? 'bank' : input.method, input.cheque);
      const payee = await payeeOf(tx, actor, input);
      if (input.regionId) {
        const [region] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM regions WHERE id = ${input.regionId}::int ${inRegions(actor, sql`id`)}`);
        if (!region) throw new BadRequestError({ regionId: paymentMessages.regionMissing });
      }
      // A letter of credit is paid through a bank account, as a transfer.
      const accountId = await moneyAccountOf(tx, actor, 'out', input.method === 'lc' ? 'bank' : input.method, input.accountId);
      const exchange = await paymentExchange(tx, input, accountId);
      const toSlips = input.payeeType === 'employee';
      const field = toSlips ? 'paySlipId' : 'goodsReceiptId';
      const problems = Object.fromEntries(
        (input.allocations ?? []).flatMap((a, index) => (a[field] ? [] : [[`allocations.${index}.${field}`, paymentMessages.payeeRequired(toSlips ? 'Pay slip' : 'Goods receipt')]])),
      );
      if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
      return {
        partyId: payee.partyId,
        amount: input.amount,
        date: input.paymentDate,
        field,
        requested: input.allocations?.map((a) => ({ targetId: a[field]!, amount: a.amount })),
        values: { ...payee.values, regionId: input.regionId ?? payee.regionId, ...moneyValues(input, accountId), ...exchange },
      };
    },
    partyOf: (payment) => (payment.payeeType === 'vendor' ? payment.vendorId : payment.payeeType === 'employee' && !payment.employeeAdvanceId ? payment.employeeId : null),
    targetFieldOf: (payment) => (payment.payeeType === 'employee' ? 'paySlipId' : 'goodsReceiptId'),
    requestedOf: (payment) => payment.allocations.filter((a) => !a.released).map((a) => ({ targetId: (a.paySlipId ?? a.goodsReceiptId)!, amount: a.amount })),
    async posting(tx, payment) {
      const { accountId, ...party } = await debitOf(tx, payment);
      return {
        narration: `Payment to ${payment.payeeName}`,
        debitAccountId: accountId,
        creditAccountId: payment.method === 'cheque' ? (await requirePostingAccounts(tx, ['chequesIssued'])).chequesIssued : payment.accountId,
        party: { regionId: payment.regionId, ...party },
        cheque: { direction: 'issued', status: 'issued', payeeName: payment.payeeName, receiptId: null, paymentId: payment.id, bankAccountId: payment.accountId },
      };
    },
    exchange: { post: foreignPaymentPosting, allocate: foreignAllocationPosting },
    // A cleared cheque has left the bank: nothing to give back.
    cancelRefusal: (status) => (status === 'cleared' ? moneyMessages.chequeCleared : undefined),
    read,
  };
}

export const paymentHandlers = (read: (tx: Tx, id: number) => Promise<PaymentDetail>): DocumentHandlers<PaymentInput, PaymentDetail, ActionOf<typeof paymentDocument>> =>
  moneyHandlers(paymentKind(read));
