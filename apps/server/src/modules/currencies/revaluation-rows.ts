import {
  addDecimals,
  currencyMessages,
  type ExchangeRevaluationRateInput,
  type ExchangeRevaluationRow,
  multiplyDecimals,
  negateDecimal,
  type RevaluationRowType,
  revaluationMessages,
} from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, textArray, type Tx } from '../../db/client.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import { foreignAccountBalancesAsOf } from '../accounting/accounting.api.ts';
import { foreignAdvancesAsOf, foreignBillsAsOf } from '../money/money.api.ts';
import { companyCurrency, NoRateError, rateOn } from './currency-rules.ts';

/** A row as computed, with the region its ledger lines are stamped with (the bill's, the payment's, the account's). */
export type ComputedRow = ExchangeRevaluationRow & { regionId: number | null };

export interface AppliedRate {
  currency: string;
  rate: string;
  source: 'given' | 'stored';
  rateDate: string;
}

export interface Revaluation {
  rows: ComputedRow[];
  appliedRates: AppliedRate[];
  totalDifference: string;
}

/** Rates are kept and answered with their 6 decimals. */
const sixDecimals = (rate: string) => multiplyDecimals(rate, '1', { scale: 6 });

/**
 * The rates given in the body: each an existing currency other than the company's, once
 * (400 naming `rates.N.currency`). A currency the rows do not need is kept and unused.
 */
async function checkedGivenRates(tx: Tx, given: readonly ExchangeRevaluationRateInput[], company: string): Promise<Map<string, string>> {
  const known = new Set(
    (await queryRows<{ code: string }>(tx, sql`SELECT code FROM currencies WHERE code = ANY(${textArray(given.map((r) => r.currency))})`)).map((r) => r.code),
  );
  const errors: Record<string, string> = {};
  const rates = new Map<string, string>();
  given.forEach((line, index) => {
    const field = `rates.${index}.currency`;
    if (!known.has(line.currency)) errors[field] = currencyMessages.unknown(line.currency);
    else if (line.currency === company) errors[field] = revaluationMessages.companyRate(line.currency);
    else if (rates.has(line.currency)) errors[field] = revaluationMessages.givenTwice(line.currency);
    else rates.set(line.currency, sixDecimals(line.rate));
  });
  if (Object.keys(errors).length > 0) throw new BadRequestError(errors);
  return rates;
}

/**
 * Each currency the open items are in, at its given rate or the date's stored one; a currency with
 * neither is 400 naming `rates` with the rate route's message (the rate may be entered, imported or
 * given here).
 */
async function ratesFor(tx: Tx, currencies: readonly string[], given: Map<string, string>, date: string): Promise<Map<string, AppliedRate>> {
  const applied = new Map<string, AppliedRate>();
  const missing: string[] = [];
  for (const currency of [...new Set(currencies)].sort()) {
    const rate = given.get(currency);
    if (rate) {
      applied.set(currency, { currency, rate, source: 'given', rateDate: date });
      continue;
    }
    try {
      const stored = await rateOn(tx, currency, date);
      applied.set(currency, { currency, rate: stored.rate, source: 'stored', rateDate: stored.rateDate });
    } catch (error) {
      if (!(error instanceof NoRateError)) throw error;
      missing.push(error.message);
    }
  }
  if (missing.length > 0) throw new BadRequestError({ rates: missing.join('. ') }, missing.join('. '));
  return applied;
}

/**
 * What is open in foreign currencies on `date` and its difference at the date's rates (issue 33,
 * section 2): the foreign vendors' bills (every payment target's that revalues: goods receipts,
 * import shipments' charges) and advances (money's reads), then the
 * foreign cash and bank accounts' balances (accounting's). revalued = open x rate, half up to the
 * cent; difference = gain (+) or loss (-): a bill, a liability, carrying - revalued; an advance or a
 * balance, assets, revalued - carrying.
 */
export async function computeRevaluation(tx: Tx, date: string, given: readonly ExchangeRevaluationRateInput[]): Promise<Revaluation> {
  const company = await companyCurrency(tx);
  const givenRates = await checkedGivenRates(tx, given, company);
  const [bills, advances, balances] = [
    await foreignBillsAsOf(tx, date, company),
    await foreignAdvancesAsOf(tx, date, company),
    await foreignAccountBalancesAsOf(tx, date, company),
  ];
  const rates = await ratesFor(tx, [...bills, ...advances, ...balances].map((item) => item.currency), givenRates, date);
  const revalue = (openForeign: string, currency: string) => multiplyDecimals(openForeign, rates.get(currency)!.rate);
  type Unnumbered = Omit<ComputedRow, 'rowNo'>;
  const vendorRows: Unnumbered[] = [
    ...bills.map((bill): Unnumbered => {
      const revaluedAmount = revalue(bill.openForeign, bill.currency);
      return {
        vendorId: bill.vendorId,
        vendorName: bill.vendorName,
        accountId: bill.accountId,
        accountName: bill.vendorName,
        regionId: bill.regionId,
        // What the bill's owner calls it (a goods receipt, an import shipment's charge); the rows' CHECK keeps the list.
        documentType: bill.documentType as RevaluationRowType,
        documentId: bill.documentId,
        documentNumber: bill.documentNumber,
        currency: bill.currency,
        openForeign: bill.openForeign,
        carryingAmount: bill.carryingAmount,
        rate: rates.get(bill.currency)!.rate,
        revaluedAmount,
        difference: addDecimals([bill.carryingAmount, negateDecimal(revaluedAmount)]),
      };
    }),
    ...advances.map((advance): Unnumbered => {
      const revaluedAmount = revalue(advance.openForeign, advance.currency);
      return {
        vendorId: advance.vendorId,
        vendorName: advance.vendorName,
        accountId: advance.accountId,
        accountName: advance.vendorName,
        regionId: advance.regionId,
        documentType: 'payments',
        documentId: advance.paymentId,
        documentNumber: advance.documentNumber,
        currency: advance.currency,
        openForeign: advance.openForeign,
        carryingAmount: advance.carryingAmount,
        rate: rates.get(advance.currency)!.rate,
        revaluedAmount,
        difference: addDecimals([revaluedAmount, negateDecimal(advance.carryingAmount)]),
      };
    }),
  ];
  // A vendor's bills, then its advances, vendor by vendor (the sort is stable).
  vendorRows.sort((a, b) => a.vendorId! - b.vendorId!);
  const accountRows = balances.map((balance): Unnumbered => {
    const revaluedAmount = revalue(balance.foreignBalance, balance.currency);
    return {
      vendorId: null,
      vendorName: null,
      accountId: balance.accountId,
      accountName: balance.accountName,
      regionId: balance.regionId,
      documentType: 'accounts',
      documentId: balance.accountId,
      documentNumber: balance.accountCode,
      currency: balance.currency,
      openForeign: balance.foreignBalance,
      carryingAmount: balance.companyBalance,
      rate: rates.get(balance.currency)!.rate,
      revaluedAmount,
      difference: addDecimals([revaluedAmount, negateDecimal(balance.companyBalance)]),
    };
  });
  const rows = [...vendorRows, ...accountRows].map((row, index) => ({ rowNo: index + 1, ...row }));
  return { rows, appliedRates: [...rates.values()], totalDifference: addDecimals(rows.map((r) => r.difference)) };
}
