import { describe, expect, it } from 'vitest';
import { splitByDays } from './relocation.ts';

describe('splitByDays (a relocated analyser’s month of depreciation)', () => {
  it('splits 50,000 of a 30-day month moved on the 16th: 15 and 15 days', () => {
    expect(splitByDays('50000.00', [15, 15])).toEqual(['25000.00', '25000.00']);
  });
  it('rounds the first part down to the cent and gives the last what is left: the parts sum exactly', () => {
    const parts = splitByDays('50000.00', [10, 21]);
    expect(parts).toEqual(['16129.03', '33870.97']);
    expect(parts.reduce((s, p) => s + Math.round(Number(p) * 100), 0)).toBe(5_000_000);
  });
  it('keeps a whole month to one part and gives everything to the last part when no days are known', () => {
    expect(splitByDays('333.33', [31])).toEqual(['333.33']);
    expect(splitByDays('100.00', [0, 0])).toEqual(['0.00', '100.00']);
    expect(splitByDays('100.00', [])).toEqual([]);
  });
});
