import { describe, expect, it } from 'vitest';
import { annualIncomeTax, monthlyIncomeTax, pakistanSalariedSlabs2025, projectedMonthlyTax, taxSlabProblems, taxTableFor, taxYearMonths } from './income-tax.ts';

const slabs = pakistanSalariedSlabs2025.slabs;

describe('income tax from a table of slabs', () => {
  it("computes Pakistan's salaried slabs of tax year 2026 at each edge", () => {
    expect(annualIncomeTax(slabs, '0.00')).toBe('0.00');
    expect(annualIncomeTax(slabs, '600000.00')).toBe('0.00');
    expect(annualIncomeTax(slabs, '1200000.00')).toBe('6000.00');
    expect(annualIncomeTax(slabs, '1800000.00')).toBe('72000.00');
    expect(annualIncomeTax(slabs, '2200000.00')).toBe('116000.00');
    expect(annualIncomeTax(slabs, '3200000.00')).toBe('346000.00');
    expect(annualIncomeTax(slabs, '4100000.00')).toBe('616000.00');
    expect(annualIncomeTax(slabs, '5000000.00')).toBe('931000.00');
  });

  it('monthly tax = tax on the projected annual taxable pay / 12, rounded once', () => {
    // 100,000 a month: 1,200,000 a year, 6,000 of tax, 500 a month.
    expect(monthlyIncomeTax(slabs, '1200000.00')).toBe('500.00');
    // 1,500,000: 6,000 + 11 % of 300,000 = 39,000; / 12 = 3,250.
    expect(monthlyIncomeTax(slabs, '1500000.00')).toBe('3250.00');
    // 700,000.50: 1 % of 100,000.50 = 1,000.005; / 12 = 83.333.. -> 83.33 (not 83.34 from a rounded annual figure).
    expect(monthlyIncomeTax(slabs, '700000.50')).toBe('83.33');
    expect(monthlyIncomeTax(slabs, '-5.00')).toBe('0.00');
  });

  it('projects a joiner\'s pay over the months left in the tax year, with earlier employment (issue 27)', () => {
    const july = 7;
    // Employed all year: as before, tax on 12 x 150,000 = 1,800,000 is 72,000, 6,000 a month.
    expect(projectedMonthlyTax(slabs, '150000.00', '2026-09', { joinDate: '2020-03-01' }, july)).toBe(monthlyIncomeTax(slabs, '1800000.00'));
    expect(projectedMonthlyTax(slabs, '150000.00', '2026-09', { joinDate: '2020-03-01' }, july)).toBe('6000.00');
    // Joined in January: January to June, 6 x 150,000 = 900,000, 3,000 of tax, 500 a month (not 6,000).
    expect(taxYearMonths('2027-01', '2027-01-10', july)).toEqual({ months: 6, joinedInYear: true });
    expect(projectedMonthlyTax(slabs, '150000.00', '2027-01', { joinDate: '2027-01-10' }, july)).toBe('500.00');
    expect(projectedMonthlyTax(slabs, '150000.00', '2027-03', { joinDate: '2027-01-10' }, july)).toBe('500.00');
    // 600,000 earned before joining: 1,500,000 taxed 39,000, 6,500 a month; less 3,000 deducted before: 6,000.
    expect(projectedMonthlyTax(slabs, '150000.00', '2027-01', { joinDate: '2027-01-10', taxablePayBeforeJoining: '600000.00' }, july)).toBe('6500.00');
    expect(projectedMonthlyTax(slabs, '150000.00', '2027-01', { joinDate: '2027-01-10', taxablePayBeforeJoining: '600000.00', taxDeductedBeforeJoining: '3000.00' }, july)).toBe('6000.00');
    // The next tax year, the earlier employment is behind them: a whole year again.
    expect(taxYearMonths('2027-07', '2027-01-10', july)).toEqual({ months: 12, joinedInYear: false });
    expect(projectedMonthlyTax(slabs, '150000.00', '2027-07', { joinDate: '2027-01-10', taxablePayBeforeJoining: '600000.00' }, july)).toBe('6000.00');
    // The start month is data: a calendar tax year makes January a whole year's first month.
    expect(taxYearMonths('2027-01', '2027-01-10', 1)).toEqual({ months: 12, joinedInYear: true });
    expect(taxYearMonths('2026-06', '2025-01-01', july)).toEqual({ months: 12, joinedInYear: false });
  });

  it('picks the table of the country in force on a day', () => {
    const tables = [
      { country: 'PK', effectiveFrom: '2024-07-01', id: 1 },
      { country: 'PK', effectiveFrom: '2025-07-01', id: 2 },
      { country: 'AE', effectiveFrom: '2025-01-01', id: 3 },
    ];
    expect(taxTableFor(tables, 'PK', '2025-06-30')?.id).toBe(1);
    expect(taxTableFor(tables, 'PK', '2025-07-01')?.id).toBe(2);
    expect(taxTableFor(tables, 'PK', '2024-01-01')).toBeUndefined();
    expect(taxTableFor(tables, 'IN', '2026-01-01')).toBeUndefined();
  });

  it('checks slabs start at 0 and follow each other, only the last open-ended', () => {
    expect(taxSlabProblems(slabs)).toEqual({});
    expect(taxSlabProblems([])).toHaveProperty('slabs');
    expect(
      taxSlabProblems([
        { from: '10.00', to: '100.00', fixed: '0', rate: '0' },
        { from: '120.00', to: null, fixed: '0', rate: '5' },
        { from: '200.00', to: '150.00', fixed: '0', rate: '5' },
      ]),
    ).toEqual({
      'slabs.0.from': 'The first slab starts at 0',
      'slabs.1.from': 'A slab starts where the one before ends',
      'slabs.1.to': 'Only the last slab may be open-ended',
      'slabs.2.from': 'A slab starts where the one before ends',
      'slabs.2.to': 'To must be above From',
    });
  });
});
