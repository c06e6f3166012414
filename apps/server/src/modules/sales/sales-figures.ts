import type { FigureRow } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { jsonValue } from '../../db/client.ts';
import { countValue, moneyValue } from '../../lib/dashboard/dashboard-board.ts';
import type { FigureContext, FigureDefinition, FigureStatement } from '../../lib/dashboard/dashboard-figure.ts';
import { type DocumentListQuery, documentListWhere } from '../../lib/document/document-query.ts';
import { invoiceBinding } from './invoices.binding.ts';
import { quotationBinding } from './quotations.binding.ts';
import { labelledSalesGroupsSql } from './sales-reports.service.ts';

/**
 * The sales area's dashboard figures (issue 18): this month's sales, margin and top ten from
 * the monthly summary through the sales report's own SQL (so they equal /sales/reports for
 * the month), today's sales and last year's same elapsed part from posted invoices through
 * the invoice list's own filter, and the quotations awaiting an answer.
 */

const month = (c: FigureContext) => ({ from: c.monthStart, to: c.monthEnd });
const reportDrill = (groupBy: string) => (c: FigureContext) => ({ route: '/sales/reports', query: { from: c.monthStart, to: c.monthEnd, groupBy } });
const reportList = (groupBy: string, read: (totals: Record<string, string>) => string) => (c: FigureContext) => ({
  url: `/api/sales/reports?from=${c.monthStart}&to=${c.monthEnd}&groupBy=${groupBy}`,
  total: (body: Record<string, unknown>) => read(body.totals as Record<string, string>),
});
const topRows = (column: string) => (row: Record<string, unknown>) => jsonValue<FigureRow[]>(row[column] ?? '[]');

/** The top ten groups in the report's own order (value, largest first, then label and key). */
const topTen = (groups: string) =>
  sql`(SELECT coalesce(json_agg(json_build_object('label', t.label, 'value', t.value::numeric(14, 2)::text) ORDER BY t.value DESC NULLS LAST, t.label, t.k1), '[]'::json)
       FROM (SELECT * FROM ${sql.raw(groups)} ORDER BY value DESC NULLS LAST, label, k1 LIMIT 10) t)`;

const monthFigures: FigureDefinition[] = [
  {
    id: 'sales-month',
    label: 'Sales this month (before tax)',
    unit: 'money',
    boards: ['sales'],
    value: (row) => moneyValue(row.month_value),
    // Against last year; the plan is the planning area's own figure (sales-against-plan), its comparison the plan.
    compare: (row) => ({ label: 'Same days last year', value: moneyValue(row.last_year), unit: 'money' }),
    drill: reportDrill('region'),
    list: reportList('region', (totals) => totals.value!),
  },
  {
    id: 'top-customers',
    label: 'Top customers this month',
    unit: 'money',
    boards: ['sales'],
    value: (row) => moneyValue(row.month_value),
    rows: topRows('top_customers'),
    drill: reportDrill('customer'),
    list: reportList('customer', (totals) => totals.value!),
  },
  {
    id: 'top-items',
    label: 'Top items this month',
    unit: 'money',
    boards: ['sales'],
    value: (row) => moneyValue(row.month_value),
    rows: topRows('top_items'),
    drill: reportDrill('item'),
    list: reportList('item', (totals) => totals.value!),
  },
  {
    id: 'profit-month',
    label: 'Gross profit this month',
    unit: 'money',
    boards: ['owner'],
    value: (row) => moneyValue(row.margin),
    drill: reportDrill('month'),
    list: reportList('month', (totals) => totals.margin!),
  },
];

const postedOn = (from: string, to: string) => ({ status: 'posted', from, to }) as DocumentListQuery;

export const salesFigures: readonly FigureStatement[] = [
  {
    id: 'sales-month',
    scope: ['regions', 'categories'],
    sql: (c) => {
      const lastYear = documentListWhere(invoiceBinding, postedOn(c.lastYearMonthStart, c.lastYearToday), c.actor);
      return sql`WITH c AS MATERIALIZED (${labelledSalesGroupsSql(month(c), c.actor, 'customer')}),
                      i AS MATERIALIZED (${labelledSalesGroupsSql(month(c), c.actor, 'item')})
                 SELECT (SELECT coalesce(sum(value), 0) FROM c)::text AS month_value, (SELECT coalesce(sum(value - cost), 0) FROM c)::text AS margin,
                        (SELECT coalesce(sum(subtotal), 0) FROM invoices WHERE ${lastYear})::text AS last_year,
                        ${topTen('c')} AS top_customers, ${topTen('i')} AS top_items`;
    },
    figures: monthFigures,
  },
  {
    id: 'sales-today',
    scope: ['regions'],
    sql: (c) => sql`SELECT coalesce(sum(subtotal), 0)::text AS today_value, count(*)::int AS today_count FROM invoices WHERE ${documentListWhere(invoiceBinding, postedOn(c.today, c.today), c.actor)}`,
    figures: [
      {
        id: 'sales-today',
        label: 'Sales today (before tax)',
        unit: 'money',
        boards: ['sales'],
        value: (row) => moneyValue(row.today_value),
        drill: (c) => ({ route: '/invoices', query: { status: 'posted', from: c.today, to: c.today } }),
        // The list's own totals row (every page), its before-tax sum: what the figure counts.
        list: (c) => ({ url: `/api/invoices?status=posted&from=${c.today}&to=${c.today}`, total: (body) => (body.totals as { subtotal: string }).subtotal }),
      },
    ],
  },
  {
    id: 'open-quotations',
    scope: ['regions'],
    sql: (c) => sql`SELECT count(*)::int AS n FROM quotations WHERE ${documentListWhere(quotationBinding, { status: 'sent' } as DocumentListQuery, c.actor)}`,
    figures: [
      {
        id: 'open-quotations',
        label: 'Quotations awaiting an answer',
        unit: 'count',
        boards: ['sales'],
        value: (row) => countValue(row.n),
        drill: () => ({ route: '/quotations', query: { status: 'sent' } }),
        list: () => ({ url: '/api/quotations?status=sent', total: (body) => String(body.total) }),
      },
    ],
  },
];
