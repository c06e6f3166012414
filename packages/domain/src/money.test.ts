import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocate,
  allocateMinorUnits,
  canonicalDecimal,
  divideRounded,
  fromMinorUnits,
  multiply,
  multiplyDecimals,
  percentage,
  type RoundingMode,
  roundDecimal,
  sum,
  toMinorUnits,
} from './money.ts';

const modes: RoundingMode[] = ['half-up', 'half-even', 'down', 'up'];

/**
 * Reference rounding of the exact fraction n/d (d > 0) to an integer, written differently from
 * `divideRounded`: take the two integer neighbours and compare distances, so a shared mistake
 * is unlikely.
 */
function referenceRound(n: bigint, d: bigint, mode: RoundingMode): bigint {
  const floor = n >= 0n ? n / d : -((-n + d - 1n) / d);
  const ceil = floor * d === n ? floor : floor + 1n;
  if (floor === ceil) return floor;
  const towardZero = n >= 0n ? floor : ceil;
  const awayFromZero = n >= 0n ? ceil : floor;
  if (mode === 'down') return towardZero;
  if (mode === 'up') return awayFromZero;
  const toFloor = n - floor * d; // distance to floor, times d
  const toCeil = ceil * d - n;
  if (toFloor !== toCeil) return toFloor < toCeil ? floor : ceil;
  if (mode === 'half-up') return awayFromZero;
  return floor % 2n === 0n ? floor : ceil;
}

/** A decimal string with 0-6 decimals and up to 13 digits. */
const decimal = fc
  .tuple(fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n }), fc.integer({ min: 0, max: 6 }))
  .map(([units, scale]) => ({ text: fromMinorUnits(units, scale), units, scale }));
const mode = fc.constantFrom(...modes);
const resultScale = fc.integer({ min: 0, max: 4 });

describe('divideRounded', () => {
  it('rounds ties by the declared mode, symmetric around zero', () => {
    expect([5n, 15n, 25n, -5n, -15n, -25n].map((n) => divideRounded(n, 10n, 'half-up'))).toEqual([1n, 2n, 3n, -1n, -2n, -3n]);
    expect([5n, 15n, 25n, -5n, -15n, -25n].map((n) => divideRounded(n, 10n, 'half-even'))).toEqual([0n, 2n, 2n, 0n, -2n, -2n]);
    expect([19n, -19n].map((n) => divideRounded(n, 10n, 'down'))).toEqual([1n, -1n]);
    expect([11n, -11n].map((n) => divideRounded(n, 10n, 'up'))).toEqual([2n, -2n]);
    expect(divideRounded(7n, -2n, 'half-up')).toBe(-4n);
    expect(() => divideRounded(1n, 0n)).toThrow(RangeError);
  });

  it('matches the exact rational reference for every mode', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.bigInt({ min: 1n, max: 10n ** 9n }), mode, (n, d, m) => {
        expect(divideRounded(n, d, m)).toBe(referenceRound(n, d, m));
        expect(divideRounded(-n, d, m)).toBe(-divideRounded(n, d, m));
      }),
    );
  });

  it('at exactly .5 half-up goes away from zero and half-even to the even neighbour', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (k) => {
        const tie = k * 10n + (k < 0n ? -5n : 5n); // k.5 with the sign of k, in tenths
        const away = k < 0n ? k - 1n : k + 1n;
        expect(divideRounded(tie, 10n, 'half-up')).toBe(away);
        expect(divideRounded(tie, 10n, 'half-even')).toBe(k % 2n === 0n ? k : away);
        expect(divideRounded(tie + 1n, 10n, 'half-even')).toBe(k < 0n ? k : away);
        expect(divideRounded(tie - 1n, 10n, 'half-up')).toBe(k < 0n ? away : k);
      }),
    );
  });
});

describe('multiply (whole quantity x price)', () => {
  it('is exact and keeps the price scale', () => {
    expect(multiply(3, '19.99')).toBe('59.97');
    expect(multiply(3n, '-0.01')).toBe('-0.03');
    expect(multiply('1000000', '1234567.89')).toBe('1234567890000.00');
    expect(multiply(2, '1.2345', 4)).toBe('2.4690');
    expect(multiply(0, '5.5')).toBe('0.00');
  });

  it('refuses fractional quantities and prices finer than the scale instead of rounding', () => {
    expect(() => multiply(1.5, '2.00')).toThrow(RangeError);
    expect(() => multiply('1.5', '2.00')).toThrow(RangeError);
    expect(() => multiply(2, '1.999')).toThrow(RangeError);
  });

  it('equals the sum of the price repeated quantity times', () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 50 }), fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), (quantity, cents) => {
        const price = fromMinorUnits(cents);
        const expected = sum(Array.from({ length: Math.abs(quantity) }, () => price));
        expect(multiply(quantity, price)).toBe(quantity < 0 ? fromMinorUnits(-toMinorUnits(expected)) : expected);
      }),
    );
  });
});

describe('multiplyDecimals', () => {
  it('rounds once at the declared scale', () => {
    expect(multiplyDecimals('2.5', '1.99')).toBe('4.98'); // 4.975
    expect(multiplyDecimals('2.5', '1.97', { rounding: 'half-even' })).toBe('4.92'); // 4.925
    expect(multiplyDecimals('2.5', '1.97', { rounding: 'half-up' })).toBe('4.93');
    expect(multiplyDecimals('-2.5', '1.97')).toBe('-4.93');
    expect(multiplyDecimals('0.3333', '3', { scale: 4 })).toBe('0.9999');
    expect(multiplyDecimals('1.005', '1', { scale: 2, rounding: 'down' })).toBe('1.00');
  });

  it('matches the exact rational reference', () => {
    fc.assert(
      fc.property(decimal, decimal, resultScale, mode, (a, b, scale, m) => {
        const n = a.units * b.units * 10n ** BigInt(scale);
        const d = 10n ** BigInt(a.scale + b.scale);
        expect(multiplyDecimals(a.text, b.text, { scale, rounding: m })).toBe(fromMinorUnits(referenceRound(n, d, m), scale));
      }),
    );
  });
});

describe('percentage', () => {
  it('takes the rate in percent and rounds half-up unless told', () => {
    expect(percentage('19.99', '7.5')).toBe('1.50'); // 1.49925
    expect(percentage('100.00', '16')).toBe('16.00');
    expect(percentage('0.50', '5')).toBe('0.03'); // 0.025
    expect(percentage('0.50', '5', { rounding: 'half-even' })).toBe('0.02');
    expect(percentage('-0.50', '5')).toBe('-0.03');
    expect(percentage('1234.5678', '12.5', { scale: 4 })).toBe('154.3210'); // 154.320975
    expect(percentage('10.00', '0')).toBe('0.00');
  });

  it('matches the exact rational reference', () => {
    fc.assert(
      fc.property(decimal, decimal, resultScale, mode, (amount, rate, scale, m) => {
        const n = amount.units * rate.units * 10n ** BigInt(scale);
        const d = 100n * 10n ** BigInt(amount.scale + rate.scale);
        expect(percentage(amount.text, rate.text, { scale, rounding: m })).toBe(fromMinorUnits(referenceRound(n, d, m), scale));
      }),
    );
  });
});

describe('roundDecimal', () => {
  it('brings a finer decimal to the scale', () => {
    expect(roundDecimal('2.345')).toBe('2.35');
    expect(roundDecimal('2.345', { rounding: 'half-even' })).toBe('2.34');
    expect(roundDecimal('2.355', { rounding: 'half-even' })).toBe('2.36');
    expect(roundDecimal('-2.345')).toBe('-2.35');
    expect(roundDecimal('7', { scale: 3 })).toBe('7.000');
    expect(() => roundDecimal('1e5')).toThrow(RangeError);
  });
});

describe('sum', () => {
  it('adds exactly', () => {
    expect(sum(['0.10', '0.20'])).toBe('0.30');
    expect(sum([])).toBe('0.00');
    expect(sum(['1.2345', '-0.0005'], 4)).toBe('1.2340');
  });
});

describe('allocate', () => {
  it('splits without losing a cent, remainders to the largest fractions, ties to the earlier share', () => {
    expect(allocate('100.00', [1, 1, 1])).toEqual(['33.34', '33.33', '33.33']);
    expect(allocate('-100.00', [1, 1, 1])).toEqual(['-33.34', '-33.33', '-33.33']);
    expect(allocate('0.05', [1, 1, 1, 1, 1, 1])).toEqual(['0.01', '0.01', '0.01', '0.01', '0.01', '0.00']);
    // 10 over 1:2 is 3.333.. and 6.666..: the larger remainder (.666) gets the cent.
    expect(allocate('10.00', ['1', '2'])).toEqual(['3.33', '6.67']);
    expect(allocate('10.00', ['100.50', '0', '201.00'])).toEqual(['3.33', '0.00', '6.67']);
    expect(allocate('12.5', [1, 3], 1)).toEqual(['3.1', '9.4']);
  });

  it('handles zero weights and refuses what has no proportion', () => {
    expect(allocate('0.00', [0, 0])).toEqual(['0.00', '0.00']);
    expect(allocate('5.00', [0, 2, 0])).toEqual(['0.00', '5.00', '0.00']);
    expect(allocate('0.00', [])).toEqual([]);
    expect(() => allocate('1.00', [0, 0])).toThrow(RangeError);
    expect(() => allocate('1.00', [])).toThrow(RangeError);
    expect(() => allocate('1.00', [1, -1])).toThrow(RangeError);
    expect(() => allocate('1.00', [0.5])).toThrow(RangeError);
  });

  const weights = fc.array(
    fc.oneof(
      fc.constant(0n),
      fc.bigInt({ min: 1n, max: 1000n }),
      fc.bigInt({ min: 1n, max: 10n ** 15n }),
    ),
    { minLength: 1, maxLength: 25 },
  );

  it('sums to the total, and each share is within one minor unit of its exact proportion', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n }), weights, (total, ws) => {
        const weightSum = ws.reduce((a, w) => a + w, 0n);
        fc.pre(weightSum > 0n || total === 0n);
        const shares = allocateMinorUnits(total, ws);
        expect(shares.reduce((a, s) => a + s, 0n)).toBe(total);
        shares.forEach((share, i) => {
          if (weightSum === 0n) return expect(share).toBe(0n);
          // |share - total*w/W| < 1  <=>  |share*W - total*w| < W
          const gap = share * weightSum - total * ws[i]!;
          expect(gap < 0n ? -gap : gap).toBeLessThan(weightSum);
          if (ws[i] === 0n) expect(share).toBe(0n);
          if (share !== 0n) expect(share < 0n).toBe(total < 0n);
        });
        expect(allocateMinorUnits(-total, ws)).toEqual(shares.map((s) => -s));
      }),
    );
  });

  it('gives the same split for decimal weights as for the same weights scaled to integers', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        fc.array(fc.bigInt({ min: 1n, max: 10n ** 9n }), { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 4 }),
        (total, ws, weightScale) => {
          const asText = allocate(fromMinorUnits(total), ws.map((w) => fromMinorUnits(w, weightScale)));
          expect(asText).toEqual(allocateMinorUnits(total, ws).map((s) => fromMinorUnits(s)));
        },
      ),
    );
  });
});

describe('canonicalDecimal', () => {
  it('writes a decimal as the database does, exactly, and refuses more places than the scale', () => {
    expect(canonicalDecimal('12.5')).toBe('12.50');
    expect(canonicalDecimal('0')).toBe('0.00');
    expect(canonicalDecimal('-3.10')).toBe('-3.10');
    expect(canonicalDecimal('7', 0)).toBe('7');
    expect(() => canonicalDecimal('1.005')).toThrow(RangeError);
  });
});
