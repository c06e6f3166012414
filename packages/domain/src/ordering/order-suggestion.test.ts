import { describe, expect, it } from 'vitest';
import { addDays } from '../dates/days.ts';
import { costInVendorCurrency, DemandCurve, planRatio, suggestOrder, type SuggestionInputs } from './order-suggestion.ts';

const asOf = '2026-03-01';

/** Issue 19, section 4: velocity 3/day, L 60, R 30, safety 15 days, pack 10, no shelf-life rules. */
const example = (over: Partial<SuggestionInputs> = {}): SuggestionInputs => ({
  asOf,
  leadTimeDays: 60,
  reviewDays: 30,
  safetyStockDays: 15,
  packSize: 10,
  minOrderQuantity: 0,
  minShelfLifeDays: 0,
  shelfLifeDays: null,
  hasVendor: true,
  demand: { basis: 'velocity', velocity: 3, planByMonth: new Map(), ratio: 1 },
  lots: [
    { quantity: 150, dateExpiry: addDays(asOf, 10), unitCost: '2.50' },
    { quantity: 100, dateExpiry: addDays(asOf, 400), unitCost: '2.50' },
  ],
  supply: [],
  ...over,
});

describe('suggestOrder (issue 19, section 4)', () => {
  it('counts only what sells before it expires: usable 130, at risk 120, suggested 190', () => {
    const line = suggestOrder(example());
    expect(line.demandQty).toBe(270);
    expect(line.safetyStock).toBe(45);
    expect(line.usable).toBe(130);
    expect(line.atRiskQty).toBe(120);
    expect(line.atRiskValue).toBe('300.00');
    expect(line.netRequirement).toBe(185);
    expect(line.suggestedQty).toBe(190);
    expect(line.reasons).toEqual(['EXPIRY_RISK', 'MOQ_ROUNDED']);
  });

  it('a purchase order of 100 due on day 45 brings it to 90', () => {
    const line = suggestOrder(example({ supply: [{ quantity: 100, dueDate: addDays(asOf, 45) }] }));
    expect(line.openSupply).toBe(100);
    expect(line.suggestedQty).toBe(90);
  });

  it('one due on day 120 is beyond the horizon: still 190, flagged', () => {
    const line = suggestOrder(example({ supply: [{ quantity: 100, dueDate: addDays(asOf, 120) }] }));
    expect(line.openSupply).toBe(0);
    expect(line.beyondHorizon).toBe(100);
    expect(line.suggestedQty).toBe(190);
    expect(line.reasons).toContain('BEYOND_HORIZON');
  });

  it('an overdue order counts as supply and is shown as late', () => {
    const line = suggestOrder(example({ supply: [{ quantity: 100, dueDate: addDays(asOf, -5) }] }));
    expect(line.openSupply).toBe(100);
    expect(line.late).toBe(100);
    expect(line.reasons).toContain('LATE_PO');
  });

  it('minShelfLifeDays 90 makes a lot expiring in 80 days count for nothing', () => {
    const line = suggestOrder(example({ minShelfLifeDays: 90, lots: [{ quantity: 200, dateExpiry: addDays(asOf, 80), unitCost: '1.00' }] }));
    expect(line.usable).toBe(0);
    expect(line.atRiskQty).toBe(200);
    expect(line.atRiskValue).toBe('200.00');
    // 270 + 45 - 0
    expect(line.suggestedQty).toBe(320);
  });

  it('an expired lot is never usable and is shown apart, not as at risk', () => {
    const line = suggestOrder(example({ lots: [{ quantity: 40, dateExpiry: addDays(asOf, -1), unitCost: '1.00' }] }));
    expect(line.onHand).toBe(40);
    expect(line.expiredQty).toBe(40);
    expect(line.usable).toBe(0);
    expect(line.atRiskQty).toBe(0);
  });

  it('plenty of long-dated stock suggests nothing (a lot selling after the horizon counts whole)', () => {
    const line = suggestOrder(example({ lots: [{ quantity: 10_000, dateExpiry: addDays(asOf, 900), unitCost: '1.00' }] }));
    expect(line.usable).toBe(10_000);
    expect(line.suggestedQty).toBe(0);
    expect(line.reasons).toEqual([]);
  });

  it('rounds up to the minimum order, then the pack size', () => {
    const line = suggestOrder(example({ minOrderQuantity: 333, packSize: 50 }));
    expect(line.suggestedQty).toBe(350);
    expect(line.reasons).toContain('MOQ_ROUNDED');
  });

  it('caps the order at what the new lot sells before its own sell-by', () => {
    // New lot arrives on day 60 with 100 days of life, 30 required at delivery: sells through day 130.
    // D(0, 130) = 390, less usable 130: 260; a pack of 10 keeps it at 260 (the net alone asks 190).
    const roomy = suggestOrder(example({ shelfLifeDays: 100, minShelfLifeDays: 30, lots: [] }));
    expect(roomy.shelfCap).toBe(390);
    expect(roomy.reasons).not.toContain('CAPPED_BY_SHELF_LIFE');
    const tight = suggestOrder(example({ shelfLifeDays: 45, minShelfLifeDays: 30, lots: [] }));
    // sells through day 75: D = 225 < the 315 the net asks
    expect(tight.shelfCap).toBe(225);
    expect(tight.suggestedQty).toBe(220);
    expect(tight.reasons).toContain('CAPPED_BY_SHELF_LIFE');
  });

  it('flags an item without a vendor', () => {
    expect(suggestOrder(example({ hasVendor: false })).reasons).toContain('NO_VENDOR');
  });
});

describe('demand bases', () => {
  const months = new Map([
    ['2026-03', 120],
    ['2026-04', 120],
    ['2026-05', 120],
    ['2026-06', 120],
  ]);

  it('planAdjusted with a plan of 120/month at 50 % achieved uses 60/month', () => {
    const ratio = planRatio(120, 240);
    expect(ratio).toBe(0.5);
    const curve = new DemandCurve('2026-02-28', { basis: 'planAdjusted', velocity: 99, planByMonth: months, ratio });
    // The whole of March (31 days): 60.
    expect(curve.between(0, 31)).toBeCloseTo(60, 9);
    expect(curve.usedMonthWithoutPlan).toBe(false);
  });

  it('the ratio is clamped to 0.5-1.5 and is 1 without a year-to-date plan', () => {
    expect(planRatio(0, 100)).toBe(0.5);
    expect(planRatio(1000, 100)).toBe(1.5);
    expect(planRatio(50, 0)).toBe(1);
  });

  it('a month without an approved plan: planAdjusted takes the velocity, plan takes nothing', () => {
    const adjusted = new DemandCurve('2026-06-30', { basis: 'planAdjusted', velocity: 2, planByMonth: months, ratio: 1 });
    expect(adjusted.between(0, 31)).toBe(62);
    expect(adjusted.usedMonthWithoutPlan).toBe(true);
    const plan = new DemandCurve('2026-06-30', { basis: 'plan', velocity: 2, planByMonth: months, ratio: 1 });
    expect(plan.between(0, 31)).toBe(0);
  });

  it('a plan run flags NO_PLAN and PLAN_BEHIND', () => {
    const line = suggestOrder(example({ demand: { basis: 'planAdjusted', velocity: 3, planByMonth: new Map([['2026-03', 93]]), ratio: 0.5 } }));
    expect(line.reasons).toContain('NO_PLAN');
    expect(line.reasons).toContain('PLAN_BEHIND');
  });
});

describe('costInVendorCurrency', () => {
  it('divides the company cost by the rate exactly, half up to the cent once', () => {
    expect(costInVendorCurrency('2800.00', '280.000000')).toBe('10.00');
    // 3.5714...: down; 0.005: up (binary floats give 0.0049999...).
    expect(costInVendorCurrency('1000.00', '280')).toBe('3.57');
    expect(costInVendorCurrency('1.40', '280')).toBe('0.01');
    expect(costInVendorCurrency('0.00', '280')).toBe('0.00');
    expect(costInVendorCurrency('1.00', '0.004')).toBe('250.00');
  });
});
