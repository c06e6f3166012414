import { describe, expect, it } from 'vitest';
import { daysInMonth } from '../dates/months.ts';
import { breakEvenCommitment, commitmentFor, downDaysIn, earlyExitAmount, paybackMonth, settlePeriods, settlementEndOf, termEndOf, testsAmount } from './rental-periods.ts';

const terms = { monthlyCommitment: '150000.00', from: '2024-01-01', uptimePercent: '95', downtimeWaiver: true };

describe('rental periods (issue 21, section 4 checks)', () => {
  it('prorates a partial first month by days: placed on the 16th of a 30-day month -> 75,000', () => {
    expect(daysInMonth('2024-04')).toBe(30);
    expect(commitmentFor('2024-04', { ...terms, from: '2024-04-16' }, 0)).toBe('75000.00');
    expect(commitmentFor('2024-05', { ...terms, from: '2024-04-16' }, 0)).toBe('150000.00');
    expect(commitmentFor('2024-05', { ...terms, from: '2024-04-16', to: '2024-05-15' }, 0)).toBe('72580.65');
  });

  it('waives the days down when uptime fell below the guarantee: 3 days down -> 135,000; no waiver, or uptime kept -> full', () => {
    const down = downDaysIn('2024-06', [{ downFrom: '2024-06-10', downTo: '2024-06-12' }]);
    expect(down).toBe(3);
    expect(commitmentFor('2024-06', terms, down)).toBe('135000.00');
    expect(commitmentFor('2024-06', { ...terms, downtimeWaiver: false }, down)).toBe('150000.00');
    expect(commitmentFor('2024-06', { ...terms, uptimePercent: '80' }, down)).toBe('150000.00');
    // Overlapping intervals and days outside the month count once, inside only.
    expect(downDaysIn('2024-06', [{ downFrom: '2024-05-30', downTo: '2024-06-02' }, { downFrom: '2024-06-01', downTo: '2024-06-03' }])).toBe(3);
  });

  it('a monthly gap: commitment 150,000 against eligible 120,000 -> shortfall 30,000', () => {
    const [row] = settlePeriods('2024-05', 'month', 'gap', [{ month: '2024-05', commitment: '150000.00', eligible: '120000.00' }]);
    expect(row).toMatchObject({ shortfall: '30000.00', settles: true, carryIn: '0.00' });
    const [fixed] = settlePeriods('2024-05', 'month', 'fixedRent', [{ month: '2024-05', commitment: '150000.00', eligible: '120000.00' }]);
    expect(fixed!.shortfall).toBe('150000.00');
  });

  it('quarterly: 100,000, 200,000 and 150,000 against 150,000 a month -> 0, the surplus carried within the quarter only', () => {
    const months = ['2024-01', '2024-02', '2024-03', '2024-04'].map((month, i) => ({ month, commitment: '150000.00', eligible: ['100000.00', '200000.00', '150000.00', '0.00'][i]! }));
    const rows = settlePeriods('2024-01', 'quarter', 'gap', months, '2024-12');
    expect(rows.map((r) => [r.carryIn, r.shortfall, r.settles])).toEqual([
      ['0.00', '0.00', false],
      ['-50000.00', '0.00', false],
      ['0.00', '0.00', true],
      ['0.00', '0.00', false],
    ]);
    expect(settlementEndOf('2024-02', '2024-04', 'quarter')).toBe('2024-04');
    expect(settlementEndOf('2024-02', '2024-05', 'year')).toBe('2025-01');
    // The agreement's last month settles its shorter period.
    expect(settlePeriods('2024-01', 'quarter', 'gap', months.slice(0, 2), '2024-02').at(-1)).toMatchObject({ settles: true, shortfall: '0.00' });
    expect(settlePeriods('2024-01', 'quarter', 'gap', months.slice(0, 1), '2024-01')[0]).toMatchObject({ settles: true, shortfall: '50000.00' });
  });

  it('per test 4,000 x 95 = 380,000; early exit at month 36 of 60 at 100 % of 100,000 -> 2,400,000', () => {
    expect(testsAmount(4000, '95.00')).toBe('380000.00');
    expect(earlyExitAmount('100000.00', 60 - 36, '100')).toBe('2400000.00');
    expect(earlyExitAmount('100000.00', 24, '50')).toBe('1200000.00');
    expect(termEndOf('2024-01-16', 60)).toBe('2029-01-15');
  });

  it('break-even commitment = (cost / life + monthly service) / margin %; payback is the month the cumulative margin reaches the cost', () => {
    // (3,000,000 / 60 + 10,000) / 40 % = 150,000.
    expect(breakEvenCommitment('3000000.00', 60, '10000.00', '40.00')).toBe('150000.00');
    expect(breakEvenCommitment('3000000.00', 60, '0.00', '0.00')).toBe('0.00');
    expect(paybackMonth('100.00', [{ month: '2024-01', margin: '60.00' }, { month: '2024-02', margin: '40.00' }])).toBe('2024-02');
    expect(paybackMonth('100.00', [{ month: '2024-01', margin: '60.00' }])).toBeNull();
  });
});
