import { z } from 'zod';
import { defineDocument } from '../document/define-document.ts';
import { referenceSchema } from '../resource/declaration.ts';
import { chequeInputSchema, oneDocumentPerAllocation, paymentMethods, positiveAmountSchema, targetAllocationFields, withheldAmountSchema } from './money-fields.ts';

const allocationLine = [
  { name: 'invoiceId', label: 'Invoice', kind: 'reference', reference: 'invoices', required: true, schema: referenceSchema('Invoice') },
  { name: 'amount', label: 'Amount', kind: 'decimal', scale: 2, required: true, schema: positiveAmountSchema('Amount') },
  // Issue 29, section 6: what the customer withheld from the invoice, settled with the amount (not money received).
  { name: 'taxWithheld', label: 'Tax withheld', kind: 'decimal', scale: 2, defaultValue: '0.00', schema: withheldAmountSchema('Tax withheld') },
  { name: 'incomeTaxWithheld', label: 'Income tax withheld', kind: 'decimal', scale: 2, defaultValue: '0.00', schema: withheldAmountSchema('Income tax withheld') },
] as const;

/** An allocation of money already received to more invoices (a posted receipt's advance). */
export const allocateInputSchema = z.strictObject({
  allocations: z
    .array(
      z
        .strictObject({
          invoiceId: referenceSchema('Invoice').optional(),
          ...targetAllocationFields,
          amount: positiveAmountSchema('Amount'),
          taxWithheld: withheldAmountSchema('Tax withheld'),
          incomeTaxWithheld: withheldAmountSchema('Income tax withheld'),
        })
        .superRefine(oneDocumentPerAllocation(['invoiceId'], { field: 'invoiceId', label: 'Invoice' })),
    )
    .max(2000, { error: 'At most 2000 allocations at once' })
    .optional(),
});

/**
 * Receipts (issue 9, section 1): money in from a customer, in cash, into a bank account or as
 * a cheque into Cheques in hand, allocated against the customer's open invoices (proposed
 * oldest due first when `allocations` is left out; editable). What is not allocated stays on
 * account as an advance, allocated later with `allocate`. Posting (`RV-YYYY-NNNNNN`): Dr the
 * account, Cr the customer's receivable; a cheque receipt records its cheque in the register
 * (in hand). Never more allocated than an invoice has open nor than the receipt holds, under
 * the invoices' row locks. Cancel reverses it and frees its allocations (refused once its
 * cheque has left the drawer). `bounced` is reached when its cheque bounces (the cheque's
 * action), never by a transition of its own.
 */
export const receiptDocument = defineDocument({
  name: 'receipts',
  route: '/receipts',
  title: 'Receipts',
  singular: 'receipt',
  numberPrefix: 'RV',
  dateField: 'receiptDate',
  fields: [
    { name: 'customerId', label: 'Customer', kind: 'reference', reference: 'customers', required: true },
    { name: 'receiptDate', label: 'Receipt date', kind: 'date', required: true },
    { name: 'method', label: 'Method', kind: 'enum', enumValues: paymentMethods, required: true },
    // Cash: the settings' cash account unless another cash account is chosen; bank: required; cheque: Cheques in hand.
    { name: 'accountId', label: 'Account', kind: 'reference', reference: 'accounts', schema: referenceSchema('Account').nullable().optional() },
    { name: 'amount', label: 'Amount', kind: 'decimal', scale: 2, required: true, schema: positiveAmountSchema('Amount') },
    { name: 'reference', label: 'Reference', kind: 'text', maxLength: 100, defaultValue: '', searchable: true },
    { name: 'cheque', label: 'Cheque', kind: 'text', list: false, schema: chequeInputSchema.nullable().optional() },
  ],
  lines: { key: 'allocations', optional: true, fields: allocationLine, min: 0, max: 2000 },
  states: ['draft', 'posted', 'bounced', 'cancelled'],
  stateLabels: { draft: 'Draft', posted: 'Posted', bounced: 'Bounced', cancelled: 'Cancelled' },
  editableIn: ['draft'],
  transitions: {
    post: { from: ['draft'], to: 'posted', stamp: 'posted', numbers: true, label: 'Post', done: 'Receipt posted' },
    allocate: { from: ['posted'], to: 'posted', label: 'Allocate', done: 'Receipt allocated', input: allocateInputSchema },
    cancel: {
      from: ['posted'],
      to: 'cancelled',
      scope: 'receipts:cancel',
      stamp: 'cancelled',
      label: 'Cancel',
      done: 'Receipt cancelled',
      confirm: 'Cancel this receipt? Its ledger entries are reversed today and its invoices open again.',
    },
  },
});
