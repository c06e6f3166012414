import { planActualsQuerySchema, planCategoryItemsQuerySchema, planReconciliationQuerySchema } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { readUpload } from '../../lib/import/register-import.ts';
import { actorOf } from '../../lib/actor.ts';
import { envelope, fileDownload, idOf, idParams, routeSchema, xlsxMime } from '../../lib/openapi.ts';
import { exportFormatQuery } from '../../lib/resource/resource-export.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireAccess, requireRoute } from '../../plugins/authorize.ts';
import { canAccessRoute, messages } from '@erp/domain';
import { planLinesFile, readPlanLinesFile } from './plan-lines-file.ts';
import { planActuals, planCategoryItems, planReconciliation } from './planning-reports.service.ts';
import { salesPlanServices } from './planning.api.ts';

const tags = ['Planning'];
const months = z.array(z.int()).length(12).describe('January to December');
const plan = z.looseObject({ id: z.int(), documentNumber: z.string().nullable(), version: z.int(), status: z.string(), customerId: z.int().nullable(), salespersonId: z.int().nullable() });
const item = { itemId: z.int(), itemName: z.string(), articleNumber: z.string() };

const docs = {
  actuals: routeSchema({
    tags,
    summary: 'Per item, the 12 net monthly quantities sold in a year and region (and customer, salesperson)',
    description: 'Read from the monthly sales summary (posted invoices less posted returns, each in its own month), never from invoice lines. Row scope: a region outside permissions.regions is 404; items outside permissions.categories are left out.',
    querystring: planActualsQuerySchema,
    response: { 200: envelope({ rows: z.array(z.looseObject({ ...item, months, quantity: z.int() })) }) },
  }),
  reconciliation: routeSchema({
    tags,
    summary: "A region's year: the region plan against the sum of its customer plans and of its salesperson plans, per item and month",
    description: 'Live plans only (a revision in progress counts instead of the version it revises). Customer plans: a customer (any salesperson); salesperson plans: a salesperson and no customer. unallocated = region - sum (negative: over-allocated).',
    querystring: planReconciliationQuerySchema,
    response: {
      200: envelope({
        regionPlan: plan.nullable(),
        customerPlans: z.array(plan),
        salespersonPlans: z.array(plan),
        rows: z.array(z.looseObject({ ...item, region: months, customers: months, salespeople: months, unallocatedToCustomers: months, unallocatedToSalespeople: months })),
        totals: z.looseObject({}),
      }),
    },
  }),
  categoryItems: routeSchema({
    tags,
    summary: 'The approved, active items of a category: what "add by category" adds to a plan',
    description: 'At most 5,000, by article number; items outside permissions.categories are left out. `plans` colours them as the item pickers do.',
    querystring: planCategoryItemsQuerySchema,
    response: { 200: envelope({ rows: z.array(z.looseObject({ ...item, plans: z.record(z.string(), z.boolean()) })) }) },
  }),
  exportLines: routeSchema({
    tags,
    summary: "Download a plan's lines: article number and the 12 months (CSV or Excel)",
    description: 'The same lines always make the same bytes: export, import and export again is byte-identical.',
    params: idParams,
    querystring: exportFormatQuery,
    response: { 200: fileDownload },
  }),
  importLines: routeSchema({
    tags,
    summary: "Read a plan's lines from a CSV or Excel file (the export's columns); nothing is saved",
    description: 'multipart/form-data with one file field `file`. Answers the lines read (item matched by article number) and `errors` keyed `rows.<row number>.<column>` for the rows left out; the form puts the lines in its grid and saving the plan checks them again.',
    consumes: ['multipart/form-data'],
    body: z.object({ file: z.string().meta({ format: 'binary' }) }),
    response: { 200: envelope({ lines: z.array(z.looseObject({ rowNumber: z.int(), articleNumber: z.string(), itemId: z.int(), itemName: z.string(), months })), errors: z.record(z.string(), z.string()) }) },
  }),
};

/** The planning area's own routes (relative to /api), each guarded by the plan form's route (spec section 6). */
export function registerPlanningRoutes(app: FastifyInstance): void {
  const db = () => app.ctx.db;
  const read = [authenticate, requireRoute('/planning/form')];

  app.get('/planning/actuals', { schema: docs.actuals, onRequest: read }, async (request) => {
    const query = validated(planActualsQuerySchema, request.query);
    return { status: 200, message: messages.ok, rows: await planActuals(db(), actorOf(request), query) };
  });

  app.get('/planning/reconciliation', { schema: docs.reconciliation, onRequest: read }, async (request) => {
    const query = validated(planReconciliationQuerySchema, request.query);
    return { status: 200, message: messages.ok, ...(await planReconciliation(db(), actorOf(request), query)) };
  });

  app.get('/planning/items', { schema: docs.categoryItems, onRequest: read }, async (request) => {
    const { categoryId } = validated(planCategoryItemsQuerySchema, request.query);
    return { status: 200, message: messages.ok, rows: await planCategoryItems(db(), actorOf(request), categoryId) };
  });

  app.get('/sales-plans/:id/lines/export', { schema: docs.exportLines, onRequest: read }, async (request, reply) => {
    const { format } = validated(exportFormatQuery, request.query);
    const document = await salesPlanServices.read(db(), actorOf(request), idOf(request));
    const lines = document.lines.map((line) => ({ articleNumber: line.item.articleNumber, months: line.months }));
    const name = `sales-plan-${document.documentNumber ?? `draft-${document.id}`}${document.version > 1 ? `-v${document.version}` : ''}`;
    const bytes = await planLinesFile(lines, format, 'Plan lines');
    reply.header('content-disposition', `attachment; filename="${name}.${format}"`);
    return reply.type(format === 'csv' ? 'text/csv; charset=utf-8' : xlsxMime).send(bytes);
  });

  // Writing the plan's lines is the plan form's: read-only roles are refused like on a save.
  app.post('/sales-plans/lines/import', { schema: docs.importLines, onRequest: [authenticate, requireAccess((role) => canAccessRoute(role, '/planning/form'))] }, async (request) => {
    const upload = await readUpload(request);
    const { lines, errors } = await readPlanLinesFile(db(), upload.bytes, actorOf(request));
    return { status: 200, message: `${lines.length} line${lines.length === 1 ? '' : 's'} read`, lines, errors };
  });
}
