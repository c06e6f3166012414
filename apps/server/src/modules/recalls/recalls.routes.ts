import { lotTraceQuerySchema, messages, noticeAcknowledgedSchema, noticeSentSchema, permittedIds, recallDisposalSchema, recallRecordScope } from '@erp/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { NotFoundError } from '../../lib/app-error.ts';
import { findDocument } from '../../lib/document/document-query.ts';
import { envelope, idOf, idParam, idParams, routeSchema } from '../../lib/openapi.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute, requireScope } from '../../plugins/authorize.ts';
import { listDisposals, recordDisposal } from './recall-disposals.ts';
import { listNotices, noticeAcknowledged, noticeSent } from './recall-notices.ts';
import { noticesPdf, reportPdf } from './recall-print.ts';
import { reconciliationOf, recallReport } from './recall-report.ts';
import { assertItemInCategories, traceLots } from './recall-trace.ts';
import { recallBinding } from './recalls.binding.ts';
import type { RecallDetail } from './recalls.queries.ts';

const tags = ['Recalls'];
const loose = z.looseObject({});
const noticeParams = z.object({ id: idParam.describe('The recall'), customerId: idParam.describe('The customer') });
const scoped = 'Narrowed to the caller’s regions (a user kept to regions sees their part: transfers from or to them, and the figures of that part).';

const pdfResponse = { 200: { description: 'The PDF', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } } };

const docs = {
  noticesPdf: routeSchema({
    tags,
    summary: 'Every notice letter of a recall as one PDF',
    description: `Route /inventory. One A4 letter per customer on the trace (as the caller sees it), each on its own page: letterhead, "Product Recall Notice - Class N", number, date, the customer's name (Arabic script in the embedded font) and address, the lots (item, article number, lot, expiry), what we supplied them, reason, source, instructions, contact and an acknowledgement slip. 409 before opening.`,
    params: idParams,
    response: pdfResponse,
  }),
  noticePdf: routeSchema({
    tags,
    summary: "One customer's notice letter as a PDF",
    description: 'As `/notices/pdf`, for one customer; 404 for a customer not on the trace.',
    params: noticeParams,
    response: pdfResponse,
  }),
  reportPdf: routeSchema({
    tags,
    summary: "A recall's compliance report for DRAP as a PDF",
    description: 'Route /inventory. The report (`/report`) as it prints, "DRAFT" until the recall is closed.',
    params: idParams,
    response: pdfResponse,
  }),
  trace: routeSchema({
    tags,
    summary: "Where a recall's lots went",
    description: `Route /inventory. Receipts, customers, invoices, returns, transfers, consignments and stock on hand of the recall's lots, from posted documents only, in one SQL statement; \`totals\` are the reconciliation's figures. ${scoped}`,
    params: idParams,
    response: { 200: envelope({ data: loose }) },
  }),
  lotTrace: routeSchema({
    tags,
    summary: 'Where one lot went',
    description: `Route /inventory. The trace of any lot (item and lot number), recalled or not, as \`GET /api/recalls/:id/trace\` answers it. ${scoped}`,
    querystring: lotTraceQuerySchema,
    response: { 200: envelope({ data: loose }) },
  }),
  reconciliation: routeSchema({
    tags,
    summary: "A recall's units accounted for",
    description: `Route /inventory. Per lot: received, sold, returned, on hand, destroyed, returned to the supplier, written off and the difference (0 when every unit is accounted for). ${scoped}`,
    params: idParams,
    response: { 200: envelope({ data: loose }) },
  }),
  notices: routeSchema({
    tags,
    summary: "A recall's notices, one per customer on the trace",
    description: `Route /inventory. From opening (a draft answers none): what each customer holds (sold - returned + on site), what we supplied them, and when the notice was sent and acknowledged. ${scoped}`,
    params: idParams,
    response: { 200: envelope({ data: z.array(loose) }) },
  }),
  sent: routeSchema({
    tags,
    summary: 'Record a notice sent',
    description:
      'Scope recalls:record. Sent again: the last letter counts, its date and channel replace the ones before and an acknowledgement of the earlier letter is cleared. ' +
      '400 sentOn later than today; 404 for a customer not on the trace (as the caller sees it), 409 unless the recall is open.',
    params: noticeParams,
    body: noticeSentSchema,
    response: { 200: envelope({ data: loose }) },
  }),
  acknowledged: routeSchema({
    tags,
    summary: 'Record a notice acknowledged',
    description: 'Scope recalls:record. 400 acknowledgedOn later than today; 404 for a customer not on the trace, 409 unless the recall is open or before the notice was sent.',
    params: noticeParams,
    body: noticeAcknowledgedSchema,
    response: { 200: envelope({ data: loose }) },
  }),
  dispose: routeSchema({
    tags,
    summary: 'Record recalled units destroyed or returned to the supplier',
    description:
      'Scope recalls:record. Posts, in the same transaction, a stock adjustment of reason recallDisposal (SA-, Dr Stock adjustments, Cr Inventory at cost). ' +
      '400 `lines.N.inventoryId` for a lot not of the recall (or outside the caller’s regions); 409 beyond on hand or unless open.',
    params: idParams,
    body: recallDisposalSchema,
    response: { 201: envelope({ data: loose }) },
  }),
  disposals: routeSchema({ tags, summary: "A recall's disposals", description: `Route /inventory. ${scoped}`, params: idParams, response: { 200: envelope({ data: z.array(loose) }) } }),
  report: routeSchema({
    tags,
    summary: "A recall's report for DRAP",
    description: 'Route /inventory. Header (with daysToClose), lots, reconciliation, customers and their notices, disposals, who closed it. Frozen at the close; a user kept to regions reads their part as it stands.',
    params: idParams,
    response: { 200: envelope({ data: loose }) },
  }),
};

/** Issue 31, section 2: a recall's trace, reconciliation, notices, disposals and report, and the trace of any lot. */
export function registerRecallRoutes(app: FastifyInstance): void {
  const db = () => app.ctx.db;
  const readers = [authenticate, requireRoute('/inventory')];
  const recorders = [...readers, requireScope(recallRecordScope)];
  const recallOf = async (id: number): Promise<RecallDetail> => {
    const recall = await findDocument<RecallDetail>(db(), recallBinding, id);
    if (!recall) throw new NotFoundError();
    return recall;
  };
  const regionsOf = (request: Parameters<typeof actorOf>[0]) => permittedIds(actorOf(request).permissions, 'regions');

  app.get('/recalls/:id/trace', { schema: docs.trace, onRequest: readers }, async (request) => {
    const { id } = await recallOf(idOf(request));
    return { status: 200, message: messages.ok, data: await traceLots(db(), { recallId: id }, regionsOf(request)) };
  });

  // Inventory's lot routes are `/inventory/:inventoryId/...` (two segments and more): `/inventory/trace` is this area's, by its fixed segment.
  app.get('/inventory/trace', { schema: docs.lotTrace, onRequest: readers }, async (request) => {
    const query = validated(lotTraceQuerySchema, request.query);
    await assertItemInCategories(db(), query.itemId, permittedIds(actorOf(request).permissions, 'categories'));
    return { status: 200, message: messages.ok, data: await traceLots(db(), query, regionsOf(request)) };
  });

  app.get('/recalls/:id/reconciliation', { schema: docs.reconciliation, onRequest: readers }, async (request) => {
    const { id } = await recallOf(idOf(request));
    return { status: 200, message: messages.ok, data: reconciliationOf(await traceLots(db(), { recallId: id }, regionsOf(request))) };
  });

  app.get('/recalls/:id/notices', { schema: docs.notices, onRequest: readers }, async (request) => ({
    status: 200,
    message: messages.ok,
    data: await listNotices(db(), actorOf(request), idOf(request)),
  }));

  app.post('/recalls/:id/notices/:customerId/sent', { schema: docs.sent, onRequest: recorders }, async (request) => {
    const { id, customerId } = validated(noticeParams, request.params);
    const data = await db().transaction((tx) => noticeSent(tx, actorOf(request), id, customerId, validated(noticeSentSchema, request.body)));
    return { status: 200, message: 'Notice recorded as sent', data };
  });

  app.post('/recalls/:id/notices/:customerId/acknowledged', { schema: docs.acknowledged, onRequest: recorders }, async (request) => {
    const { id, customerId } = validated(noticeParams, request.params);
    const data = await db().transaction((tx) => noticeAcknowledged(tx, actorOf(request), id, customerId, validated(noticeAcknowledgedSchema, request.body)));
    return { status: 200, message: 'Notice recorded as acknowledged', data };
  });

  app.post('/recalls/:id/disposals', { schema: docs.dispose, onRequest: recorders }, async (request, reply) => {
    const data = await db().transaction((tx) => recordDisposal(tx, actorOf(request), idOf(request), validated(recallDisposalSchema, request.body)));
    return reply.status(201).send({ status: 201, message: 'Disposal recorded', data });
  });

  app.get('/recalls/:id/disposals', { schema: docs.disposals, onRequest: readers }, async (request) => {
    const { id } = await recallOf(idOf(request));
    return { status: 200, message: messages.ok, data: await listDisposals(db(), actorOf(request), id) };
  });

  const sendPdf = (reply: FastifyReply, pdf: { bytes: Buffer; fileName: string }) =>
    reply.type('application/pdf').header('content-disposition', `attachment; filename="${pdf.fileName}"`).send(pdf.bytes);

  app.get('/recalls/:id/notices/pdf', { schema: docs.noticesPdf, onRequest: readers }, async (request, reply) =>
    sendPdf(reply, await noticesPdf(db(), actorOf(request), await recallOf(idOf(request)))),
  );

  app.get('/recalls/:id/notices/:customerId/pdf', { schema: docs.noticePdf, onRequest: readers }, async (request, reply) => {
    const { id, customerId } = validated(noticeParams, request.params);
    return sendPdf(reply, await noticesPdf(db(), actorOf(request), await recallOf(id), customerId));
  });

  app.get('/recalls/:id/report/pdf', { schema: docs.reportPdf, onRequest: readers }, async (request, reply) =>
    sendPdf(reply, await reportPdf(db(), actorOf(request), await recallOf(idOf(request)))),
  );

  app.get('/recalls/:id/report', { schema: docs.report, onRequest: readers }, async (request) => {
    const recall = await recallOf(idOf(request));
    return { status: 200, message: messages.ok, data: await recallReport(db(), recall, actorOf(request)) };
  });
}
