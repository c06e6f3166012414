import { describe, expect, it } from 'vitest';
import { defaultLabelGtin, fitsGs1Element, gs1LabelQuerySchema, labelElementString } from './gs1-labels.ts';
import { parseGs1 } from './gs1-parse.ts';

describe('GS1 labels (issue 32, section 4)', () => {
  it('write (01), (17), (10) and (21) in that order, leaving out what the lot lacks, and read back to the same fields', () => {
    const full = labelElementString({ gtin: '04012345678901', expiry: '2026-12-31', lot: 'ABC123', serial: 'SER42' });
    expect(full).toBe('(01)04012345678901(17)261231(10)ABC123(21)SER42');
    const read = parseGs1(full, { today: '2026-06-15' });
    expect(read.ok && read.value).toMatchObject({ gtin: '04012345678901', expiry: '2026-12-31', lot: 'ABC123', serial: 'SER42' });
    expect(labelElementString({ gtin: '04012345678901', expiry: null, lot: 'L-1', serial: null })).toBe('(01)04012345678901(10)L-1');
    expect(labelElementString({ gtin: '04012345678901', expiry: '2027-01-05', lot: '', serial: null })).toBe('(01)04012345678901(17)270105');
  });

  it('take at most 20 of GS1’s characters for a lot, no parenthesis', () => {
    expect(fitsGs1Element('LOT-2026/07_A')).toBe(true);
    expect(fitsGs1Element('x'.repeat(20))).toBe(true);
    for (const unfit of ['', 'x'.repeat(21), 'LOT 1', 'LOT(1)', 'LÖT', 'LOT#1']) expect(fitsGs1Element(unfit), unfit).toBe(false);
  });

  it('carry the item’s first each GTIN unless told, else its first', () => {
    const caseFirst = [
      { gtin: '04012345678901', packLevel: 'case' },
      { gtin: '14012345678908', packLevel: 'each' },
      { gtin: '24012345678905', packLevel: 'each' },
    ];
    expect(defaultLabelGtin(caseFirst)?.gtin).toBe('14012345678908');
    expect(defaultLabelGtin(caseFirst.slice(0, 1))?.gtin).toBe('04012345678901');
    expect(defaultLabelGtin([])).toBeUndefined();
  });

  it('print 1 copy by default, 1 to 500, and take a GTIN of 8 to 14 digits as 14', () => {
    expect(gs1LabelQuerySchema.parse({})).toEqual({ copies: 1 });
    expect(gs1LabelQuerySchema.parse({ copies: '500', gtin: '4012345678901' })).toEqual({ copies: 500, gtin: '04012345678901' });
    for (const copies of ['0', '501', '2.5', 'x', '']) expect(gs1LabelQuerySchema.safeParse({ copies }).success, copies).toBe(false);
    expect(gs1LabelQuerySchema.safeParse({ gtin: '4012345678902' }).success).toBe(false);
  });
});
