import { z } from 'zod';
import { decimalInput, numberOrNumericString } from '../resource/numeric-input.ts';

/** A statement line's signed amount: money into the account positive, out negative; two decimals, never 0. */
export function signedAmountSchema(label: string) {
  return decimalInput(
    z
      .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : numberOrNumericString(label)) })
      .trim()
      .min(1, { error: `${label} is required`, abort: true })
      .regex(/^-?\d{1,16}(\.\d{1,2})?$/, { error: `${label} must be a number of at most 16 digits and 2 decimals` })
      .refine((v) => /[1-9]/.test(v), { error: `${label} must not be zero` }),
  );
}

/** A running balance or a statement's balance: signed, two decimals, zero allowed. */
export function balanceSchema(label: string) {
  return decimalInput(
    z
      .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : numberOrNumericString(label)) })
      .trim()
      .regex(/^-?\d{1,16}(\.\d{1,2})?$/, { error: `${label} must be a number of at most 16 digits and 2 decimals` }),
  );
}

/** A tolerance: zero or more, two decimals. */
export function toleranceSchema(label: string) {
  return decimalInput(
    z
      .string({ error: numberOrNumericString(label) })
      .trim()
      .regex(/^\d{1,16}(\.\d{1,2})?$/, { error: `${label} must be zero or more, with at most 2 decimals` }),
  );
}
