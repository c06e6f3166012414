import { z } from 'zod';
import { defineDocument } from '../document/define-document.ts';
import { noNulPattern, referenceSchema } from '../resource/declaration.ts';
import { decimalInput, numberOrNumericString, wholeNumberInput } from '../resource/numeric-input.ts';
import { exchangeRateSchema, exchangeRateScale } from '../currencies/currencies.area.ts';

/**
 * What a shipment's charge is (issue 33, section 3): duties, freight, insurance, clearing and LC
 * charges are part of what the goods cost (capitalised over the receipts' lines); the import sales
 * taxes are input tax to claim back, the income tax collected at import an advance of the year's tax.
 */
export const importChargeKinds = [
  { value: 'customsDuty', label: 'Customs duty', capitalised: true },
  { value: 'additionalCustomsDuty', label: 'Additional customs duty', capitalised: true },
  { value: 'regulatoryDuty', label: 'Regulatory duty', capitalised: true },
  { value: 'freight', label: 'Freight', capitalised: true },
  { value: 'insurance', label: 'Insurance', capitalised: true },
  { value: 'clearing', label: 'Clearing', capitalised: true },
  { value: 'lcCharges', label: 'LC charges', capitalised: true },
  { value: 'other', label: 'Other', capitalised: true },
  { value: 'importSalesTax', label: 'Import sales tax', capitalised: false },
  { value: 'additionalSalesTax', label: 'Additional sales tax', capitalised: false },
  { value: 'incomeTaxAtImport', label: 'Income tax at import', capitalised: false },
] as const;
export type ImportChargeKind = (typeof importChargeKinds)[number]['value'];

/** The posting key a charge that is not capitalised is debited to. */
export const importTaxAccountOf = (kind: ImportChargeKind): 'salesTaxInput' | 'advanceIncomeTax' | null =>
  kind === 'incomeTaxAtImport' ? 'advanceIncomeTax' : kind === 'importSalesTax' || kind === 'additionalSalesTax' ? 'salesTaxInput' : null;

export const isCapitalised = (kind: ImportChargeKind): boolean => importChargeKinds.find((k) => k.value === kind)?.capitalised ?? false;

export const shipmentSplitMethods = [
  { value: 'value', label: 'By value' },
  { value: 'quantity', label: 'By quantity' },
  { value: 'weight', label: 'By weight' },
] as const;
export const chargeSplitMethods = [...shipmentSplitMethods, { value: 'manual', label: 'By hand' }] as const;
export type ShipmentSplitMethod = (typeof shipmentSplitMethods)[number]['value'];
export type ChargeSplitMethod = (typeof chargeSplitMethods)[number]['value'];

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .regex(noNulPattern, { error: `${label} may not hold the character U+0000` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` });

/** A charge's amount: signed (a credit note is negative), never 0, two decimals. */
export function chargeAmountSchema(label: string) {
  return decimalInput(
    z
      .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : numberOrNumericString(label)) })
      .trim()
      .min(1, { error: `${label} is required`, abort: true })
      .regex(/^-?\d{1,16}(\.\d{1,2})?$/, { error: `${label} must be a number of at most 16 digits and 2 decimals` })
      .refine((v) => /[1-9]/.test(v), { error: `${label} must not be 0` }),
  );
}

const weightSchema = decimalInput(
  z
    .string({ error: numberOrNumericString('Weight') })
    .trim()
    .regex(/^\d{1,11}(\.\d{1,3})?$/, { error: 'Weight must be a number of kg with at most 3 decimals, not negative' }),
);

const lineNoSchema = wholeNumberInput(z.number({ error: 'Line must be a whole number' }).int({ error: 'Line must be a whole number' }).min(1, { error: 'Line must be 1 or more' }).max(100000));

export const shipmentWeightSchema = z.strictObject({ goodsReceiptId: referenceSchema('Goods receipt'), lineNo: lineNoSchema, weightKg: weightSchema });
export const chargeAllocationSchema = z.strictObject({ goodsReceiptId: referenceSchema('Goods receipt'), lineNo: lineNoSchema, amount: chargeAmountSchema('Amount') });

/**
 * Import shipments (issue 33, section 3): the posted goods receipts one shipment brought in and the
 * charges of bringing them (duties, freight, insurance, clearing, LC charges, import taxes). The
 * draft previews each receipt line's share; posting (`IMP-YYYY-NNNNNN`) raises the lots' unit cost
 * by the capitalised share per unit that ever entered them, books the share of units already gone
 * to cost of sales, the taxes to input and advance tax, and credits each vendor (a bill payments
 * allocate to) or account. Cancel posts the mirror dated today.
 */
export const importShipmentDocument = defineDocument({
  name: 'import-shipments',
  route: '/accounting',
  title: 'Import shipments',
  singular: 'import shipment',
  numberPrefix: 'IMP',
  dateField: 'shipmentDate',
  fields: [
    { name: 'shipmentDate', label: 'Shipment date', kind: 'date', required: true },
    { name: 'reference', label: 'Reference (B/L, airway bill)', kind: 'text', searchable: true, schema: text('Reference', 100).default('') },
    { name: 'gdNumber', label: 'GD number', kind: 'text', searchable: true, schema: text('GD number', 60).default('') },
    { name: 'lcNumber', label: 'LC number', kind: 'text', searchable: true, schema: text('LC number', 60).default('') },
    { name: 'notes', label: 'Notes', kind: 'textarea', list: false, searchable: true, schema: text('Notes', 2000).default('') },
    { name: 'splitMethod', label: 'Split', kind: 'enum', enumValues: shipmentSplitMethods, defaultValue: 'value' },
    {
      name: 'goodsReceiptIds',
      label: 'Goods receipts',
      kind: 'text',
      list: false,
      sortable: false,
      schema: z
        .array(referenceSchema('Goods receipt'), { error: 'Goods receipts must be a list of receipt ids' })
        .min(1, { error: 'A shipment names at least one goods receipt' })
        .max(50, { error: 'A shipment names at most 50 goods receipts' }),
    },
    {
      name: 'weights',
      label: 'Weights',
      kind: 'text',
      list: false,
      sortable: false,
      schema: z.array(shipmentWeightSchema, { error: 'Weights must be a list' }).max(5000, { error: 'At most 5000 weights' }).default([]),
    },
  ],
  lines: {
    key: 'charges',
    fields: [
      { name: 'kind', label: 'Charge', kind: 'enum', enumValues: importChargeKinds, required: true },
      { name: 'description', label: 'Description', kind: 'text', schema: text('Description', 200).default('') },
      { name: 'vendorId', label: 'Vendor', kind: 'reference', reference: 'vendors', schema: referenceSchema('Vendor').nullable().optional() },
      { name: 'accountId', label: 'Account', kind: 'reference', reference: 'accounts', schema: referenceSchema('Account').nullable().optional() },
      { name: 'billNumber', label: 'Bill number', kind: 'text', schema: text('Bill number', 60).default('') },
      { name: 'amount', label: 'Amount', kind: 'decimal', scale: 2, required: true, schema: chargeAmountSchema('Amount') },
      { name: 'exchangeRate', label: 'Rate', kind: 'decimal', scale: exchangeRateScale, schema: exchangeRateSchema('Rate').nullable().optional() },
      { name: 'splitMethod', label: 'Split', kind: 'enum', enumValues: chargeSplitMethods, schema: z.enum(chargeSplitMethods.map((m) => m.value), { error: 'Split must be value, quantity, weight or manual' }).nullable().optional() },
      {
        name: 'allocations',
        label: 'Allocations',
        kind: 'text',
        list: false,
        schema: z.array(chargeAllocationSchema, { error: 'Allocations must be a list' }).max(5000, { error: 'At most 5000 allocations' }).optional(),
      },
    ],
    min: 1,
    max: 50,
  },
  states: ['draft', 'posted', 'cancelled'],
  stateLabels: { draft: 'Draft', posted: 'Posted', cancelled: 'Cancelled' },
  editableIn: ['draft'],
  transitions: {
    post: { from: ['draft'], to: 'posted', stamp: 'posted', numbers: true, label: 'Post', done: 'Import shipment posted', confirm: 'Post this shipment? Its lots take their landed costs.' },
    cancel: {
      from: ['posted'],
      to: 'cancelled',
      scope: 'import-shipments:cancel',
      stamp: 'cancelled',
      label: 'Cancel',
      done: 'Import shipment cancelled',
      confirm: 'Cancel this shipment? Its landed costs come off its lots and its entries are reversed today.',
    },
  },
});

export interface ImportShipmentWeight {
  goodsReceiptId: number;
  lineNo: number;
  weightKg: string;
}

export interface ImportChargeAllocation {
  goodsReceiptId: number;
  lineNo: number;
  amount: string;
}

export interface ImportChargeInput {
  kind: ImportChargeKind;
  description: string;
  vendorId?: number | null;
  accountId?: number | null;
  billNumber: string;
  amount: string;
  exchangeRate?: string | null;
  splitMethod?: ChargeSplitMethod | null;
  allocations?: ImportChargeAllocation[];
}

export interface ImportShipmentInput {
  shipmentDate: string;
  reference: string;
  gdNumber: string;
  lcNumber: string;
  notes: string;
  splitMethod: ShipmentSplitMethod;
  goodsReceiptIds: number[];
  weights: ImportShipmentWeight[];
  charges: ImportChargeInput[];
}

export const importShipmentMessages = {
  receiptNotPosted: (number: string) => `${number} is not posted; only posted receipts take landed costs`,
  receiptMissing: 'Goods receipt does not exist',
  receiptTwice: 'This goods receipt is named twice',
  oneParty: 'A charge names a vendor or an account: one of them',
  // A rate is taken for one currency: the saved one cannot price the charge in the party's new currency (purchasing's orderCurrency).
  partyCurrencyChanged: (saved: string, now: string, party: 'vendor' | 'account') =>
    `The charge was saved in ${saved} but the ${party === 'vendor' ? 'vendor now bills' : 'account is now kept'} in ${now}; save the draft again to take a ${now} rate`,
  partyAccount: "A customer's or vendor's account is not a charge's account: name the vendor (vendorId), so its bill is paid and aged",
  allocationsDiffer: (allocated: string, amount: string) => `The allocations add to ${allocated}; the charge is ${amount}`,
  allocationLine: 'No line of the shipment’s receipts has this receipt and line number',
  weightMissing: (number: string, lineNo: number) => `Every line needs its weight for a weight split: ${number} line ${lineNo} has none`,
  noValue: 'The receipts’ lines have no value to split by; split by quantity or weight',
  noQuantity: 'The receipts’ lines have no units to split by',
  noWeight: 'The receipts’ lines weigh nothing to split by',
  beforeReceipt: (number: string, date: string) => `The shipment date is before ${number} (${date})`,
  placedOnRental: (lot: string) => `${lot} has a unit placed on rental: its cost cannot change while it is placed`,
  movedSince: (lot: string) => `${lot} has moved since this shipment was posted; post a credit note (a negative charge) on a new shipment instead`,
  chargePaid: (chargeNo: number) => `Charge ${chargeNo} has a payment; cancel or reallocate the payment first`,
  receiptInShipment: (receipt: string, shipment: string) => `${receipt} is named by import shipment ${shipment}; cancel the shipment first`,
} as const;

/** Scope of the cancel (its transition's). */
export const importShipmentCancelScope = 'import-shipments:cancel';

