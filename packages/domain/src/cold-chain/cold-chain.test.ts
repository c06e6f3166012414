import { describe, expect, it } from 'vitest';
import { temperatureSchema } from './storage-units.ts';
import { deviationOf, excursionMinutes, excursionRuns, type ReadingPoint } from './temperature-excursions.ts';
import { temperatureReadingListQuerySchema } from './temperature-readings.ts';
import { instantOf, parseTimeText, zonedDate, zonedDateTimeText } from './zoned-time.ts';

const range = { minC: '2.00', maxC: '8.00' };
const at = (time: string, temperatureC: string): ReadingPoint => ({ readAt: new Date(`2026-03-01T${time}:00Z`), temperatureC, deviation: deviationOf(temperatureC, range) });

describe('excursion runs (issue 31, section 3)', () => {
  it('5, 9.5, 9.0, 5 at 08:00-09:30 is one run from 08:30 to 09:30: 60 minutes, max 9.5, high', () => {
    const runs = excursionRuns([at('08:00', '5.00'), at('08:30', '9.50'), at('09:00', '9.00'), at('09:30', '5.00')]);
    expect(runs).toEqual([
      { startedAt: new Date('2026-03-01T08:30:00Z'), endedAt: new Date('2026-03-01T09:30:00Z'), lastReadingAt: new Date('2026-03-01T09:00:00Z'), minC: '9.00', maxC: '9.50', direction: 'high' },
    ]);
    expect(excursionMinutes(runs[0]!)).toBe(60);
  });

  it('takes the bounds as in range, a run in progress to its last reading, both directions, and starts a new run after an in-range reading', () => {
    expect(deviationOf('8.00', range)).toBeNull();
    expect(deviationOf('2.00', range)).toBeNull();
    expect(deviationOf('8.01', range)).toBe('high');
    expect(deviationOf('1.99', range)).toBe('low');
    const runs = excursionRuns([at('08:00', '9.00'), at('08:10', '1.00'), at('08:20', '5.00'), at('09:00', '0.50'), at('09:45', '-1.25')]);
    expect(runs.map((r) => [r.direction, r.minC, r.maxC, r.endedAt?.toISOString() ?? null, excursionMinutes(r)])).toEqual([
      ['both', '1.00', '9.00', '2026-03-01T08:20:00.000Z', 20],
      ['low', '-1.25', '0.50', null, 45],
    ]);
    expect(excursionRuns([at('08:00', '5.00')])).toEqual([]);
  });
});

describe('times without an offset are the company’s', () => {
  it('reads a wall-clock time in the zone and an offset as given', () => {
    expect(instantOf(parseTimeText('2026-03-01 08:30')!, 'Asia/Karachi').toISOString()).toBe('2026-03-01T03:30:00.000Z');
    expect(instantOf(parseTimeText('2026-03-01T08:30:15.5')!, 'UTC').toISOString()).toBe('2026-03-01T08:30:15.500Z');
    expect(instantOf(parseTimeText('2026-03-01T08:30+01:00')!, 'Asia/Karachi').toISOString()).toBe('2026-03-01T07:30:00.000Z');
    // Across a clock change: Berlin is +01:00 in winter and +02:00 in summer.
    expect(instantOf(parseTimeText('2026-07-01 12:00')!, 'Europe/Berlin').toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(zonedDate(new Date('2026-03-01T20:00:00Z'), 'Asia/Karachi')).toBe('2026-03-02');
    expect(zonedDateTimeText(new Date('2026-03-01T03:30:00Z'), 'Asia/Karachi')).toBe('2026-03-01 08:30');
  });

  it('refuses what is no date and time', () => {
    for (const text of ['2026-02-30 08:00', '2026-03-01', '2026-03-01 24:00', 'yesterday', '2026-03-01 08:00+15:00']) expect(parseTimeText(text), text).toBeNull();
  });

  it('takes temperatures of -100 to 100 with two decimals at most, answered canonical', () => {
    const rule = temperatureSchema('Temperature');
    expect(rule.parse(9.5)).toBe('9.50');
    expect(rule.parse('-100')).toBe('-100.00');
    for (const value of ['100.01', '-100.5', '5.125', 'warm']) expect(rule.safeParse(value).success, value).toBe(false);
  });
});

describe('the readings list query', () => {
  it('takes a cursor of a real instant and refuses an impossible one naming after, never throwing', () => {
    expect(temperatureReadingListQuerySchema.parse({ after: '2026-03-01T03:30:00.000Z~7' }).after).toBe('2026-03-01T03:30:00.000Z~7');
    for (const after of ['2026-13-01T00:00:00.000Z~1', '2026-02-30T00:00:00.000Z~1', '2026-03-01T25:00:00.000Z~1']) {
      const result = temperatureReadingListQuerySchema.safeParse({ after });
      expect(result.success, after).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['after']);
    }
  });
});
