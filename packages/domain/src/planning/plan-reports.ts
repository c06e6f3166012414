import { z } from 'zod';
import { referenceSchema } from '../resource/declaration.ts';
import { wholeNumberInput } from '../resource/numeric-input.ts';
import { maxPlanYear, minPlanYear } from './sales-plan.document.ts';
import { monthLabels } from './seasonal-profiles.ts';

/** A plan's lines file (issue 19, section 1): its header row, the article number then January to December. */
export const planFileHeaders = ['Article number', ...monthLabels] as const;

const queryYear = wholeNumberInput(
  z
    .number({ error: (issue) => (issue.input === undefined ? 'Year is required' : 'Year must be a whole number') })
    .int({ error: 'Year must be a whole number' })
    .min(minPlanYear - 100, { error: `Year must be ${minPlanYear - 100} or later` })
    .max(maxPlanYear, { error: `Year must be ${maxPlanYear} or earlier` }),
);
const queryId = (label: string) => wholeNumberInput(referenceSchema(label));

/** GET /api/planning/actuals: a year, a region, optionally a customer and a salesperson. */
export const planActualsQuerySchema = z.strictObject({
  year: queryYear,
  regionId: queryId('Region'),
  customerId: queryId('Customer').optional(),
  salespersonId: queryId('Salesperson').optional(),
});
export type PlanActualsQuery = z.infer<typeof planActualsQuerySchema>;

/** An item's 12 net monthly quantities (sold less returned, each in its own month), January first. */
export interface PlanActualsRow {
  itemId: number;
  itemName: string;
  articleNumber: string;
  months: number[];
  quantity: number;
}

/** GET /api/planning/reconciliation: a year and a region. */
export const planReconciliationQuerySchema = z.strictObject({ year: queryYear, regionId: queryId('Region') });
export type PlanReconciliationQuery = z.infer<typeof planReconciliationQuerySchema>;

/** A plan the reconciliation read. */
export interface ReconciledPlan {
  id: number;
  documentNumber: string | null;
  version: number;
  status: string;
  customerId: number | null;
  salespersonId: number | null;
}

/**
 * One item of a region's year: the region plan's months, the sums of its customer plans and of
 * its salesperson plans, and what each leaves unallocated (region less the sum; negative: the
 * parts plan more than the whole).
 */
export interface PlanReconciliationRow {
  itemId: number;
  itemName: string;
  articleNumber: string;
  region: number[];
  customers: number[];
  salespeople: number[];
  unallocatedToCustomers: number[];
  unallocatedToSalespeople: number[];
}

/** Month by month, a - b. */
export function monthsLess(a: readonly number[], b: readonly number[]): number[] {
  return a.map((value, index) => value - (b[index] ?? 0));
}

/** Month by month, the sum of many. */
export function monthsSum(rows: ReadonlyArray<readonly number[]>): number[] {
  return Array.from({ length: 12 }, (_, index) => rows.reduce((sum, row) => sum + (row[index] ?? 0), 0));
}

/** GET /api/planning/items: the approved, active items of a category (the plan form's "add by category"). */
export const planCategoryItemsQuerySchema = z.strictObject({ categoryId: queryId('Category') });

export interface PlanCategoryItem {
  itemId: number;
  itemName: string;
  articleNumber: string;
  plans: Record<string, boolean>;
}
