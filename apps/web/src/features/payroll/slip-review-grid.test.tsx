import type { PaySlipDetail } from '@erp/domain';
import { describe, expect, it } from 'vitest';
import { generatePercent } from './pay-run-view.tsx';
import { componentColumnsOf } from './slip-review-grid.tsx';

const slip = (lines: PaySlipDetail['lines']): PaySlipDetail =>
  ({ id: 1, lines, flags: [], net: '0.00' }) as unknown as PaySlipDetail;

describe('the review grid', () => {
  it('has one column per component the slips hold, earnings first, a split month once', () => {
    const line = (code: string, kind: PaySlipDetail['lines'][number]['kind'], componentName = code) => ({ componentId: 1, code, componentName, kind, basis: '1', rate: '1', amount: '1.00' });
    const columns = componentColumnsOf([
      slip([line('PF', 'deduction'), line('BASIC', 'earning'), line('BASIC', 'earning')]),
      slip([line('PF_EMPLOYER', 'employerContribution'), line('HRA', 'earning', 'House rent (adjustment)')]),
    ]);
    expect(columns.map((c) => c.code)).toEqual(['BASIC', 'HRA', 'PF', 'PF_EMPLOYER']);
    expect(columns[1]!.name).toBe('House rent');
  });

  it('shows the progress as whole percent, never 100 while generating', () => {
    expect(generatePercent({ generating: true, processedEmployees: 0, totalEmployees: 0 })).toBe(0);
    expect(generatePercent({ generating: true, processedEmployees: 1999, totalEmployees: 2000 })).toBe(99);
    expect(generatePercent({ generating: true, processedEmployees: 500, totalEmployees: 2000 })).toBe(25);
    expect(generatePercent({ generating: false, processedEmployees: 0, totalEmployees: 0 })).toBe(100);
  });
});
