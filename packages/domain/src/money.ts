/**
 * Exact decimals as strings on the wire and bigint minor units in arithmetic. Money never
 * touches binary floats (DEVELOPERS.md, Quality bar). Two decimals unless told otherwise.
 */
const decimalPattern = /^-?\d+(\.\d+)?$/;

export function isDecimalString(value: string, scale = 2): boolean {
  if (!decimalPattern.test(value)) return false;
  const fraction = value.split('.')[1];
  return fraction === undefined || fraction.length <= scale;
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
  const plain = fromMinorUnits(toMinorUnits(value, scale), scale);
  const negative = plain.startsWith('-');
  const [whole = '0', fraction] = plain.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}
