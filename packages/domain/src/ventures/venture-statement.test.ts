import { describe, expect, it } from 'vitest';
import { scopesOverlap, ventureProblems } from './joint-venture.document.ts';
import { shareSegments, ventureStatement } from './venture-statement.ts';

const terms = { basis: 'netProfit' as const, feePercent: '2', lossRule: 'share' as const };
const year = { from: '2026-01-01', to: '2026-12-31' };

describe('the venture statement (issue 21, section 4)', () => {
  it('revenue 1,000,000, returns 50,000, cost 600,000, expenses 50,000, fee 2 % -> profit 281,000; partner 40 % = 112,400, company 168,600', () => {
    const s = ventureStatement([{ ...year, partnerPercent: '40', revenue: '1000000.00', returns: '50000.00', costOfSales: '600000.00', expenses: '50000.00' }], terms);
    expect(s).toMatchObject({ fees: '19000.00', profit: '281000.00', partnerShare: '112400.00', companyShare: '168600.00' });
  });

  it('splits by posting date when the share changes mid-period', () => {
    const segments = shareSegments([{ effectiveFrom: '2025-06-01', partnerPercent: '40' }, { effectiveFrom: '2026-07-01', partnerPercent: '30' }], year.from, year.to);
    expect(segments).toEqual([
      { from: '2026-01-01', to: '2026-06-30', partnerPercent: '40' },
      { from: '2026-07-01', to: '2026-12-31', partnerPercent: '30' },
    ]);
    const figures = { revenue: '100000.00', returns: '0.00', costOfSales: '0.00', expenses: '0.00' };
    const s = ventureStatement(segments.map((g) => ({ ...g, ...figures })), { basis: 'revenue', feePercent: '0', lossRule: 'share' });
    expect(s.partnerShare).toBe('70000.00');
  });

  it('shares a loss under `share` and carries it forward under `carryForward`', () => {
    const loss = [{ ...year, partnerPercent: '40', revenue: '100.00', returns: '0.00', costOfSales: '200.00', expenses: '0.00' }];
    expect(ventureStatement(loss, { ...terms, feePercent: '0' }).partnerShare).toBe('-40.00');
    const carried = ventureStatement(loss, { ...terms, feePercent: '0', lossRule: 'carryForward' });
    expect(carried).toMatchObject({ partnerShare: '0.00', carriedLoss: '100.00' });
    const next = ventureStatement([{ ...year, partnerPercent: '40', revenue: '300.00', returns: '0.00', costOfSales: '0.00', expenses: '0.00' }], { ...terms, feePercent: '0', lossRule: 'carryForward' }, { lossBroughtForward: '100.00' });
    expect(next).toMatchObject({ profit: '300.00', partnerShare: '80.00', carriedLoss: '0.00' });
  });

  it('adds prior-period adjustments to the profit', () => {
    const s = ventureStatement([{ ...year, partnerPercent: '50', revenue: '0.00', returns: '0.00', costOfSales: '0.00', expenses: '0.00' }], terms, { adjustments: { revenue: '0.00', returns: '0.00', costOfSales: '0.00', expenses: '1000.00' } });
    expect(s).toMatchObject({ adjustments: '-1000.00', profit: '-1000.00', partnerShare: '-500.00' });
  });
});

describe('venture rules', () => {
  const empty = { customerIds: [], itemIds: [], categoryIds: [], regionIds: [], rentalAgreementIds: [] };
  it('needs a scope, a first share on the start date and distinct dates', () => {
    const shares = [{ effectiveFrom: '2026-01-02', partnerPercent: '10' }];
    expect(ventureProblems({ ...empty, startDate: '2026-01-01', shares })).toEqual({ customerIds: expect.any(String), 'shares.0.effectiveFrom': expect.any(String) });
    expect(ventureProblems({ ...empty, customerIds: [1], startDate: '2026-01-02', shares })).toEqual({});
  });
  it('overlaps when every kind of rule meets', () => {
    expect(scopesOverlap({ ...empty, customerIds: [1] }, { ...empty, customerIds: [1], regionIds: [3] })).toBe(true);
    expect(scopesOverlap({ ...empty, customerIds: [1] }, { ...empty, customerIds: [2] })).toBe(false);
    expect(scopesOverlap({ ...empty, itemIds: [5] }, { ...empty, itemIds: [6] })).toBe(false);
  });
});
