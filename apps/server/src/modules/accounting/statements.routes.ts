import { dateSchema, messages } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../app-context.ts';
import { periodClose } from '../../db/schema/index.ts';
import { ForbiddenError } from '../../lib/app-error.ts';
import { closedThrough, todayIso } from '../../ledger/general-ledger.ts';
import { isIsoDate } from '../../lib/resource/resource-query.ts';
import { routeSchema } from '../../lib/openapi.ts';
import { parseInput } from '../../lib/validation.ts';
import { actorOf, audit } from '../../plugins/audit.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute } from '../../plugins/authorize.ts';
import { statementResponses } from './accounting.docs.ts';
import { periodOf } from './ledger.service.ts';
import { balanceSheet, profitAndLoss, trialBalance } from './statements.service.ts';

const isoDate = (label: string) => z.string().refine(isIsoDate, { error: `${label} must be a date (YYYY-MM-DD)` });
const periodQuery = z.object({ from: isoDate('From').optional(), to: isoDate('To').optional() });
const atQuery = z.object({ to: isoDate('To').optional() });
const periodCloseInput = z.strictObject({ closedThrough: dateSchema('Closed through').nullable() });

const tags = ['Statements'];
const docs = {
  trialBalance: routeSchema({ tags, summary: 'Trial balance', description: 'Without from/to: the fiscal year of today.', querystring: periodQuery, response: { 200: statementResponses.trialBalance } }),
  profitAndLoss: routeSchema({ tags, summary: 'Profit and loss', description: 'Without from/to: the fiscal year of today.', querystring: periodQuery, response: { 200: statementResponses.profitAndLoss } }),
  balanceSheet: routeSchema({ tags, summary: 'Balance sheet at a date (default today)', querystring: atQuery, response: { 200: statementResponses.balanceSheet } }),
  readPeriodClose: routeSchema({ tags: ['Period close'], summary: 'The date periods are closed through', response: { 200: statementResponses.periodClose } }),
  periodClose: routeSchema({ tags: ['Period close'], summary: 'Close (or with null reopen) periods (admin, accountant)', body: periodCloseInput, response: { 200: statementResponses.periodClose } }),
};

/** /api/accounting/*: the /accounting screen's statements and the period close. */
export function registerStatementRoutes(app: FastifyInstance): void {
  const guard = [authenticate, requireRoute('/accounting')];
  const db = () => app.ctx.db;

  app.get('/accounting/trial-balance', { schema: docs.trialBalance, preHandler: guard }, async (request) => {
    const query = parseInput(periodQuery, request.query);
    const { from, to } = await periodOf(db(), query.from, query.to);
    return { status: 200, message: messages.ok, ...(await trialBalance(db(), from, to)) };
  });

  app.get('/accounting/profit-and-loss', { schema: docs.profitAndLoss, preHandler: guard }, async (request) => {
    const query = parseInput(periodQuery, request.query);
    const { from, to } = await periodOf(db(), query.from, query.to);
    return { status: 200, message: messages.ok, ...(await profitAndLoss(db(), from, to)) };
  });

  app.get('/accounting/balance-sheet', { schema: docs.balanceSheet, preHandler: guard }, async (request) => {
    const query = parseInput(atQuery, request.query);
    return { status: 200, message: messages.ok, ...(await balanceSheet(db(), query.to ?? todayIso())) };
  });

  app.get('/accounting/period-close', { schema: docs.readPeriodClose, preHandler: guard }, async () => ({ status: 200, message: messages.ok, closedThrough: await closedThrough(db()) }));

  // Admin and accountant; null reopens every period. The row lock waits for postings in flight.
  app.post('/accounting/period-close', { schema: docs.periodClose, preHandler: guard }, async (request) => {
    const role = authOf(request).user.role;
    if (role !== 'admin' && role !== 'accountant') throw new ForbiddenError(messages.routeRestricted);
    const input = parseInput(periodCloseInput, request.body);
    const actor = actorOf(request);
    const saved = await db().transaction(async (tx) => {
      await tx.execute(sql`SELECT 1 FROM period_close WHERE id = 1 FOR UPDATE`);
      const before = await closedThrough(tx);
      await tx
        .insert(periodClose)
        .values({ id: 1, closedThrough: input.closedThrough, updatedBy: actor.actorUserId })
        .onConflictDoUpdate({ target: periodClose.id, set: { closedThrough: input.closedThrough, updatedBy: actor.actorUserId, updatedAt: sql`now()` } });
      await audit(tx, actor, { action: 'close-period', resource: 'period-close', recordId: 1, before: { closedThrough: before }, after: { closedThrough: input.closedThrough } });
      return input.closedThrough;
    });
    return { status: 200, message: messages.saved, closedThrough: saved };
  });
}
