import { customerTaxFactsScope, fbrMessages } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { todayIso } from '../../ledger/general-ledger.ts';
import { actorOf } from '../../lib/actor.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/app-error.ts';
import { envelope, idOf, idParams, routeSchema } from '../../lib/openapi.ts';
import { authOf } from '../../lib/request-auth.ts';
import { findRow, planResourceQueries, type ResourceQueryPlan } from '../../lib/resource/resource-query.ts';
import { bindingOfResource } from '../../lib/resource/resource-tables.ts';
import { lockRow, updateRecord } from '../../lib/resource/resource-writes.ts';
import type { Db } from '../../db/client.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute, requireScope } from '../../plugins/authorize.ts';
import { checkRegistration } from './fbr-client.ts';
import { statusWords, transportWords } from './fbr-reference.ts';
import { connectionFor, readStoredSettings } from './fbr-settings.service.ts';

const docs = routeSchema({
  tags: ['FBR'],
  summary: "Ask FBR whether a customer is registered",
  description:
    "Scope customers:tax-facts. Posts the customer's NTN (else CNIC) to FBR's Get_Reg_Type in the current environment; sets `registrationType` from FBR's `REGISTRATION_TYPE` " +
    'and `registrationCheckedOn` to today, audited as any change of the customer; answers the customer. 400 `ntn` without either number; 409, nothing changed, without a readable token or when FBR fails (its status in words).',
  params: idParams,
  response: { 200: envelope({ data: z.looseObject({ id: z.int(), registrationType: z.enum(['registered', 'unregistered']), registrationCheckedOn: z.string().nullable() }) }) },
});

/** The number FBR is asked about: the NTN, else the CNIC, its digits only. */
const registrationNoOf = (customer: Readonly<Record<string, unknown>>) => ((customer.ntn as string | null) || (customer.cnic as string | null) || '').replace(/\D/g, '');

/** Customers are sales' resource: reached through the bound resources (lib), written by the generic update with its audit. */
const customerPlan = (() => {
  let plan: ResourceQueryPlan | undefined;
  return () => (plan ??= planResourceQueries(bindingOfResource('customers')!));
})();

/**
 * Issue 30, section 2: `POST /api/customers/:id/check-registration`. FBR is called outside any
 * transaction (on PGlite the one connection would wait for FBR); the customer is then updated
 * in one transaction, only when FBR answered a type.
 */
export function registerFbrRegistrationRoute(app: FastifyInstance): void {
  app.post('/customers/:id/check-registration', { schema: docs, onRequest: [authenticate, requireRoute('/customers'), requireScope(customerTaxFactsScope)] }, async (request) => {
    const plan = customerPlan();
    const id = idOf(request);
    const customer = await findRow(app.ctx.db, plan, id, authOf(request));
    if (!customer) throw new NotFoundError();
    const registrationNo = registrationNoOf(customer);
    if (!registrationNo) throw new BadRequestError({ ntn: fbrMessages.registrationNumberMissing });
    const stored = await readStoredSettings(app.ctx.db);
    const connection = await connectionFor(app.ctx.db, app.ctx.database, stored.environment, stored);
    if (!connection) throw new ConflictError(fbrMessages.registrationToken(stored.environment), { [`${stored.environment}Token`]: fbrMessages.tokenMissing(stored.environment) });
    const answer = await checkRegistration(connection, registrationNo);
    if (answer.kind !== 'registered' && answer.kind !== 'unregistered') {
      throw new ConflictError(fbrMessages.registrationFailed('httpStatus' in answer ? statusWords(answer.httpStatus) : transportWords(answer, connection)));
    }
    // Written only for the number FBR was asked about: a change of the customer's NTN or CNIC meanwhile is a 409, nothing written.
    const data = await app.ctx.db.transaction(async (tx) => {
      if (registrationNoOf(await lockRow(tx, plan, id, actorOf(request))) !== registrationNo) throw new ConflictError(fbrMessages.registrationNumberChanged);
      return updateRecord(tx as unknown as Db, plan, actorOf(request), id, { registrationType: answer.kind, registrationCheckedOn: todayIso() });
    });
    return { status: 200, message: fbrMessages.registrationChecked(answer.kind), data };
  });
}
