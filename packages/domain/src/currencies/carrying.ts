import { divideRounded, fromMinorUnits, multiplyDecimals, toMinorUnits } from '../money.ts';

/**
 * Issue 33, section 2: a bill in a foreign currency is carried in the company currency at its own
 * rate (its receipt's), whatever a payment's rate. What is settled of it is carried pro rata:
 * `companyTotal x foreignPaid / foreignTotal`, half up to the cent, always from the cumulative paid
 * (so the parts add up to the whole when it is paid in full, and a revaluation, reversed the next
 * day, never moves it).
 */
export function carriedPaid(companyTotal: string, foreignTotal: string, foreignPaid: string): string {
  const whole = toMinorUnits(foreignTotal);
  if (whole === 0n) return '0.00';
  return fromMinorUnits(divideRounded(toMinorUnits(companyTotal) * toMinorUnits(foreignPaid), whole));
}

/** What allocating `amount` more (in the bill's currency) to a bill of which `foreignPaid` is settled takes off its carrying amount. */
export function carryingOfAllocation(bill: { companyTotal: string; foreignTotal: string; foreignPaid: string }, amount: string): string {
  const after = fromMinorUnits(toMinorUnits(bill.foreignPaid) + toMinorUnits(amount));
  return fromMinorUnits(toMinorUnits(carriedPaid(bill.companyTotal, bill.foreignTotal, after)) - toMinorUnits(carriedPaid(bill.companyTotal, bill.foreignTotal, bill.foreignPaid)));
}

/**
 * What allocating `amount` more of an advance (what a foreign payment left unallocated, `open` of it
 * still) takes off what the vendor's account carries it at, at its payment's `rate`: the advance is
 * carried at `open x rate`, half up to the cent, so a part takes that before less that after. Cumulative,
 * so the parts of an advance allocated piecemeal add up to the whole advance at its rate (USD 100.00 at
 * 283.335 in 33.33, 33.33 and 33.34: 9,443.56, 9,443.55 and 9,446.39 make 28,333.50, where each part
 * rounded alone would make 28,333.51), and what is left is what the revaluation carries it at.
 */
export function carryingOfAdvanceAllocation(advance: { open: string; rate: string }, amount: string): string {
  const after = fromMinorUnits(toMinorUnits(advance.open) - toMinorUnits(amount));
  return fromMinorUnits(toMinorUnits(multiplyDecimals(advance.open, advance.rate)) - toMinorUnits(multiplyDecimals(after, advance.rate)));
}

/** A company-currency amount over a foreign one as a rate to 6 decimals (an allocated line's effective rate); 1 when nothing foreign. */
export function effectiveRate(companyAmount: string, foreignAmount: string): string {
  const foreign = toMinorUnits(foreignAmount);
  if (foreign === 0n) return '1.000000';
  return fromMinorUnits(divideRounded(toMinorUnits(companyAmount) * 1_000_000n, foreign), 6);
}
