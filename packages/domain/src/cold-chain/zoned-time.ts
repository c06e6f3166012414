/**
 * Times on the wire: an ISO date and time with an offset (`2026-03-01T08:30:00+05:00`, `...Z`)
 * is an instant; one without (`2026-03-01 08:30`, a logger's) is a wall-clock time in the
 * company's time zone (settings, `timeZone`). Pure: the zone's offsets come from Intl.
 */
const timePattern = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

export interface ParsedTime {
  fields: { year: number; month: number; day: number; hour: number; minute: number; second: number; millisecond: number };
  /** Minutes east of UTC, or null for a wall-clock time. */
  offsetMinutes: number | null;
}

/** The parts of a date and time, or null when it is none (a real day, hours 0-23, minutes and seconds 0-59). */
export function parseTimeText(text: string): ParsedTime | null {
  const match = timePattern.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s, ms, offset] = match;
  const fields = { year: Number(y), month: Number(mo), day: Number(d), hour: Number(h), minute: Number(mi), second: Number(s ?? 0), millisecond: Number((ms ?? '0').padEnd(3, '0')) };
  if (fields.year < 1900 || fields.year > 2999 || fields.hour > 23 || fields.minute > 59 || fields.second > 59) return null;
  const probe = new Date(Date.UTC(fields.year, fields.month - 1, fields.day));
  if (probe.getUTCMonth() !== fields.month - 1 || probe.getUTCDate() !== fields.day) return null;
  let offsetMinutes: number | null = null;
  if (offset) {
    if (offset.toUpperCase() === 'Z') offsetMinutes = 0;
    else {
      const digits = offset.replace(':', '');
      const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5));
      if (Number(digits.slice(3, 5)) > 59 || minutes > 14 * 60) return null;
      offsetMinutes = digits.startsWith('-') ? -minutes : minutes;
    }
  }
  return { fields, offsetMinutes };
}

/** Whether a zone name is one this runtime knows (`Asia/Karachi`, `UTC`). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at an instant, in minutes east. */
export function zoneOffsetMinutes(instantMs: number, timeZone: string): number {
  const parts = formatterOf(timeZone).formatToParts(new Date(instantMs));
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return Math.round((asUtc - Math.floor(instantMs / 1000) * 1000) / 60_000);
}

/**
 * The instant a time names: its own offset, else the zone's at that wall-clock time (a time a
 * clock change skipped reads with the offset before it).
 */
export function instantOf(parsed: ParsedTime, timeZone: string): Date {
  const { year, month, day, hour, minute, second, millisecond } = parsed.fields;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
  if (parsed.offsetMinutes !== null) return new Date(wall - parsed.offsetMinutes * 60_000);
  // Offsets change on the hour: a logger file's 100,000 rows ask Intl once per hour they cover.
  const hourKey = `${timeZone}|${Math.floor(wall / 3_600_000)}`;
  let offset = wallHourOffsets.get(hourKey);
  if (offset === undefined) {
    const first = zoneOffsetMinutes(wall, timeZone);
    const second = zoneOffsetMinutes(wall - first * 60_000, timeZone);
    offset = second === first ? first : second;
    if (wallHourOffsets.size >= 100_000) wallHourOffsets.clear();
    wallHourOffsets.set(hourKey, offset);
  }
  return new Date(wall - offset * 60_000);
}

const wallHourOffsets = new Map<string, number>();

/** The calendar day of an instant in a zone, `YYYY-MM-DD`. */
export function zonedDate(instant: Date, timeZone: string): string {
  const shifted = new Date(instant.getTime() + zoneOffsetMinutes(instant.getTime(), timeZone) * 60_000);
  return shifted.toISOString().slice(0, 10);
}

/** An instant as the company reads it, `YYYY-MM-DD HH:MM` in the zone (a reason naming when). */
export function zonedDateTimeText(instant: Date, timeZone: string): string {
  const shifted = new Date(instant.getTime() + zoneOffsetMinutes(instant.getTime(), timeZone) * 60_000);
  return `${shifted.toISOString().slice(0, 10)} ${shifted.toISOString().slice(11, 16)}`;
}
