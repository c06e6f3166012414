import { bankAccountParams, type BankReconciliationDetail, createFromLineSchema, matchLineSchema, messages, statementFormatSchema } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { NotFoundError } from '../../lib/app-error.ts';
import { findDocument } from '../../lib/document/document-query.ts';
import { envelope, fileDownload, idOf, idParams, routeSchema } from '../../lib/openapi.ts';
import { exportFormatQuery, sendExport } from '../../lib/resource/resource-export.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute } from '../../plugins/authorize.ts';
import { bankAccountFor } from './bank-accounts.ts';
import { createFromLine } from './bank-line-create.ts';
import { autoMatchStatement, matchLine, suggestionsFor, unmatchLine } from './bank-matching.service.ts';
import { reconciliationPdf, reportColumns, reportRows } from './bank-reconciliation-report.ts';
import { bankReconciliationBinding } from './bank-reconciliations.binding.ts';
import { readStatementFormat, saveStatementFormat } from './statement-formats.ts';

const tags = ['Banking'];
const loose = z.looseObject({});
const route = 'Route /accounting (admin and accountant write; the auditor reads). Row scope: the bank account’s region; a company-wide account is for users of every region only (404 for others).';

const docs = {
  autoMatch: routeSchema({
    tags,
    summary: "Match a statement's lines to the books by the rules",
    description: `${route} Each unmatched line is matched when exactly one open entry (a ledger row of the account, or a cheque deposited into or drawn on it, which is then cleared dated the line's date) fits a rule and fits no other line; else suggested when some entry fits. \`data\` is the statement.`,
    params: idParams,
    response: { 200: envelope({ matched: z.int(), suggested: z.int(), unmatched: z.int(), data: loose }) },
  }),
  suggestions: routeSchema({
    tags,
    summary: "The book entries worth a look for a line, best first (at most 20)",
    description: `${route} Each \`{entryId | chequeId, documentType, documentId, documentNumber, date, amount, reference, score, reasons}\`.`,
    params: idParams,
    response: { 200: envelope({ data: z.array(loose) }) },
  }),
  match: routeSchema({
    tags,
    summary: 'Match a line to entries',
    description: `${route} \`{entries: [{entryId} | {chequeId}]}\` adding to the line's amount (else 400 \`entries\`); an entry another line holds: 409 \`entries.N\` naming that line; a cheque is cleared dated the line's date. A line in a locked reconciliation: 409.`,
    params: idParams,
    body: matchLineSchema,
    response: { 200: envelope({ data: loose }) },
  }),
  unmatch: routeSchema({ tags, summary: "Undo a line's matches", description: `${route} 409 in a locked reconciliation.`, params: idParams, response: { 200: envelope({ data: loose }) } }),
  create: routeSchema({
    tags,
    summary: 'Post what a line is and match it',
    description: `${route} \`kind\`: bankCharge (Dr accountId, default the Bank charges posting account; Cr the bank), journal (against accountId), receipt (customerId; allocated oldest first) or payment (vendorId, or accountId as an expense), dated the line's date with its reference.`,
    params: idParams,
    body: createFromLineSchema,
    response: { 201: envelope({ line: loose, document: z.object({ documentType: z.string(), id: z.int(), documentNumber: z.string() }) }) },
  }),
  formatGet: routeSchema({ tags, summary: "A bank account's statement file layout", description: route, params: bankAccountParams, response: { 200: envelope({ data: loose }) } }),
  formatPut: routeSchema({
    tags,
    summary: "Set a bank account's statement file layout",
    description: `${route} \`{mapping: {column: header | null}, dateOrder: dmy | mdy | ymd}\`; an import's run keeps its mapping too.`,
    params: bankAccountParams,
    body: statementFormatSchema,
    response: { 200: envelope({ data: loose }) },
  }),
  pdf: routeSchema({
    tags,
    summary: 'A bank reconciliation as a PDF',
    description: `${route} Statement balance, deposits in transit, unpresented payments, unrecorded items, books, difference.`,
    params: idParams,
    response: { 200: { description: 'The PDF', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } } },
  }),
  export: routeSchema({ tags, summary: 'A bank reconciliation as CSV or Excel', description: route, params: idParams, querystring: exportFormatQuery, response: { 200: fileDownload } }),
};

/** Issue 33, sections 4 and 5: matching statement lines to the books, the statement layouts, and the reconciliation's report. */
export function registerBankingRoutes(app: FastifyInstance): void {
  const db = () => app.ctx.db;
  const guard = [authenticate, requireRoute('/accounting')];
  const reconciliationOf = async (request: Parameters<typeof actorOf>[0]) => {
    const found = await findDocument<BankReconciliationDetail>(db(), bankReconciliationBinding as never, idOf(request), { actor: actorOf(request) });
    if (!found) throw new NotFoundError();
    return found;
  };

  app.post('/bank-statements/:id/auto-match', { schema: docs.autoMatch, onRequest: guard }, async (request) => {
    const answer = await db().transaction((tx) => autoMatchStatement(tx, actorOf(request), idOf(request)));
    return { status: 200, message: `${answer.matched} matched, ${answer.suggested} suggested, ${answer.unmatched} unmatched`, ...answer };
  });

  app.get('/bank-statement-lines/:id/suggestions', { schema: docs.suggestions, onRequest: guard }, async (request) => ({
    status: 200,
    message: messages.ok,
    data: await suggestionsFor(db(), actorOf(request), idOf(request)),
  }));

  app.post('/bank-statement-lines/:id/match', { schema: docs.match, onRequest: guard }, async (request) => {
    const body = validated(matchLineSchema, request.body);
    const data = await db().transaction((tx) => matchLine(tx, actorOf(request), idOf(request), body));
    return { status: 200, message: 'Line matched', data };
  });

  app.post('/bank-statement-lines/:id/unmatch', { schema: docs.unmatch, onRequest: guard }, async (request) => {
    const data = await db().transaction((tx) => unmatchLine(tx, actorOf(request), idOf(request)));
    return { status: 200, message: 'Line unmatched', data };
  });

  app.post('/bank-statement-lines/:id/create', { schema: docs.create, onRequest: guard }, async (request, reply) => {
    const body = validated(createFromLineSchema, request.body);
    const answer = await db().transaction((tx) => createFromLine(tx, actorOf(request), idOf(request), body));
    return reply.status(201).send({ status: 201, message: `${answer.document.documentNumber} posted and matched`, ...answer });
  });

  app.get('/bank-accounts/:accountId/statement-format', { schema: docs.formatGet, onRequest: guard }, async (request) => {
    const { accountId } = validated(bankAccountParams, request.params);
    await bankAccountFor(db(), actorOf(request), accountId, 'accountId').catch(() => {
      throw new NotFoundError();
    });
    return { status: 200, message: messages.ok, data: await readStatementFormat(db(), accountId) };
  });

  app.put('/bank-accounts/:accountId/statement-format', { schema: docs.formatPut, onRequest: guard }, async (request) => {
    const { accountId } = validated(bankAccountParams, request.params);
    const body = validated(statementFormatSchema, request.body);
    const data = await db().transaction(async (tx) => {
      await bankAccountFor(tx, actorOf(request), accountId, 'accountId').catch(() => {
        throw new NotFoundError();
      });
      return saveStatementFormat(tx, accountId, body);
    });
    return { status: 200, message: 'Statement format saved', data };
  });

  app.get('/bank-reconciliations/:id/pdf', { schema: docs.pdf, onRequest: guard }, async (request, reply) => {
    const pdf = await reconciliationPdf(db(), await reconciliationOf(request));
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${pdf.fileName}"`).send(pdf.bytes);
  });

  app.get('/bank-reconciliations/:id/export', { schema: docs.export, onRequest: guard }, async (request, reply) => {
    const { format } = validated(exportFormatQuery, request.query);
    const rec = await reconciliationOf(request);
    return sendExport(reply, format, {
      fileName: rec.documentNumber ?? `bank-reconciliation-${rec.id}`,
      title: 'Bank reconciliation',
      columns: reportColumns,
      rows: reportRows(rec) as unknown as Record<string, unknown>[],
    });
  });
}
