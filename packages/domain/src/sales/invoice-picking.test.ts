import { describe, expect, it } from 'vitest';
import { expiresAfter, invoiceScanInputSchema } from './invoice-picking.ts';
import { keptPicks } from './line-picks.ts';

describe('picking rules (issue 32, section 4)', () => {
  it('orders lots as first-expiry-first-out does: a later date, or none, comes after', () => {
    expect(expiresAfter('2026-12-31', '2026-06-30')).toBe(true);
    expect(expiresAfter('2026-06-30', '2026-06-30')).toBe(false);
    expect(expiresAfter('2026-01-31', '2026-06-30')).toBe(false);
    expect(expiresAfter(null, '2026-06-30')).toBe(true);
    expect(expiresAfter('2026-06-30', null)).toBe(false);
  });

  it('asks a reason of an override', () => {
    expect(invoiceScanInputSchema.safeParse({ scan: 'x', overrideFefo: true }).error?.issues[0]?.path).toEqual(['reason']);
    expect(invoiceScanInputSchema.safeParse({ scan: 'x', overrideFefo: true, reason: '  ' }).success).toBe(false);
    expect(invoiceScanInputSchema.safeParse({ scan: 'x', overrideFefo: true, reason: 'Asked by the lab' }).success).toBe(true);
    expect(invoiceScanInputSchema.safeParse({ scan: 'x', reason: '' }).success).toBe(true);
  });

  it('keeps the picks of a line whose item, lot and quantity stay, each line before once', () => {
    const override = { fefoInventoryId: 1, fefoLotNumber: 'A', reason: 'r', userId: 1, at: '2026-01-01T00:00:00.000Z' };
    const before = [
      { itemId: 7, inventoryId: 2, quantity: 3, pickedQuantity: 2, fefoOverride: override },
      { itemId: 7, inventoryId: 1, quantity: 4, pickedQuantity: 4, fefoOverride: null },
      { itemId: 9, inventoryId: 5, quantity: 1, pickedQuantity: 1, fefoOverride: null },
    ];
    const after = [
      { itemId: 7, inventoryId: 1, quantity: 4 },
      { itemId: 7, inventoryId: 2, quantity: 3 },
      { itemId: 7, inventoryId: 2, quantity: 3 },
      { itemId: 9, inventoryId: 5, quantity: 2 },
    ];
    expect(keptPicks(before, after)).toEqual([
      { pickedQuantity: 4, fefoOverride: null },
      { pickedQuantity: 2, fefoOverride: override },
      { pickedQuantity: 0, fefoOverride: null },
      { pickedQuantity: 0, fefoOverride: null },
    ]);
  });
});
