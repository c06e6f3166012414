import { allocate } from '../money.ts';
import { addMonths } from '../dates/months.ts';

/** What decides an advance's or loan's repayment (issue 20, section 2). */
export interface AdvanceTerms {
  amount: string;
  instalments: number;
  /** `YYYY-MM`: the first month recovered, whether or not the payout was made by then. */
  startMonth: string;
  /** Months whose instalment was skipped: each moves it to the end of the schedule. */
  skippedMonths?: readonly string[];
}

export interface AdvanceInstalment {
  month: string;
  amount: string;
}

/**
 * The months and amounts an advance is recovered in: `instalments` equal shares of the amount
 * (the odd cents on the first ones, so they add up exactly), one per month from the start month,
 * a skipped month taking none and pushing the rest one month later.
 * 30,000 in 3 from 2026-01 with 2026-02 skipped: 10,000 in 2026-01, 2026-03 and 2026-04.
 */
export function advanceSchedule(terms: AdvanceTerms): AdvanceInstalment[] {
  const shares = allocate(terms.amount, Array.from({ length: terms.instalments }, () => 1));
  const skipped = new Set(terms.skippedMonths ?? []);
  const schedule: AdvanceInstalment[] = [];
  for (let month = terms.startMonth; schedule.length < shares.length; month = addMonths(month, 1)) {
    if (!skipped.has(month)) schedule.push({ month, amount: shares[schedule.length]! });
  }
  return schedule;
}

/** The instalment due in `month` ('0.00' when none). */
export function advanceInstalmentIn(terms: AdvanceTerms, month: string): string {
  return advanceSchedule(terms).find((instalment) => instalment.month === month)?.amount ?? '0.00';
}

/** The last month of the schedule: the month a skip would move an instalment after. */
export function advanceLastMonth(terms: AdvanceTerms): string {
  return advanceSchedule(terms).at(-1)!.month;
}
