import type { SaleType } from '../inventory/inventory.area.ts';
import { fromMinorUnits, multiply, percentage, toMinorUnits } from '../money.ts';

/**
 * A sales line's tax, computed in one place (issue 28, section 1) from the facts its document
 * read: quotations, invoices and rental invoices by the rate that applies, credit notes by what
 * their invoice line charged. A document's tax is the sum of its lines' (salesTotals,
 * returnTotals), never a rate applied to the document's total, so the printed lines add up to
 * the printed tax.
 */
export interface TaxableLine {
  /** What is sold; absent for a charge that sells no item (a rental invoice). */
  itemId?: number | null;
  quantity: number;
  /** After the discount, before tax. */
  amount: string;
}

/**
 * What decides a line's tax. An object, not a bare rate, so that rates per item or customer
 * and exemptions join it as further fields the posting reads, and no caller changes.
 */
export type TaxFacts = SaleTaxFacts | ReturnedTaxFacts;

/**
 * A sale's line: its item's facts in force on the document's date (issue 29, section 4), or
 * one rate alone (a rental charge's services tax). Absent fields are a standard-rate line that
 * bears no further tax.
 */
export interface SaleTaxFacts {
  /** Percent. */
  rate: string;
  saleType?: SaleType;
  /** Per unit: a Third Schedule item is taxed on its printed retail price, not on what it sold for. */
  retailPrice?: string | null;
  /** Percent of the value excluding tax (Sec. 3(1A)), already resolved for this buyer and item: absent or 0 when none is due. */
  furtherTaxRate?: string;
}

/**
 * A credit note's line gives back part of the tax its invoice line charged, never the tax at
 * today's rate: the rate may have changed since, and giving back every unit over any number of
 * returns must give back exactly the tax charged.
 */
export interface ReturnedTaxFacts {
  reverses: ChargedLine;
}

/** An invoice line as a return reads it: its units and tax, and what came back of them before this line. */
export interface ChargedLine {
  quantity: number;
  taxAmount: string;
  returnedQuantity: number;
  returnedTax: string;
  furtherTaxAmount?: string;
  returnedFurtherTax?: string;
}

/** A sale's line: `amount x rate`, rounded half-up to the cent once per line; a credit note's: its share of the tax charged. */
export function lineTax(line: TaxableLine, facts: TaxFacts): string {
  if ('reverses' in facts) {
    const sold = facts.reverses;
    return returnedShare(sold.taxAmount, sold.quantity, sold.returnedQuantity, sold.returnedTax, line.quantity);
  }
  if (facts.saleType === 'thirdSchedule' && facts.retailPrice) return percentage(multiply(line.quantity, facts.retailPrice), facts.rate);
  return percentage(line.amount, facts.rate);
}

/** A sale's further tax: `amount x furtherTaxRate`, half-up per line; a credit note's: its share of the further tax charged. */
export function lineFurtherTax(line: TaxableLine, facts: TaxFacts): string {
  if ('reverses' in facts) {
    const sold = facts.reverses;
    return returnedShare(sold.furtherTaxAmount ?? '0', sold.quantity, sold.returnedQuantity, sold.returnedFurtherTax ?? '0', line.quantity);
  }
  return percentage(line.amount, facts.furtherTaxRate ?? '0');
}

/**
 * The part of a sold line's amount (or tax) that `quantity` more units carry: the proportional
 * share of everything returned once these are back (proportionalShare's cumulative rounding)
 * less what was given back already. Counting what was given back, not only how many units,
 * keeps the total exact even after a return that was not the latest is cancelled: the return
 * that brings back the last unit gives back exactly what remains of the line.
 */
export function returnedShare(total: string, sold: number, returnedQuantity: number, givenBack: string, quantity: number): string {
  const upTo = toMinorUnits(proportionalShare(total, sold, 0, returnedQuantity + quantity));
  const share = upTo - toMinorUnits(givenBack);
  return fromMinorUnits(share > 0n ? share : 0n);
}

/**
 * The part of a line's `amount` (or tax) that `quantity` of its `sold` units carry, when
 * `before` of them were taken back already: cumulative rounding, so returning every unit in
 * any number of returns gives back exactly the line's amount, never a cent more or less.
 */
export function proportionalShare(total: string, sold: number, before: number, quantity: number): string {
  const units = toMinorUnits(total);
  const upTo = (n: number) => (units * BigInt(n) * 2n + BigInt(sold)) / (BigInt(sold) * 2n);
  return fromMinorUnits(upTo(before + quantity) - upTo(before));
}
