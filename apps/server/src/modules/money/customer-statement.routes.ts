import { messages } from '@erp/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { decimalString, envelope, idOf, idParams, isoDate, routeSchema } from '../../lib/openapi.ts';
import { renderDocumentPdf } from '../../lib/print/document-pdf.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute } from '../../plugins/authorize.ts';
import { readCompanyLetterhead } from '../setup/setup.api.ts';
import { statementFileName, statementPrintable } from './customer-statement-print.ts';
import { customerStatement, statementQuerySchema } from './customer-statement.service.ts';
import { heavyRead } from '../../lib/cluster/replica.ts';

const tags = ['Customers'];
const row = z.object({
  date: isoDate,
  documentType: z.string(),
  kind: z.enum(['invoice', 'receipt', 'return', 'chequeBounced', 'journal', 'other']),
  documentId: z.int(),
  documentNumber: z.string(),
  description: z.string(),
  debit: decimalString,
  credit: decimalString,
  balance: decimalString.describe('Running balance, signed: positive the customer owes'),
});
const description =
  'From the customer\'s receivable account in the general ledger: opening (the account\'s opening balance and every day before `from`), each entry of the period ' +
  'labelled invoice, receipt, return, cheque bounced or journal with a running balance, the totals and the closing balance. Without from/to: the fiscal year of today. ' +
  'Who may open /customers may read it; a customer outside the user\'s regions reads as 404.';
const docs = {
  read: routeSchema({
    tags,
    summary: "A customer's statement for a period",
    description,
    params: idParams,
    querystring: statementQuerySchema,
    response: {
      200: envelope({
        customer: z.looseObject({ id: z.int(), customerName: z.string(), accountId: z.int(), accountCode: z.string() }),
        from: isoDate,
        to: isoDate,
        opening: decimalString,
        rows: z.array(row),
        totals: z.object({ debit: decimalString, credit: decimalString }),
        closing: decimalString,
      }),
    },
  }),
  pdf: routeSchema({
    tags,
    summary: "A customer's statement as a PDF",
    description: `${description} A download (A4, the company's letterhead), named statement-<id>-<from>-<to>.pdf.`,
    params: idParams,
    querystring: statementQuerySchema,
    response: { 200: { description: 'The PDF', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } } },
  }),
};

/** GET /api/customers/:id/statement and /pdf. */
export function registerCustomerStatementRoutes(app: FastifyInstance): void {
  const guard = [authenticate, requireRoute('/customers')];
  const read = (request: FastifyRequest) =>
    heavyRead(app.ctx.reads, (db) => customerStatement(db, actorOf(request), idOf(request), validated(statementQuerySchema, request.query)));

  app.get('/customers/:id/statement', { schema: docs.read, onRequest: guard }, async (request) => ({ status: 200, message: messages.ok, ...(await read(request)) }));

  app.get('/customers/:id/statement/pdf', { schema: docs.pdf, onRequest: guard }, async (request, reply) => {
    const statement = await read(request);
    const bytes = await renderDocumentPdf(statementPrintable(statement, await readCompanyLetterhead(app.ctx.db)));
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${statementFileName(statement)}"`).send(bytes);
  });
}
