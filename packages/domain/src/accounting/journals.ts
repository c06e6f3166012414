import { z } from 'zod';
import { fromMinorUnits, isDecimalString, toMinorUnits } from '../money.ts';
import { dateSchema } from '../resource/declaration.ts';

/** Documents have a life (PRODUCT.md, principle 2): draft -> posted -> cancelled. */
export const journalStatuses = ['draft', 'posted', 'cancelled'] as const;
export type JournalStatus = (typeof journalStatuses)[number];

/** The allowed transitions: one service function each, in one transaction. */
export const journalWorkflow = {
  post: { from: ['draft'], to: 'posted' },
  cancel: { from: ['posted'], to: 'cancelled' },
} as const satisfies Record<string, { from: readonly JournalStatus[]; to: JournalStatus }>;

export type JournalAction = keyof typeof journalWorkflow;

export function canTransition(status: JournalStatus, action: JournalAction): boolean {
  return (journalWorkflow[action].from as readonly JournalStatus[]).includes(status);
}

const amount = (label: string) =>
  z
    .string({ error: `${label} must be a number` })
    .trim()
    .refine((v) => v === '' || isDecimalString(v, 2), { error: `${label} must be a number with at most 2 decimals` })
    .transform((v) => (v === '' ? '0.00' : v));

export const journalLineSchema = z.strictObject({
  accountId: z.number({ error: 'Account is required' }).int().positive({ error: 'Account is required' }),
  debit: amount('Debit').default('0.00'),
  credit: amount('Credit').default('0.00'),
  memo: z.string().trim().max(200, { error: 'Memo must be at most 200 characters' }).default(''),
});

export type JournalLineInput = z.input<typeof journalLineSchema>;
export type JournalLine = z.output<typeof journalLineSchema>;

/** A draft journal as the form sends it; posting checks it further (see journalProblems). */
export const journalInputSchema = z.strictObject({
  journalDate: dateSchema('Date'),
  narration: z.string({ error: 'Narration is required' }).trim().min(1, { error: 'Narration is required' }).max(500),
  lines: z.array(journalLineSchema).min(2, { error: 'A journal needs at least two lines' }).max(500, { error: 'A journal holds at most 500 lines' }),
});

export type JournalInput = z.output<typeof journalInputSchema>;

/** The body of a save: with `post: true` the journal is saved and posted in one transaction. */
export const journalSaveSchema = journalInputSchema.extend({ post: z.boolean({ error: 'Post must be true or false' }).optional() });

export type JournalSave = z.input<typeof journalSaveSchema>;

export const journalMessages = {
  bothSides: 'A line takes either a debit or a credit, not both',
  neitherSide: 'A line needs a debit or a credit',
  negative: 'Amounts cannot be negative',
  unbalanced: (debit: string, credit: string) => `Debits (${debit}) and credits (${credit}) must be equal`,
  inactiveAccount: 'This account is not active',
  closedPeriod: (closedThrough: string) => `The books are closed through ${closedThrough}; choose a later date`,
  notDraft: 'Only a draft can be changed',
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

/** Gapless document numbers per type and year (PRODUCT.md, principle 3): JV-2026-000123. */
export function documentNumber(prefix: string, year: number, sequence: number): string {
  return `${prefix}-${year}-${String(sequence).padStart(6, '0')}`;
}
