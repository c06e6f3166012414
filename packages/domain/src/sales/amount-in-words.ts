import { toMinorUnits } from '../money.ts';

/**
 * An amount in words for a printed invoice or credit note (issue 8, section 3), in the
 * company's currency: `amountInWords('1250.50', 'PKR')` ->
 * 'Pakistani Rupees One Thousand Two Hundred Fifty and Paisa Fifty Only'. Computed from the
 * decimal string (bigint), never a binary float, so every amount the columns hold reads
 * exactly; international scale (thousand, million, billion...).
 */
const currencyNames: Readonly<Record<string, { major: string; minor: string }>> = {
  PKR: { major: 'Pakistani Rupees', minor: 'Paisa' },
  INR: { major: 'Indian Rupees', minor: 'Paise' },
  USD: { major: 'US Dollars', minor: 'Cents' },
  EUR: { major: 'Euros', minor: 'Cents' },
  GBP: { major: 'Pounds Sterling', minor: 'Pence' },
  AED: { major: 'UAE Dirhams', minor: 'Fils' },
  SAR: { major: 'Saudi Riyals', minor: 'Halalas' },
};

const ones = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const tens = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];
const scales = ['', 'Thousand', 'Million', 'Billion', 'Trillion', 'Quadrillion'];

function belowThousand(n: number): string[] {
  const words: string[] = [];
  if (n >= 100) words.push(ones[Math.floor(n / 100)]!, 'Hundred');
  const rest = n % 100;
  if (rest >= 20) words.push(tens[Math.floor(rest / 10)]! + (rest % 10 ? `-${ones[rest % 10]}` : ''));
  else if (rest > 0) words.push(ones[rest]!);
  return words;
}

/** A whole number in words: 'Zero' for 0. */
export function integerInWords(value: bigint): string {
  if (value === 0n) return 'Zero';
  const groups: string[] = [];
  let rest = value < 0n ? -value : value;
  for (let scale = 0; rest > 0n; scale += 1, rest /= 1000n) {
    const group = Number(rest % 1000n);
    if (group > 0) groups.unshift([...belowThousand(group), scales[scale]!].filter(Boolean).join(' '));
  }
  return (value < 0n ? 'Minus ' : '') + groups.join(' ');
}

export function amountInWords(amount: string, currency: string): string {
  const units = toMinorUnits(amount);
  const magnitude = units < 0n ? -units : units;
  const names = currencyNames[currency.toUpperCase()] ?? { major: currency.toUpperCase(), minor: 'Cents' };
  const major = `${names.major} ${integerInWords(magnitude / 100n)}`;
  const minor = magnitude % 100n;
  return `${units < 0n ? 'Minus ' : ''}${major}${minor > 0n ? ` and ${names.minor} ${integerInWords(minor)}` : ''} Only`;
}
