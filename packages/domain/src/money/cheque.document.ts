import { z } from 'zod';
import { defineDocument } from '../document/define-document.ts';
import { dateSchema, referenceSchema } from '../resource/declaration.ts';
import { decimalInput, numberOrNumericString } from '../resource/numeric-input.ts';

export const chequeDirections = [
  { value: 'received', label: 'Received' },
  { value: 'issued', label: 'Issued' },
] as const;
export type ChequeDirection = (typeof chequeDirections)[number]['value'];

export const depositChequeSchema = z.strictObject({ bankAccountId: referenceSchema('Bank account'), depositDate: dateSchema('Deposit date') });
export const clearChequeSchema = z.strictObject({ clearDate: dateSchema('Clear date') });
export const bounceChequeSchema = z.strictObject({
  bounceDate: dateSchema('Bounce date'),
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, { error: 'Reason is required' })
    .max(200, { error: 'Reason must be at most 200 characters' })
    .regex(/^[^\u0000]*$/, { error: 'Reason must not contain NUL characters' }),
  bankCharge: decimalInput(
    z
      .string({ error: numberOrNumericString('Bank charge') })
      .trim()
      .regex(/^\d{1,16}(\.\d{1,2})?$/, { error: 'Bank charge must be a number of at most 16 digits and 2 decimals' }),
  )
    .nullable()
    .optional(),
});
export const cancelChequeSchema = z.strictObject({ cancelDate: dateSchema('Cancel date').optional() });

/**
 * The cheque register (issue 9, section 3), both directions. A cheque is recorded by the
 * receipt or payment it came with (`CHQ-YYYY-NNNNNN`), never created on its own. Received:
 * in hand -> deposited (into a bank account, not before its date) -> cleared (Dr the bank,
 * Cr Cheques in hand) | bounced (the receipt's allocations released, Dr the customer's
 * receivable, Cr Cheques in hand; an optional bank charge, Dr Bank charges, Cr the bank).
 * Issued: issued -> cleared (Dr Cheques issued, Cr the bank) | cancelled (the payment
 * reversed, its bills open again). A received cheque whose receipt is cancelled while in hand
 * is cancelled with it (given back).
 */
export const chequeDocument = defineDocument({
  name: 'cheques',
  route: '/cheques',
  title: 'Cheques',
  singular: 'cheque',
  numberPrefix: 'CHQ',
  dateField: 'chequeDate',
  fields: [
    { name: 'direction', label: 'Direction', kind: 'enum', enumValues: chequeDirections, required: true },
    { name: 'chequeNumber', label: 'Cheque number', kind: 'text', maxLength: 40, required: true, searchable: true },
    { name: 'bank', label: 'Bank', kind: 'text', maxLength: 100, required: true, searchable: true },
    { name: 'chequeDate', label: 'Cheque date', kind: 'date', required: true },
    { name: 'amount', label: 'Amount', kind: 'decimal', scale: 2, required: true },
  ],
  lines: { fields: [], min: 0, max: 0 },
  states: ['inHand', 'deposited', 'issued', 'cleared', 'bounced', 'cancelled'],
  stateLabels: { inHand: 'In hand', deposited: 'Deposited', issued: 'Issued', cleared: 'Cleared', bounced: 'Bounced', cancelled: 'Cancelled' },
  editableIn: [],
  transitions: {
    deposit: { from: ['inHand'], to: 'deposited', stamp: 'deposited', label: 'Deposit', done: 'Cheque deposited', input: depositChequeSchema },
    clear: { from: ['deposited', 'issued'], to: 'cleared', stamp: 'cleared', label: 'Clear', done: 'Cheque cleared', input: clearChequeSchema },
    bounce: {
      from: ['inHand', 'deposited'],
      to: 'bounced',
      stamp: 'bounced',
      label: 'Bounce',
      done: 'Cheque bounced',
      input: bounceChequeSchema,
      confirm: 'Record this cheque as bounced? Its invoices open again and the customer owes the amount.',
    },
    cancel: {
      from: ['issued'],
      to: 'cancelled',
      scope: 'cheques:cancel',
      stamp: 'cancelled',
      label: 'Cancel',
      done: 'Cheque cancelled',
      input: cancelChequeSchema,
      confirm: 'Cancel this cheque? Its payment is reversed and the bills open again.',
    },
  },
});

/** The /cheques screen's views. */
export const chequeViews = [
  { value: 'all', label: 'All' },
  { value: 'dueThisWeek', label: 'Due this week' },
  { value: 'bounced', label: 'Bounced' },
] as const;
