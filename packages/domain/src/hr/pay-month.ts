import { z } from 'zod';

/** A pay month on the wire and in the database: `YYYY-MM` (sorts as text in month order). */
export const payMonthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

export function isPayMonth(value: string): boolean {
  return payMonthPattern.test(value) && Number(value.slice(0, 4)) >= 1900 && Number(value.slice(0, 4)) <= 2999;
}

export function payMonthSchema(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .refine(isPayMonth, { error: `${label} must be a month (YYYY-MM)` });
}

/** Months from `from` to `to`, both included: `monthsBetween('2026-01', '2026-03')` -> 3. */
export function monthsBetween(from: string, to: string): number {
  return (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;
}

/** The month of a `YYYY-MM-DD` date. */
export function monthOfDate(date: string): string {
  return date.slice(0, 7);
}

/** Calendar days of a month (a pay month's days: February 2028 has 29). */
export function daysInMonth(month: string): number {
  return new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
}

/** The first and last day of a month, `YYYY-MM-DD`. */
export function monthBounds(month: string): { first: string; last: string } {
  return { first: `${month}-01`, last: `${month}-${String(daysInMonth(month)).padStart(2, '0')}` };
}
