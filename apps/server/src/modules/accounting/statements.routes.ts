import { messages, periodCloseMessages, periodCloseSchema, periodReopenSchema, periodReopenScope, permittedIds } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../app-context.ts';
import { periodClose } from '../../db/schema/index.ts';
import { BadRequestError, ForbiddenError } from '../../lib/app-error.ts';
import type { Tx } from '../../db/client.ts';
import { closedThrough, todayIso } from '../../ledger/general-ledger.ts';
import { isIsoDate } from '../../lib/resource/resource-query.ts';
import { routeSchema } from '../../lib/openapi.ts';
import { parseInput } from '../../lib/validation.ts';
import { actorOf, audit, type AuditActor } from '../../plugins/audit.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute, requireScope } from '../../plugins/authorize.ts';
import { statementResponses } from './accounting.docs.ts';
import { periodOf } from './ledger.service.ts';
import { balanceSheet, profitAndLoss, trialBalance } from './statements.service.ts';

const isoDate = (label: string) => z.string().refine(isIsoDate, { error: `${label} must be a date (YYYY-MM-DD)` });
const periodQuery = z.object({ from: isoDate('From').optional(), to: isoDate('To').optional() });
const atQuery = z.object({ to: isoDate('To').optional() });

const tags = ['Statements'];
const docs = {
  trialBalance: routeSchema({ tags, summary: 'Trial balance', description: 'Without from/to: the fiscal year of today.', querystring: periodQuery, response: { 200: statementResponses.trialBalance } }),
  profitAndLoss: routeSchema({ tags, summary: 'Profit and loss', description: 'Without from/to: the fiscal year of today.', querystring: periodQuery, response: { 200: statementResponses.profitAndLoss } }),
  balanceSheet: routeSchema({ tags, summary: 'Balance sheet at a date (default today)', querystring: atQuery, response: { 200: statementResponses.balanceSheet } }),
  readPeriodClose: routeSchema({ tags: ['Period close'], summary: 'The date periods are closed through', response: { 200: statementResponses.periodClose } }),
  periodClose: routeSchema({
    tags: ['Period close'],
    summary: 'Close periods through a day, not after today, never earlier than now (admin, accountant)',
    body: periodCloseSchema,
    response: { 200: statementResponses.periodClose },
  }),
  periodReopen: routeSchema({
    tags: ['Period close'],
    summary: `Reopen periods: closed through an earlier day, or null for none (admin, scope ${periodReopenScope})`,
    body: periodReopenSchema,
    response: { 200: statementResponses.periodClose },
  }),
};

/** /api/accounting/*: the /accounting screen's statements and the period close. */
export function registerStatementRoutes(app: FastifyInstance): void {
  const guard = [authenticate, requireRoute('/accounting')];
  const db = () => app.ctx.db;
  // A user limited to regions reads the statements of their regions (statements.service.ts).
  const regionsOf = (request: FastifyRequest) => permittedIds(authOf(request).user.permissions, 'regions');

  app.get('/accounting/trial-balance', { schema: docs.trialBalance, preHandler: guard }, async (request) => {
    const query = parseInput(periodQuery, request.query);
    const { from, to } = await periodOf(db(), query.from, query.to);
    return { status: 200, message: messages.ok, ...(await trialBalance(db(), from, to, regionsOf(request))) };
  });

  app.get('/accounting/profit-and-loss', { schema: docs.profitAndLoss, preHandler: guard }, async (request) => {
    const query = parseInput(periodQuery, request.query);
    const { from, to } = await periodOf(db(), query.from, query.to);
    return { status: 200, message: messages.ok, ...(await profitAndLoss(db(), from, to, regionsOf(request))) };
  });

  app.get('/accounting/balance-sheet', { schema: docs.balanceSheet, preHandler: guard }, async (request) => {
    const query = parseInput(atQuery, request.query);
    return { status: 200, message: messages.ok, ...(await balanceSheet(db(), query.to ?? todayIso(), regionsOf(request))) };
  });

  app.get('/accounting/period-close', { schema: docs.readPeriodClose, preHandler: guard }, async () => ({ status: 200, message: messages.ok, closedThrough: await closedThrough(db()) }));

  // Admin and accountant; forward only (or the same day), never past today. The row lock waits for postings in flight.
  app.post('/accounting/period-close', { schema: docs.periodClose, preHandler: guard }, async (request) => {
    const role = authOf(request).user.role;
    if (role !== 'admin' && role !== 'accountant') throw new ForbiddenError(messages.routeRestricted);
    const input = parseInput(periodCloseSchema, request.body);
    const today = todayIso();
    if (input.closedThrough > today) throw new BadRequestError({ closedThrough: periodCloseMessages.future(today) });
    const saved = await setClosedThrough(actorOf(request), 'close-period', input.closedThrough, (current) =>
      current !== null && input.closedThrough < current ? periodCloseMessages.backwards(current) : undefined,
    );
    return { status: 200, message: messages.saved, closedThrough: saved };
  });

  // Reopening is its own, audited action for the admin: back to an earlier day, or null (all open).
  app.post('/accounting/period-reopen', { schema: docs.periodReopen, preHandler: [...guard, requireScope(periodReopenScope)] }, async (request) => {
    // The scope names the action; a scope list someone wrote into a user record does not make another role the admin.
    if (authOf(request).user.role !== 'admin') throw new ForbiddenError(messages.routeRestricted);
    const input = parseInput(periodReopenSchema, request.body);
    const saved = await setClosedThrough(actorOf(request), 'reopen-period', input.closedThrough, (current) =>
      current === null || (input.closedThrough !== null && input.closedThrough >= current) ? periodCloseMessages.reopenForward(current) : undefined,
    );
    return { status: 200, message: messages.saved, closedThrough: saved };
  });

  /** Moves the close date under the row lock, unless `refusal` of the current date says why not; one audit row. */
  async function setClosedThrough(actor: AuditActor, action: string, value: string | null, refusal: (current: string | null) => string | undefined): Promise<string | null> {
    return db().transaction(async (tx: Tx) => {
      await tx.execute(sql`SELECT 1 FROM period_close WHERE id = 1 FOR UPDATE`);
      const before = await closedThrough(tx);
      const refused = refusal(before);
      if (refused) throw new BadRequestError({ closedThrough: refused });
      await tx
        .insert(periodClose)
        .values({ id: 1, closedThrough: value, updatedBy: actor.actorUserId })
        .onConflictDoUpdate({ target: periodClose.id, set: { closedThrough: value, updatedBy: actor.actorUserId, updatedAt: sql`now()` } });
      await audit(tx, actor, { action, resource: 'period-close', recordId: 1, before: { closedThrough: before }, after: { closedThrough: value } });
      return value;
    });
  }
}
