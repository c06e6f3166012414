import { z } from 'zod';
import { maxInt32 } from '../resource/declaration.ts';
import { divideRounded, fromMinorUnits, toMinorUnits } from '../money.ts';

/**
 * Plan progress (issue 19, section 2): the approved sales plans of a calendar year against
 * the actual sales (posted invoices less posted returns, each in its own month), read from
 * the monthly sales summary, grouped one way, with year to date and a run-rate forecast.
 */
export const planProgressGroupings = [
  { value: 'item', label: 'Item' },
  { value: 'region', label: 'Region' },
  { value: 'customer', label: 'Customer' },
  { value: 'salesperson', label: 'Salesperson' },
  { value: 'month', label: 'Month' },
] as const;
export type PlanProgressGrouping = (typeof planProgressGroupings)[number]['value'];
const groupingValues = ['item', 'region', 'customer', 'salesperson', 'month'] as const;

export const planProgressSortKeys = [
  'key',
  'label',
  'planQty',
  'planValue',
  'actualQty',
  'actualValue',
  'achievedPercent',
  'ytdPlanQty',
  'ytdActualQty',
  'forecastQty',
] as const;
export type PlanProgressSortKey = (typeof planProgressSortKeys)[number];

/**
 * Which plans a view reads (docs/api/planning.md): the plans whose own dimensions are exactly the
 * dimensions the view is grouped or filtered by, so one sale is never counted against two
 * plans. A customer view reads the customer plans, a salesperson view the salesperson plans,
 * a view of both the plans naming both, any other view the region plans.
 */
export type PlanKind = 'region' | 'customer' | 'salesperson' | 'customerSalesperson';

export function planKindOf(query: { groupBy: PlanProgressGrouping; customerId?: number | undefined; salespersonId?: number | undefined }): PlanKind {
  const customer = query.groupBy === 'customer' || query.customerId !== undefined;
  const salesperson = query.groupBy === 'salesperson' || query.salespersonId !== undefined;
  if (customer && salesperson) return 'customerSalesperson';
  if (customer) return 'customer';
  return salesperson ? 'salesperson' : 'region';
}

export const planKindLabels: Record<PlanKind, string> = {
  region: 'region plans (no customer, no salesperson)',
  customer: 'customer plans',
  salesperson: 'salesperson plans',
  customerSalesperson: 'plans of a customer and a salesperson',
};

/** The calendar years a plan may be for (the spec's picker offers the current year and the next). */
export const planYearMin = 2000;
export const planYearMax = 2100;

const optionalId = (label: string) =>
  z.coerce
    .number({ error: `${label} must be an id` })
    .int({ error: `${label} must be an id` })
    .min(1, { error: `${label} must be an id` })
    .max(maxInt32, { error: `${label} must be at most ${maxInt32}` })
    .optional();

const monthKey = /^\d{4}-(0[1-9]|1[0-2])$/;

const progressQueryShape = {
  year: z.coerce
    .number({ error: 'Year must be a year' })
    .int({ error: 'Year must be a year' })
    .min(planYearMin, { error: `Year must be ${planYearMin} to ${planYearMax}` })
    .max(planYearMax, { error: `Year must be ${planYearMin} to ${planYearMax}` }),
  groupBy: z.enum(groupingValues, { error: 'Group by must be one of item, region, customer, salesperson, month' }).default('item'),
  regionId: optionalId('Region'),
  customerId: optionalId('Customer'),
  salespersonId: optionalId('Salesperson'),
  itemId: optionalId('Item'),
  /** The month filter (`YYYY-MM`, within the year): plan and actual of that month alone (the dashboard's month against plan). */
  month: z.string({ error: 'Month must be YYYY-MM' }).regex(monthKey, { error: 'Month must be YYYY-MM' }).optional(),
  page: z.coerce.number({ error: 'Page must be a whole number' }).int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number({ error: 'Page size must be a whole number' }).int().min(1, { error: 'Page size must be 1 to 1000' }).max(1000, { error: 'Page size must be 1 to 1000' }).default(100),
  /** Default: months in order (month grouping), else plan value, largest first. */
  sort: z.enum(planProgressSortKeys, { error: `Sort must be one of ${planProgressSortKeys.join(', ')}` }).optional(),
  order: z.enum(['asc', 'desc', 'ascend', 'descend'], { error: 'Order must be asc or desc' }).optional(),
};

const monthInYear = (q: { year: number; month?: string | undefined }) => q.month === undefined || q.month.startsWith(`${q.year}-`);
const monthInYearMessage = { path: ['month'], error: 'Month must be a month of the year asked' };

export const planProgressQuerySchema = z.object(progressQueryShape).refine(monthInYear, monthInYearMessage);
export type PlanProgressQuery = z.infer<typeof planProgressQuerySchema>;

/** /export: the same view, every row, as a file. */
export const planProgressExportQuerySchema = z
  .object({ ...progressQueryShape, format: z.enum(['csv', 'xlsx'], { error: 'Format must be csv or xlsx' }).default('csv') })
  .refine(monthInYear, monthInYearMessage);
export type PlanProgressExportQuery = z.infer<typeof planProgressExportQuerySchema>;

/** What a client sends (the server applies the defaults). */
export interface PlanProgressRequest {
  year: number;
  groupBy?: PlanProgressGrouping;
  regionId?: number;
  customerId?: number;
  salespersonId?: number;
  itemId?: number;
  month?: string;
  page?: number;
  pageSize?: number;
  sort?: PlanProgressSortKey;
  order?: 'asc' | 'desc';
}

/** A row's, the unplanned part's and the totals' figures. Quantities are whole units, values decimal strings. */
export interface PlanProgressFigures {
  planQty: number;
  /** Quantity x the price frozen at approval. */
  planValue: string;
  /** Net of returns, each in its own month. */
  actualQty: number;
  /** Net of returns, after discount, before tax. */
  actualValue: string;
  /**
   * Actual against plan x 100 in the view's measure (planMeasureOf: quantities by item, values
   * where groups mix items), one decimal (half-up); null when nothing was planned.
   */
  achievedPercent: string | null;
  /** Plan and actual of the months up to and including the current one (the whole year once past). */
  ytdPlanQty: number;
  ytdActualQty: number;
  /** ytdActualQty + remaining plan x clamp(ytdActualQty / ytdPlanQty, 0.5, 1.5), whole units. */
  forecastQty: number;
}

export interface PlanProgressRow extends PlanProgressFigures {
  /** An id (item, region, customer, salesperson) or a month `YYYY-MM`; null for the sales nobody planned. */
  key: string | number | null;
  label: string;
}

export interface PlanProgressResponse {
  status: number;
  message: string;
  year: number;
  groupBy: PlanProgressGrouping;
  /** Which plans the view read. */
  plans: PlanKind;
  /** The last month counted in year to date (`YYYY-MM`); null when the year has not begun. */
  ytdThrough: string | null;
  rows: PlanProgressRow[];
  /** Rows in the whole answer (pages of `pageSize`). */
  total: number;
  /** Sales in the view that no plan read covers (no line for the item in the matching plan): plan 0. */
  unplanned: PlanProgressRow;
  /** The sums of every row (not only this page); the unplanned part is not in them. */
  totals: PlanProgressFigures;
}

export const unplannedLabel = 'Sales nobody planned';

/**
 * What a view measures plan and actual by (issue 27): quantities by item (one unit each),
 * values (before tax) where groups mix items (a region's, a month's, a customer's): its
 * % achieved and its chart, and the dashboard's Sales against plan (by region, so values).
 */
export type PlanMeasure = 'quantity' | 'value';
export const planMeasureOf = (groupBy: PlanProgressGrouping): PlanMeasure => (groupBy === 'item' ? 'quantity' : 'value');

/** % achieved of a row or the totals in `measure`: values compared to the cent. */
export function achievedIn(measure: PlanMeasure, figures: Pick<PlanProgressFigures, 'planQty' | 'actualQty' | 'planValue' | 'actualValue'>): string | null {
  return measure === 'quantity' ? achievedPercentOf(figures.actualQty, figures.planQty) : achievedPercentOf(toMinorUnits(figures.actualValue), toMinorUnits(figures.planValue));
}

/** actual / plan x 100, one decimal half-up; null without a plan. */
export function achievedPercentOf(actualQty: number | bigint, planQty: number | bigint): string | null {
  const plan = BigInt(planQty);
  if (plan === 0n) return null;
  return fromMinorUnits(divideRounded(BigInt(actualQty) * 1000n, plan, 'half-up'), 1);
}

/**
 * The year's forecast: what sold to date plus the rest of the plan at the rate achieved to
 * date, the rate clamped to 0.5-1.5; with nothing planned to date the rest of the plan counts
 * as it stands. Whole units, half-up. In integers (twice the actual, clamped between the plan
 * and three times it), as the SQL computes it (plan-progress.service.ts), so the two agree.
 */
export function forecastOf(figures: { planQty: number; ytdPlanQty: number; ytdActualQty: number }): number {
  const remaining = BigInt(figures.planQty - figures.ytdPlanQty);
  const ytdPlan = BigInt(figures.ytdPlanQty);
  if (ytdPlan === 0n) return figures.ytdActualQty + Number(remaining);
  const twice = BigInt(figures.ytdActualQty) * 2n;
  const clamped = twice < ytdPlan ? ytdPlan : twice > ytdPlan * 3n ? ytdPlan * 3n : twice;
  return figures.ytdActualQty + Number(divideRounded(remaining * clamped, ytdPlan * 2n, 'half-up'));
}
