import {
  addMonths,
  messages,
  monthEndSchema,
  monthOf,
  type RentalAgreementDetail,
  rentalAgreementDocument,
  type RentalAlert,
  type RentalMonthEndProgress,
  type RentalPeriodsAnswer,
  toMinorUnits,
} from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { queryRows } from '../../db/client.ts';
import { postToLedger, readPostingContext, todayIso } from '../../ledger/general-ledger.ts';
import { requirePostingAccounts } from '../../ledger/posting-accounts.ts';
import { agreementStamp } from '../../ledger/venture-stamps.ts';
import { actorOf, auditActorOf } from '../../lib/actor.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/app-error.ts';
import { findDocument } from '../../lib/document/document-query.ts';
import { enqueueJob } from '../../lib/jobs/job-queue.ts';
import { decimalString, envelope, idOf, idParams, isoDate, routeSchema } from '../../lib/openapi.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { audit } from '../../plugins/audit.ts';
import { requireRoute } from '../../plugins/authorize.ts';
import { monthEndJobKind, type MonthEndPayload } from './month-end-job.ts';
import { placedLifeMonths } from './placements.handlers.ts';
import { rentalAgreementBinding } from './rental-agreements.binding.ts';
import { rentalMessages } from './rental-agreements.handlers.ts';
import { underCommitmentMonths } from './rental-agreements.queries.ts';
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

/**
 * Alerts of one agreement (issue 21, section 2): under 80 % three months running (`underMonths`,
 * the months underCommitmentMonths found, the list's own rule), ending within 90/60/30 days, maintenance due.
 */
export function alertsOf(agreement: RentalAgreementDetail, underMonths: string | null, lastPreventive: string | null, today: string): RentalAlert[] {
  const alerts: RentalAlert[] = [];
  if (underMonths) alerts.push({ kind: 'underCommitment', message: `Under 80 % of the commitment for 3 months running (${underMonths})` });
  if (agreement.status === 'active') {
    const termEnd = new Date(Date.parse(`${agreement.startDate}T00:00:00Z`));
    termEnd.setUTCMonth(termEnd.getUTCMonth() + agreement.termMonths);
    const days = Math.round((termEnd.getTime() - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
    const within = [30, 60, 90].find((d) => days >= 0 && days <= d);
    if (within) alerts.push({ kind: 'ending', message: `Ends within ${within} days (${termEnd.toISOString().slice(0, 10)})` });
    if (agreement.maintenanceMonths && agreement.placementDate) {
      const from = lastPreventive ?? agreement.placementDate;
      const due = `${addMonths(monthOf(from), agreement.maintenanceMonths)}${from.slice(7)}`;
      if (due <= today) alerts.push({ kind: 'maintenanceDue', message: `Preventive maintenance due since ${due}` });
    }
  }
  return alerts;
}

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
      const [extra] = await queryRows<{ lastPreventive: string | null; idle: number; underMonths: string | null }>(
        app.ctx.db,
        sql`SELECT (SELECT ${underCommitmentMonths('a')} FROM rental_agreements a WHERE a.id = ${agreement.id}::int) AS "underMonths",
                   (SELECT max(visit_date)::text FROM service_visits WHERE rental_agreement_id = ${agreement.id}::int AND visit_kind IN ('preventive', 'install')) AS "lastPreventive",
                   (SELECT count(*)::int FROM rental_assets WHERE region_id = ${agreement.regionId}::int AND status = 'inStock') AS idle`,
      );
      const answer: RentalPeriodsAnswer = { data: periods, alerts: alertsOf(agreement, extra!.underMonths, extra!.lastPreventive, today), idleInRegion: Number(extra!.idle) };
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
        summary: 'Starts the month-end run over every active agreement (a job): one shortfall invoice per agreement and settlement period',
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
      const [job] = await queryRows<{ status: string; cursor: Record<string, unknown>; payload: Record<string, unknown>; error: string | null }>(
        app.ctx.db,
        sql`SELECT status, cursor, payload, error FROM jobs WHERE id = ${idOf(request)}::int AND kind = ${monthEndJobKind}`,
      );
      if (!job) throw new NotFoundError();
      const cursor = (typeof job.cursor === 'string' ? JSON.parse(job.cursor) : job.cursor) as { processed?: number; invoices?: number; invoiced?: string };
      const payload = (typeof job.payload === 'string' ? JSON.parse(job.payload) : job.payload) as { month: string };
      const progress: RentalMonthEndProgress = { month: payload.month, status: job.status, processed: cursor.processed ?? 0, invoices: cursor.invoices ?? 0, invoiced: cursor.invoiced ?? '0.00', error: job.error };
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
      const agreement = await readAgreement(request);
      if (!agreement.deposit || toMinorUnits(agreement.deposit) <= 0n) throw new ConflictError('The agreement has no deposit');
      if (agreement.depositReceivedOn) throw new ConflictError(`The deposit was received on ${agreement.depositReceivedOn}`);
      if (!['approved', 'active', 'suspended'].includes(agreement.status)) throw new ConflictError('Only an approved or active agreement takes its deposit');
      const documentNumber = await app.ctx.db.transaction(async (tx) => {
        const [locked] = await queryRows<{ received: string | null }>(tx, sql`SELECT deposit_received_on::text AS received FROM rental_agreements WHERE id = ${agreement.id}::int FOR UPDATE`);
        if (locked!.received) throw new ConflictError(`The deposit was received on ${locked!.received}`);
        const { customerDeposits } = await requirePostingAccounts(tx, ['customerDeposits']);
        const [bank] = await queryRows<{ kind: string }>(tx, sql`SELECT kind FROM accounts WHERE id = ${body.accountId}::int AND active`);
        if (!bank || !['cash', 'bank'].includes(bank.kind)) throw new BadRequestError({ accountId: 'Choose a cash or bank account' });
        const stamp = await agreementStamp(tx, body.date, agreement);
        const context = await readPostingContext(tx, [body.accountId, customerDeposits], actor.userId);
        const { documentNumber: number } = await postToLedger(
          tx,
          {
            documentType: 'rental-deposits',
            documentId: agreement.id,
            documentDate: body.date,
            narration: `Deposit under ${agreement.documentNumber}`,
            lines: [
              { accountId: body.accountId, debit: agreement.deposit!, credit: '0', ...stamp },
              { accountId: customerDeposits, debit: '0', credit: agreement.deposit!, ...stamp },
            ],
            numberPrefix: 'RDP',
            actor: { userId: actor.userId },
            dateField: 'date',
            alongside: [() => sql`UPDATE rental_agreements SET deposit_received_on = ${body.date}::date, updated_at = now() WHERE id = ${agreement.id}::int RETURNING id`],
          },
          context,
        );
        await audit(tx, auditActorOf(actor), { action: 'deposit', resource: rentalAgreementDocument.name, recordId: agreement.id, after: { depositReceivedOn: body.date, documentNumber: number } });
        return number;
      });
      return { status: 200, message: 'Deposit received', documentNumber, date: body.date };
    },
  );
}
