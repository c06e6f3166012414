import { z } from 'zod';
import { messages } from '../messages.ts';
import { fitsIntegerDigits, fromMinorUnits, isDecimalString, toMinorUnits } from '../money.ts';
import { maxInt32, noNulPattern } from '../resource/declaration.ts';
import { decimalInput, numberOrNumericString } from '../resource/numeric-input.ts';
import { currencyCodeSchema, exchangeRateSchema } from '../currency-fields.ts';

const amount = (label: string) =>
  decimalInput(
    z
      .string({ error: numberOrNumericString(label) })
      .trim()
      .refine((v) => v === '' || isDecimalString(v, 2, Number.POSITIVE_INFINITY), { error: `${label} must be a number with at most 2 decimals` })
      .refine((v) => fitsIntegerDigits(v), { error: messages.amountTooLarge(label) })
      .transform((v) => (v === '' ? '0.00' : v)),
  );

/** A journal's line; the journal itself is declared in journal.document.ts. */
export const journalLineSchema = z.strictObject({
  accountId: z
    .number({ error: 'Account is required' })
    .int()
    .positive({ error: 'Account is required' })
    .max(maxInt32, { error: messages.wholeNumberTooLarge('Account') }),
  debit: amount('Debit').default('0.00'),
  credit: amount('Credit').default('0.00'),
  memo: z
    .string()
    .regex(noNulPattern, { error: messages.nulCharacter('Memo') })
    .trim()
    .max(200, { error: 'Memo must be at most 200 characters' })
    .default(''),
  // What the line's ledger row is stamped with (issue 21): given here, it wins over the ventures' scope rules.
  jointVentureId: z.number({ error: 'Joint venture must be an id' }).int().positive().max(maxInt32).nullable().optional(),
  rentalAgreementId: z.number({ error: 'Rental agreement must be an id' }).int().positive().max(maxInt32).nullable().optional(),
  // Issue 33: a line on a foreign-currency account may give its figures in that currency (the debit and credit stay the company's).
  currency: currencyCodeSchema().nullable().optional(),
  exchangeRate: exchangeRateSchema('Exchange rate').nullable().optional(),
  foreignDebit: amount('Foreign debit').nullable().optional(),
  foreignCredit: amount('Foreign credit').nullable().optional(),
});

export type JournalLineInput = z.input<typeof journalLineSchema>;
export type JournalLine = z.output<typeof journalLineSchema>;

export const journalMessages = {
  bothSides: 'A line takes either a debit or a credit, not both',
  neitherSide: 'A line needs a debit or a credit',
  negative: 'Amounts cannot be negative',
  unbalanced: (debit: string, credit: string) => `Debits (${debit}) and credits (${credit}) must be equal`,
  inactiveAccount: 'This account is not active',
  closedPeriod: (closedThrough: string) => `The books are closed through ${closedThrough}; choose a later date`,
  notDraft: 'Only a draft can be changed',
  foreignIncomplete: 'A line in another currency needs its exchange rate',
  foreignWithoutCurrency: 'Foreign amounts need the currency they are in',
  foreignSide: 'The foreign amount goes on the same side as the line',
  foreignAccount: (currency: string, account: string) => `This account is kept in ${account}, not ${currency}`,
  foreignRequired: (account: string) => `This account is kept in ${account}: give the line's ${account} amount and rate`,
  cannot: (action: string, status: string) => `A ${status} journal cannot be ${action === 'post' ? 'posted' : 'cancelled'}`,
} as const;

/**
 * What stops a journal from posting, by field path (`lines.2.debit`, `lines`): a line with
 * both or neither of debit and credit, a negative amount, or unequal totals. Exact: the
 * amounts are summed as integer cents.
 */
export function journalProblems(lines: readonly JournalLine[]): Record<string, string> {
  const problems: Record<string, string> = {};
  let debit = 0n;
  let credit = 0n;
  lines.forEach((line, index) => {
    const d = toMinorUnits(line.debit);
    const c = toMinorUnits(line.credit);
    const foreign = foreignProblem(line);
    if (foreign) problems[`lines.${index}.${foreign.field}`] = foreign.message;
    if (d < 0n || c < 0n) problems[`lines.${index}.${d < 0n ? 'debit' : 'credit'}`] = journalMessages.negative;
    else if (d > 0n && c > 0n) problems[`lines.${index}.credit`] = journalMessages.bothSides;
    else if (d === 0n && c === 0n) problems[`lines.${index}.debit`] = journalMessages.neitherSide;
    debit += d;
    credit += c;
  });
  if (debit !== credit) {
    const show = (v: bigint) => fromMinorUnits(v);
    problems.lines = journalMessages.unbalanced(show(debit), show(credit));
  }
  return problems;
}

/** A line's foreign figures (issue 33): the currency with its rate, and a foreign amount only on the line's own side. */
function foreignProblem(line: JournalLine): { field: string; message: string } | undefined {
  const fd = toMinorUnits(line.foreignDebit ?? '0');
  const fc = toMinorUnits(line.foreignCredit ?? '0');
  if (!line.currency) return fd !== 0n || fc !== 0n || line.exchangeRate ? { field: 'currency', message: journalMessages.foreignWithoutCurrency } : undefined;
  if (!line.exchangeRate) return { field: 'exchangeRate', message: journalMessages.foreignIncomplete };
  if ((fd > 0n && toMinorUnits(line.credit) > 0n) || (fc > 0n && toMinorUnits(line.debit) > 0n)) return { field: fd > 0n ? 'foreignDebit' : 'foreignCredit', message: journalMessages.foreignSide };
  return undefined;
}

/** Gapless document numbers per type and year (PRODUCT.md, principle 3): JV-2026-000123. */
export function documentNumber(prefix: string, year: number, sequence: number): string {
  // Always four digits of year, so JV-1-000001 cannot happen (dates before 1900 are refused anyway).
  return `${prefix}-${String(year).padStart(4, '0')}-${String(sequence).padStart(6, '0')}`;
}
