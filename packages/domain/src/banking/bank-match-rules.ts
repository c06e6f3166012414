import { z } from 'zod';
import type { ResourceDeclaration } from '../resource/declaration.ts';
import { wholeNumberInput } from '../resource/numeric-input.ts';
import { toleranceSchema } from './bank-amounts.ts';

export const matchWithValues = [
  { value: 'any', label: 'Any entry' },
  { value: 'receipts', label: 'Receipts' },
  { value: 'payments', label: 'Payments' },
  { value: 'cheques', label: 'Cheques' },
  { value: 'journals', label: 'Journals' },
] as const;
export type MatchWith = (typeof matchWithValues)[number]['value'];

const windowError = 'Date window must be 0 to 60 days';

/**
 * How auto-match pairs a statement line with a book entry (issue 33, section 4): tried by
 * priority (lowest first); the amount within the tolerance, the date within the window, and
 * when `referenceRequired` the line's reference or cheque number equal to the entry's reference,
 * cheque or document number (letters and digits only, case aside). For one bank account, or all.
 */
export const bankMatchRules = {
  name: 'bank-match-rules',
  route: '/accounting',
  singular: 'match rule',
  title: 'Match rules',
  nameField: 'ruleName',
  hasOptions: false,
  defaultSort: { field: 'priority', order: 'asc' },
  fields: [
    { name: 'ruleName', label: 'Rule', kind: 'text', required: true, maxLength: 100, searchable: true },
    { name: 'bankAccountId', label: 'Bank account', kind: 'reference', reference: 'accounts', filterable: true },
    { name: 'priority', label: 'Priority', kind: 'integer', required: true, min: 1, max: 1000, defaultValue: 10 },
    { name: 'matchWith', label: 'Match with', kind: 'enum', enumValues: matchWithValues, required: true, defaultValue: 'any', filterable: true },
    { name: 'amountTolerance', label: 'Amount tolerance', kind: 'decimal', scale: 2, required: true, defaultValue: '0.00', schema: toleranceSchema('Amount tolerance').default('0.00') },
    {
      name: 'dateWindowDays',
      label: 'Date window (days)',
      kind: 'integer',
      required: true,
      min: 0,
      max: 60,
      defaultValue: 3,
      schema: wholeNumberInput(z.number({ error: windowError }).int({ error: windowError }).min(0, { error: windowError }).max(60, { error: windowError })).default(3),
    },
    { name: 'referenceRequired', label: 'Reference required', kind: 'boolean', required: true, defaultValue: true },
    { name: 'descriptionContains', label: 'Description contains', kind: 'text', maxLength: 100 },
    { name: 'active', label: 'Active', kind: 'boolean', required: true, defaultValue: true, filterable: true },
  ],
} as const satisfies ResourceDeclaration;
