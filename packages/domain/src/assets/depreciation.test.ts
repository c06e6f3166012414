import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sum, toMinorUnits } from '../money.ts';
import { addMonths } from '../dates/months.ts';
import { type DepreciableAsset, depreciationChargeFor, depreciationSchedule, lifeMonthOf } from './depreciation.ts';
import { monthEnd } from '../sales/sales-reports.ts';

const asset = (overrides: Partial<DepreciableAsset> = {}): DepreciableAsset => ({
  cost: '1000.00',
  salvageValue: '0',
  usefulLifeMonths: 3,
  method: 'straightLine',
  purchaseDate: '2026-01-15',
  ...overrides,
});

describe('months', () => {
  it('add, end and count from the purchase month', () => {
    expect(addMonths('2026-11', 3)).toBe('2027-02');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(monthEnd('2024-02')).toBe('2024-02-29');
    expect(monthEnd('2026-12')).toBe('2026-12-31');
    expect(lifeMonthOf('2026-01-31', '2026-01')).toBe(1);
    expect(lifeMonthOf('2026-01-31', '2027-01')).toBe(13);
    expect(lifeMonthOf('2026-01-31', '2025-12')).toBe(0);
  });
});

describe('straight line', () => {
  it('rounds cumulatively so the charges add up to cost - salvage exactly', () => {
    const rows = depreciationSchedule(asset());
    expect(rows.map((r) => r.charge)).toEqual(['333.33', '333.34', '333.33']);
    expect(rows.map((r) => r.month)).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(rows.at(-1)).toMatchObject({ accumulated: '1000.00', bookValue: '0.00' });
  });

  it('stops at the salvage value', () => {
    const rows = depreciationSchedule(asset({ cost: '1200', salvageValue: '200', usefulLifeMonths: 12 }));
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => r.charge === '83.33' || r.charge === '83.34')).toBe(true);
    expect(rows.at(-1)).toMatchObject({ accumulated: '1000.00', bookValue: '200.00' });
  });
});

describe('declining balance', () => {
  it('charges 2/N of the book value, never below salvage, the remainder in the last month', () => {
    const rows = depreciationSchedule(asset({ method: 'decliningBalance', cost: '1000', salvageValue: '100', usefulLifeMonths: 4 }));
    // 1000 x 2/4 = 500; 500 x 2/4 = 250; 250 x 2/4 = 125; the last month takes the 25 left above salvage.
    expect(rows.map((r) => r.charge)).toEqual(['500.00', '250.00', '125.00', '25.00']);
    const steep = depreciationSchedule(asset({ method: 'decliningBalance', cost: '1000', salvageValue: '400', usefulLifeMonths: 4 }));
    // 500 would go below salvage: capped at the 600 above it, nothing after.
    expect(steep.map((r) => r.charge)).toEqual(['500.00', '100.00', '0.00', '0.00']);
    expect(rows.at(-1)).toMatchObject({ bookValue: '100.00' });
  });

  it('puts what is left above salvage into the last month', () => {
    const rows = depreciationSchedule(asset({ method: 'decliningBalance', cost: '1000', salvageValue: '0', usefulLifeMonths: 10 }));
    expect(rows[0]!.charge).toBe('200.00');
    expect(rows.at(-1)!.bookValue).toBe('0.00');
    expect(toMinorUnits(rows.at(-1)!.charge)).toBeGreaterThan(toMinorUnits(rows.at(-2)!.charge));
  });
});

describe('the charge of a month', () => {
  it('follows the schedule given what was charged', () => {
    const a = asset();
    expect(depreciationChargeFor(a, '2025-12', '0')).toBe('0.00');
    expect(depreciationChargeFor(a, '2026-01', '0')).toBe('333.33');
    expect(depreciationChargeFor(a, '2026-02', '333.33')).toBe('333.34');
    expect(depreciationChargeFor(a, '2026-04', '1000.00')).toBe('0.00');
  });

  it('catches a skipped month up and charges nothing for a month already covered', () => {
    const a = asset();
    expect(depreciationChargeFor(a, '2026-02', '0')).toBe('666.67');
    expect(depreciationChargeFor(a, '2026-01', '666.67')).toBe('0.00');
  });

  it('never charges past cost - salvage', () => {
    expect(depreciationChargeFor(asset({ salvageValue: '100' }), '2030-01', '850')).toBe('50.00');
  });
});

describe('properties', () => {
  const anyAsset = fc.record({
    cost: fc.bigInt({ min: 1n, max: 10n ** 12n }),
    salvagePart: fc.integer({ min: 0, max: 100 }),
    usefulLifeMonths: fc.integer({ min: 1, max: 240 }),
    method: fc.constantFrom('straightLine' as const, 'decliningBalance' as const),
  });

  it('any schedule adds up to cost - salvage, each charge >= 0, never below salvage; month by month runs agree', () => {
    fc.assert(
      fc.property(anyAsset, ({ cost, salvagePart, usefulLifeMonths, method }) => {
        const salvage = (cost * BigInt(salvagePart)) / 100n;
        const a = asset({ cost: `${cost / 100n}.${String(cost % 100n).padStart(2, '0')}`, salvageValue: `${salvage / 100n}.${String(salvage % 100n).padStart(2, '0')}`, usefulLifeMonths, method });
        const rows = depreciationSchedule(a);
        expect(toMinorUnits(sum(rows.map((r) => r.charge)))).toBe(cost - salvage);
        for (const row of rows) {
          expect(toMinorUnits(row.charge)).toBeGreaterThanOrEqual(0n);
          expect(toMinorUnits(row.bookValue)).toBeGreaterThanOrEqual(salvage);
        }
        let charged = '0.00';
        for (const row of rows.slice(0, 30)) {
          const charge = depreciationChargeFor(a, row.month, charged);
          expect(charge).toBe(row.charge);
          charged = sum([charged, charge]);
        }
      }),
      { numRuns: 200 },
    );
  });
});
