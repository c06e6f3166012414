import { messages, monthEndSchema, monthOf, type RentalAgreementDetail, rentalAgreementDocument, type RentalPeriodsAnswer } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { todayIso } from '../../ledger/general-ledger.ts';
import { actorOf, auditActorOf } from '../../lib/actor.ts';
import { ConflictError, NotFoundError } from '../../lib/app-error.ts';
import { findDocument } from '../../lib/document/document-query.ts';
import { enqueueJob } from '../../lib/jobs/job-queue.ts';
import { decimalString, envelope, idOf, idParams, isoDate, routeSchema } from '../../lib/openapi.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { audit } from '../../plugins/audit.ts';
import { requireRoute } from '../../plugins/authorize.ts';
import { monthEndJobKind, type MonthEndPayload, readMonthEndProgress } from './month-end-job.ts';
import { placedLifeMonths } from './placements.handlers.ts';
import { agreementAlerts } from './rental-alerts.service.ts';
import { rentalAgreementBinding } from './rental-agreements.binding.ts';
import { rentalMessages } from './rental-agreements.handlers.ts';
import { rentalDepositServices } from './rentals.api.ts';
import { agreementPnl } from './rental-pnl.service.ts';
import { lastEndedMonth, periodsOf, readAgreementFacts } from './rental-periods.service.ts';

const route = rentalAgreementDocument.route;
const tags = ['Reagent rentals'];
const guards = [authenticate, requireRoute(route)];

const periodSchema = z.object({
  month: z.string().describe('YYYY-MM'),
  commitment: decimalString,
  eligible: decimalString,
  carryIn: decimalString,
  shortfall: decimalString.describe('Due on the settlement period’s last month; per test: tests x price'),
  tests: z.number().int(),
  settles: z.boolean(),
  invoiceId: z.number().int().nullable(),
  status: z.enum(['current', 'open', 'carried', 'settled', 'invoiced']),
});

export function registerRentalRoutes(app: FastifyInstance): void {
  const readAgreement = async (request: Parameters<typeof actorOf>[0]) => {
    const agreement = await findDocument<RentalAgreementDetail>(app.ctx.db, rentalAgreementBinding as never, idOf(request), { actor: actorOf(request) });
    if (!agreement) throw new NotFoundError();
    return agreement;
  };

  app.get(
    '/rental-agreements/:id/periods',
    {
      schema: routeSchema({
        tags,
        summary: "An agreement's months: commitment, eligible, carry, shortfall, invoice (route /reagent-rentals)",
        params: idParams,
        response: { 200: envelope({ data: z.array(periodSchema), alerts: z.array(z.object({ kind: z.string(), message: z.string() })), idleInRegion: z.number().int() }) },
      }),
      onRequest: guards,
    },
    async (request) => {
      const agreement = await readAgreement(request);
      const today = todayIso();
      const through = agreement.endDate && monthOf(agreement.endDate) < monthOf(today) ? monthOf(agreement.endDate) : monthOf(today);
      const facts = await readAgreementFacts(app.ctx.db, [agreement.id], through);
      const periods = periodsOf(facts.get(agreement.id)!, through, lastEndedMonth(today));
      const { alerts, idleInRegion } = await agreementAlerts(app.ctx.db, agreement, today);
      const answer: RentalPeriodsAnswer = { data: periods, alerts, idleInRegion };
      return { status: 200, message: messages.ok, ...answer };
    },
  );

  app.get(
    '/rental-agreements/:id/pnl',
    {
      schema: routeSchema({
        tags,
        summary: "An agreement's P&L by month, equal to the ledger rows stamped with it; payback month; break-even commitment (route /reagent-rentals)",
        params: idParams,
      }),
      onRequest: guards,
    },
    async (request) => {
      const agreement = await readAgreement(request);
      return { status: 200, message: messages.ok, data: await agreementPnl(app.ctx.db, agreement.id, placedLifeMonths) };
    },
  );

  app.post(
    '/rental-agreements/month-end',
    {
      schema: routeSchema({
        tags,
        summary: "Starts the month-end run over every active agreement of the user's regions (a job): one shortfall invoice per agreement and settlement period",
        description: 'Refused (409) for a month that has not ended. Running it again raises nothing new. Answers 202 with the job id; GET /api/rental-agreements/month-end/{id} reports its progress.',
        body: monthEndSchema,
        response: { 202: envelope({ jobId: z.number().int() }) },
      }),
      onRequest: guards,
    },
    async (request, reply) => {
      const { month } = validated(monthEndSchema, request.body);
      const today = todayIso();
      if (month > lastEndedMonth(today)) throw new ConflictError(rentalMessages.unfinishedMonth(month), { month: rentalMessages.unfinishedMonth(month) });
      const actor = actorOf(request);
      const jobId = await app.ctx.db.transaction(async (tx) => {
        const payload: MonthEndPayload = { month, actor: { userId: actor.userId, role: actor.role, scopes: [...actor.scopes], permissions: actor.permissions } };
        const id = await enqueueJob(tx, { kind: monthEndJobKind, payload: payload as unknown as Record<string, unknown>, createdBy: actor.userId });
        await audit(tx, auditActorOf(actor), { action: 'month-end', resource: rentalAgreementDocument.name, recordId: id, after: { month } });
        return id;
      });
      app.ctx.jobs.wake();
      return reply.code(202).send({ status: 202, message: `Month-end run for ${month} started`, jobId });
    },
  );

  app.get(
    '/rental-agreements/month-end/:id',
    {
      schema: routeSchema({ tags, summary: "A month-end run's progress: agreements done, invoices raised", params: idParams }),
      onRequest: guards,
    },
    async (request) => {
      const progress = await readMonthEndProgress(app.ctx.db, idOf(request), actorOf(request));
      if (!progress) throw new NotFoundError();
      return { status: 200, message: messages.ok, data: progress };
    },
  );

  const depositSchema = z.strictObject({ accountId: z.number().int().positive(), date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Date must be YYYY-MM-DD' }) });
  app.post(
    '/rental-agreements/:id/deposit',
    {
      schema: routeSchema({ tags, summary: "Receives the agreement's deposit: Dr the cash or bank account, Cr Customer deposits, stamped with the agreement", params: idParams, body: depositSchema, response: { 200: envelope({ documentNumber: z.string(), date: isoDate }) } }),
      onRequest: guards,
    },
    async (request) => {
      const body = validated(depositSchema, request.body);
      const actor = actorOf(request);
      // Out of the actor's scope: 404, as before; the deposit is a posted record (rental-deposits.binding.ts).
      const agreement = await readAgreement(request);
      const deposit = await app.ctx.db.transaction((tx) => rentalDepositServices.create(tx, actor, { rentalAgreementId: agreement.id, accountId: body.accountId, depositDate: body.date }));
      return { status: 200, message: 'Deposit received', documentNumber: deposit.documentNumber!, date: body.date };
    },
  );
}
