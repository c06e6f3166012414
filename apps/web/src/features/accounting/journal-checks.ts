import { addDecimals, compareDecimal, isDecimalString, journalInputSchema, journalProblems, negateDecimal, type JournalLine } from '@erp/domain';
import type { JournalBody, JournalDetail } from './accounting-api.ts';

/** A line as the form holds it: amounts are InputNumber strings (stringMode), or empty. */
export interface JournalLineValues {
  accountId?: number | null;
  debit?: string | null;
  credit?: string | null;
  memo?: string | null;
  /** Issue 33: set from the account when it is kept in another currency, with the line's rate and amounts in it. */
  currency?: string | null;
  exchangeRate?: string | null;
  foreignDebit?: string | null;
  foreignCredit?: string | null;
}

export interface JournalFormValues {
  journalDate?: string | null;
  narration?: string;
  lines?: (JournalLineValues | undefined)[];
}

/** An amount the form holds, as the wire wants it: '' when empty. */
function amountText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return String(value).trim();
}

/** An amount that can be summed exactly: a decimal with at most two places, else zero. */
function summable(value: unknown): string {
  const text = amountText(value);
  return text !== '' && isDecimalString(text, 2) ? text : '0';
}

export interface JournalTotals {
  debit: string;
  credit: string;
  /** Debit minus credit; zero when the journal balances. */
  difference: string;
  balanced: boolean;
}

/** Live totals, exact (integer cents through the domain's addDecimals), never floats. */
export function journalTotals(lines: readonly (JournalLineValues | undefined)[] | undefined): JournalTotals {
  const rows = (lines ?? []).filter((l): l is JournalLineValues => Boolean(l));
  const debit = addDecimals(rows.map((l) => summable(l.debit)));
  const credit = addDecimals(rows.map((l) => summable(l.credit)));
  const difference = addDecimals([debit, negateDecimal(credit)]);
  return { debit, credit, difference, balanced: compareDecimal(debit, credit) === 0 };
}

/** Form values -> request body (amounts '' become 0.00 on the server, as its schema says). */
export function journalBodyOf(values: JournalFormValues): JournalBody {
  return {
    journalDate: values.journalDate ?? '',
    narration: values.narration ?? '',
    lines: (values.lines ?? []).map((line) => ({
      accountId: line?.accountId ?? (undefined as unknown as number),
      debit: amountText(line?.debit),
      credit: amountText(line?.credit),
      memo: (line?.memo ?? '').trim(),
      ...(line?.currency ? foreignOf(line) : {}),
    })),
  };
}

/** A foreign line's figures as the wire takes them: an empty amount or rate is null. */
function foreignOf(line: JournalLineValues) {
  const orNull = (value: unknown) => amountText(value) || null;
  return { currency: line.currency ?? null, exchangeRate: orNull(line.exchangeRate), foreignDebit: orNull(line.foreignDebit), foreignCredit: orNull(line.foreignCredit) };
}

/** Form values of a saved journal. */
export function journalFormValuesOf(journal: JournalDetail): JournalFormValues {
  const blankZero = (v: string) => (compareDecimal(v, '0') === 0 ? null : v);
  return {
    journalDate: journal.journalDate,
    narration: journal.narration,
    lines: journal.lines.map((line) => ({
      accountId: line.accountId,
      debit: blankZero(line.debit),
      credit: blankZero(line.credit),
      memo: line.memo,
      currency: line.currency ?? null,
      exchangeRate: line.exchangeRate ?? null,
      foreignDebit: line.foreignDebit ? blankZero(line.foreignDebit) : null,
      foreignCredit: line.foreignCredit ? blankZero(line.foreignCredit) : null,
    })),
  };
}

/**
 * What the server would refuse, by field path, before sending: the draft schema (date,
 * narration, accounts, amount formats) and, to post, the domain's journalProblems (both or
 * neither side, negative, unbalanced). The first message per field wins.
 */
export function journalFormProblems(values: JournalFormValues, toPost: boolean): Record<string, string> {
  const problems: Record<string, string> = {};
  const parsed = journalInputSchema.safeParse(journalBodyOf(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      problems[path] ??= issue.message;
    }
  }
  if (toPost) {
    const lines: JournalLine[] = (values.lines ?? []).map((line) => ({
      accountId: line?.accountId ?? 0,
      debit: summable(line?.debit),
      credit: summable(line?.credit),
      memo: '',
    }));
    for (const [path, message] of Object.entries(journalProblems(lines))) problems[path] ??= message;
  }
  return problems;
}
