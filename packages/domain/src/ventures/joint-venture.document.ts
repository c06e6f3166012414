import { z } from 'zod';
import { defineDocument } from '../document/define-document.ts';
import { dateSchema, referenceSchema } from '../resource/declaration.ts';
import { decimalInput, numberOrNumericString } from '../resource/numeric-input.ts';

export const partnerTypes = [
  { value: 'vendor', label: 'Vendor' },
  { value: 'customer', label: 'Customer' },
] as const;
export const ventureBases = [
  { value: 'revenue', label: 'Revenue' },
  { value: 'grossMargin', label: 'Gross margin' },
  { value: 'netProfit', label: 'Net profit' },
] as const;
export const lossRules = [
  { value: 'share', label: 'Shared with the partner' },
  { value: 'carryForward', label: 'Carried forward' },
] as const;
export type PartnerType = (typeof partnerTypes)[number]['value'];
export type VentureBasis = (typeof ventureBases)[number]['value'];
export type LossRule = (typeof lossRules)[number]['value'];

/** A percentage 0..100 with at most 4 decimals (a partner's share, a fee). */
export const percentSchema = (label: string) =>
  decimalInput(
    z
      .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : numberOrNumericString(label)) })
      .trim()
      .regex(/^\d{1,3}(\.\d{1,4})?$/, { error: `${label} must be a percentage with at most 4 decimals` })
      .refine((v) => Number(v) <= 100, { error: `${label} must be at most 100` }),
  );

/** The ids a scope rule lists: none, or distinct references. */
const idList = (label: string) =>
  z
    .array(referenceSchema(label), { error: `${label} must be a list of ids` })
    .max(500, { error: `${label} may list at most 500` })
    .refine((ids) => new Set(ids).size === ids.length, { error: `${label} lists an id twice` })
    .optional()
    .default([]);

export const ventureMessages = {
  noScope: 'A venture needs at least one scope rule (customers, items or categories, regions or rental agreements)',
  overlaps: (name: string) => `The scope overlaps the active venture ${name}`,
  endBeforeStart: 'The end date must be on or after the start date',
  firstShare: 'The first share must take effect on the start date',
  shareDates: 'Share versions must have distinct dates',
  partnerMissing: 'The partner does not exist',
  alreadySettled: (number: string) => `This period is settled already (${number})`,
  settleOutside: 'The period must lie within the venture',
  settleUnfinished: 'A period can only be settled once its last day has passed',
  notActive: 'Only an active or closed venture can be settled',
  otherRegions: 'Choose only your regions: a venture of other regions is set by users of every region',
  ventureMissing: 'The venture does not exist',
  reconciliationCompanyWide: 'The reconciliation is of the whole company: it is for users of every region',
};

/**
 * A joint venture (issue 21, section 3): a partner (a vendor or a customer), the scope of the
 * business it shares (customers, items or categories, regions, rental agreements: a line is in
 * scope when it matches every kind of rule listed), start and end, the partner's share in
 * versions by effective date (the `shares` lines), the basis, a management fee before the split
 * and the loss rule. `draft -> active -> closed`. Activating opens the partner's payable (a
 * customer's; a vendor's own is used) and capital accounts; a scope overlapping an active venture
 * is refused (409). Ledger lines in scope are stamped with it when posted.
 */
export const jointVentureDocument = defineDocument({
  name: 'joint-ventures',
  route: '/joint-ventures',
  title: 'Joint Ventures',
  singular: 'joint venture',
  numberPrefix: 'JVN',
  dateField: 'startDate',
  fields: [
    { name: 'ventureName', label: 'Venture', kind: 'text', required: true, maxLength: 120, searchable: true },
    { name: 'partnerType', label: 'Partner type', kind: 'enum', enumValues: partnerTypes, required: true },
    { name: 'partnerId', label: 'Partner', kind: 'integer', required: true, schema: referenceSchema('Partner') },
    { name: 'customerIds', label: 'Customers', kind: 'reference', reference: 'customers', list: false, sortable: false, schema: idList('Customers') },
    { name: 'itemIds', label: 'Items', kind: 'reference', reference: 'items', list: false, sortable: false, schema: idList('Items') },
    { name: 'categoryIds', label: 'Categories', kind: 'reference', reference: 'categories', list: false, sortable: false, schema: idList('Categories') },
    { name: 'regionIds', label: 'Regions', kind: 'reference', reference: 'regions', list: false, sortable: false, schema: idList('Regions') },
    { name: 'rentalAgreementIds', label: 'Rental agreements', kind: 'integer', list: false, sortable: false, schema: idList('Rental agreements') },
    { name: 'startDate', label: 'Start', kind: 'date', required: true },
    { name: 'endDate', label: 'End', kind: 'date', schema: dateSchema('End').nullable().optional() },
    { name: 'basis', label: 'Basis', kind: 'enum', enumValues: ventureBases, required: true },
    { name: 'feePercent', label: 'Management fee %', kind: 'decimal', scale: 4, schema: percentSchema('Management fee').optional().default('0') },
    { name: 'lossRule', label: 'Loss rule', kind: 'enum', enumValues: lossRules, required: true },
    { name: 'notes', label: 'Notes', kind: 'textarea', maxLength: 1000, defaultValue: '' },
  ],
  lines: {
    key: 'shares',
    fields: [
      { name: 'effectiveFrom', label: 'Effective from', kind: 'date', required: true },
      { name: 'partnerPercent', label: 'Partner %', kind: 'decimal', scale: 4, required: true, schema: percentSchema('Partner %') },
    ],
    min: 1,
    max: 50,
  },
  states: ['draft', 'active', 'closed'],
  stateLabels: { draft: 'Draft', active: 'Active', closed: 'Closed' },
  editableIn: ['draft'],
  transitions: {
    activate: { from: ['draft'], to: 'active', stamp: 'activated', numbers: true, label: 'Activate', done: 'Joint venture activated' },
    close: {
      from: ['active'],
      to: 'closed',
      stamp: 'closed',
      label: 'Close',
      done: 'Joint venture closed',
      confirm: 'Close this venture? Postings from now on are no longer stamped with it.',
    },
  },
});

export interface VentureShare {
  effectiveFrom: string;
  partnerPercent: string;
}

export interface JointVentureInput {
  ventureName: string;
  partnerType: PartnerType;
  partnerId: number;
  customerIds: number[];
  itemIds: number[];
  categoryIds: number[];
  regionIds: number[];
  rentalAgreementIds: number[];
  startDate: string;
  endDate?: string | null;
  basis: VentureBasis;
  feePercent: string;
  lossRule: LossRule;
  notes: string;
  shares: VentureShare[];
}

export interface JointVentureDetail extends JointVentureInput {
  id: number;
  documentNumber: string | null;
  status: 'draft' | 'active' | 'closed';
  partnerName: string | null;
  payableAccountId: number | null;
  capitalAccountId: number | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  shares: (VentureShare & { id: number; lineNo: number })[];
  [key: string]: unknown;
}

/** The rules a venture's draft must keep besides its fields' own (400 naming the field). */
export function ventureProblems(input: Pick<JointVentureInput, 'customerIds' | 'itemIds' | 'categoryIds' | 'regionIds' | 'rentalAgreementIds' | 'startDate' | 'endDate' | 'shares'>): Record<string, string> {
  const problems: Record<string, string> = {};
  const rules = [input.customerIds, input.itemIds, input.categoryIds, input.regionIds, input.rentalAgreementIds];
  if (rules.every((ids) => ids.length === 0)) problems.customerIds = ventureMessages.noScope;
  if (input.endDate && input.endDate < input.startDate) problems.endDate = ventureMessages.endBeforeStart;
  const dates = input.shares.map((s) => s.effectiveFrom);
  if (new Set(dates).size !== dates.length) problems.shares = ventureMessages.shareDates;
  else if (dates.length > 0 && [...dates].sort()[0] !== input.startDate) problems['shares.0.effectiveFrom'] = ventureMessages.firstShare;
  return problems;
}

/** Two ventures' scopes overlap when, for every kind of rule, either lists none or both share an id. */
export function scopesOverlap(a: Pick<JointVentureInput, 'customerIds' | 'itemIds' | 'categoryIds' | 'regionIds' | 'rentalAgreementIds'>, b: typeof a): boolean {
  const meets = (x: readonly number[], y: readonly number[]) => x.length === 0 || y.length === 0 || x.some((id) => y.includes(id));
  // Items and categories are one kind of rule: two ventures naming only different items may still share a category's item; treated as overlapping when either lists a category.
  const goods = (v: typeof a) => [...v.itemIds, ...v.categoryIds.map((id) => -id)];
  const goodsMeet = a.categoryIds.length > 0 || b.categoryIds.length > 0 ? true : meets(goods(a), goods(b));
  return meets(a.customerIds, b.customerIds) && goodsMeet && meets(a.regionIds, b.regionIds) && meets(a.rentalAgreementIds, b.rentalAgreementIds);
}
