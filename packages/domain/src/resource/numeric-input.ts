import { z } from 'zod';
import { isDecimalString } from '../money.ts';

/**
 * The decimal text of a JSON number: its shortest round-trip form (`0.1` is "0.1", never the
 * binary float's 0.1000000000000000055...), so an amount sent as a number is read as the digits
 * the client wrote. Whole numbers written with an exponent (1e21) are spelled out; other
 * exponent forms (1e-7) stay as they are, for the decimal rule to refuse.
 */
export function decimalTextOf(value: number): string {
  const text = String(value);
  return /e/i.test(text) && Number.isInteger(value) ? BigInt(value).toString() : text;
}

/** What a money, percentage or decimal field accepts, said in its type error. */
export const numberOrNumericString = (label: string) => `${label} must be a number or a numeric string`;

/**
 * A decimal field as clients send it: a JSON number (through its decimal text; not finite is
 * refused) or a numeric string, checked by `rule`, a string schema.
 */
export function decimalInput<Rule extends z.ZodType>(rule: Rule) {
  return z.preprocess((value) => (typeof value === 'number' && Number.isFinite(value) ? decimalTextOf(value) : value), rule);
}

/** A whole-number field (a quantity, a number of days) as clients send it: a JSON number or a numeric string such as "10". */
export function wholeNumberInput<Rule extends z.ZodType>(rule: Rule) {
  return z.preprocess((value) => (typeof value === 'string' && /^\s*[+-]?\d{1,15}\s*$/.test(value) ? Number(value) : value), rule);
}

/** A percentage from 0 to 100 with at most 2 decimals, as a decimal field takes it (a settings rate). */
export const percentageInput = (label: string) =>
  decimalInput(
    z
      .string({ error: numberOrNumericString(label) })
      .trim()
      .refine((v) => isDecimalString(v, 2) && Number(v) >= 0 && Number(v) <= 100, { error: `${label} must be a percentage from 0 to 100 with at most 2 decimals` }),
  );
