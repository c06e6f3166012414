import { z } from 'zod';

// Months (`YYYY-MM`) shared by every area: pay months, rental periods, depreciation and
// pay runs, order suggestions.

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

/** A month field of a document (a depreciation run's, a pay run's, a rental month end's). */
export const monthSchema = z
  .string({ error: 'Month is required' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Month must be YYYY-MM' })
  .refine((v) => Number(v.slice(0, 4)) >= 1900 && Number(v.slice(0, 4)) <= 2999, { error: 'Month must be between 1900 and 2999' });

/** `YYYY-MM` of a date or a month. */
export const monthOf = (value: string): string => value.slice(0, 7);

/** `YYYY-MM` plus `months` (negative goes back). */
export function addMonths(month: string, months: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
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
