import { canonicalDecimal, messages, monthSchema, payRunDocument, payrollMessages, fromMinorUnits, toMinorUnits } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { ConflictError, NotFoundError } from '../../lib/app-error.ts';
import { findDocument } from '../../lib/document/document-query.ts';
import { decimalString, envelope, idOf, idParams, routeSchema } from '../../lib/openapi.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute } from '../../plugins/authorize.ts';
import { bankFileCsv, paySlipFileName } from './pay-slip-print.ts';
import { findPaySlip, holdPaySlip, listPaySlips, type PaySlipQuery, slipsPdf } from './pay-slips.service.ts';
import { payRunBinding } from './pay-runs.binding.ts';
import type { PayRunDetail } from '@erp/domain';

const tags = ['Pay Slips'];
const route = payRunDocument.route;
const id = z.coerce.number().int().min(1).max(2_147_483_647);
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

export const paySlipQuerySchema = z.strictObject({
  payRunId: id.optional(),
  employeeId: id.optional(),
  month: monthSchema.optional(),
  unpaid: flag.optional(),
  posted: flag.optional(),
  latestPosted: flag.optional(),
  limit: z.coerce.number().int().min(1).max(5000).default(500),
  offset: z.coerce.number().int().min(0).default(0),
});

const slipSchema = z.looseObject({
  id: z.int(),
  payRunId: z.int(),
  employeeId: z.int(),
  month: z.string(),
  lines: z.array(z.looseObject({ code: z.string(), componentName: z.string(), kind: z.string(), basis: decimalString, rate: z.string(), amount: decimalString })),
  gross: decimalString,
  deductions: decimalString,
  employerCost: decimalString,
  rounding: decimalString,
  net: decimalString,
  netInWords: z.string(),
  paidAmount: decimalString,
  status: z.string(),
  flags: z.array(z.string()),
});
const pdfResponse = { 200: { description: 'The PDF', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } } };
const scopeNote = 'A user limited to regions sees the slips of those regions’ employees only.';

const docs = {
  list: routeSchema({
    tags,
    summary: 'Pay slips of a run, an employee or a month',
    description: `Slips with their lines, gross, deductions, employer cost, rounding, net, net in words and status (draft, held, approved, posted, partlyPaid, paid, cancelled), in employee order, with totals of all that match (open: net still to pay of posted slips). ${scopeNote}`,
    querystring: paySlipQuerySchema,
    response: { 200: envelope({ data: z.array(slipSchema), total: z.int(), totals: z.looseObject({ count: z.int(), net: decimalString, open: decimalString }) }) },
  }),
  read: routeSchema({ tags, summary: 'A pay slip', description: scopeNote, params: idParams, response: { 200: envelope({ data: slipSchema }) } }),
  pdf: routeSchema({ tags, summary: 'A pay slip as a PDF', description: `The slip (A4): letterhead, month, employee, every line with its year to date, the net in figures and in words. ${scopeNote}`, params: idParams, response: pdfResponse }),
  hold: routeSchema({ tags, summary: 'Hold or release a slip of a draft run', description: 'A held slip stays on the run but is left out of its posting and payment. 409 unless the run is a draft.', params: idParams, body: z.strictObject({ held: z.boolean() }), response: { 200: envelope({ data: slipSchema }) } }),
  runPdf: routeSchema({ tags: ['Pay Runs'], summary: 'All slips of a pay run as one PDF', description: `Each slip on pages of its own. ${scopeNote}`, params: idParams, response: pdfResponse }),
  bankFile: routeSchema({
    tags: ['Pay Runs'],
    summary: 'The bank-transfer file of a pay run (CSV)',
    description: `One row per bank-paid slip of the run with something still to pay: employee code, employee, bank, account, the amount. ${scopeNote}`,
    params: idParams,
    response: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } } },
  }),
};

/** GET /api/pay-slips, /api/pay-slips/:id, its /pdf and /hold; GET /api/pay-runs/:id/pdf and /bank-file. */
export function registerPaySlipRoutes(app: FastifyInstance): void {
  const guard = { onRequest: [authenticate, requireRoute(route)] };

  app.get('/pay-slips', { schema: docs.list, ...guard }, async (request) => {
    const query = request.query as z.output<typeof paySlipQuerySchema>;
    const filters: PaySlipQuery = { payRunId: query.payRunId, employeeId: query.employeeId, month: query.month, unpaid: query.unpaid, posted: query.posted, latestPosted: query.latestPosted };
    const { data, totals } = await listPaySlips(app.ctx.db, filters, actorOf(request), { limit: query.limit, offset: query.offset });
    return { status: 200, message: messages.ok, data, total: totals.count, totals };
  });

  app.get('/pay-slips/:id', { schema: docs.read, ...guard }, async (request) => {
    const slip = await findPaySlip(app.ctx.db, idOf(request), actorOf(request));
    if (!slip) throw new NotFoundError();
    return { status: 200, message: messages.ok, data: slip };
  });

  app.get('/pay-slips/:id/pdf', { schema: docs.pdf, ...guard }, async (request, reply) => {
    const slip = await findPaySlip(app.ctx.db, idOf(request), actorOf(request));
    if (!slip) throw new NotFoundError();
    const bytes = await slipsPdf(app.ctx.db, [slip], `Pay slip ${slip.employeeName} ${slip.month}`);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${paySlipFileName(slip)}"`).send(bytes);
  });

  app.post('/pay-slips/:id/hold', { schema: docs.hold, ...guard }, async (request) => {
    const actor = actorOf(request);
    const { held } = request.body as { held: boolean };
    const slipId = idOf(request);
    return app.ctx.db.transaction(async (tx) => ({ status: 200, message: held ? 'Pay slip held' : 'Pay slip released', data: await holdPaySlip(tx, actor, slipId, held) }));
  });

  const runOf = async (request: Parameters<typeof actorOf>[0]) => {
    const run = await findDocument<PayRunDetail>(app.ctx.db, payRunBinding, idOf(request), { actor: actorOf(request) });
    if (!run) throw new NotFoundError();
    return run;
  };

  app.get('/pay-runs/:id/pdf', { schema: docs.runPdf, ...guard }, async (request, reply) => {
    const run = await runOf(request);
    const { data } = await listPaySlips(app.ctx.db, { payRunId: run.id }, actorOf(request));
    const slips = data.filter((s) => !s.held);
    if (slips.length === 0) throw new ConflictError(payrollMessages.noSlips);
    const name = run.documentNumber ?? `pay-run-${run.id}`;
    const bytes = await slipsPdf(app.ctx.db, slips, `Pay slips ${name} ${run.month}`);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}-slips.pdf"`).send(bytes);
  });

  app.get('/pay-runs/:id/bank-file', { schema: docs.bankFile, ...guard }, async (request, reply) => {
    const run = await runOf(request);
    const { data } = await listPaySlips(app.ctx.db, { payRunId: run.id, bankFile: true }, actorOf(request));
    const open = data.map((s) => ({ ...s, net: canonicalDecimal(fromMinorUnits(toMinorUnits(s.net) - toMinorUnits(s.paidAmount))) }));
    const name = run.documentNumber ?? `pay-run-${run.id}`;
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}-bank.csv"`).send(bankFileCsv(open));
  });
}
