import { chequeDocument, messages } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { documentListQuerySchema } from '../../lib/document/document-query.ts';
import { decimalString, envelope, routeSchema } from '../../lib/openapi.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute } from '../../plugins/authorize.ts';
import { chequeBinding } from './cheques.binding.ts';
import { chequeSummary } from './cheque-summary.ts';

const listQuery = documentListQuerySchema(chequeBinding);

const statusTotal = z.object({ status: z.string(), count: z.int(), total: decimalString });

const summaryDocs = routeSchema({
  tags: [chequeDocument.title],
  summary: 'Cheque totals by status and by direction',
  description:
    'The count and total amount of the cheques in each status, and of received and issued cheques apart (each with its statuses), for the same filters as the list (search, status, from/to, direction, dueFrom, dueTo, view); paging and sort are ignored. `totals` counts both directions; its total adds money in and money out.',
  querystring: listQuery,
  response: {
    200: envelope({
      data: z.array(statusTotal),
      totals: z.object({ count: z.int(), total: decimalString }),
      directions: z.array(z.object({ direction: z.string(), count: z.int(), total: decimalString, statuses: z.array(statusTotal) })),
    }),
  },
});

/** The cheque register's totals; the cheques themselves are a document of the manifest (no create: receipts and payments record them). */
export function registerChequeRoutes(app: FastifyInstance): void {
  app.get('/cheques/summary', { schema: summaryDocs, onRequest: [authenticate, requireRoute(chequeDocument.route)] }, async (request) => {
    const summary = await chequeSummary(app.ctx.db, actorOf(request), validated(listQuery, request.query));
    return { status: 200, message: messages.ok, ...summary };
  });
}
