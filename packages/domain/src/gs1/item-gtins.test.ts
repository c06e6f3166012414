import { describe, expect, it } from 'vitest';
import { canUseResource, canWriteResource } from '../resource/registry.ts';
import { gs1Settings } from './gs1.settings.ts';
import { gs1ParseInputSchema, gtinSchema, itemGtins } from './item-gtins.ts';

describe('item GTINs (issue 32, section 2)', () => {
  it('store 8, 12, 13 or 14 digits as 14, refusing another text and a wrong check digit', () => {
    expect(gtinSchema.parse('4012345678901')).toBe('04012345678901');
    expect(gtinSchema.parse('96385074')).toBe('00000096385074');
    expect(gtinSchema.safeParse('4012345678902').error?.issues[0]?.message).toBe('GTIN 04012345678902 has a wrong check digit; scan again');
    expect(gtinSchema.safeParse('401234567890').error?.issues[0]?.message).toBe('GTIN 00401234567890 has a wrong check digit; scan again');
    expect(gtinSchema.safeParse('40123456789').error?.issues[0]?.message).toBe('GTIN must have 8, 12, 13 or 14 digits');
  });

  it('are read on /items, /purchase-orders and /inventory, and written with item-gtins:write alone', () => {
    for (const role of ['admin', 'inventorySupervisor', 'salesExecutive', 'serviceEngineer', 'accountant', 'auditor'] as const) expect(canUseResource(role, itemGtins), role).toBe(true);
    expect(canWriteResource('inventorySupervisor', [], itemGtins)).toBe(true);
    expect(canWriteResource('operationManager', [], itemGtins)).toBe(true);
    expect(canWriteResource('accountant', [], itemGtins)).toBe(false);
    expect(canWriteResource('accountant', ['item-gtins:write'], itemGtins)).toBe(true);
    expect(canWriteResource('salesExecutive', ['item-gtins:write'], itemGtins)).toBe(true);
    expect(canWriteResource('auditor', ['item-gtins:write'], itemGtins)).toBe(false);
  });

  it('take separators of at most 4 characters, no digit, letter or parenthesis', () => {
    const separators = gs1Settings.schema.shape.gs1Separators;
    for (const ok of ['', '+', '~^|#']) expect(separators.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['1', 'a', '(', ')', '+~^|#']) expect(separators.safeParse(bad).success, bad).toBe(false);
    expect(gs1ParseInputSchema.safeParse({ scan: '' }).success).toBe(false);
    expect(gs1ParseInputSchema.safeParse({ scan: 'x'.repeat(500) }).success).toBe(true);
    expect(gs1ParseInputSchema.safeParse({ scan: 'x'.repeat(501) }).success).toBe(false);
  });
});
