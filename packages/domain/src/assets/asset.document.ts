import { z } from 'zod';
import { defineDocument } from '../document/define-document.ts';
import { dateSchema, referenceSchema } from '../resource/declaration.ts';
import { positiveAmountSchema } from '../money/money.area.ts';
import { depreciationMethods } from '../setup/setup.area.ts';
import { decimalInput, numberOrNumericString } from '../resource/numeric-input.ts';

// The asset categories' methods (setup), one list for both.
export type DepreciationMethod = (typeof depreciationMethods)[number]['value'];
const depreciationMethodValues = depreciationMethods.map((m) => m.value) as [DepreciationMethod, ...DepreciationMethod[]];

export const disposalKinds = [
  { value: 'sale', label: 'Sale' },
  { value: 'writeOff', label: 'Write-off' },
] as const;

export const disposeAssetSchema = z.strictObject({
  disposalDate: dateSchema('Disposal date'),
  kind: z.enum(['sale', 'writeOff'], { error: 'Choose sale or write-off' }),
  // A sale's price and the cash or bank account it was paid into.
  proceeds: decimalInput(
    z
      .string({ error: numberOrNumericString('Proceeds') })
      .trim()
      .regex(/^\d{1,16}(\.\d{1,2})?$/, { error: 'Proceeds must be a number of at most 16 digits and 2 decimals' }),
  )
    .nullable()
    .optional(),
  accountId: referenceSchema('Account').nullable().optional(),
});

const moneyOrZero = (label: string) =>
  decimalInput(
    z
      .string({ error: numberOrNumericString(label) })
      .trim()
      .regex(/^\d{1,16}(\.\d{1,2})?$/, { error: `${label} must be a number of at most 16 digits and 2 decimals` }),
  );

/**
 * Fixed assets (issue 9, section 5): bought on a date at a cost, depreciated month by month
 * down to the salvage value over the useful life (the category's unless given), straight
 * line or declining balance. Capitalising (`FA-YYYY-NNNNNN`) posts Dr the category's asset
 * account, Cr the paying account or the vendor's payable. Depreciation runs post the monthly
 * charges. Disposal (sale or write-off) removes cost and accumulated depreciation and posts
 * the gain or loss. Cancel (a mistaken capitalisation) is refused once a run has charged it.
 */
export const assetDocument = defineDocument({
  name: 'assets',
  route: '/assets',
  title: 'Assets',
  singular: 'asset',
  numberPrefix: 'FA',
  dateField: 'purchaseDate',
  fields: [
    { name: 'assetName', label: 'Asset', kind: 'text', required: true, maxLength: 120, searchable: true },
    { name: 'assetCategoryId', label: 'Asset category', kind: 'reference', reference: 'asset-categories', required: true },
    { name: 'regionId', label: 'Region', kind: 'reference', reference: 'regions', required: true },
    { name: 'purchaseDate', label: 'Purchase date', kind: 'date', required: true },
    { name: 'cost', label: 'Cost', kind: 'decimal', scale: 2, required: true, schema: positiveAmountSchema('Cost') },
    { name: 'salvageValue', label: 'Salvage value', kind: 'decimal', scale: 2, schema: moneyOrZero('Salvage value').default('0') },
    { name: 'usefulLifeMonths', label: 'Useful life (months)', kind: 'integer', min: 1, max: 1200, schema: z.number().int().min(1, { error: 'Useful life must be at least 1 month' }).max(1200, { error: 'Useful life must be at most 1200 months' }).nullable().optional() },
    { name: 'depreciationMethod', label: 'Method', kind: 'enum', schema: z.enum(depreciationMethodValues, { error: 'Choose a depreciation method' }).nullable().optional() },
    { name: 'custodianEmployeeId', label: 'Custodian (employee)', kind: 'reference', reference: 'employees', schema: referenceSchema('Custodian').nullable().optional() },
    { name: 'custodianUserId', label: 'Custodian (user)', kind: 'reference', reference: 'users', schema: referenceSchema('Custodian').nullable().optional() },
    // Paid from a cash or bank account, or owed to a vendor (Cr the vendor's payable): one of them.
    { name: 'paymentAccountId', label: 'Paid from', kind: 'reference', reference: 'accounts', schema: referenceSchema('Paid from').nullable().optional() },
    { name: 'vendorId', label: 'Vendor', kind: 'reference', reference: 'vendors', schema: referenceSchema('Vendor').nullable().optional() },
    { name: 'notes', label: 'Notes', kind: 'textarea', maxLength: 1000, defaultValue: '' },
  ],
  lines: { fields: [], min: 0, max: 0 },
  states: ['draft', 'active', 'disposed', 'cancelled'],
  stateLabels: { draft: 'Draft', active: 'Active', disposed: 'Disposed', cancelled: 'Cancelled' },
  editableIn: ['draft'],
  transitions: {
    capitalise: { from: ['draft'], to: 'active', stamp: 'posted', numbers: true, label: 'Capitalise', done: 'Asset capitalised' },
    dispose: {
      from: ['active'],
      to: 'disposed',
      stamp: 'disposed',
      label: 'Dispose',
      done: 'Asset disposed',
      input: disposeAssetSchema,
      confirm: 'Dispose of this asset? Its cost and depreciation leave the books and the gain or loss is posted.',
    },
    cancel: {
      from: ['active'],
      to: 'cancelled',
      scope: 'assets:cancel',
      stamp: 'cancelled',
      label: 'Cancel',
      done: 'Asset cancelled',
      confirm: 'Cancel this asset? Its capitalisation is reversed today.',
    },
  },
});
