import { z } from 'zod';
import { defineDocument } from '../document/define-document.ts';
import { dateSchema, referenceSchema } from '../resource/declaration.ts';
import { wholeNumberInput } from '../resource/numeric-input.ts';
import type { DemandBasis, OrderReason } from './order-suggestion.ts';

const idList = (label: string) =>
  z.array(referenceSchema(label), { error: `${label} must be a list of ids` }).max(500, { error: `${label} may hold at most 500 ids` });

const days = (label: string, min: number, max: number) =>
  wholeNumberInput(
    z
      .number({ error: `${label} must be a whole number` })
      .int({ error: `${label} must be a whole number` })
      .min(min, { error: `${label} must be ${min} to ${max}` })
      .max(max, { error: `${label} must be ${min} to ${max}` }),
  );

export const demandBasisOptions: readonly { value: DemandBasis; label: string }[] = [
  { value: 'planAdjusted', label: 'Plan, scaled by this year’s achievement' },
  { value: 'plan', label: 'Plan' },
  { value: 'velocity', label: 'Sales velocity' },
];

/**
 * A Generate Order run (issue 19, section 3): its parameters, computed and saved with every
 * term of every line when created (`OG-YYYY-NNNNNN`, numbered then). Drafts' finals are
 * edited line by line; `create-orders` creates one draft purchase order per vendor for a receiving
 * region (its body `{regionId}`); `discard` drops it, keeping its number: a run is never deleted,
 * so OG numbers stay gapless. Parameters left out come from settings.
 */
export const orderGenerationRunDocument = defineDocument({
  name: 'order-generation-runs',
  route: '/order-generation',
  title: 'Generate Order',
  singular: 'order generation run',
  numberPrefix: 'OG',
  dateField: 'asOf',
  fields: [
    { name: 'asOf', label: 'As of', kind: 'date', schema: dateSchema('As of').optional() },
    { name: 'vendorId', label: 'Vendor', kind: 'reference', reference: 'vendors', schema: referenceSchema('Vendor').nullable().optional() },
    { name: 'regionIds', label: 'Regions', kind: 'text', list: false, schema: idList('Regions').optional() },
    { name: 'categoryIds', label: 'Categories', kind: 'text', list: false, schema: idList('Categories').optional() },
    { name: 'reviewDays', label: 'Review days', kind: 'integer', schema: days('Review days', 0, 365).optional() },
    { name: 'historyMonths', label: 'History months', kind: 'integer', schema: days('History months', 1, 24).optional() },
    {
      name: 'demandBasis',
      label: 'Demand basis',
      kind: 'enum',
      enumValues: demandBasisOptions,
      defaultValue: 'planAdjusted',
    },
  ],
  lines: { fields: [], min: 0, max: 0 },
  states: ['draft', 'converted', 'discarded'],
  stateLabels: { draft: 'Draft', converted: 'Converted', discarded: 'Discarded' },
  editableIn: ['draft'],
  keepsDrafts: 'A run keeps its number once computed: discard it instead',
  transitions: {
    'create-orders': {
      from: ['draft'],
      to: 'converted',
      stamp: 'converted',
      label: 'Create draft purchase orders',
      done: 'Draft purchase orders created',
      input: z.strictObject({ regionId: referenceSchema('Receiving region') }),
    },
    discard: {
      from: ['draft'],
      to: 'discarded',
      stamp: 'discarded',
      label: 'Discard',
      done: 'Run discarded',
      confirm: 'Discard this run? Its suggestions are kept for reference but no orders are created from it.',
    },
  },
});

export interface OrderGenerationRunInput {
  asOf?: string;
  vendorId?: number | null;
  regionIds?: number[];
  categoryIds?: number[];
  reviewDays?: number;
  historyMonths?: number;
  demandBasis: DemandBasis;
}

/** A line as the API answers it (issue 19, section 6), every term included. */
export interface OrderGenerationLine {
  itemId: number;
  itemName: string;
  articleNumber: string;
  /** The item's plan coverage by year (items.plans): the grid colours the item by it, as the pickers do. */
  plans?: Record<string, boolean>;
  vendorId: number | null;
  vendorName: string | null;
  leadTimeDays: number;
  packSize: number;
  minOrderQuantity: number;
  safetyStockDays: number;
  minShelfLifeDays: number;
  shelfLifeDays: number | null;
  velocity: number;
  soldQty: number;
  daysInStock: number;
  planQty: number | null;
  planRatio: number;
  dailyDemand: number;
  demandQty: number;
  safetyStock: number;
  onHand: number;
  expiredQty: number;
  usable: number;
  atRiskQty: number;
  atRiskValue: string;
  openSupply: number;
  late: number;
  beyondHorizon: number;
  horizonDate: string;
  netRequirement: number;
  suggestedQty: number;
  shelfCap: number | null;
  finalQty: number;
  unitCost: string;
  value: string;
  reasons: OrderReason[];
}

export interface OrderGenerationRunDetail {
  id: number;
  documentNumber: string | null;
  asOf: string;
  status: 'draft' | 'converted' | 'discarded';
  vendorId: number | null;
  regionIds: number[];
  categoryIds: number[];
  reviewDays: number;
  historyMonths: number;
  demandBasis: DemandBasis;
  lineCount: number;
  totalValue: string;
  purchaseOrderIds: number[];
  createdAt: string | Date;
  lines?: OrderGenerationLine[];
  [key: string]: unknown;
}

export const orderGenerationMessages = {
  noLines: 'Nothing to order: every final quantity is 0',
  notDraft: 'Only a draft run can be changed',
  otherRegions: 'Choose only your regions: a run of other regions is for users of every region',
  otherCategories: 'Choose only your categories: a run of other categories is for users of every category',
  asOfFuture: 'The as-of date cannot be later than today: a run suggests from what is known',
  vendorMissing: 'The vendor does not exist',
  noSuchLine: 'This run has no line for that item',
  noVendor: (item: string) => `Item ${item} has no vendor: set its vendor or its final quantity to 0`,
  belowMinimum: (vendor: string, minimum: string) => `The order to ${vendor} is under its minimum order value of ${minimum}`,
  noRate: (vendor: string, currency: string) => `${vendor} bills in ${currency} and no rate of ${currency} is held for today: enter one, then order its items`,
  vendorInactive: (vendor: string) => `${vendor} is no longer active: its items were left out`,
  itemNotApproved: (item: string) => `Item ${item} is no longer approved: it was left out`,
} as const;
