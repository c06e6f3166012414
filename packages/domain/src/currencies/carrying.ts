import { divideRounded, fromMinorUnits, toMinorUnits } from '../money.ts';

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

/** A company-currency amount over a foreign one as a rate to 6 decimals (an allocated line's effective rate); 1 when nothing foreign. */
export function effectiveRate(companyAmount: string, foreignAmount: string): string {
  const foreign = toMinorUnits(foreignAmount);
  if (foreign === 0n) return '1.000000';
  return fromMinorUnits(divideRounded(toMinorUnits(companyAmount) * 1_000_000n, foreign), 6);
}
