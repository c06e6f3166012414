/**
 * Exact decimals as strings on the wire and bigint minor units in arithmetic. Money never
 * touches binary floats (DEVELOPERS.md, Quality bar). Two decimals unless told otherwise.
 *
 * Documents compute amounts only through these helpers, never with their own BigInt maths:
 * `multiply` (whole quantity x price, exact), `multiplyDecimals` and `percentage` (rounded
 * once, by a declared `RoundingMode`), `allocate` (a total over weights, not a cent lost),
 * `sum`, `roundDecimal`, and `divideRounded` / `allocateMinorUnits` for code holding bigints.
 */
const decimalPattern = /^-?\d+(\.\d+)?$/;

/** Amounts are stored as numeric(18, 2): at most 16 digits before the decimal point. */
export const maxIntegerDigits = 16;

/**
 * A decimal with at most `scale` decimals and at most `integerDigits` digits before the
 * point (leading zeros not counted), so it fits its column.
 */
export function isDecimalString(value: string, scale = 2, integerDigits: number = maxIntegerDigits): boolean {
  if (!decimalPattern.test(value)) return false;
  const [whole = '', fraction] = value.replace('-', '').split('.');
  if (whole.replace(/^0+(?=\d)/, '').length > integerDigits) return false;
  return fraction === undefined || fraction.length <= scale;
}

/** Whether a decimal fits before the point: what a field says when the digits, not the format, are wrong. */
export function fitsIntegerDigits(value: string, integerDigits: number = maxIntegerDigits): boolean {
  const whole = value.trim().replace('-', '').split('.')[0] ?? '';
  return whole.replace(/^0+(?=\d)/, '').length <= integerDigits;
}

/** The largest magnitude a numeric(18, 2) column holds, in minor units. */
export const maxAmountMinorUnits = 10n ** BigInt(maxIntegerDigits + 2) - 1n;

/**
 * Whether the sum of amounts still fits a numeric(18, 2) column (a document's total): lines
 * that each fit may overflow together. Values that are not decimals are another rule's concern.
 */
export function sumFitsColumn(values: readonly string[], scale = 2): boolean {
  let sum = 0n;
  for (const value of values) {
    if (!isDecimalString(value.trim(), scale, Number.POSITIVE_INFINITY)) continue;
    sum += toMinorUnits(value, scale);
  }
  return (sum < 0n ? -sum : sum) <= 10n ** BigInt(maxIntegerDigits + scale) - 1n;
}

export function toMinorUnits(value: string, scale = 2): bigint {
  const trimmed = value.trim();
  if (!decimalPattern.test(trimmed)) throw new RangeError(`Not a decimal: ${value}`);
  const negative = trimmed.startsWith('-');
  const [whole = '0', fraction = ''] = trimmed.replace('-', '').split('.');
  if (fraction.length > scale && /[1-9]/.test(fraction.slice(scale))) {
    throw new RangeError(`More than ${scale} decimals: ${value}`);
  }
  const units = BigInt(whole + fraction.slice(0, scale).padEnd(scale, '0'));
  return negative ? -units : units;
}

/** A decimal in its canonical form at `scale` places, as the database writes it ('12.5' -> '12.50'); exact. */
export function canonicalDecimal(value: string, scale = 2): string {
  return fromMinorUnits(toMinorUnits(value, scale), scale);
}

export function fromMinorUnits(units: bigint, scale = 2): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

export function addDecimals(values: readonly string[], scale = 2): string {
  return fromMinorUnits(values.reduce((sum, v) => sum + toMinorUnits(v, scale), 0n), scale);
}

export function negateDecimal(value: string, scale = 2): string {
  return fromMinorUnits(-toMinorUnits(value, scale), scale);
}

export function compareDecimal(a: string, b: string, scale = 2): -1 | 0 | 1 {
  const x = toMinorUnits(a, scale);
  const y = toMinorUnits(b, scale);
  return x === y ? 0 : x > y ? 1 : -1;
}

/** Thousands separated, fixed decimals: 1234567.5 -> "1,234,567.50". */
export function formatDecimal(value: string, scale = 2): string {
  const plain = canonicalDecimal(value, scale);
  const negative = plain.startsWith('-');
  const [whole = '0', fraction] = plain.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** Same as `addDecimals`: the name later documents use. Exact, no rounding. */
export function sum(values: readonly string[], scale = 2): string {
  return addDecimals(values, scale);
}

/**
 * How a result with more decimals than its scale is brought to that scale. Every mode is
 * symmetric around zero, so negating an input negates the result (a credit note mirrors its
 * invoice to the cent).
 * - `half-up`: commercial rounding, a tie (.5) goes away from zero: 2.345 -> 2.35, -2.345 -> -2.35.
 * - `half-even`: banker's rounding, a tie goes to the even neighbour: 2.345 -> 2.34, 2.355 -> 2.36.
 * - `down`: toward zero (truncation), for amounts that may never exceed their exact value.
 * - `up`: away from zero.
 */
export type RoundingMode = 'half-up' | 'half-even' | 'down' | 'up';

export interface RoundingOptions {
  /** Decimals of the result; 2 unless told. */
  scale?: number;
  /** `half-up` unless told. */
  rounding?: RoundingMode;
}

/**
 * `numerator / denominator` as an integer, rounded once by `mode`. The one place where a
 * quotient of minor units is rounded; the helpers below build on it.
 */
export function divideRounded(numerator: bigint, denominator: bigint, mode: RoundingMode = 'half-up'): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = n / d;
  const remainder = n % d;
  let magnitude = quotient;
  if (remainder !== 0n) {
    const twice = remainder * 2n;
    const awayFromZero =
      mode === 'up' ||
      (mode === 'half-up' && twice >= d) ||
      (mode === 'half-even' && (twice > d || (twice === d && quotient % 2n === 1n)));
    if (awayFromZero) magnitude += 1n;
  }
  return negative ? -magnitude : magnitude;
}

/**
 * `quantity × price` for a whole quantity (units of an item) and a decimal price with at most
 * `scale` decimals: exact, never rounded, `scale` decimals in the result.
 * `multiply(3, '19.99')` -> `'59.97'`; `multiply(2, '1.2345', 4)` -> `'2.4690'`.
 */
export function multiply(quantity: number | bigint | string, price: string, scale = 2): string {
  return fromMinorUnits(wholeNumber(quantity, 'quantity') * toMinorUnits(price, scale), scale);
}

/**
 * `a × b` for two decimals of any precision (a fractional quantity, a unit cost of 4 decimals,
 * an exchange rate), computed exactly and rounded once to `scale` by `rounding`.
 * `multiplyDecimals('2.5', '1.99')` -> `'4.98'` (4.975, half-up);
 * `multiplyDecimals('2.5', '1.99', { rounding: 'half-even' })` -> `'4.98'`.
 */
export function multiplyDecimals(a: string, b: string, options: RoundingOptions = {}): string {
  const { scale = 2, rounding = 'half-up' } = options;
  const x = parseExact(a);
  const y = parseExact(b);
  const exactScale = x.scale + y.scale;
  return fromMinorUnits(rescale(x.units * y.units, exactScale, scale, rounding), scale);
}

/**
 * `amount × rate / 100` for a rate in percent (`'7.5'` is 7.5 %), rounded once to `scale` by
 * `rounding`: tax, discount and commission lines. `percentage('19.99', '7.5')` -> `'1.50'`
 * (1.49925). The amount may carry more decimals than `scale`; only the result is rounded.
 */
export function percentage(amount: string, rate: string, options: RoundingOptions = {}): string {
  const { scale = 2, rounding = 'half-up' } = options;
  const x = parseExact(amount);
  const r = parseExact(rate);
  // The extra 2 decimals are the division by 100.
  return fromMinorUnits(rescale(x.units * r.units, x.scale + r.scale + 2, scale, rounding), scale);
}

/** A decimal with more decimals than `scale`, brought to `scale`: `roundDecimal('2.345')` -> `'2.35'`. */
export function roundDecimal(value: string, options: RoundingOptions = {}): string {
  const { scale = 2, rounding = 'half-up' } = options;
  const x = parseExact(value);
  return fromMinorUnits(rescale(x.units, x.scale, scale, rounding), scale);
}

/**
 * Splits `total` into shares proportional to `weights` so that the shares add up to exactly
 * `total`: freight over receipt lines (landed cost), a discount over invoice lines, a cost
 * over depreciation periods (equal weights). Largest remainder method: each share starts at
 * its proportion rounded toward zero, and the cents left over go one each to the shares with
 * the largest remainders; equal remainders go to the earlier share, so the same input always
 * gives the same split. Every share is within one cent (one minor unit) of its exact
 * proportion and has the sign of the total.
 * - weights are decimals or whole numbers, none negative; a zero weight gets a zero share;
 * - a negative total is split like its absolute value, each share negated (a reversal
 *   mirrors the original split);
 * - all weights zero: a zero total splits into zeros, any other total is a RangeError
 *   (there is no proportion to follow; the caller picks other weights, e.g. quantities).
 * `allocate('100.00', [1, 1, 1])` -> `['33.34', '33.33', '33.33']`.
 */
export function allocate(total: string, weights: readonly (string | number | bigint)[], scale = 2): string[] {
  const parsed = weights.map((weight) => parseWeight(weight));
  const weightScale = Math.max(0, ...parsed.map((w) => w.scale));
  const common = parsed.map((w) => w.units * 10n ** BigInt(weightScale - w.scale));
  return allocateMinorUnits(toMinorUnits(total, scale), common).map((share) => fromMinorUnits(share, scale));
}

/** `allocate` on minor units and integer weights, for code already holding bigints. */
export function allocateMinorUnits(total: bigint, weights: readonly bigint[]): bigint[] {
  if (weights.some((weight) => weight < 0n)) throw new RangeError('A weight is negative');
  const weightSum = weights.reduce((acc, weight) => acc + weight, 0n);
  if (weightSum === 0n) {
    if (total === 0n) return weights.map(() => 0n);
    throw new RangeError('All weights are zero: a non-zero total cannot be allocated');
  }
  const magnitude = total < 0n ? -total : total;
  const shares = weights.map((weight) => (magnitude * weight) / weightSum);
  const remainders = weights.map((weight, index) => ({ index, remainder: (magnitude * weight) % weightSum }));
  let left = magnitude - shares.reduce((acc, share) => acc + share, 0n);
  // Fewer leftover cents than shares with a remainder (each remainder < weightSum), so one pass suffices.
  remainders.sort((x, y) => (x.remainder === y.remainder ? x.index - y.index : x.remainder > y.remainder ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0n) break;
    shares[index]! += 1n;
    left -= 1n;
  }
  return total < 0n ? shares.map((share) => -share) : shares;
}

/** A decimal string with exactly as many decimals as it was written with. */
function parseExact(value: string): { units: bigint; scale: number } {
  const trimmed = value.trim();
  if (!decimalPattern.test(trimmed)) throw new RangeError(`Not a decimal: ${value}`);
  const scale = trimmed.split('.')[1]?.length ?? 0;
  return { units: toMinorUnits(trimmed, scale), scale };
}

function parseWeight(weight: string | number | bigint): { units: bigint; scale: number } {
  if (typeof weight === 'string') return parseExact(weight);
  return { units: wholeNumber(weight, 'weight'), scale: 0 };
}

function wholeNumber(value: number | bigint | string, what: string): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError(`The ${what} is not a whole number: ${value}`);
    return BigInt(value);
  }
  if (!/^-?\d+$/.test(value.trim())) throw new RangeError(`The ${what} is not a whole number: ${value}`);
  return BigInt(value.trim());
}

/** Units at `from` decimals as units at `to` decimals, rounded when decimals are dropped. */
function rescale(units: bigint, from: number, to: number, rounding: RoundingMode): bigint {
  if (to >= from) return units * 10n ** BigInt(to - from);
  return divideRounded(units, 10n ** BigInt(from - to), rounding);
}
