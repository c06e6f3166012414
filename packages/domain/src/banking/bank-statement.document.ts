import { z } from 'zod';
import { defineDocument } from '../document/define-document.ts';
import { dateSchema, referenceSchema } from '../resource/declaration.ts';
import { balanceSchema, signedAmountSchema } from './bank-amounts.ts';

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .regex(/^[^\u0000]*$/, { error: `${label} must not contain NUL characters` })
    .optional()
    .default('');

const statementLineFields = [
  { name: 'lineDate', label: 'Date', kind: 'date', required: true },
  { name: 'valueDate', label: 'Value date', kind: 'date', schema: dateSchema('Value date').nullable().optional() },
  { name: 'description', label: 'Description', kind: 'text', maxLength: 500, required: true },
  { name: 'reference', label: 'Reference', kind: 'text', maxLength: 100, schema: optionalText('Reference', 100) },
  { name: 'chequeNumber', label: 'Cheque number', kind: 'text', maxLength: 40, schema: optionalText('Cheque number', 40) },
  { name: 'amount', label: 'Amount', kind: 'decimal', scale: 2, required: true, schema: signedAmountSchema('Amount') },
  { name: 'balance', label: 'Balance', kind: 'decimal', scale: 2, schema: balanceSchema('Balance').nullable().optional() },
] as const;

/**
 * A bank's statement of one account (issue 33, section 4), `BST-YYYY-NNNNNN`: imported from the
 * bank's file (import kind `bank-statement`) or typed (`POST /api/bank-statements`). Kept as
 * imported: never edited, deleted only while none of its lines is matched. Its lines are matched
 * to the books by the banking area's own match rows.
 */
export const bankStatementDocument = defineDocument({
  name: 'bank-statements',
  route: '/accounting',
  title: 'Bank statements',
  singular: 'bank statement',
  numberPrefix: 'BST',
  dateField: 'toDate',
  fields: [
    { name: 'bankAccountId', label: 'Bank account', kind: 'reference', reference: 'accounts', required: true, filterable: true },
    { name: 'fileName', label: 'File', kind: 'text', maxLength: 200, searchable: true, schema: optionalText('File', 200) },
    // Derived from the lines (the earliest and latest dates); a body's are ignored.
    { name: 'fromDate', label: 'From', kind: 'date', form: false, schema: dateSchema('From').optional() },
    { name: 'toDate', label: 'To', kind: 'date', form: false, schema: dateSchema('To').optional() },
    // The balance before the first line: given, or the first line's balance less its amount, or 0.
    { name: 'openingBalance', label: 'Opening balance', kind: 'decimal', scale: 2, schema: balanceSchema('Opening balance').nullable().optional() },
    { name: 'closingBalance', label: 'Closing balance', kind: 'decimal', scale: 2, form: false, schema: balanceSchema('Closing balance').nullable().optional() },
  ],
  lines: { fields: statementLineFields, min: 1, max: 20_000 },
  states: ['imported'],
  stateLabels: { imported: 'Imported' },
  // Deletable (without matches) as a draft is; never updated (its handler refuses).
  editableIn: ['imported'],
  neverUpdated: true,
  transitions: {},
});

/** The wire of `POST /api/bank-statements`: the account, the file's name and typed lines. */
export const bankStatementInputSchema = bankStatementDocument.inputSchema;
export interface BankStatementInput {
  bankAccountId: number;
  fileName?: string;
  openingBalance?: string | null;
  lines: { lineDate: string; valueDate?: string | null; description: string; reference?: string; chequeNumber?: string; amount: string; balance?: string | null }[];
}

/** A bank account's remembered file layout (`GET/PUT /api/bank-accounts/:accountId/statement-format`). */
export const dateOrders = ['dmy', 'mdy', 'ymd'] as const;
export type DateOrder = (typeof dateOrders)[number];
export const statementFormatSchema = z.strictObject({
  mapping: z.record(z.string().max(60), z.string().max(200).nullable(), { error: 'Mapping must map columns to headers' }),
  dateOrder: z.enum(dateOrders, { error: 'Date order must be dmy, mdy or ymd' }).default('dmy'),
});
export type StatementFormat = z.output<typeof statementFormatSchema>;

export const bankAccountParams = z.object({ accountId: z.coerce.number().int().positive().max(2_147_483_647) });
export const bankStatementImportQuery = z.object({
  bankAccountId: z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), referenceSchema('Bank account')),
});
