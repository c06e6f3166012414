import type { PaySlipDetail } from '@erp/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/harness.tsx';
import { generatePercent } from './pay-run-view.tsx';
import { componentColumnsOf, SlipReviewGrid } from './slip-review-grid.tsx';

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

describe('the review grid at 1280 px', () => {
  it('shows the amounts without the component columns until asked for them', async () => {
    const line = { componentId: 1, code: 'BASIC', componentName: 'Basic salary', kind: 'earning' as const, basis: '1', rate: '1', amount: '100000.00' };
    const one = { ...slip([line]), employeeName: 'Zainab Malik', employeeCode: 'EMP-0001', month: '2026-11', paidDays: '30', gross: '100000.00', deductions: '0.00', employerCost: '100000.00', status: 'posted' } as PaySlipDetail;
    renderWithApp(<SlipReviewGrid slips={[one]} canHold={false} onPdf={() => undefined} />);
    const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent);
    // Seven columns fit the list's 992 px at 1280 (issue 27, section 6); BASIC is one column more per component.
    expect(headers()).toEqual(['Employee', 'Gross', 'Deductions', 'Net', 'Employer cost', 'Status and flags', 'Actions']);
    await userEvent.click(screen.getByRole('switch', { name: 'One column per component' }));
    expect(headers()).toContain('BASIC');
  });
});
