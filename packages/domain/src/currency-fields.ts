import { z } from 'zod';
import { formatDecimal, isDecimalString } from './money.ts';
import { decimalInput, numberOrNumericString } from './resource/numeric-input.ts';

/**
 * The kernel's currency fields (issue 33): what any area's declaration takes to name a currency or
 * a rate (accounts, vendors, receipts, payments); the currencies area owns the rest.
 */

/** A currency's ISO 4217 code: three capital letters (`usd` is read as `USD`). */
export function currencyCodeSchema(label = 'Currency') {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: `${label} must be a three-letter code such as USD` });
}

/** Rates are PKR (the company currency) per unit, to 6 decimals (issue 33: "rates to 6 decimals"), kept in numeric(18, 6). */
export const exchangeRateScale = 6;

/** A rate as a body gives it: above 0, at most 6 decimals and 12 digits before the point; never a float. */
export function exchangeRateSchema(label = 'Rate') {
  return decimalInput(
    z
      .string({ error: numberOrNumericString(label) })
      .trim()
      .refine((v) => isDecimalString(v, exchangeRateScale, 12), { error: `${label} must be a number with at most ${exchangeRateScale} decimals` })
      .refine((v) => !/^-/.test(v) && /[1-9]/.test(v), { error: `${label} must be more than 0` }),
  );
}


/** A rate as people read it: 6 decimals on the wire, shown with the trailing zeros after the cents dropped (280.00, 281.25, 284.123456). */
export function formatRate(rate: string): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  const kept = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `${formatDecimal(whole, 0)}.${kept}`;
}
