import { capitalContributionSchema, messages, permittedIds, ventureMessages, venturePeriodSchema } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { ForbiddenError } from '../../lib/app-error.ts';
import { decimalString, envelope, idOf, idParams, isoDate, routeSchema } from '../../lib/openapi.ts';
import { registerConstraintRefusal } from '../../lib/pg-error.ts';
import { renderDocumentPdf } from '../../lib/print/document-pdf.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute } from '../../plugins/authorize.ts';
import { profitAndLoss } from '../accounting/accounting.api.ts';
import { readCompanyLetterhead } from '../setup/setup.api.ts';
import { assertVentureVisible } from './joint-ventures.queries.ts';
import { capitalStatement, contributeCapital } from './venture-capital.service.ts';
import { ventureStatementFileName, ventureStatementPrintable } from './venture-statement-print.ts';
import { reconciliation, ventureStatementOf } from './venture-statement.service.ts';

const tags = ['Joint Ventures'];
const figures = {
  revenue: decimalString,
  returns: decimalString,
  costOfSales: decimalString,
  expenses: decimalString,
  fees: decimalString,
  profit: decimalString,
  adjustments: decimalString.describe('Prior-period adjustments: rows posted to settled periods after their settlement (in profit)'),
  partnerShare: decimalString,
  companyShare: decimalString,
  settled: decimalString,
  due: decimalString,
  hash: z.string().describe('sha256 of the figures: the settlement of the period keeps it'),
};
const statementDescription =
  "The venture's stamped P&L rows of the period (frozen where settled), prior-period adjustments, the split by share version, the fee on net revenue, " +
  "the profit on the venture's basis, the partner's share, what settlements within the period took and what is due. Run again, it answers the same figures and hash.";
const docs = {
  statement: routeSchema({ tags, summary: "A venture's statement for a period", description: statementDescription, params: idParams, querystring: venturePeriodSchema, response: { 200: envelope(figures) } }),
  pdf: routeSchema({
    tags,
    summary: "A venture's statement as a PDF",
    description: `${statementDescription} A download for the partner (A4), named venture-<id>-<from>-<to>.pdf; the same statement gives the same bytes.`,
    params: idParams,
    querystring: venturePeriodSchema,
    response: { 200: { description: 'The PDF', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } } },
  }),
  reconciliation: routeSchema({
    tags,
    summary: 'Ventures plus the rest against the trial balance',
    description: "Every venture's P&L over the period, the P&L of rows no venture stamps, the trial balance's profit and the difference (0.00). The whole company's: 403 for a user kept to regions.",
    querystring: venturePeriodSchema,
    response: { 200: envelope({ ventures: z.array(z.object({ jointVentureId: z.int(), ventureName: z.string(), profit: decimalString })), ventureTotal: decimalString, rest: decimalString, trialBalanceProfit: decimalString, difference: decimalString }) },
  }),
  capital: routeSchema({
    tags,
    summary: "The partner's capital account for a period",
    description: 'Opening, every ledger row of the capital account with its running balance (credit-positive), closing, and the ledger balance at `to` (equal to closing).',
    params: idParams,
    querystring: venturePeriodSchema,
    response: { 200: envelope({ opening: decimalString, closing: decimalString, ledgerBalance: decimalString, rows: z.array(z.looseObject({ date: isoDate })) }) },
  }),
  contribute: routeSchema({
    tags,
    summary: 'A capital contribution',
    description: "Posts a journal: Dr the bank or cash account, Cr the partner's capital account, stamped with the venture. 409 before the venture is active.",
    params: idParams,
    body: capitalContributionSchema,
    response: { 200: envelope({ journal: z.looseObject({ id: z.int() }) }) },
  }),
};

/**
 * The venture's own routes beside the machinery's: statement and PDF, reconciliation, capital.
 * A venture outside the caller's row scope is 404 on each, as on its list (issue 27).
 */
export function registerVentureRoutes(app: FastifyInstance): void {
  const guard = [authenticate, requireRoute('/joint-ventures')];
  const db = () => app.ctx.db;
  registerConstraintRefusal('jv_settlements_no_overlap', () => ({ status: 409, message: ventureMessages.alreadySettled('another settlement') }));

  app.get('/joint-ventures/reconciliation', { schema: docs.reconciliation, onRequest: guard }, async (request) => {
    // It sets every venture and the rest against the whole company's profit: no region's share of it.
    if (permittedIds(actorOf(request).permissions, 'regions')) throw new ForbiddenError(ventureMessages.reconciliationCompanyWide);
    const { from, to } = validated(venturePeriodSchema, request.query);
    const profit = (await profitAndLoss(db(), from, to)).profit;
    return { status: 200, message: messages.ok, ...(await reconciliation(db(), from, to, profit)) };
  });

  app.get('/joint-ventures/:id/statement', { schema: docs.statement, onRequest: guard }, async (request) => {
    const { from, to } = validated(venturePeriodSchema, request.query);
    await assertVentureVisible(db(), actorOf(request), idOf(request));
    return { status: 200, message: messages.ok, ...(await ventureStatementOf(db(), idOf(request), from, to)) };
  });

  app.get('/joint-ventures/:id/statement/pdf', { schema: docs.pdf, onRequest: guard }, async (request, reply) => {
    const { from, to } = validated(venturePeriodSchema, request.query);
    await assertVentureVisible(db(), actorOf(request), idOf(request));
    const statement = await ventureStatementOf(db(), idOf(request), from, to);
    const bytes = await renderDocumentPdf(ventureStatementPrintable(statement, await readCompanyLetterhead(db())));
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${ventureStatementFileName(statement)}"`).send(bytes);
  });

  app.get('/joint-ventures/:id/capital', { schema: docs.capital, onRequest: guard }, async (request) => {
    const { from, to } = validated(venturePeriodSchema, request.query);
    await assertVentureVisible(db(), actorOf(request), idOf(request));
    return { status: 200, message: messages.ok, ...(await capitalStatement(db(), idOf(request), from, to)) };
  });

  app.post('/joint-ventures/:id/contributions', { schema: docs.contribute, onRequest: guard }, async (request) => {
    const input = validated(capitalContributionSchema, request.body);
    const journal = await db().transaction(async (tx) => {
      await assertVentureVisible(tx, actorOf(request), idOf(request));
      return contributeCapital(tx, actorOf(request), idOf(request), input);
    });
    return { status: 200, message: 'Capital contribution posted', journal };
  });
}
