import dayjs, { type Dayjs } from 'dayjs';

/** A calendar date on the wire is `YYYY-MM-DD` (the domain's `dateSchema`). */
export const wireDateFormat = 'YYYY-MM-DD';

/** How a calendar date (no time) shows in lists and reports: 5 Mar 2026. */
export const displayDateFormat = 'D MMM YYYY';

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
