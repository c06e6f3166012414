import dayjs, { type Dayjs } from 'dayjs';

/** A calendar date on the wire is `YYYY-MM-DD` (the domain's `dateSchema`). */
export const wireDateFormat = 'YYYY-MM-DD';

/** A month on the wire is `YYYY-MM` (a pay run's, a depreciation run's). */
export const wireMonthFormat = 'YYYY-MM';

/** How a calendar date (no time) shows in lists, reports and date fields: 5 Mar 2026. */
export const displayDateFormat = 'D MMM YYYY';

/**
 * What a date field accepts typed, beside how it shows dates: day first, as in Pakistan
 * (`01/12/2026`, `1-12-2026`, `1.12.2026` are 1 December), or the wire's `2026-12-01`. Each is
 * parsed strictly (rc-picker), so one and two digits are both listed.
 */
export const typedDateFormats: readonly string[] = [
  displayDateFormat,
  'DD MMM YYYY',
  'D MMMM YYYY',
  wireDateFormat,
  ...['/', '-', '.'].flatMap((separator) => ['D', 'DD'].flatMap((day) => ['M', 'MM'].map((month) => [day, month, 'YYYY'].join(separator)))),
];

export function toDayjs(value: unknown): Dayjs | null {
  if (typeof value !== 'string' || value === '') return null;
  const d = dayjs(value, wireDateFormat);
  return d.isValid() ? d : null;
}

export function toWireDate(value: Dayjs | null | undefined): string | null {
  return value ? value.format(wireDateFormat) : null;
}

/** `2026-03-05` -> `5 Mar 2026`; anything else -> ''. */
export function formatDate(value: unknown): string {
  return toDayjs(typeof value === 'string' ? value.slice(0, 10) : value)?.format(displayDateFormat) ?? '';
}

export function todayWire(): string {
  return dayjs().format(wireDateFormat);
}

/** The local calendar day of a timestamp (`createdAt`), as dates show: 2 Dec 2026. */
export function formatStampDay(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(displayDateFormat) : '';
}

/** A timestamp at the minute, in the browser's time: 2 Dec 2026 14:05. */
export function formatStamp(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(`${displayDateFormat} HH:mm`) : '';
}
