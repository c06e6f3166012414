import { describe, expect, it } from 'vitest';
import { fbrQr, fbrQrModules } from './fbr-qr.ts';

/** A finder pattern: 7 x 7, its ring and 3 x 3 core dark, the ring between light. */
const finderAt = (modules: boolean[][], top: number, left: number) =>
  Array.from({ length: 7 }, (_, r) => Array.from({ length: 7 }, (_, c) => modules[top + r]![left + c]));
const finder = Array.from({ length: 7 }, (_, r) => Array.from({ length: 7 }, (_, c) => r === 0 || r === 6 || c === 0 || c === 6 || (r >= 2 && r <= 4 && c >= 2 && c <= 4)));

describe("FBR's QR code", () => {
  it('is a version 2 symbol, 25 x 25 modules, for an NTN number and a CNIC number alike', () => {
    for (const number of ['7000007DI1747119701593', '3520212345671DI1747119701593']) {
      const modules = fbrQrModules(number);
      expect(modules).toHaveLength(fbrQr.modules);
      for (const row of modules) expect(row).toHaveLength(25);
      expect(finderAt(modules, 0, 0)).toEqual(finder);
      expect(finderAt(modules, 0, 18)).toEqual(finder);
      expect(finderAt(modules, 18, 0)).toEqual(finder);
      // Version 2's alignment pattern, centred on (18, 18): a dark centre in a light ring.
      expect(modules[18]![18]).toBe(true);
      expect(modules[17]![17]).toBe(false);
      // The timing pattern along row 6 alternates between the finders.
      expect(modules[6]!.slice(8, 17)).toEqual([true, false, true, false, true, false, true, false, true]);
    }
  });

  it('is the same for the same number and differs for another', () => {
    expect(fbrQrModules('7000007DI1747119701593')).toEqual(fbrQrModules('7000007DI1747119701593'));
    expect(fbrQrModules('7000007DI1747119701594')).not.toEqual(fbrQrModules('7000007DI1747119701593'));
  });

  it('refuses text a version 2 symbol at level M cannot hold, rather than print a larger one', () => {
    // 38 characters of the alphanumeric set fit; 39 do not.
    expect(fbrQrModules('A'.repeat(38))).toHaveLength(25);
    expect(() => fbrQrModules('A'.repeat(39))).toThrow(RangeError);
    expect(() => fbrQrModules('')).toThrow(RangeError);
  });
});
