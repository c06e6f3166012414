import { describe, expect, it } from 'vitest';
import { computeSlip, type PayComponent, roundToStep, type SlipRequest } from './pay-slip-compute.ts';

const component = (id: number, code: string, kind: PayComponent['kind'], extra: Partial<PayComponent> = {}): PayComponent => ({
  id,
  code,
  componentName: code,
  kind,
  calculation: 'fixed',
  prorated: true,
  taxable: true,
  accountId: 100 + id,
  printOrder: id,
  ...extra,
});

const components = new Map(
  [
    component(1, 'BASIC', 'earning'),
    component(2, 'HOUSE', 'earning', { calculation: 'percentOfBasic', percent: '40' }),
    component(3, 'CONV', 'earning', { prorated: false, taxable: false }),
    component(4, 'EOBI', 'deduction', { prorated: false, taxable: false }),
    component(5, 'PF', 'employerContribution', { calculation: 'formula', formula: 'BASIC * 0.1', prorated: false }),
    component(6, 'INCOME_TAX', 'deduction', { calculation: 'formula', formula: 'MONTHLY_TAX', prorated: false, taxable: false }),
    component(7, 'ADVANCE', 'deduction', { calculation: 'formula', formula: 'ADVANCE_INSTALMENT', prorated: false, taxable: false }),
  ].map((c) => [c.id, c]),
);

const base: SlipRequest = {
  month: '2026-06',
  employee: { joinDate: '2020-01-01' },
  components,
  assignments: [{ effectiveFrom: '2020-01-01', basic: '50000', lines: [{ componentId: 2, percent: '0' }] }],
};

const amountOf = (slip: ReturnType<typeof computeSlip>, code: string) => slip.lines.filter((l) => l.code === code).map((l) => l.amount);

describe('computeSlip', () => {
  it('pays a joiner on the 16th of a 30-day month basic x 15/30', () => {
    const slip = computeSlip({ ...base, employee: { joinDate: '2026-06-16' } });
    expect(slip.paidDays).toBe('15');
    expect(amountOf(slip, 'BASIC')).toEqual(['25000.00']);
    expect(slip.lines[0]!.rate).toBe('0.500000');
  });

  it('splits the month at a raise on the 16th: half at each rate', () => {
    const slip = computeSlip({
      ...base,
      assignments: [
        { effectiveFrom: '2026-06-16', basic: '60000', lines: [{ componentId: 2 }] },
        { effectiveFrom: '2025-01-01', basic: '50000', lines: [{ componentId: 2 }] },
      ],
    });
    expect(amountOf(slip, 'BASIC')).toEqual(['25000.00', '30000.00']);
    expect(amountOf(slip, 'HOUSE')).toEqual(['10000.00', '12000.00']);
    expect(slip.gross).toBe('77000.00');
  });

  it('pays a leaver to the exit day and nothing before the join month', () => {
    expect(amountOf(computeSlip({ ...base, employee: { joinDate: '2020-01-01', exitDate: '2026-06-10' } }), 'BASIC')).toEqual(['16666.67']);
    const before = computeSlip({ ...base, employee: { joinDate: '2026-07-01' } });
    expect(before.employed).toBe(false);
    expect(before.lines).toEqual([]);
    expect(before.net).toBe('0.00');
  });

  it('reduces prorated components by unpaid leave, not the fixed ones', () => {
    const slip = computeSlip({ ...base, assignments: [{ effectiveFrom: '2020-01-01', basic: '30000', lines: [{ componentId: 3, amount: '5000' }] }], inputs: { unpaidLeaveDays: 3, overtimeHours: 0, incentives: '0' } });
    expect(slip.paidDays).toBe('27');
    expect(amountOf(slip, 'BASIC')).toEqual(['27000.00']);
    expect(amountOf(slip, 'CONV')).toEqual(['5000.00']);
  });

  it('keeps net = gross - deductions + rounding exactly; round net up to 1: 45,678.40 -> 45,679.00 and 0.60 rounding', () => {
    const slip = computeSlip({
      ...base,
      assignments: [{ effectiveFrom: '2020-01-01', basic: '46678.40', lines: [{ componentId: 2, percent: '0' }, { componentId: 4, amount: '1000' }] }],
      netRounding: { step: '1', mode: 'up' },
    });
    expect(slip.gross).toBe('46678.40');
    expect(slip.deductions).toBe('1000.00');
    expect(slip.rounding).toBe('0.60');
    expect(slip.net).toBe('45679.00');
    expect(slip.netInWords).toBe('Pakistani Rupees Forty-Five Thousand Six Hundred Seventy-Nine Only');
    // The employer's contribution is a cost, not a deduction: BASIC * 0.1.
    expect(amountOf(slip, 'PF')).toEqual(['4667.84']);
    expect(slip.employerCost).toBe('51346.24');
  });

  it('adds adjustments, the advance instalment and income tax on the projected annual taxable pay', () => {
    const slip = computeSlip({
      ...base,
      adjustments: [{ componentId: 1, amount: '2000' }],
      advanceRecovery: '10000',
      // 5 % above 600,000 a year, a twelfth a month (the tax table's work, here by hand).
      monthlyTax: (monthly) => (((Number(monthly) * 12 - 600000) * 0.05) / 12).toFixed(2),
    });
    // Taxable 52,000 x 12 = 624,000: tax 1,200 a year, 100 a month.
    expect(amountOf(slip, 'INCOME_TAX')).toEqual(['100.00']);
    expect(amountOf(slip, 'ADVANCE')).toEqual(['10000.00']);
    expect(amountOf(slip, 'BASIC')).toEqual(['50000.00', '2000.00']);
    expect(slip.snapshot.monthlyTax).toBe('100.00');
    expect(slip.net).toBe('41900.00');
  });

  it('applies every component with its rounding, a line overriding the percent; no line for a zero', () => {
    const rounded = new Map([...components].map(([id, c]) => [id, id === 2 ? { ...c, rounding: 'nearest1' as const } : c]));
    const slip = computeSlip({ ...base, components: rounded, assignments: [{ effectiveFrom: '2020-01-01', basic: '33333.33', lines: [] }] });
    // 40 % of 33,333.33 = 13,333.33, to the nearest 1.
    expect(amountOf(slip, 'HOUSE')).toEqual(['13333.00']);
    expect(amountOf(slip, 'CONV')).toEqual([]);
    expect(amountOf(slip, 'INCOME_TAX')).toEqual([]);
  });

  it('rounds to a step up, down and to the nearest', () => {
    expect(roundToStep(4567840n, 100n, 'up')).toBe(4567900n);
    expect(roundToStep(4567840n, 100n, 'down')).toBe(4567800n);
    expect(roundToStep(4567850n, 100n, 'nearest')).toBe(4567900n);
    expect(roundToStep(-10040n, 100n, 'up')).toBe(-10000n);
  });
});
