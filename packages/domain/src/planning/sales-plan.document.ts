import { z } from 'zod';
import { salespersonRoles } from '../access/roles.ts';
import { defineDocument } from '../document/define-document.ts';
import { referenceSchema } from '../resource/declaration.ts';
import { wholeNumberInput } from '../resource/numeric-input.ts';

/** Plan years the application takes (calendar years; issue 19, "Decided"). */
export const minPlanYear = 2000;
export const maxPlanYear = 2999;

/** The largest monthly quantity of a plan line: a month's cell, summed over 12 and 5,000 lines, stays exact in JavaScript and bigint SQL. */
export const maxPlanQuantity = 100_000_000;

const planYear = wholeNumberInput(
  z
    .number({ error: (issue) => (issue.input === undefined ? 'Year is required' : 'Year must be a whole number') })
    .int({ error: 'Year must be a whole number' })
    .min(minPlanYear, { error: `Year must be ${minPlanYear} or later` })
    .max(maxPlanYear, { error: `Year must be ${maxPlanYear} or earlier` }),
);

const monthQuantity = z
  .number({ error: 'Each month must be a whole number' })
  .int({ error: 'Each month must be a whole number' })
  .min(0, { error: 'A month cannot be negative' })
  .max(maxPlanQuantity, { error: `A month holds at most ${maxPlanQuantity.toLocaleString('en-US')}` });

/** Twelve monthly quantities, January first: whole numbers >= 0 (numeric strings such as "10" too). */
export const planMonthsSchema = z
  .array(wholeNumberInput(monthQuantity), { error: 'Months must be a list of 12 quantities' })
  .length(12, { error: 'Months must hold exactly 12 quantities, January to December' });

/**
 * Sales plans (issue 19, section 1): a calendar year, a region (required), a customer and a
 * salesperson (each optional), and lines of an item with 12 monthly quantities. Submitting
 * numbers it `SP-YYYY-NNNNNN` (YYYY the plan's year: the document date is the year's 1 January);
 * approving freezes each line's unit price from the region's price list. A revision (`revise`)
 * is a new draft of the same number, version + 1; approving it supersedes the version it revises.
 */
export const salesPlanDocument = defineDocument({
  name: 'sales-plans',
  route: '/planning/form',
  title: 'Sales plans',
  singular: 'sales plan',
  numberPrefix: 'SP',
  dateField: 'documentDate',
  fields: [
    // Derived from the year (1 January): the number's year and the list's from/to; never sent.
    { name: 'documentDate', label: 'Plan start', kind: 'date', form: false },
    { name: 'year', label: 'Year', kind: 'integer', required: true, min: minPlanYear, max: maxPlanYear, schema: planYear, filterable: true },
    { name: 'regionId', label: 'Region', kind: 'reference', reference: 'regions', required: true, filterable: true },
    { name: 'customerId', label: 'Customer', kind: 'reference', reference: 'customers', filterable: true, schema: referenceSchema('Customer').nullable().optional() },
    {
      name: 'salespersonId',
      label: 'Salesperson',
      kind: 'reference',
      reference: 'users',
      filterable: true,
      optionsWhere: { role: salespersonRoles },
      schema: referenceSchema('Salesperson').nullable().optional(),
    },
    { name: 'notes', label: 'Notes', kind: 'textarea', maxLength: 1000, defaultValue: '', searchable: true },
  ],
  lines: {
    fields: [
      { name: 'itemId', label: 'Item', kind: 'reference', reference: 'items', required: true },
      { name: 'months', label: 'Months', kind: 'integer', required: true, schema: planMonthsSchema },
    ],
    min: 1,
    max: 5000,
  },
  states: ['draft', 'submitted', 'approved', 'superseded', 'cancelled'],
  stateLabels: { draft: 'Draft', submitted: 'Submitted', approved: 'Approved', superseded: 'Superseded', cancelled: 'Cancelled' },
  editableIn: ['draft'],
  transitions: {
    submit: {
      from: ['draft'],
      to: 'submitted',
      stamp: 'submitted',
      numbers: true,
      label: 'Submit',
      done: 'Sales plan submitted',
      confirm: 'Submit this sales plan for approval? It can then no longer be changed.',
    },
    approve: {
      from: ['submitted'],
      to: 'approved',
      scope: 'sales-plans:approve',
      stamp: 'approved',
      numbers: true,
      label: 'Approve',
      done: 'Sales plan approved',
      confirm: 'Approve this sales plan? Its prices are frozen from the price list, and the version it revises is superseded.',
    },
    // The approved plan stays approved: the answer is the new draft (version + 1).
    revise: { from: ['approved'], to: 'approved', label: 'Revise', done: 'Sales plan revised' },
    cancel: {
      from: ['draft', 'submitted', 'approved'],
      to: 'cancelled',
      scope: 'sales-plans:cancel',
      stamp: 'cancelled',
      label: 'Cancel',
      done: 'Sales plan cancelled',
      confirm: 'Cancel this sales plan? Its items are no longer planned by it.',
    },
  },
});

export type SalesPlanStatus = (typeof salesPlanDocument.states)[number];

/** The statuses of a plan that still counts (items.plans, the one live plan per key). */
export const livePlanStatuses: readonly SalesPlanStatus[] = ['draft', 'submitted', 'approved'];

export interface SalesPlanLineInput {
  itemId: number;
  months: number[];
}

export interface SalesPlanInput {
  year: number;
  regionId: number;
  customerId?: number | null;
  salespersonId?: number | null;
  notes: string;
  lines: SalesPlanLineInput[];
}

export interface SalesPlanLineRow {
  id: number;
  lineNo: number;
  itemId: number;
  months: number[];
  /** Frozen when the plan is approved (the region's price list); null before. */
  unitPrice: string | null;
  /** The year's quantity. */
  quantity: number;
  /** quantity x unitPrice once approved; null before. */
  value: string | null;
  item: { itemName: string; articleNumber: string; unit: string; categoryId: number };
}

/** A sales plan as the API answers it. */
export interface SalesPlanDetail {
  id: number;
  documentNumber: string | null;
  documentDate: string;
  year: number;
  regionId: number;
  customerId: number | null;
  salespersonId: number | null;
  version: number;
  revisionOf: number | null;
  notes: string;
  status: SalesPlanStatus;
  totalQuantity: number;
  totalValue: string | null;
  region: { regionName: string } | null;
  customer: { customerName: string } | null;
  salesperson: { name: string } | null;
  lines: SalesPlanLineRow[];
  [key: string]: unknown;
}

/** The year's quantity of a line. */
export function yearQuantity(months: readonly number[]): number {
  return months.reduce((sum, quantity) => sum + quantity, 0);
}

/** The plan's refusals, word for word in the API and the form. */
export const planMessages = {
  regionMissing: 'The region does not exist',
  customerMissing: 'The customer does not exist',
  customerOtherRegion: "The customer is not of the plan's region",
  salespersonMissing: 'The salesperson does not exist',
  salespersonRole: 'The salesperson must be a user of a selling role',
  itemMissing: 'The item does not exist',
  itemNotApproved: 'The item is not approved; it cannot be planned until it is',
  itemTwice: (lineNo: number) => `The item is already on line ${lineNo}`,
  revisionKeepsKey: "A revision keeps the plan's year, region, customer and salesperson",
  /** The one live plan per (year, region, customer, salesperson). */
  liveExists: (name: string) => `A live sales plan already covers this year, region, customer and salesperson: ${name}`,
  openRevision: (name: string) => `This plan already has a revision in progress: ${name}`,
  revisedNotApproved: 'The version this revision revises is no longer approved',
};

/** How a plan is named in messages: its number and version, or, before it has a number, its draft id. */
export function planName(plan: { id: number; documentNumber: string | null; version: number }): string {
  return plan.documentNumber ? `${plan.documentNumber} v${plan.version}` : `draft sales plan ${plan.id} (v${plan.version})`;
}
