import { z } from 'zod';
import { defineDocument } from '../document/define-document.ts';
import { dateSchema, referenceSchema } from '../resource/declaration.ts';
import { decimalInput, numberOrNumericString } from '../resource/numeric-input.ts';

export const billingModels = [
  { value: 'minimumPurchase', label: 'Minimum purchase' },
  { value: 'perTest', label: 'Per test' },
] as const;
export type BillingModel = (typeof billingModels)[number]['value'];

export const shortfallModes = [
  { value: 'gap', label: 'Gap (commitment less eligible)' },
  { value: 'fixedRent', label: 'Fixed rent' },
] as const;
export type ShortfallMode = (typeof shortfallModes)[number]['value'];

export const settlementPeriods = [
  { value: 'month', label: 'Month' },
  { value: 'quarter', label: 'Quarter' },
  { value: 'year', label: 'Year' },
] as const;
export type SettlementPeriod = (typeof settlementPeriods)[number]['value'];

/** Who approves an agreement (issue 21, section 2). */
export const rentalApproveScope = 'reagent-rentals:approve';

const money = (label: string) =>
  decimalInput(
    z
      .string({ error: numberOrNumericString(label) })
      .trim()
      .regex(/^\d{1,16}(\.\d{1,2})?$/, { error: `${label} must be a number of at most 16 digits and 2 decimals, not negative` }),
  );
const percent = (label: string) =>
  decimalInput(
    z
      .string({ error: numberOrNumericString(label) })
      .trim()
      .regex(/^\d{1,3}(\.\d{1,2})?$/, { error: `${label} must be a percentage` })
      .refine((v) => Number(v) <= 100, { error: `${label} must be at most 100` }),
  );
const ids = (label: string) => z.array(referenceSchema(label), { error: `${label} must be a list of ids` }).max(500).default([]);

export const endAgreementSchema = z.strictObject({
  endDate: dateSchema('End date'),
  /** Ends before the term: raises the early-exit invoice (remaining commitment x early-exit %). */
  earlyExit: z.boolean().default(false),
});

/**
 * Reagent rental agreements (issue 21, section 2; PRODUCT.md, Reagent rentals): a rental asset
 * placed at a customer's site against a monthly reagent commitment or a price per test.
 * `RRA-YYYY-NNNNNN` on approval. draft -> approved -> active (its placement posted) ->
 * suspended | ended (on return or term end); cancelled only from draft.
 */
export const rentalAgreementDocument = defineDocument({
  name: 'rental-agreements',
  route: '/reagent-rentals',
  title: 'Rental Agreements',
  singular: 'rental agreement',
  numberPrefix: 'RRA',
  dateField: 'startDate',
  fields: [
    { name: 'customerId', label: 'Customer', kind: 'reference', reference: 'customers', required: true, filterable: true },
    { name: 'regionId', label: 'Region', kind: 'reference', reference: 'regions', required: true, filterable: true },
    { name: 'rentalAssetId', label: 'Rental asset', kind: 'reference', reference: 'rental-assets', required: true },
    { name: 'accessoryInventoryIds', label: 'Accessories', kind: 'text', list: false, schema: ids('Accessory') },
    { name: 'startDate', label: 'Start date', kind: 'date', required: true },
    { name: 'termMonths', label: 'Term (months)', kind: 'integer', required: true, min: 1, max: 240 },
    { name: 'billingModel', label: 'Billing model', kind: 'enum', enumValues: billingModels, required: true },
    { name: 'monthlyCommitment', label: 'Monthly commitment', kind: 'decimal', scale: 2, required: true, schema: money('Monthly commitment') },
    { name: 'eligibleItemIds', label: 'Eligible items', kind: 'text', list: false, schema: ids('Eligible item') },
    { name: 'eligibleCategoryIds', label: 'Eligible categories', kind: 'text', list: false, schema: ids('Eligible category') },
    { name: 'shortfallMode', label: 'Shortfall', kind: 'enum', enumValues: shortfallModes, required: true },
    { name: 'settlementPeriod', label: 'Settlement period', kind: 'enum', enumValues: settlementPeriods, required: true },
    { name: 'pricePerTest', label: 'Price per test', kind: 'decimal', scale: 2, list: false, schema: money('Price per test').nullable().optional() },
    { name: 'uptimePercent', label: 'Uptime guarantee %', kind: 'decimal', scale: 2, list: false, schema: percent('Uptime guarantee').default('95') },
    { name: 'downtimeWaiver', label: 'Downtime waiver', kind: 'boolean', list: false, defaultValue: true, schema: z.boolean().default(true) },
    { name: 'maintenanceMonths', label: 'Maintenance every (months)', kind: 'integer', list: false, min: 1, max: 120, schema: z.number().int().min(1).max(120).nullable().optional() },
    { name: 'deposit', label: 'Deposit', kind: 'decimal', scale: 2, list: false, schema: money('Deposit').nullable().optional() },
    { name: 'earlyExitPercent', label: 'Early exit %', kind: 'decimal', scale: 2, list: false, schema: percent('Early exit').nullable().optional() },
    { name: 'autoRenew', label: 'Auto-renew', kind: 'boolean', list: false, defaultValue: false, schema: z.boolean().default(false) },
    { name: 'noticeDays', label: 'Notice days', kind: 'integer', list: false, min: 0, max: 3650, schema: z.number().int().min(0).max(3650).nullable().optional() },
    { name: 'jointVentureId', label: 'Joint venture', kind: 'integer', list: false, schema: referenceSchema('Joint venture').nullable().optional() },
    { name: 'salespersonId', label: 'Salesperson', kind: 'reference', reference: 'users', list: false, schema: referenceSchema('Salesperson').nullable().optional() },
    { name: 'notes', label: 'Notes', kind: 'textarea', maxLength: 1000, defaultValue: '', searchable: true, list: false },
  ],
  lines: { fields: [], min: 0, max: 0 },
  states: ['draft', 'approved', 'active', 'suspended', 'ended', 'cancelled'],
  stateLabels: { draft: 'Draft', approved: 'Approved', active: 'Active', suspended: 'Suspended', ended: 'Ended', cancelled: 'Cancelled' },
  editableIn: ['draft'],
  transitions: {
    approve: { from: ['draft'], to: 'approved', scope: rentalApproveScope, stamp: 'approved', numbers: true, label: 'Approve', done: 'Rental agreement approved' },
    suspend: { from: ['active'], to: 'suspended', label: 'Suspend', done: 'Rental agreement suspended', confirm: 'Suspend this agreement? No shortfall is billed while it is suspended.' },
    resume: { from: ['suspended'], to: 'active', label: 'Resume', done: 'Rental agreement resumed' },
    end: {
      from: ['active', 'suspended'],
      to: 'ended',
      label: 'End',
      done: 'Rental agreement ended',
      input: endAgreementSchema,
      confirm: 'End this agreement? An early exit raises its invoice.',
    },
    cancel: { from: ['draft'], to: 'cancelled', stamp: 'cancelled', label: 'Cancel', done: 'Rental agreement cancelled', confirm: 'Cancel this draft agreement?' },
  },
});

export interface RentalAgreementInput {
  customerId: number;
  regionId: number;
  rentalAssetId: number;
  accessoryInventoryIds: number[];
  startDate: string;
  termMonths: number;
  billingModel: BillingModel;
  monthlyCommitment: string;
  eligibleItemIds: number[];
  eligibleCategoryIds: number[];
  shortfallMode: ShortfallMode;
  settlementPeriod: SettlementPeriod;
  pricePerTest?: string | null;
  uptimePercent: string;
  downtimeWaiver: boolean;
  maintenanceMonths?: number | null;
  deposit?: string | null;
  earlyExitPercent?: string | null;
  autoRenew: boolean;
  noticeDays?: number | null;
  jointVentureId?: number | null;
  salespersonId?: number | null;
  notes: string;
}
