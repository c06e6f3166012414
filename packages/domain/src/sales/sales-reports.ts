import { z } from 'zod';
import { dateSchema, maxInt32 } from '../resource/declaration.ts';

/**
 * The sales reports (issue 8, section 5): posted sales less posted returns (each in its own
 * month), read from the monthly sales summary kept by the postings, grouped one way.
 * /sales/reports groups by month, region, customer, salesperson or item; /items/sales lists
 * items, one row per item or, grouped, one per item and region, customer, salesperson or month.
 *
 * The summary's grain is a month: `from` and `to` are widened to whole months (from the first
 * of `from`'s month to the last day of `to`'s) and the answer says which months it covers.
 */
export const salesReportGroupings = [
  { value: 'month', label: 'Month' },
  { value: 'region', label: 'Region' },
  { value: 'customer', label: 'Customer' },
  { value: 'salesperson', label: 'Salesperson' },
  { value: 'item', label: 'Item' },
] as const;
export type SalesReportGrouping = (typeof salesReportGroupings)[number]['value'];
const groupingValues = ['month', 'region', 'customer', 'salesperson', 'item'] as const;

/** /items/sales: `item` is one row per item; the others split each item's row by that. */
export const itemSalesGroupings = [
  { value: 'item', label: 'Item only' },
  { value: 'region', label: 'Item and region' },
  { value: 'customer', label: 'Item and customer' },
  { value: 'salesperson', label: 'Item and salesperson' },
  { value: 'month', label: 'Item and month' },
] as const;

export const salesReportSortKeys = ['key', 'label', 'quantity', 'value', 'cost', 'margin', 'marginPercent', 'returnedQuantity', 'returnedValue'] as const;
export type SalesReportSortKey = (typeof salesReportSortKeys)[number];

/** A sales person with no salesperson (a customer without one): its rows' key and label. */
export const noSalespersonLabel = 'No salesperson';

const optionalId = (label: string) =>
  z.coerce
    .number({ error: `${label} must be an id` })
    .int({ error: `${label} must be an id` })
    .min(1, { error: `${label} must be an id` })
    .max(maxInt32, { error: `${label} must be at most ${maxInt32}` })
    .optional();

const reportQueryShape = {
  from: dateSchema('From'),
  to: dateSchema('To'),
  regionId: optionalId('Region'),
  customerId: optionalId('Customer'),
  salespersonId: optionalId('Salesperson'),
  itemId: optionalId('Item'),
  /** json (the default) answers rows; csv and xlsx download every row with a totals row. */
  format: z.enum(['json', 'csv', 'xlsx'], { error: 'Format must be json, csv or xlsx' }).default('json'),
  page: z.coerce.number({ error: 'Page must be a whole number' }).int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number({ error: 'Page size must be a whole number' }).int().min(1, { error: 'Page size must be 1 to 1000' }).max(1000, { error: 'Page size must be 1 to 1000' }).default(100),
  /** Default: months in order (month grouping), the item then its group (/items/sales), else value, largest first. */
  sort: z.enum(salesReportSortKeys, { error: `Sort must be one of ${salesReportSortKeys.join(', ')}` }).optional(),
  order: z.enum(['asc', 'desc', 'ascend', 'descend'], { error: 'Order must be asc or desc' }).optional(),
};

const groupBy = (fallback: SalesReportGrouping) =>
  z.enum(groupingValues, { error: 'Group by must be one of month, region, customer, salesperson, item' }).default(fallback);

const fromNotAfterTo = (q: { from: string; to: string }) => q.from <= q.to;
const fromNotAfterToMessage = { path: ['to'], error: 'To cannot be earlier than From' };

export const salesReportQuerySchema = z.object({ ...reportQueryShape, groupBy: groupBy('month') }).refine(fromNotAfterTo, fromNotAfterToMessage);
export type SalesReportQuery = z.infer<typeof salesReportQuerySchema>;

/** /items/sales: the same query; `groupBy` splits each item's row (default `item`: one row per item). */
export const itemSalesQuerySchema = z.object({ ...reportQueryShape, groupBy: groupBy('item') }).refine(fromNotAfterTo, fromNotAfterToMessage);
export type ItemSalesQuery = z.infer<typeof itemSalesQuerySchema>;

/** What a client sends to either report (the server applies the defaults). */
export interface SalesReportRequest {
  from: string;
  to: string;
  groupBy?: SalesReportGrouping;
  regionId?: number;
  customerId?: number;
  salespersonId?: number;
  itemId?: number;
  format?: 'json' | 'csv' | 'xlsx';
  page?: number;
  pageSize?: number;
  sort?: SalesReportSortKey;
  order?: 'asc' | 'desc';
}

/** The sums every row and the totals carry. */
export interface SalesFigures {
  /** Net of returns: sold less returned. */
  quantity: number;
  /** Net, after discount, before tax. */
  value: string;
  cost: string;
  /** value - cost. */
  margin: string;
  /** margin / value x 100, 1 decimal; null when value is 0. */
  marginPercent: string | null;
  returnedQuantity: number;
  returnedValue: string;
}

export interface SalesReportRow extends SalesFigures {
  /** The group's id (a month's first day for `month`; null for sales without a salesperson). */
  key: string | number | null;
  label: string;
}

export type SalesReportTotals = SalesFigures;

/** An /items/sales row: the item, and the group it is split by (none when grouped by item). */
export interface ItemSalesRow extends SalesFigures {
  /** `<itemId>` alone, or `<itemId>:<group key>`: unique within the answer. */
  key: string;
  itemId: number;
  articleNumber: string;
  itemName: string;
  /** `<article number> · <item name>`. */
  label: string;
  group: { key: string | number | null; label: string } | null;
}

interface ReportAnswer<Row> {
  status: number;
  message: string;
  groupBy: SalesReportGrouping;
  /** The whole months covered: the first day of `from`'s month, the last day of `to`'s. */
  from: string;
  to: string;
  rows: Row[];
  /** Rows in the whole answer (pages of `pageSize`). */
  total: number;
  totals: SalesReportTotals;
}

export type SalesReportResponse = ReportAnswer<SalesReportRow>;
export type ItemSalesResponse = ReportAnswer<ItemSalesRow>;

/** The first day of a date's month. */
export function monthStart(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** The last day of a date's month (leap years included). */
export function monthEnd(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${date.slice(0, 7)}-${String(days).padStart(2, '0')}`;
}
