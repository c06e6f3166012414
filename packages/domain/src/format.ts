import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';
import { constants } from './messages.ts';
import { compareDecimal, formatDecimal, negateDecimal } from './money.ts';

dayjs.extend(advancedFormat);

/** Spec section 9: 'Do MMM, YYYY | hh:mm a'. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(constants.dateFormat) : '';
}

/**
 * Spec section 9: positive shows with Dr, negative shows its absolute value with Cr,
 * zero shows as 0, thousands separated. Amounts are decimal strings, never floats.
 */
export function formatBalance(amount: string): string {
  const sign = compareDecimal(amount, '0');
  if (sign === 0) return '0';
  if (sign > 0) return `${formatDecimal(amount)} Dr`;
  return `${formatDecimal(negateDecimal(amount))} Cr`;
}

/**
 * A calendar date (no time) as lists and printed documents show it: `2026-03-05` ->
 * `5 Mar 2026` (the web's display format); anything else -> ''.
 */
export function formatCalendarDate(value: string | null | undefined): string {
  const date = typeof value === 'string' ? value.slice(0, 10) : '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return '';
  const d = dayjs(date);
  return d.isValid() && d.format('YYYY-MM-DD') === date ? d.format('D MMM YYYY') : '';
}

const quantityFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

/** A quantity with thousands separated, as amounts are: 12500 -> `12,500`. */
export function formatQuantity(value: number | string): string {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? quantityFormat.format(number) : String(value);
}
