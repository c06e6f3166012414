import { dashboardBoardIds, dashboardBoards, dashboardQuerySchema, messages } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { readBoard } from '../../lib/dashboard/dashboard-board.ts';
import { actorOf } from '../../lib/actor.ts';
import { envelope, routeSchema } from '../../lib/openapi.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute } from '../../plugins/authorize.ts';
import { heavyRead } from '../../lib/cluster/replica.ts';

const tags = ['Dashboard'];
const figure = z.object({
  id: z.string(),
  label: z.string(),
  unit: z.enum(['money', 'count', 'quantity']),
  value: z.string().nullable(),
  compare: z.object({ label: z.string(), value: z.string(), unit: z.enum(['money', 'count', 'quantity']) }).optional(),
  rows: z.array(z.object({ label: z.string(), value: z.string() })).optional(),
  drill: z.object({ route: z.string(), query: z.record(z.string(), z.string()) }),
  error: z.string().optional(),
});

const docs = {
  board: routeSchema({
    tags,
    summary: "One board's figures",
    description:
      'Every figure of the board in one request, read from the posted ledgers and the monthly sales summary at the moment of the request (`asOf`), each narrowed by the caller\'s regions ' +
      '(and categories for stock and sales). At most one SQL statement per entry of the registry (15 at most per board). A figure whose statement fails or takes over 2 s answers `value: null` ' +
      'and `error`, the others still answer. `drill` is the list screen (route and query) whose total is the figure. The owner board holds every figure of the others and the profit.',
    querystring: dashboardQuerySchema,
    response: { 200: envelope({ board: z.enum(dashboardBoardIds), asOf: z.string(), figures: z.array(figure) }) },
  }),
  boards: routeSchema({
    tags,
    summary: 'The dashboard boards',
    response: { 200: envelope({ boards: z.array(z.object({ id: z.string(), label: z.string() })) }) },
  }),
};

/** /api/dashboard: for the roles whose route table has /dashboard (admin and auditor in the spec). */
export function registerDashboardRoutes(app: FastifyInstance): void {
  const guard = [authenticate, requireRoute('/dashboard')];
  app.get('/dashboard/boards', { schema: docs.boards, onRequest: guard }, async () => ({
    status: 200,
    message: messages.ok,
    boards: dashboardBoards.map(({ id, label }) => ({ id, label })),
  }));
  app.get('/dashboard', { schema: docs.board, onRequest: guard }, async (request) => {
    const { board } = validated(dashboardQuerySchema, request.query);
    const { response, failures, ...dataTime } = await heavyRead(app.ctx.reads, (db) => readBoard(db, app.ctx.database.kind, app.ctx.areas.figureStatements, actorOf(request), board));
    for (const failure of failures) request.log.warn({ err: failure }, 'dashboard figure not available');
    // Read on a replica that is behind: the board's "As of" is the replica's last commit, not now.
    return { status: 200, message: messages.ok, ...response, ...(dataTime.dataAsOf ? { asOf: dataTime.dataAsOf, ...dataTime } : {}) };
  });
}
