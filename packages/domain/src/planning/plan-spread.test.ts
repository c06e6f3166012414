import { describe, expect, it } from 'vitest';
import { grownQuantities, spreadByWeights, spreadEvenly } from './plan-spread.ts';
import { planMonthsSchema, salesPlanDocument } from './sales-plan.document.ts';

describe('spreading a yearly figure (issue 19, section 1)', () => {
  it('spreads evenly, the first months taking what does not divide, always summing to the figure', () => {
    expect(spreadEvenly(120)).toEqual(Array.from({ length: 12 }, () => 10));
    expect(spreadEvenly(14)).toEqual([2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(spreadEvenly(0)).toEqual(Array.from({ length: 12 }, () => 0));
  });

  it('spreads by a profile by largest remainders, months of weight 0 getting nothing', () => {
    const weights = [0, 0, 1, 1, 2, 2, 2, 2, 1, 1, 0, 0];
    const months = spreadByWeights(100, weights);
    expect(months.reduce((a, b) => a + b, 0)).toBe(100);
    expect(months).toEqual([0, 0, 8, 8, 17, 17, 17, 17, 8, 8, 0, 0]);
    expect(() => spreadByWeights(10, Array.from({ length: 12 }, () => 0))).toThrow();
  });

  it("grows last year's quantities by a percentage, rounding half up, never below 0", () => {
    expect(grownQuantities([10, 15, 0, 1], 10)).toEqual([11, 17, 0, 1]);
    expect(grownQuantities([10], -150)).toEqual([0]);
  });
});

describe('the sales plan declaration', () => {
  it('takes 12 whole numbers >= 0 a month each, numeric strings too', () => {
    expect(planMonthsSchema.safeParse(Array.from({ length: 12 }, () => '3')).data).toEqual(Array.from({ length: 12 }, () => 3));
    expect(planMonthsSchema.safeParse([1, 2]).success).toBe(false);
    expect(planMonthsSchema.safeParse([...Array.from({ length: 11 }, () => 0), -1]).success).toBe(false);
  });

  it('runs draft -> submitted -> approved -> superseded by a revision, cancel from the first three', () => {
    expect(salesPlanDocument.canTransition('draft', 'submit')).toBe(true);
    expect(salesPlanDocument.canTransition('submitted', 'approve')).toBe(true);
    expect(salesPlanDocument.canTransition('approved', 'revise')).toBe(true);
    expect(['draft', 'submitted', 'approved', 'superseded', 'cancelled'].filter((s) => salesPlanDocument.canTransition(s as never, 'cancel'))).toEqual(['draft', 'submitted', 'approved']);
    expect(salesPlanDocument.mayRun({ role: 'accountant' }, 'approve')).toBe(true);
    expect(salesPlanDocument.mayRun({ role: 'salesManager' }, 'approve')).toBe(false);
    expect(salesPlanDocument.inputSchema.safeParse({ year: 2026, regionId: 1, documentDate: '2026-01-01', lines: [] }).success).toBe(false);
  });
});
