import { z } from 'zod';
import { dateSchema } from '../resource/declaration.ts';

/** `POST /api/accounting/period-close`: close the books through a day, never later than today. */
export const periodCloseSchema = z.strictObject({ closedThrough: dateSchema('Closed through') });

/** `POST /api/accounting/period-reopen`: the books closed through an earlier day, or null (every period open). */
export const periodReopenSchema = z.strictObject({ closedThrough: dateSchema('Closed through').nullable() });

export const periodCloseMessages = {
  future: (today: string) => `Closed through must not be after today (${today})`,
  backwards: (current: string) => `The books are closed through ${current}: closing through an earlier day reopens periods, which is its own action (Reopen periods)`,
  reopenForward: (current: string | null) => (current ? `Reopening keeps the books closed through a day before ${current}` : 'Every period is open already'),
} as const;

/**
 * `POST /api/accounting/year-end-close` (issue 27): the fiscal year named by the calendar year it
 * ends in (2026: July 2025 to June 2026 with a July start; the calendar year with a January start).
 */
export const yearEndCloseSchema = z.strictObject({
  fiscalYear: z.int({ error: 'Fiscal year must be a year such as 2026' }).min(1900, { error: 'Fiscal year must be between 1900 and 2999' }).max(2999, { error: 'Fiscal year must be between 1900 and 2999' }),
});

/** The document type of a closing journal's ledger rows: statements leave them out of the year they close. */
export const yearEndCloseDocumentType = 'year-end-close';

/** A fiscal year from the calendar year it ends in and the month it starts in (settings). */
export function fiscalYearEndingIn(fiscalYear: number, startMonth: number): { from: string; to: string } {
  const pad = (n: number) => String(n).padStart(2, '0');
  const startYear = startMonth === 1 ? fiscalYear : fiscalYear - 1;
  const end = new Date(Date.UTC(startYear + 1, startMonth - 1, 0));
  return { from: `${startYear}-${pad(startMonth)}-01`, to: `${end.getUTCFullYear()}-${pad(end.getUTCMonth() + 1)}-${pad(end.getUTCDate())}` };
}

export const yearEndCloseMessages = {
  done: (fiscalYear: number, documentNumber: string) => `Fiscal year ${fiscalYear} closed: ${documentNumber} moves its result to retained earnings`,
  closedAlready: (fiscalYear: number, documentNumber: string) => `Fiscal year ${fiscalYear} is closed already (${documentNumber})`,
  notEnded: (to: string) => `The fiscal year ends on ${to}: close it after that day`,
  openPeriods: (months: readonly string[]) => `Close every period of the year first; still open: ${months.join(', ')}`,
  drafts: (list: string) => `Post or delete the draft documents dated in the year first: ${list}`,
  reopenClosedYear: (fiscalYear: number, to: string) => `Fiscal year ${fiscalYear} is closed (year-end close): the books stay closed through ${to} at least`,
} as const;

/** A closed fiscal year, as `/api/accounting/year-end-close` answers it. */
export interface YearEndClose {
  fiscalYear: number;
  from: string;
  to: string;
  /** The closing journal, dated `to`. */
  documentNumber: string;
  /** The year's result moved to retained earnings (credit-positive: a loss is negative). */
  profit: string;
  closedAt: string;
}

/** `GET /api/accounting/year-end-close`: the closed years (latest first), the month fiscal years start in, the last one ended by today. */
export interface YearEndCloses {
  data: YearEndClose[];
  fiscalYearStartMonth: number;
  lastEnded: number;
}
