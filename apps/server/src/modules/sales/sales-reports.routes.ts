import {
  type ItemSalesRow,
  itemSalesQuerySchema,
  type SalesFigures,
  salesReportGroupings,
  salesReportQuerySchema,
  type SalesReportRow,
} from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../lib/request-auth.ts';
import { decimalString, envelope, isoDate, type ResponseDoc, routeSchema, xlsxMime } from '../../lib/openapi.ts';
import type { Row } from '../../lib/resource/resource-binding.ts';
import { type ExportColumn, exportRowCap, sendExport } from '../../lib/resource/resource-export.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute } from '../../plugins/authorize.ts';
import { itemSales, monthsOf, salesReport } from './sales-reports.service.ts';
import { heavyRead, heavyReadDb } from '../../lib/cluster/replica.ts';

const figures = {
  quantity: z.int().describe('Net of returns: sold less returned'),
  value: decimalString.describe('Net of returns, after discount, before tax'),
  cost: decimalString.describe("The lots' cost of what was sold, net of returns"),
  margin: decimalString.describe('value - cost'),
  marginPercent: decimalString.nullable().describe('margin / value x 100, one decimal; null when value is 0'),
  returnedQuantity: z.int(),
  returnedValue: decimalString,
};
const groupKey = z.union([z.string(), z.int()]).nullable();
const answer = (row: z.ZodType) =>
  envelope({
    groupBy: z.enum(['month', 'region', 'customer', 'salesperson', 'item']),
    from: isoDate.describe("The first day of `from`'s month: the summary's grain is a month"),
    to: isoDate.describe("The last day of `to`'s month"),
    rows: z.array(row),
    total: z.int().describe('Rows in the whole answer'),
    totals: z.looseObject(figures).describe('The sums of every row (not only this page)'),
  });
const jsonOrFile = (row: z.ZodType): ResponseDoc => ({
  description: 'JSON (format=json, the default), or with format=csv|xlsx every row and a totals row as a download',
  content: { 'application/json': { schema: answer(row) }, 'text/csv': { schema: z.string() }, [xlsxMime]: { schema: z.string().meta({ format: 'binary' }) } },
});

const tags = ['Sales reports'];
const docs = {
  salesReport: routeSchema({
    tags,
    summary: 'Sales for a period grouped by month, region, customer, salesperson or item (route /sales/reports)',
    description:
      'Read from the monthly sales summary the postings keep: net of returns, each in its own month. `from`/`to` are widened to whole months. ' +
      'Row scope: permissions.regions (the sale’s region) and permissions.categories (its item’s). The month grouping lists every month of the period, zeros included.',
    querystring: salesReportQuerySchema,
    response: { 200: jsonOrFile(z.looseObject({ key: groupKey, label: z.string(), ...figures })) },
  }),
  itemSales: routeSchema({
    tags,
    summary: 'Quantity and value sold per item, alone or split by region, customer, salesperson or month (route /items/sales)',
    description: 'As /api/sales/reports; `groupBy=item` (the default) is one row per item, another grouping one row per item and group.',
    querystring: itemSalesQuerySchema,
    response: {
      200: jsonOrFile(
        z.looseObject({
          key: z.string(),
          itemId: z.int(),
          articleNumber: z.string(),
          itemName: z.string(),
          label: z.string(),
          group: z.looseObject({ key: groupKey, label: z.string() }).nullable(),
          ...figures,
        }),
      ),
    },
  }),
};

const figureColumns: ExportColumn[] = [
  { header: 'Quantity', value: (row) => Number((row as unknown as SalesFigures).quantity) },
  { header: 'Value', value: (row) => (row as unknown as SalesFigures).value },
  { header: 'Cost', value: (row) => (row as unknown as SalesFigures).cost },
  { header: 'Margin', value: (row) => (row as unknown as SalesFigures).margin },
  { header: 'Margin %', value: (row) => (row as unknown as SalesFigures).marginPercent },
  { header: 'Returned quantity', value: (row) => Number((row as unknown as SalesFigures).returnedQuantity) },
  { header: 'Returned value', value: (row) => (row as unknown as SalesFigures).returnedValue },
];

const groupingLabel = (groupBy: string) => salesReportGroupings.find((g) => g.value === groupBy)?.label ?? groupBy;

/** `sales-report-region-2026-01-2026-12`: what, how grouped and which months. */
const fileNameOf = (name: string, groupBy: string, months: { from: string; to: string }) => `${name}-${groupBy}-${months.from.slice(0, 7)}-${months.to.slice(0, 7)}`;

/** /api/sales/reports and /api/items/sales, each guarded by its screen's route (spec section 6). */
export function registerSalesReportRoutes(app: FastifyInstance): void {
  app.get('/sales/reports', { schema: docs.salesReport, onRequest: [authenticate, requireRoute('/sales/reports')] }, async (request, reply) => {
    const query = validated(salesReportQuerySchema, request.query);
    const subject = authOf(request).user;
    if (query.format === 'json') return heavyRead(app.ctx.reads, (reads) => salesReport(reads, subject, query));
    const report = await salesReport(await heavyReadDb(app.ctx.reads), subject, query, { limit: exportRowCap, offset: 0 });
    const columns: ExportColumn[] = [{ header: groupingLabel(query.groupBy), value: (row) => (row as unknown as SalesReportRow).label }, ...figureColumns];
    const rows = [...report.rows, { label: 'Total', ...report.totals }] as unknown as Row[];
    return sendExport(reply, query.format, { fileName: fileNameOf('sales-report', query.groupBy, monthsOf(query)), title: 'Sales Report', columns, rows });
  });

  app.get('/items/sales', { schema: docs.itemSales, onRequest: [authenticate, requireRoute('/items/sales')] }, async (request, reply) => {
    const query = validated(itemSalesQuerySchema, request.query);
    const subject = authOf(request).user;
    if (query.format === 'json') return heavyRead(app.ctx.reads, (reads) => itemSales(reads, subject, query));
    const report = await itemSales(await heavyReadDb(app.ctx.reads), subject, query, { limit: exportRowCap, offset: 0 });
    const item = (row: Row) => row as unknown as ItemSalesRow;
    const columns: ExportColumn[] = [
      { header: 'Article number', value: (row) => item(row).articleNumber },
      { header: 'Item', value: (row) => item(row).itemName },
      ...(query.groupBy === 'item' ? [] : [{ header: groupingLabel(query.groupBy), value: (row: Row) => item(row).group?.label ?? null }]),
      ...figureColumns,
    ];
    const rows = [...report.rows, { articleNumber: 'Total', itemName: '', group: null, ...report.totals }] as unknown as Row[];
    return sendExport(reply, query.format, { fileName: fileNameOf('item-sales', query.groupBy, monthsOf(query)), title: 'Item Sales', columns, rows });
  });
}
