import type { z } from 'zod';
import { defineDocument } from '../document/define-document.ts';
import { journalLineSchema } from './journals.ts';

/**
 * Journals (issue 3) on the document machinery: draft -> posted -> cancelled. Posting writes
 * the general ledger; cancelling posts a reversing journal dated today, linked both ways.
 */
export const journalDocument = defineDocument({
  name: 'journals',
  route: '/journals',
  title: 'Journals',
  singular: 'journal',
  documentType: 'journal', // posted before the plural rule: its ledger rows keep this word
  numberPrefix: 'JV',
  numberField: 'journalNumber',
  dateField: 'journalDate',
  fields: [
    { name: 'journalDate', label: 'Date', kind: 'date', required: true },
    { name: 'narration', label: 'Narration', kind: 'text', required: true, maxLength: 500, searchable: true },
  ],
  lines: {
    fields: [
      { name: 'accountId', label: 'Account', kind: 'reference', reference: 'accounts', required: true, schema: journalLineSchema.shape.accountId },
      { name: 'debit', label: 'Debit', kind: 'decimal', scale: 2, schema: journalLineSchema.shape.debit },
      { name: 'credit', label: 'Credit', kind: 'decimal', scale: 2, schema: journalLineSchema.shape.credit },
      { name: 'memo', label: 'Memo', kind: 'text', maxLength: 200, schema: journalLineSchema.shape.memo },
      { name: 'jointVentureId', label: 'Joint venture', kind: 'reference', reference: 'joint-ventures', schema: journalLineSchema.shape.jointVentureId },
      { name: 'rentalAgreementId', label: 'Rental agreement', kind: 'integer', schema: journalLineSchema.shape.rentalAgreementId },
      { name: 'currency', label: 'Currency', kind: 'text', maxLength: 3, schema: journalLineSchema.shape.currency },
      { name: 'exchangeRate', label: 'Exchange rate', kind: 'decimal', scale: 6, schema: journalLineSchema.shape.exchangeRate },
      { name: 'foreignDebit', label: 'Foreign debit', kind: 'decimal', scale: 2, schema: journalLineSchema.shape.foreignDebit },
      { name: 'foreignCredit', label: 'Foreign credit', kind: 'decimal', scale: 2, schema: journalLineSchema.shape.foreignCredit },
    ],
    min: 2,
    max: 500,
  },
  states: ['draft', 'posted', 'cancelled'],
  stateLabels: { draft: 'Draft', posted: 'Posted', cancelled: 'Cancelled' },
  editableIn: ['draft'],
  transitions: {
    post: { from: ['draft'], to: 'posted', stamp: 'posted', numbers: true, label: 'Post', done: 'Journal posted' },
    cancel: {
      from: ['posted'],
      to: 'cancelled',
      scope: 'journals:cancel',
      stamp: 'cancelled',
      label: 'Cancel',
      done: 'Journal cancelled',
      confirm: 'Cancel this journal? A reversing journal dated today will be posted.',
    },
  },
});

/** Documents have a life (PRODUCT.md, principle 2): draft -> posted -> cancelled. */
export const journalStatuses = journalDocument.states;
export type JournalStatus = (typeof journalStatuses)[number];
export type JournalAction = (typeof journalDocument.actions)[number];

/** The allowed transitions, from the declaration. */
export const journalWorkflow = journalDocument.transitions;

export function canTransition(status: JournalStatus, action: JournalAction): boolean {
  return journalDocument.canTransition(status, action);
}

type JournalLine = z.output<typeof journalLineSchema>;

/** A draft journal as the form sends it; posting checks it further (see journalProblems). */
export interface JournalInput {
  journalDate: string;
  narration: string;
  lines: JournalLine[];
}
export interface JournalSave {
  journalDate: string;
  narration: string;
  lines: z.input<typeof journalLineSchema>[];
  post?: boolean;
}

export const journalInputSchema = journalDocument.inputSchema as unknown as z.ZodType<JournalInput, Omit<JournalSave, 'post'>>;
/** The body of a save: with `post: true` the journal is saved and posted in one transaction. */
export const journalSaveSchema = journalDocument.saveSchema as unknown as z.ZodType<JournalInput & { post?: boolean }, JournalSave>;
