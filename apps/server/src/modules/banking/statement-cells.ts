import type { DateOrder } from '@erp/domain';
import { numberTextOf } from '../../lib/import/cell-values.ts';

const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (n: string | number) => String(n).padStart(2, '0');
const fullYear = (y: string) => (y.length === 2 ? `20${y}` : y);

// A time of day after the date (24-hour or with AM/PM, seconds and fractions optional, UTC's Z).
const timeOfDay = /[ T]+(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:\s*[AaPp]\.?[Mm]\.?)?Z?$/;

/**
 * A bank's date cell: `YYYY-MM-DD` (and an Excel date cell) always; `05/01/2026`, `5-1-26` or
 * `05.01.2026` by the account's date order (day first by default, as Pakistani banks print);
 * `05-Jan-2026` and `05 Jan 2026` by the month's name; each with a time of day or not (an Excel
 * cell of a date and time, a bank printing when a transfer ran): the line is of that day. Anything
 * else is left for the rule to refuse.
 */
export function statementDateOf(text: string, order: DateOrder): string {
  const cell = text.trim();
  const day = cell.replace(timeOfDay, '');
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(day);
  if (iso) return `${iso[1]}-${pad(iso[2]!)}-${pad(iso[3]!)}`;
  const named = /^(\d{1,2})[\s/.-]([A-Za-z]{3})[A-Za-z]*[\s/.,-]+(\d{2}|\d{4})$/.exec(day);
  if (named) {
    const month = months.indexOf(named[2]!.toLowerCase()) + 1;
    return month > 0 ? `${fullYear(named[3]!)}-${pad(month)}-${pad(named[1]!)}` : cell;
  }
  const parts = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})$/.exec(day);
  if (!parts) return cell;
  const [a, b, c] = [parts[1]!, parts[2]!, parts[3]!];
  if (order === 'ymd') return `${fullYear(a)}-${pad(b)}-${pad(c)}`;
  return order === 'mdy' ? `${fullYear(c)}-${pad(a)}-${pad(b)}` : `${fullYear(c)}-${pad(b)}-${pad(a)}`;
}

/**
 * A bank's amount cell: `1,234.50`, `(1,234.50)` (out), `-1234.5`, `1,234.50 CR` (in) or `DR`
 * (out), a currency word aside. Answers the signed text, or the cell for the rule to refuse.
 */
export function statementAmountOf(text: string): string {
  let cell = text.trim().replace(/^(PKR|Rs\.?)\s*/i, '');
  let sign = '';
  const marker = /\s*(CR|DR)\.?$/i.exec(cell);
  if (marker) {
    sign = marker[1]!.toUpperCase() === 'DR' ? '-' : '';
    cell = cell.slice(0, marker.index);
  }
  const bracketed = /^\((.*)\)$/.exec(cell);
  if (bracketed) {
    sign = '-';
    cell = bracketed[1]!;
  }
  const number = numberTextOf(cell);
  if (!/^[+-]?\d+(\.\d+)?$/.test(number)) return text;
  const negative = (sign === '-') !== number.startsWith('-');
  const digits = number.replace(/^[+-]/, '');
  return negative ? `-${digits}` : digits;
}
