/**
 * GTINs (GS1 General Specifications 3.3.2 and 7.9.1): GTIN-8, -12, -13 and -14 are one number
 * written in 14 digits (left-padded with zeros), whose last digit is a mod-10 check digit.
 */

export const gtinLengths = [8, 12, 13, 14] as const;

/** The check digit of the digits before it (any length): weights 3, 1, 3, ... from the right. */
export function gtinCheckDigit(digitsWithoutCheck: string): number {
  let sum = 0;
  for (let i = digitsWithoutCheck.length - 1, weight = 3; i >= 0; i -= 1, weight = 4 - weight) sum += (digitsWithoutCheck.charCodeAt(i) - 48) * weight;
  return (10 - (sum % 10)) % 10;
}

/** Whether `digits` (only digits) ends in its right check digit. */
export function hasValidCheckDigit(digits: string): boolean {
  return digits.length > 1 && gtinCheckDigit(digits.slice(0, -1)) === digits.charCodeAt(digits.length - 1) - 48;
}

/** 8, 12, 13 or 14 digits padded to 14, or null for any other text (the check digit is not looked at). */
export function gtin14Of(text: string): string | null {
  return /^\d+$/.test(text) && (gtinLengths as readonly number[]).includes(text.length) ? text.padStart(14, '0') : null;
}

export const gtinMessages = {
  checkDigit: (gtin14: string) => `GTIN ${gtin14} has a wrong check digit; scan again`,
  shape: 'GTIN must have 8, 12, 13 or 14 digits',
} as const;

/** A GTIN as typed or scanned: its 14 digits, or why it is none. */
export function readGtin(text: string): { ok: true; gtin: string } | { ok: false; message: string } {
  const gtin = gtin14Of(text.trim());
  if (gtin === null) return { ok: false, message: gtinMessages.shape };
  if (!hasValidCheckDigit(gtin)) return { ok: false, message: gtinMessages.checkDigit(gtin) };
  return { ok: true, gtin };
}
