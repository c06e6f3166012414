import { describe, expect, it } from 'vitest';
import { formatBalance, formatCalendarDate, formatDateTime, formatQuantity } from './format.ts';
import { addDecimals, formatDecimal, fromMinorUnits, isDecimalString, toMinorUnits } from './money.ts';
import { defaultPlanYears, isOptionDisabled, isOptionHidden, planColour } from './pickers.ts';

describe('formatBalance (spec section 9)', () => {
  it('shows positive with Dr, negative as its absolute value with Cr, zero as 0, thousands separated', () => {
    expect(formatBalance('1234567.5')).toBe('1,234,567.50 Dr');
    expect(formatBalance('-2500')).toBe('2,500.00 Cr');
    expect(formatBalance('0.00')).toBe('0');
    expect(formatBalance('-0')).toBe('0');
    expect(formatBalance('999.99')).toBe('999.99 Dr');
  });
});

describe('formatDateTime (spec section 9)', () => {
  it("uses 'Do MMM, YYYY | hh:mm a'", () => {
    expect(formatDateTime(new Date(2026, 10, 1, 14, 5))).toBe('1st Nov, 2026 | 02:05 pm');
    expect(formatDateTime(new Date(2026, 0, 22, 9, 30))).toBe('22nd Jan, 2026 | 09:30 am');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatCalendarDate', () => {
  it('shows a wire date as D MMM YYYY, whatever the time zone, and nothing for anything else', () => {
    expect(formatCalendarDate('2026-03-05')).toBe('5 Mar 2026');
    expect(formatCalendarDate('2026-12-31T23:59:59Z')).toBe('31 Dec 2026');
    expect(formatCalendarDate('2026-02-30')).toBe('');
    expect(formatCalendarDate('5 March')).toBe('');
    expect(formatCalendarDate(null)).toBe('');
  });
});

describe('money', () => {
  it('adds exactly where floats do not', () => {
    expect(addDecimals(Array.from({ length: 30 }, (_, i) => (i % 2 ? '0.20' : '0.10')))).toBe('4.50');
    expect(addDecimals(['0.10', '0.20'])).toBe('0.30');
  });

  it('round-trips minor units and refuses what it cannot hold', () => {
    expect(toMinorUnits('-12.3')).toBe(-1230n);
    expect(fromMinorUnits(-5n)).toBe('-0.05');
    expect(() => toMinorUnits('1.234')).toThrow(RangeError);
    expect(() => toMinorUnits('1e3')).toThrow(RangeError);
    expect(isDecimalString('10.5')).toBe(true);
    expect(isDecimalString('10.555')).toBe(false);
    expect(formatDecimal('-1000')).toBe('-1,000.00');
  });
});

describe('picker rules (spec sections 4 and 5)', () => {
  const years = [2026, 2027];
  it('colours plans by coverage', () => {
    expect(planColour({ 2026: true, 2027: true }, years)).toBe('green');
    expect(planColour({ 2026: true }, years)).toBe('blue');
    expect(planColour({ 2025: true }, years)).toBe('red');
    expect(planColour(undefined, years)).toBe('red');
  });

  it('defaults to this year and the next', () => {
    expect(defaultPlanYears(new Date(2026, 10, 22))).toEqual([2026, 2027]);
  });

  it('disables unapproved options and hides empty inventory', () => {
    expect(isOptionDisabled({ isApproved: false })).toBe(true);
    expect(isOptionDisabled({ isApproved: true })).toBe(false);
    expect(isOptionDisabled({})).toBe(false);
    expect(isOptionHidden({ quantity: 0 })).toBe(true);
    expect(isOptionHidden({ quantity: -3 })).toBe(true);
    expect(isOptionHidden({ quantity: '2' })).toBe(false);
    expect(isOptionHidden({})).toBe(false);
  });
});

describe('formatQuantity', () => {
  it('separates thousands like amounts do', () => {
    expect(formatQuantity(12500)).toBe('12,500');
    expect(formatQuantity('1234567')).toBe('1,234,567');
    expect(formatQuantity(0)).toBe('0');
    expect(formatQuantity(-1500)).toBe('-1,500');
  });
});
