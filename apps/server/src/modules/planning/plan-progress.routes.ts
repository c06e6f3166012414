import {
  type PlanProgressExportQuery,
  planProgressExportQuerySchema,
  type PlanProgressFigures,
  planProgressGroupings,
  planProgressQuerySchema,
  type PlanProgressRow,
} from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../lib/request-auth.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import { decimalString, envelope, routeSchema, xlsxMime } from '../../lib/openapi.ts';
import type { Row } from '../../lib/resource/resource-binding.ts';
import { type ExportColumn, exportRowCap, sendExport } from '../../lib/resource/resource-export.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute } from '../../plugins/authorize.ts';
import { planProgress } from './plan-progress.service.ts';
import { heavyRead, heavyReadDb } from '../../lib/cluster/replica.ts';

const figures = {
  planQty: z.int(),
  planValue: decimalString.describe('Quantity x the price frozen when the plan was approved'),
  actualQty: z.int().describe('Posted invoices less posted returns, each in the month of its own posting'),
  actualValue: decimalString.describe('Net of returns, after discount, before tax'),
  achievedPercent: decimalString.nullable().describe('Actual against plan x 100 in the view\'s measure: quantities by item, values (before tax) for every other grouping; one decimal; null when nothing was planned'),
  ytdPlanQty: z.int().describe('Plan of the months up to and including the current one'),
  ytdActualQty: z.int(),
  forecastQty: z.int().describe('ytdActualQty + remaining plan x clamp(ytdActualQty / ytdPlanQty, 0.5, 1.5)'),
};
const row = z.looseObject({ key: z.union([z.string(), z.int()]).nullable(), label: z.string(), ...figures });

const tags = ['Planning'];
const description =
  'Approved plans against the monthly sales summary (never invoice lines). Which plans a view reads: grouped or filtered by customer, the customer plans; ' +
  'by salesperson, the salesperson plans; by both, the plans naming both; otherwise the region plans (no customer, no salesperson). ' +
  'A sale counts against a plan when that plan has a line for its item (and its region, customer, salesperson as the kind names them); the rest is `unplanned`. ' +
  'Row scope: permissions.regions and permissions.categories, on the plans and the sales alike.';
const docs = {
  progress: routeSchema({
    tags,
    summary: 'Plan against actual for a year, grouped by item, region, customer, salesperson or month (route /planning/progress)',
    description,
    querystring: planProgressQuerySchema,
    response: {
      200: envelope({
        year: z.int(),
        groupBy: z.enum(['item', 'region', 'customer', 'salesperson', 'month']),
        plans: z.enum(['region', 'customer', 'salesperson', 'customerSalesperson']).describe('Which plans the view read'),
        ytdThrough: z.string().nullable().describe('The last month in year to date (YYYY-MM); null before the year begins'),
        rows: z.array(row),
        total: z.int().describe('Rows in the whole answer'),
        unplanned: row.describe('Sales in the view no plan it read covers'),
        totals: z.looseObject(figures).describe('The sums of every row (not only this page), without the unplanned part'),
      }),
    },
  }),
  export: routeSchema({
    tags,
    summary: 'The same view, every row, with the unplanned row and the totals, as CSV or Excel',
    description,
    querystring: planProgressExportQuerySchema,
    response: {
      200: {
        description: 'The file (format=csv, the default, or xlsx)',
        content: { 'text/csv': { schema: z.string() }, [xlsxMime]: { schema: z.string().meta({ format: 'binary' }) } },
      },
    },
  }),
};

const figure = (row: Row) => row as unknown as PlanProgressFigures;
const figureColumns: ExportColumn[] = [
  { header: 'Plan quantity', value: (row) => figure(row).planQty },
  { header: 'Plan value', value: (row) => figure(row).planValue },
  { header: 'Actual quantity', value: (row) => figure(row).actualQty },
  { header: 'Actual value', value: (row) => figure(row).actualValue },
  { header: 'Achieved %', value: (row) => figure(row).achievedPercent },
  { header: 'YTD plan quantity', value: (row) => figure(row).ytdPlanQty },
  { header: 'YTD actual quantity', value: (row) => figure(row).ytdActualQty },
  { header: 'Forecast quantity', value: (row) => figure(row).forecastQty },
];

const groupingLabel = (groupBy: string) => planProgressGroupings.find((g) => g.value === groupBy)?.label ?? groupBy;

/** `plan-progress-2026-item` (or `-2026-03-item` for a month). */
const fileNameOf = (query: PlanProgressExportQuery) => `plan-progress-${query.month ?? query.year}-${query.groupBy}`;

/** /api/planning/progress and its export, guarded by the screen's route (spec section 6: sales, service and asm roles, admin, accountant). */
export function registerPlanProgressRoutes(app: FastifyInstance): void {
  const guard = { onRequest: [authenticate, requireRoute('/planning/progress')] };

  app.get('/planning/progress', { schema: docs.progress, ...guard }, async (request) => {
    const query = validated(planProgressQuerySchema, request.query);
    return heavyRead(app.ctx.reads, (db) => planProgress(db, authOf(request).user, query, todayIso()));
  });

  app.get('/planning/progress/export', { schema: docs.export, ...guard }, async (request, reply) => {
    const query = validated(planProgressExportQuerySchema, request.query);
    const progress = await planProgress(await heavyReadDb(app.ctx.reads), authOf(request).user, query, todayIso(), { limit: exportRowCap, offset: 0 });
    const columns: ExportColumn[] = [{ header: groupingLabel(query.groupBy), value: (row) => (row as unknown as PlanProgressRow).label }, ...figureColumns];
    const rows = [...progress.rows, progress.unplanned, { label: 'Total', ...progress.totals }] as unknown as Row[];
    return sendExport(reply, query.format, { fileName: fileNameOf(query), title: 'Plan Progress', columns, rows });
  });
}
