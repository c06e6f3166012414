import { messages, periodCloseSchema, periodReopenSchema, periodReopenScope, permittedIds, yearEndCloseMessages, yearEndCloseSchema } from '@erp/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../lib/request-auth.ts';
import { closedThrough, todayIso } from '../../ledger/general-ledger.ts';
import { actorOf } from '../../lib/actor.ts';
import { isIsoDate } from '../../lib/resource/resource-query.ts';
import { routeSchema } from '../../lib/openapi.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireAccess, requireRoute, requireScope } from '../../plugins/authorize.ts';
import { statementResponses } from './accounting.docs.ts';
import { dimensionQuery } from './dimension-filter.ts';
import { periodOf } from './ledger.service.ts';
import { closePeriods, reopenPeriods } from './period-close.service.ts';
import { balanceSheet, profitAndLoss, profitAndLossByDepartment, trialBalance } from './statements.service.ts';
import { heavyRead } from '../../lib/cluster/replica.ts';
import { registeredDocuments } from '../../lib/document/register-document.ts';
import { closeFiscalYear, yearEndClosesOf } from './year-end-close.service.ts';

const isoDate = (label: string) => z.string().refine(isIsoDate, { error: `${label} must be a date (YYYY-MM-DD)` });
const periodQuery = z.object({ from: isoDate('From').optional(), to: isoDate('To').optional() });
const profitAndLossQuery = periodQuery.extend(dimensionQuery.shape);
const atQuery = z.object({ to: isoDate('To').optional() });

const tags = ['Statements'];
const docs = {
  trialBalance: routeSchema({ tags, summary: 'Trial balance', description: 'Without from/to: the fiscal year of today.', querystring: periodQuery, response: { 200: statementResponses.trialBalance } }),
  profitAndLoss: routeSchema({ tags, summary: 'Profit and loss', description: 'Without from/to: the fiscal year of today. departmentId, regionId: only the entries stamped with them.', querystring: profitAndLossQuery, response: { 200: statementResponses.profitAndLoss } }),
  profitAndLossByDepartment: routeSchema({
    tags,
    summary: 'Profit and loss with a column per department',
    description: 'Columns: each department stamped in the period (`departments`, in id order), then no department, then the total. Without from/to: the fiscal year of today.',
    querystring: periodQuery,
    response: { 200: statementResponses.profitAndLossByDepartment },
  }),
  balanceSheet: routeSchema({ tags, summary: 'Balance sheet at a date (default today)', querystring: atQuery, response: { 200: statementResponses.balanceSheet } }),
  readPeriodClose: routeSchema({ tags: ['Period close'], summary: 'The date periods are closed through', response: { 200: statementResponses.periodClose } }),
  periodClose: routeSchema({
    tags: ['Period close'],
    summary: 'Close periods through a day, not after today, never earlier than now (admin, accountant)',
    body: periodCloseSchema,
    response: { 200: statementResponses.periodClose },
  }),
  readYearEndCloses: routeSchema({ tags: ['Period close'], summary: 'The closed fiscal years, latest first', response: { 200: statementResponses.yearEndCloses } }),
  yearEndClose: routeSchema({
    tags: ['Period close'],
    summary: 'Post the closing journal of a fiscal year (admin): every period of it closed, no draft dated in it',
    description: '`fiscalYear`: the calendar year the fiscal year ends in. 409 naming the open periods (`periods`) and draft documents (`drafts`).',
    body: yearEndCloseSchema,
    response: { 200: statementResponses.yearEndClose },
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

  app.get('/accounting/trial-balance', { schema: docs.trialBalance, onRequest: guard }, async (request) => {
    const query = validated(periodQuery, request.query);
    const { from, to } = await periodOf(db(), query.from, query.to);
    return { status: 200, message: messages.ok, ...(await heavyRead(app.ctx.reads, (reads) => trialBalance(reads, from, to, regionsOf(request)))) };
  });

  app.get('/accounting/profit-and-loss', { schema: docs.profitAndLoss, onRequest: guard }, async (request) => {
    const { departmentId, regionId, ...query } = validated(profitAndLossQuery, request.query);
    const { from, to } = await periodOf(db(), query.from, query.to);
    return { status: 200, message: messages.ok, ...(await heavyRead(app.ctx.reads, (reads) => profitAndLoss(reads, from, to, regionsOf(request), { departmentId, regionId }))) };
  });

  app.get('/accounting/profit-and-loss/by-department', { schema: docs.profitAndLossByDepartment, onRequest: guard }, async (request) => {
    const query = validated(periodQuery, request.query);
    const { from, to } = await periodOf(db(), query.from, query.to);
    return { status: 200, message: messages.ok, ...(await heavyRead(app.ctx.reads, (reads) => profitAndLossByDepartment(reads, from, to, regionsOf(request)))) };
  });

  app.get('/accounting/balance-sheet', { schema: docs.balanceSheet, onRequest: guard }, async (request) => {
    const query = validated(atQuery, request.query);
    return { status: 200, message: messages.ok, ...(await heavyRead(app.ctx.reads, (reads) => balanceSheet(reads, query.to ?? todayIso(), regionsOf(request)))) };
  });

  app.get('/accounting/period-close', { schema: docs.readPeriodClose, onRequest: guard }, async () => ({ status: 200, message: messages.ok, closedThrough: await closedThrough(db()) }));

  // Admin and accountant; forward only (or the same day), never past today.
  const mayClose = requireAccess((role) => role === 'admin' || role === 'accountant');
  app.post('/accounting/period-close', { schema: docs.periodClose, onRequest: [...guard, mayClose] }, async (request) => {
    const input = validated(periodCloseSchema, request.body);
    const saved = await db().transaction((tx) => closePeriods(tx, actorOf(request), input.closedThrough));
    return { status: 200, message: messages.saved, closedThrough: saved };
  });

  app.get('/accounting/year-end-close', { schema: docs.readYearEndCloses, onRequest: guard }, async () => ({ status: 200, message: messages.ok, ...(await yearEndClosesOf(db())) }));

  // Issue 27: the admin posts a fiscal year's closing journal, once every period of it is closed.
  app.post('/accounting/year-end-close', { schema: docs.yearEndClose, onRequest: [...guard, requireAccess((role) => role === 'admin')] }, async (request) => {
    const input = validated(yearEndCloseSchema, request.body);
    const closed = await db().transaction((tx) => closeFiscalYear(tx, actorOf(request), input.fiscalYear, registeredDocuments(app)));
    return { status: 200, message: yearEndCloseMessages.done(closed.fiscalYear, closed.documentNumber), data: closed };
  });

  // Reopening is its own, audited action for the admin: back to an earlier day, or null (all open).
  // The scope names the action; a scope list someone wrote into a user record does not make another role the admin.
  const mayReopen = [...guard, requireScope(periodReopenScope), requireAccess((role) => role === 'admin')];
  app.post('/accounting/period-reopen', { schema: docs.periodReopen, onRequest: mayReopen }, async (request) => {
    const input = validated(periodReopenSchema, request.body);
    const saved = await db().transaction((tx) => reopenPeriods(tx, actorOf(request), input.closedThrough));
    return { status: 200, message: messages.saved, closedThrough: saved };
  });
}
