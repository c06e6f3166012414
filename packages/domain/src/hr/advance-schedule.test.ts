import { describe, expect, it } from 'vitest';
import { advanceInstalmentIn, advanceLastMonth, advanceSchedule } from './advance-schedule.ts';
import { adjustmentAppliesIn } from './pay-adjustment-months.ts';

describe('advance schedule', () => {
  it('Advance 30,000 in 3 instalments with month 2 skipped: 10,000 in months 1, 3 and 4, then 0', () => {
    const terms = { amount: '30000.00', instalments: 3, startMonth: '2026-01', skippedMonths: ['2026-02'] };
    expect(advanceSchedule(terms)).toEqual([
      { month: '2026-01', amount: '10000.00' },
      { month: '2026-03', amount: '10000.00' },
      { month: '2026-04', amount: '10000.00' },
    ]);
    expect(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05'].map((month) => advanceInstalmentIn(terms, month))).toEqual(['10000.00', '0.00', '10000.00', '10000.00', '0.00']);
    expect(advanceInstalmentIn(terms, '2025-12')).toBe('0.00');
  });

  it('splits an odd amount so the instalments add up exactly, across a year end, skips anywhere', () => {
    const schedule = advanceSchedule({ amount: '1000.00', instalments: 3, startMonth: '2025-11', skippedMonths: ['2025-12', '2026-01', '2027-05'] });
    expect(schedule).toEqual([
      { month: '2025-11', amount: '333.34' },
      { month: '2026-02', amount: '333.33' },
      { month: '2026-03', amount: '333.33' },
    ]);
    expect(advanceLastMonth({ amount: '500.00', instalments: 1, startMonth: '2026-06' })).toBe('2026-06');
  });
});

describe('adjustment months', () => {
  it('one-off in its month; recurring through its to month or on and on', () => {
    const oneOff = { fromMonth: '2026-03', toMonth: null, recurring: false };
    expect(['2026-02', '2026-03', '2026-04'].map((m) => adjustmentAppliesIn(oneOff, m))).toEqual([false, true, false]);
    const bounded = { fromMonth: '2026-03', toMonth: '2026-05', recurring: true };
    expect(['2026-02', '2026-03', '2026-05', '2026-06'].map((m) => adjustmentAppliesIn(bounded, m))).toEqual([false, true, true, false]);
    expect(adjustmentAppliesIn({ fromMonth: '2026-03', recurring: true }, '2030-01')).toBe(true);
  });
});
