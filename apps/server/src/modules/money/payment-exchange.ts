import { carryingOfAdvanceAllocation, carryingOfAllocation, currencyMessages, effectiveRate, fromMinorUnits, moneyMessages, multiplyDecimals, type PaymentDetail, type PaymentInput, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import type { LedgerLineInput } from '../../ledger/general-ledger.ts';
import { requirePostingAccounts } from '../../ledger/posting-accounts.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import { type PaymentTarget, paymentTargetOf } from '../../lib/payment-targets.ts';
import { companyCurrency, rateOrRefusal } from '../currencies/currencies.api.ts';
import { type PlannedAllocation, targetsNamed } from './allocations.ts';
import type { MoneyPosting } from './money-document.ts';

/**
 * Issue 33, section 2: a payment in its payee's currency. A vendor billing in USD is paid in USD
 * at the payment date's rate (or the one given), by bank transfer or letter of credit, from a bank
 * account in the company currency or in USD. Posting: Dr the vendor at what its allocated bills
 * are carried at (their receipts' rate, pro rata) plus the advance at the payment's rate; Cr the
 * bank the amount at the payment's rate; the difference to exchange gain or loss.
 */

export const exchangeMessages = {
  foreignMethod: (currency: string) => `A payment in ${currency} goes by bank transfer or letter of credit`,
  lcNumberRequired: 'LC number is required for a letter of credit',
  lcNumberOnlyForLc: 'Only a letter of credit has an LC number',
  accountCurrency: (currency: string, company: string) => (currency === company ? `Pay in ${company} from an account in ${company}` : `Pay in ${currency} from a bank account in ${company} or in ${currency}`),
};

/** What a payment stores of its currency: the payee's, the rate, the company amount and the letter of credit's number. */
export interface PaymentExchange {
  currency: string;
  exchangeRate: string;
  companyAmount: string;
  lcNumber: string | null;
}

/** The currency the payee is paid in: a vendor's own; an employee or an expense: the company's. */
async function currencyOfPayee(tx: Tx, input: PaymentInput): Promise<string> {
  return input.payeeType === 'vendor' && input.vendorId ? vendorPaidIn(tx, input.vendorId) : companyCurrency(tx);
}

/** The currency a vendor is paid in (the company's for one not found: the payment's save refuses it). */
export async function vendorPaidIn(tx: Tx, vendorId: number): Promise<string> {
  const [vendor] = await queryRows<{ currency: string }>(tx, sql`SELECT currency FROM vendors WHERE id = ${vendorId}::int`);
  return vendor ? vendor.currency : companyCurrency(tx);
}

/** Checks a save's currency, rate, method and account (400 naming the field) and resolves what it stores. */
export async function paymentExchange(tx: Tx, input: PaymentInput, accountId: number): Promise<PaymentExchange> {
  const lcNumber = input.lcNumber?.trim() || null;
  if (input.method === 'lc' && !lcNumber) throw new BadRequestError({ lcNumber: exchangeMessages.lcNumberRequired });
  if (input.method !== 'lc' && lcNumber) throw new BadRequestError({ lcNumber: exchangeMessages.lcNumberOnlyForLc });
  const [currency, company] = await Promise.all([currencyOfPayee(tx, input), companyCurrency(tx)]);
  const [account] = await queryRows<{ currency: string }>(tx, sql`SELECT currency FROM accounts WHERE id = ${accountId}::int`);
  if (currency === company) {
    if (account && account.currency !== company) throw new BadRequestError({ accountId: exchangeMessages.accountCurrency(currency, company) });
    if (input.exchangeRate && toMinorUnits(input.exchangeRate, 6) !== 1_000_000n) throw new BadRequestError({ exchangeRate: currencyMessages.companyRate(currency) });
    return { currency, exchangeRate: '1.000000', companyAmount: input.amount, lcNumber };
  }
  if (input.method !== 'bank' && input.method !== 'lc') throw new BadRequestError({ method: exchangeMessages.foreignMethod(currency) });
  if (account && account.currency !== company && account.currency !== currency) throw new BadRequestError({ accountId: exchangeMessages.accountCurrency(currency, company) });
  const exchangeRate = input.exchangeRate ? multiplyDecimals(input.exchangeRate, '1', { scale: 6 }) : (await rateOrRefusal(tx, currency, input.paymentDate)).rate;
  return { currency, exchangeRate, companyAmount: multiplyDecimals(input.amount, exchangeRate), lcNumber };
}

/**
 * What allocating `planned` takes off the bills' carrying amounts, in the company currency (each
 * bill's own rate, pro rata), under the posting's locks: goods receipts, or another area's bills of
 * the vendor's (an import shipment's charges), each answering what it is carried at.
 */
async function carryingOf(tx: Tx, target: PaymentTarget, planned: readonly PlannedAllocation[]): Promise<string> {
  if (planned.length === 0) return '0.00';
  const bills = await targetsNamed(tx, target, [...new Set(planned.map((p) => p.targetId))]);
  const paid = new Map(bills.map((bill) => [bill.id, { companyTotal: bill.companyTotal ?? bill.total, foreignTotal: bill.total, foreignPaid: fromMinorUnits(toMinorUnits(bill.total) - toMinorUnits(bill.openAmount)) }]));
  let carrying = 0n;
  for (const line of planned) {
    const bill = paid.get(line.targetId)!;
    carrying += toMinorUnits(carryingOfAllocation(bill, line.amount));
    bill.foreignPaid = fromMinorUnits(toMinorUnits(bill.foreignPaid) + toMinorUnits(line.amount));
  }
  return fromMinorUnits(carrying);
}

const sumOf = (planned: readonly PlannedAllocation[]) => fromMinorUnits(planned.reduce((total, line) => total + toMinorUnits(line.amount), 0n));

/** Exchange gain (Cr) or loss (Dr) of `difference` (gain +), stamped with the region only; none at 0. */
async function gainOrLoss(tx: Tx, difference: bigint, memo: string, regionId: number | null): Promise<LedgerLineInput[]> {
  if (difference === 0n) return [];
  const { exchangeGainLoss } = await requirePostingAccounts(tx, ['exchangeGainLoss']);
  const amount = fromMinorUnits(difference < 0n ? -difference : difference);
  return [{ accountId: exchangeGainLoss, debit: difference < 0n ? amount : '0', credit: difference < 0n ? '0' : amount, memo, regionId }];
}

const foreignOf = (payment: PaymentDetail, rate: string, debit: string, credit: string) => ({ currency: payment.currency, exchangeRate: rate, foreignDebit: debit, foreignCredit: credit });

/**
 * A foreign payment's posting lines and the difference posted (gain +, loss -); undefined for a
 * payment in the company currency (money's two lines of the amount).
 */
export async function foreignPaymentPosting(
  tx: Tx,
  payment: PaymentDetail,
  planned: readonly PlannedAllocation[],
  posting: MoneyPosting,
  memo: string,
): Promise<{ lines: LedgerLineInput[]; difference: string } | undefined> {
  if (payment.currency === (await companyCurrency(tx))) return undefined;
  const allocated = sumOf(planned);
  // A payment's own lines name goods receipts; other bills are allocated later (foreignAllocationPosting).
  const carrying = await carryingOf(tx, paymentTargetOf('goodsReceiptId'), planned);
  const advance = fromMinorUnits(toMinorUnits(payment.amount) - toMinorUnits(allocated));
  const advanceCarried = multiplyDecimals(advance, payment.exchangeRate);
  const [bank] = await queryRows<{ currency: string }>(tx, sql`SELECT currency FROM accounts WHERE id = ${posting.creditAccountId}::int`);
  const difference = toMinorUnits(carrying) + toMinorUnits(advanceCarried) - toMinorUnits(payment.companyAmount);
  const lines: LedgerLineInput[] = [
    { accountId: posting.debitAccountId, debit: carrying, credit: '0', memo, ...posting.party, ...foreignOf(payment, effectiveRate(carrying, allocated), allocated, '0') },
    { accountId: posting.debitAccountId, debit: advanceCarried, credit: '0', memo, ...posting.party, ...foreignOf(payment, payment.exchangeRate, advance, '0') },
    {
      accountId: posting.creditAccountId,
      debit: '0',
      credit: payment.companyAmount,
      memo,
      regionId: posting.party.regionId,
      ...(bank?.currency === payment.currency ? foreignOf(payment, payment.exchangeRate, '0', payment.amount) : {}),
    },
    ...(await gainOrLoss(tx, difference, memo, posting.party.regionId)),
  ];
  return { lines: lines.filter((line) => toMinorUnits(line.debit) > 0n || toMinorUnits(line.credit) > 0n), difference: fromMinorUnits(difference) };
}

/**
 * More of a foreign payment's advance allocated later: the advance left the vendor's account at
 * the payment's rate and the bills come off at theirs, so the difference is posted then (vendor
 * against exchange gain or loss, no foreign amount). What the part takes off the advance is
 * cumulative (the advance open before, at the rate, less what stays open after, under the
 * document's lock), so the parts add up to the whole advance at its rate. None for the company
 * currency or no difference.
 */
export async function foreignAllocationPosting(
  tx: Tx,
  payment: PaymentDetail,
  planned: readonly PlannedAllocation[],
  memo: string,
  target: PaymentTarget,
): Promise<{ lines: LedgerLineInput[]; difference: string } | undefined> {
  if (payment.currency === (await companyCurrency(tx)) || planned.length === 0) return undefined;
  const carrying = toMinorUnits(await carryingOf(tx, target, planned));
  const open = fromMinorUnits(toMinorUnits(payment.amount) - toMinorUnits(payment.allocatedAmount));
  const atPaymentRate = toMinorUnits(carryingOfAdvanceAllocation({ open, rate: payment.exchangeRate }, sumOf(planned)));
  const difference = carrying - atPaymentRate;
  if (difference === 0n) return undefined;
  const [vendor] = await queryRows<{ accountId: number }>(tx, sql`SELECT account_id AS "accountId" FROM vendors WHERE id = ${payment.vendorId}::int`);
  if (!vendor) throw new BadRequestError({ vendorId: moneyMessages.nothingToAllocate });
  const amount = fromMinorUnits(difference < 0n ? -difference : difference);
  const party = { regionId: payment.regionId, partyType: 'vendor' as const, partyId: payment.vendorId };
  const vendorLine: LedgerLineInput = {
    accountId: Number(vendor.accountId),
    // A gain: the vendor carried more than the advance paid for it; the account is evened by a debit.
    debit: difference > 0n ? amount : '0',
    credit: difference > 0n ? '0' : amount,
    memo,
    ...party,
    ...foreignOf(payment, payment.exchangeRate, '0', '0'),
  };
  return { lines: [vendorLine, ...(await gainOrLoss(tx, difference, memo, payment.regionId))], difference: fromMinorUnits(difference) };
}
