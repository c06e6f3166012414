import { z } from 'zod';
import { dateSchema, referenceSchema } from '../resource/declaration.ts';
import { fromMinorUnits, toMinorUnits } from '../money.ts';
import { decimalInput, numberOrNumericString } from '../resource/numeric-input.ts';

/** An amount of money paid or allocated: above zero, two decimals, fits numeric(18, 2). */
export function positiveAmountSchema(label: string) {
  return decimalInput(
    z
      .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : numberOrNumericString(label)) })
      .trim()
      .min(1, { error: `${label} is required`, abort: true })
      .regex(/^\d{1,16}(\.\d{1,2})?$/, { error: `${label} must be a number of at most 16 digits and 2 decimals` })
      .refine((v) => /[1-9]/.test(v), { error: `${label} must be more than zero` }),
  );
}

/** What a customer withheld from an invoice (issue 29, section 6): zero or more, two decimals, fits numeric(18, 2); left out: 0.00. */
export function withheldAmountSchema(label: string) {
  return decimalInput(
    z
      .string({ error: numberOrNumericString(label) })
      .trim()
      .regex(/^\d{1,16}(\.\d{1,2})?$/, { error: `${label} must be zero or a number of at most 16 digits and 2 decimals` }),
  )
    .optional()
    .transform((v) => (v === undefined ? '0.00' : fromMinorUnits(toMinorUnits(v))));
}

/**
 * An allocation of the `allocate` action may name its document by its payment target's name, as
 * the owning area's manifest declares it (`invoices`, `goodsReceipts`, `paySlips`, or a target an
 * area added later), with `documentId`: so a new target is reachable over HTTP with no field of
 * its own in these schemas (issue 28, section 3). The server answers 400 `target` for a name no
 * area of this money's parties declares.
 */
export const targetAllocationFields = {
  target: z
    .string({ error: 'Payment target must be a name, as goodsReceipts' })
    .regex(/^[a-z][A-Za-z0-9]{0,59}$/, { error: 'Payment target must be a name, as goodsReceipts' })
    .optional(),
  documentId: referenceSchema('Document').optional(),
};

/**
 * The fields other areas' payment targets name their documents by (`importShipmentChargeId`, issue
 * 33): an allocation line may carry any `<name>Id` key beside its own fields, its value a document's
 * id; the server refuses (400) one no target of the money's parties declares. Any other unknown key
 * is refused here, as a strict object would.
 */
export function withAreaTargetFields<Shape extends z.ZodRawShape>(line: z.ZodObject<Shape>) {
  const known = new Set(Object.keys(line.shape));
  return line.catchall(z.unknown()).superRefine((value, context) => {
    for (const [key, field] of Object.entries(value)) {
      if (known.has(key)) continue;
      if (!/^[a-z][A-Za-z0-9]{0,58}Id$/.test(key)) {
        context.addIssue({ code: 'custom', path: [key], message: `${key} is not a known field` });
        continue;
      }
      const parsed = referenceSchema('Document').safeParse(field);
      if (!parsed.success) context.addIssue({ code: 'custom', path: [key], message: parsed.error.issues[0]?.message ?? 'Document must be an id' });
    }
  });
}

/**
 * Each allocation names its document once: by one of its targets' own fields (`fields`) or by
 * `target` with `documentId`; with `required`, a line naming neither is refused at that field
 * with its old message ("Invoice is required"). Issues at the line's fields.
 */
export function oneDocumentPerAllocation(fields: readonly string[], required: { field: string; label: string } | null) {
  return (line: Record<string, unknown>, context: z.RefinementCtx) => {
    const byName = line.target !== undefined || line.documentId !== undefined;
    if (line.target !== undefined && line.documentId === undefined) context.addIssue({ code: 'custom', path: ['documentId'], message: 'Document is required' });
    if (line.documentId !== undefined && line.target === undefined) context.addIssue({ code: 'custom', path: ['target'], message: 'Payment target is required' });
    if (byName && fields.some((field) => line[field] !== undefined && line[field] !== null)) {
      context.addIssue({ code: 'custom', path: ['target'], message: 'An allocation names its document once: by target and documentId, or by its own field' });
    }
    if (!byName && required && (line[required.field] === undefined || line[required.field] === null)) {
      context.addIssue({ code: 'custom', path: [required.field], message: `${required.label} is required` });
    }
  };
}

export const paymentMethods = [
  { value: 'cash', label: 'Cash' },
  { value: 'bank', label: 'Bank' },
  { value: 'cheque', label: 'Cheque' },
] as const;
export type PaymentMethod = (typeof paymentMethods)[number]['value'];

/** The cheque a receipt or payment by cheque carries: its number, the bank it is drawn on, its date (post-dated allowed). */
export const chequeInputSchema = z.strictObject({
  chequeNumber: z
    .string({ error: 'Cheque number is required' })
    .trim()
    .min(1, { error: 'Cheque number is required' })
    .max(40, { error: 'Cheque number must be at most 40 characters' })
    .regex(/^[^\u0000]*$/, { error: 'Cheque number must not contain NUL characters' }),
  bank: z
    .string({ error: 'Bank is required' })
    .trim()
    .min(1, { error: 'Bank is required' })
    .max(100, { error: 'Bank must be at most 100 characters' })
    .regex(/^[^\u0000]*$/, { error: 'Bank must not contain NUL characters' }),
  chequeDate: dateSchema('Cheque date'),
});
export type ChequeInput = z.infer<typeof chequeInputSchema>;

export const moneyMessages = {
  chequeRequired: 'A payment by cheque needs the cheque: number, bank and date',
  chequeOnlyForCheques: 'Only a payment by cheque carries a cheque',
  bankAccountRequired: 'Choose the bank account',
  overAllocated: (label: string) => `${label} allocations add up to more than the amount`,
  notOpen: (number: string, open: string) => `${number} has only ${open} open`,
  depositBeforeDate: (chequeDate: string) => `This cheque is dated ${chequeDate}: it cannot be deposited before its date`,
  clearBeforeDeposit: 'A cheque is cleared on or after the day it was deposited',
  cashAccountRequired: 'Choose a cash account',
  bankAccountKind: 'Choose a bank account',
  foreignAccountIn: (currency: string) => `This account is kept in ${currency}; money received goes into an account in the company currency`,
  chequesInHandOnly: 'A receipt by cheque is debited to Cheques in hand',
  notPartyDocument: (what: string) => `Not a posted ${what} of this payee`,
  allocationsOnlyForVendors: 'Only a payment to a vendor is allocated to goods receipts',
  chequeLeftDrawer: (status: string) => `Its cheque is ${status}: the receipt can no longer be cancelled (bounce the cheque instead)`,
  chequeCleared: 'Its cheque has cleared: the payment can no longer be cancelled',
  nothingToAllocate: 'Nothing is left to allocate: the whole amount is allocated',
  noPayee: 'This payment pays an expense or an advance: it is allocated to no document',
  noSuchTarget: (name: string) => `No payment target ${name} is allocated by this document`,
  documentRequired: (what: string) => `Choose the ${what} this line pays`,
  oneKindPerAllocate: (what: string) => `Allocate to one kind of document at a time: this line is not a ${what}`,
  withholdingAgentOnly: 'Only a withholding agent withholds sales tax',
  withheldAboveTax: (number: string, left: string) => `${number} has only ${left} of sales tax left to withhold`,
  certificateOnlyPosted: 'A withholding certificate is recorded on a posted receipt',
  nothingWithheld: 'Nothing was withheld on this receipt: it has no certificate to record',
};
