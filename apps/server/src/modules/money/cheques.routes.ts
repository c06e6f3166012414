import { chequeDocument, type ChequeSummary, fromMinorUnits, messages, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { queryRows } from '../../db/client.ts';
import { cheques } from '../../db/schema/index.ts';
import { actorOf } from '../../lib/actor.ts';
import { documentListQuerySchema, documentListWhere } from '../../lib/document/document-query.ts';
import { decimalString, envelope, routeSchema } from '../../lib/openapi.ts';
import { parseInput } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute } from '../../plugins/authorize.ts';
import { chequeBinding } from './cheques.binding.ts';

const listQuery = documentListQuerySchema(chequeBinding);

const summaryDocs = routeSchema({
  tags: [chequeDocument.title],
  summary: 'Cheque totals by status',
  description: 'The count and total amount of the cheques in each status, for the same filters as the list (search, status, from/to, direction, dueFrom, dueTo, view); paging and sort are ignored.',
  querystring: listQuery,
  response: {
    200: envelope({
      data: z.array(z.object({ status: z.string(), count: z.int(), total: decimalString })),
      totals: z.object({ count: z.int(), total: decimalString }),
    }),
  },
});

/** The cheque register's totals; the cheques themselves are a document of the manifest (no create: receipts and payments record them). */
export function registerChequeRoutes(app: FastifyInstance): void {
  app.get('/cheques/summary', { schema: summaryDocs, preHandler: [authenticate, requireRoute(chequeDocument.route)] }, async (request) => {
    const query = parseInput(listQuery, request.query);
    const where = documentListWhere(chequeBinding, query, actorOf(request));
    const rows = await queryRows<{ status: string; count: number; total: string }>(
      app.ctx.db,
      sql`SELECT ${cheques.status} AS status, count(*)::int AS count, sum(${cheques.amount})::text AS total
          FROM ${cheques} ${where ? sql`WHERE ${where}` : sql``} GROUP BY ${cheques.status}`,
    );
    // In the workflow's order, every status present (zeros included) so the screen's tiles keep their places.
    const byStatus = new Map(rows.map((row) => [row.status, row]));
    const data = chequeDocument.states.map((status) => ({ status, count: Number(byStatus.get(status)?.count ?? 0), total: byStatus.get(status)?.total ?? '0.00' }));
    const count = data.reduce((n, row) => n + row.count, 0);
    const total = fromMinorUnits(data.reduce((sum, row) => sum + toMinorUnits(row.total), 0n));
    const summary: ChequeSummary = { data, totals: { count, total } };
    return { status: 200, message: messages.ok, ...summary };
  });
}
