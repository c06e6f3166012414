import { describe, expect, it } from 'vitest';
import { PayFormulaError } from '../hr/pay-formula.ts';
import { computeSlip, type PayComponent, type SlipRequest } from './pay-slip-compute.ts';

const component = (id: number, code: string, extra: Partial<PayComponent> = {}): PayComponent => ({
  id,
  code,
  componentName: code === 'BASIC' ? 'Basic salary' : 'Overtime',
  kind: 'earning',
  calculation: 'fixed',
  prorated: false,
  taxable: true,
  accountId: 100 + id,
  printOrder: id,
  ...extra,
});

const request = (formula: string, overtimeHours = 0): SlipRequest => ({
  month: '2026-06',
  employee: { joinDate: '2020-01-01' },
  components: new Map([component(1, 'BASIC'), component(2, 'OT', { calculation: 'formula', formula })].map((c) => [c.id, c])),
  assignments: [{ effectiveFrom: '2020-01-01', basic: '50000', lines: [] }],
  inputs: { unpaidLeaveDays: 0, overtimeHours, incentives: '0' },
});

describe('a slip that cannot be computed', () => {
  it('names the component whose formula divides by an input of 0', () => {
    expect(computeSlip(request('BASIC / OVERTIME_HOURS', 4)).lines.find((l) => l.code === 'OT')?.amount).toBe('12500.00');
    expect(() => computeSlip(request('BASIC / OVERTIME_HOURS'))).toThrow(new PayFormulaError('OT (Overtime): Division by zero'));
  });

  it('names the component whose amount is beyond what an amount may hold (numeric(18,2))', () => {
    expect(computeSlip(request('BASIC * 199999999999.9999998')).lines.find((l) => l.code === 'OT')?.amount).toBe('9999999999999999.99');
    expect(() => computeSlip(request('BASIC * 200000000000'))).toThrow(new PayFormulaError('OT (Overtime): comes to 10000000000000000.00, more than an amount may hold'));
  });
});
