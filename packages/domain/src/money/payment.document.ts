import { z } from 'zod';
import { defineDocument } from '../document/define-document.ts';
import { referenceSchema } from '../resource/declaration.ts';
import { chequeInputSchema, oneDocumentPerAllocation, paymentMethods, positiveAmountSchema, targetAllocationFields, withAreaTargetFields } from './money-fields.ts';
import { exchangeRateSchema, exchangeRateScale } from '../currency-fields.ts';

/** How a payment goes out: a receipt's methods, and a letter of credit (issue 33: imports paid through the bank). */
export const payoutMethods = [...paymentMethods, { value: 'lc', label: 'Letter of credit' }] as const;

export const payeeTypes = [
  { value: 'vendor', label: 'Vendor' },
  { value: 'employee', label: 'Employee' },
  { value: 'expense', label: 'Expense' },
] as const;
export type PayeeType = (typeof payeeTypes)[number]['value'];

/** More of a posted payment's advance allocated to the vendor's open goods receipts. */
export const allocatePaymentInputSchema = z.strictObject({
  allocations: z
    .array(
      withAreaTargetFields(
        z.strictObject({
          goodsReceiptId: referenceSchema('Goods receipt').optional(),
          paySlipId: referenceSchema('Pay slip').optional(),
          ...targetAllocationFields,
          amount: positiveAmountSchema('Amount'),
        }),
      ).superRefine(oneDocumentPerAllocation(['goodsReceiptId', 'paySlipId'], null)),
    )
    .max(2000, { error: 'At most 2000 allocations at once' })
    .optional(),
});

/**
 * Payments (issue 9, section 2): money out to a vendor (allocated against the vendor's open
 * goods receipts, the bills, oldest due first when left out; the rest an advance), an employee
 * (Dr Salaries payable) or an expense account, from cash or a bank account or by a cheque
 * drawn on a bank account. Posting (`PV-YYYY-NNNNNN`): Dr the vendor's payable, Salaries
 * payable or the expense; Cr the cash or bank account, or Cr Cheques issued for a cheque
 * (recorded in the register as issued; clearing it moves the money out of the bank). Cancel
 * reverses it and reopens the bills (refused once its cheque has cleared).
 */
export const paymentDocument = defineDocument({
  name: 'payments',
  route: '/payments',
  title: 'Payments',
  singular: 'payment',
  numberPrefix: 'PV',
  dateField: 'paymentDate',
  fields: [
    { name: 'payeeType', label: 'Payee', kind: 'enum', enumValues: payeeTypes, required: true },
    { name: 'vendorId', label: 'Vendor', kind: 'reference', reference: 'vendors', schema: referenceSchema('Vendor').nullable().optional() },
    { name: 'employeeId', label: 'Employee', kind: 'reference', reference: 'employees', schema: referenceSchema('Employee').nullable().optional() },
    // An advance or loan paid out (issue 20): Dr Employee advances instead of Salaries payable.
    { name: 'employeeAdvanceId', label: 'Advance', kind: 'reference', reference: 'employee-advances', list: false, schema: referenceSchema('Advance').nullable().optional() },
    {
      name: 'expenseAccountId',
      label: 'Expense account',
      kind: 'reference',
      reference: 'accounts',
      schema: referenceSchema('Expense account').nullable().optional(),
    },
    { name: 'regionId', label: 'Region', kind: 'reference', reference: 'regions', schema: referenceSchema('Region').nullable().optional() },
    { name: 'paymentDate', label: 'Payment date', kind: 'date', required: true },
    { name: 'method', label: 'Method', kind: 'enum', enumValues: payoutMethods, required: true },
    // Cash: the settings' cash account unless another is chosen; bank and cheque: the bank account paid from or drawn on.
    { name: 'accountId', label: 'Account', kind: 'reference', reference: 'accounts', schema: referenceSchema('Account').nullable().optional() },
    { name: 'amount', label: 'Amount', kind: 'decimal', scale: 2, required: true, schema: positiveAmountSchema('Amount') },
    { name: 'reference', label: 'Reference', kind: 'text', maxLength: 100, defaultValue: '', searchable: true },
    { name: 'cheque', label: 'Cheque', kind: 'text', list: false, schema: chequeInputSchema.nullable().optional() },
    // Issue 33: a foreign vendor is paid at the payment date's rate unless one is given; a letter of credit names its number.
    { name: 'exchangeRate', label: 'Exchange rate', kind: 'decimal', scale: exchangeRateScale, list: false, schema: exchangeRateSchema('Exchange rate').nullable().optional() },
    { name: 'lcNumber', label: 'LC number', kind: 'text', maxLength: 60, list: false, schema: z.string().trim().max(60, { error: 'LC number must be at most 60 characters' }).nullable().optional() },
  ],
  lines: {
    key: 'allocations',
    optional: true,
    fields: [
      // A vendor's payment names goods receipts, an employee's pay slips (issue 20): the payee decides which.
      { name: 'goodsReceiptId', label: 'Goods receipt', kind: 'reference', reference: 'goods-receipts', schema: referenceSchema('Goods receipt').nullable().optional() },
      { name: 'paySlipId', label: 'Pay slip', kind: 'integer', schema: referenceSchema('Pay slip').nullable().optional() },
      { name: 'amount', label: 'Amount', kind: 'decimal', scale: 2, required: true, schema: positiveAmountSchema('Amount') },
    ],
    min: 0,
    max: 2000,
  },
  states: ['draft', 'posted', 'cancelled'],
  stateLabels: { draft: 'Draft', posted: 'Posted', cancelled: 'Cancelled' },
  editableIn: ['draft'],
  transitions: {
    post: { from: ['draft'], to: 'posted', stamp: 'posted', numbers: true, label: 'Post', done: 'Payment posted' },
    allocate: { from: ['posted'], to: 'posted', label: 'Allocate', done: 'Payment allocated', input: allocatePaymentInputSchema },
    cancel: {
      from: ['posted'],
      to: 'cancelled',
      scope: 'payments:cancel',
      stamp: 'cancelled',
      label: 'Cancel',
      done: 'Payment cancelled',
      confirm: 'Cancel this payment? Its ledger entries are reversed today and its bills open again.',
    },
  },
});
