import { dateSchema, messages } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { closedThrough, todayIso } from '../../ledger/general-ledger.ts';
import { actorOf } from '../../lib/actor.ts';
import { isIsoDate } from '../../lib/resource/resource-query.ts';
import { routeSchema } from '../../lib/openapi.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireAccess, requireRoute } from '../../plugins/authorize.ts';
import { statementResponses } from './accounting.docs.ts';
import { periodOf } from './ledger.service.ts';
import { closePeriods } from './period-close.service.ts';
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

  app.get('/api/accounting/trial-balance', { schema: docs.trialBalance, onRequest: guard }, async (request) => {
    const query = validated(periodQuery, request.query);
    const { from, to } = await periodOf(db(), query.from, query.to);
    return { status: 200, message: messages.ok, ...(await trialBalance(db(), from, to)) };
  });

  app.get('/api/accounting/profit-and-loss', { schema: docs.profitAndLoss, onRequest: guard }, async (request) => {
    const query = validated(periodQuery, request.query);
    const { from, to } = await periodOf(db(), query.from, query.to);
    return { status: 200, message: messages.ok, ...(await profitAndLoss(db(), from, to)) };
  });

  app.get('/api/accounting/balance-sheet', { schema: docs.balanceSheet, onRequest: guard }, async (request) => {
    const query = validated(atQuery, request.query);
    return { status: 200, message: messages.ok, ...(await balanceSheet(db(), query.to ?? todayIso())) };
  });

  app.get('/api/accounting/period-close', { schema: docs.readPeriodClose, onRequest: guard }, async () => ({ status: 200, message: messages.ok, closedThrough: await closedThrough(db()) }));

  // Admin and accountant; null reopens every period. The row lock waits for postings in flight.
  const mayClose = requireAccess((role) => role === 'admin' || role === 'accountant');
  app.post('/api/accounting/period-close', { schema: docs.periodClose, onRequest: [...guard, mayClose] }, async (request) => {
    const input = validated(periodCloseInput, request.body);
    const saved = await db().transaction((tx) => closePeriods(tx, actorOf(request), input.closedThrough));
    return { status: 200, message: messages.saved, closedThrough: saved };
  });
}
