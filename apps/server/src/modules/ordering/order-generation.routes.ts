import { messages, orderGenerationRunDocument } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { envelope, routeSchema } from '../../lib/openapi.ts';
import { registerTableTitle } from '../../lib/pg-error.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute } from '../../plugins/authorize.ts';
import { documentServices } from '../../lib/document/document-services.ts';
import { type ExportColumn, exportFormatQuery, sendExport } from '../../lib/resource/resource-export.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import { dueItems } from './ordering-figures.ts';
import { setFinalQuantity } from './order-generation-lines.service.ts';
import { orderGenerationRunBinding } from './order-generation-runs.binding.ts';

const runs = documentServices(orderGenerationRunBinding);
const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The grid's columns, every term, as the export writes them. */
const lineColumns: ExportColumn[] = (
  [
    ['Item', 'itemName'],
    ['Article number', 'articleNumber'],
    ['Vendor', 'vendorName'],
    ['Plan (year)', 'planQty'],
    ['Sold', 'soldQty'],
    ['Days in stock', 'daysInStock'],
    ['Velocity per day', 'velocity'],
    ['Demand per day', 'dailyDemand'],
    ['Demand to horizon', 'demandQty'],
    ['On hand', 'onHand'],
    ['Expired', 'expiredQty'],
    ['Usable', 'usable'],
    ['At risk', 'atRiskQty'],
    ['At-risk value', 'atRiskValue'],
    ['Open orders in horizon', 'openSupply'],
    ['Late', 'late'],
    ['Beyond horizon', 'beyondHorizon'],
    ['Lead time', 'leadTimeDays'],
    ['Safety stock', 'safetyStock'],
    ['Net requirement', 'netRequirement'],
    ['Suggested', 'suggestedQty'],
    ['Shelf-life cap', 'shelfCap'],
    ['Final', 'finalQty'],
    ['Cost', 'unitCost'],
    ['Value', 'value'],
    ['Reasons', 'reasons'],
  ] as const
).map(([header, key]) => ({
  header,
  value: (row: Record<string, unknown>) => {
    const value = row[key];
    if (value === null || value === undefined) return '';
    return Array.isArray(value) ? value.join(' ') : String(value);
  },
}));

const dueDocs = routeSchema({
  tags: [orderGenerationRunDocument.title],
  summary: 'Items due for Generate Order',
  description: "Approved, active items no run (draft or converted) has covered within the settings' review period: the warehouse board's figure. The first 200 by name and the count.",
  response: { 200: envelope({ total: z.int(), data: z.array(z.looseObject({ itemId: z.int(), itemName: z.string() })) }, 'OK') },
});

const exportDocs = routeSchema({
  tags: [orderGenerationRunDocument.title],
  summary: "Export a run's lines",
  description: 'Every line with every term, as CSV or Excel.',
  params: idParams,
  querystring: exportFormatQuery,
});

const lineParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647), itemId: z.coerce.number().int().positive().max(2_147_483_647) });
export const finalQuantityBody = z.strictObject({
  finalQty: z
    .number({ error: 'Final quantity must be a whole number' })
    .int({ error: 'Final quantity must be a whole number' })
    .min(0, { error: 'Final quantity must be at least 0' })
    .max(1_000_000_000, { error: 'Final quantity must be at most 1000000000' }),
});

const finalDocs = routeSchema({
  tags: [orderGenerationRunDocument.title],
  summary: 'Set the final quantity of a run line',
  description: 'While the run is a draft (409 otherwise); the run total follows. Answers the line with every term.',
  params: lineParams,
  body: finalQuantityBody,
  response: { 200: envelope({ line: z.looseObject({ itemId: z.int(), finalQty: z.int() }) }, 'Saved') },
});

/** What runs serve besides the document machinery's routes: a line's final quantity. */
export function registerOrderGenerationRoutes(app: FastifyInstance): void {
  const guard = [authenticate, requireRoute('/order-generation')];
  app.put('/order-generation-runs/:id/lines/:itemId', { schema: finalDocs, onRequest: guard }, async (request) => {
    const { id, itemId } = validated(lineParams, request.params);
    const { finalQty } = validated(finalQuantityBody, request.body);
    const line = await app.ctx.db.transaction((tx) => setFinalQuantity(tx, actorOf(request), id, itemId, finalQty));
    return { status: 200, message: messages.saved, line };
  });
  app.get('/order-generation-runs/:id/lines/export', { schema: exportDocs, onRequest: guard }, async (request, reply) => {
    const { id } = validated(idParams, request.params);
    const { format } = validated(exportFormatQuery, request.query);
    const run = await runs.read(app.ctx.db, actorOf(request), id);
    const name = run.documentNumber ?? `order-generation-run-${id}`;
    return sendExport(reply, format, { fileName: name, title: `Generate Order ${name}`, columns: lineColumns, rows: (run.lines ?? []) as unknown as Record<string, unknown>[] });
  });
  app.get('/order-generation-runs/due-items', { schema: dueDocs, onRequest: guard }, async (request) => ({
    status: 200,
    message: messages.ok,
    ...(await dueItems(app.ctx.db, actorOf(request), todayIso())),
  }));
  registerTableTitle('order_generation_runs', 'Generate Order');
  registerTableTitle('order_generation_run_lines', 'Generate Order');
}
