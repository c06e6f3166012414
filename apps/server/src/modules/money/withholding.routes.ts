import { messages, withholdingCertificateInputSchema, withholdingCertificatesQuerySchema } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../lib/actor.ts';
import { idOf, idParams, routeSchema } from '../../lib/openapi.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute, requireScope } from '../../plugins/authorize.ts';
import { recordWithholdingCertificate, withholdingCertificates } from './withholding-certificates.ts';

const docs = {
  list: routeSchema({
    tags: ['Receipts'],
    summary: 'Posted receipts with tax withheld by the customer, and their certificates',
    description:
      'One row per posted receipt dated in `from`..`to` whose live allocations withheld sales tax or income tax: the totals and the certificate recorded. ' +
      '`missingCertificate=true`: only those without a certificate number; `false`: only those with one. Receipts of regions outside the user\'s are left out.',
    querystring: withholdingCertificatesQuerySchema,
  }),
  record: routeSchema({
    tags: ['Receipts'],
    summary: "Records the customer's withholding certificate on a posted receipt",
    description: 'Needs receipts:cancel (the accountant, the admin). 404 for a receipt outside the user\'s regions; 409 for a receipt not posted or that withheld nothing.',
    params: idParams,
    body: withholdingCertificateInputSchema,
  }),
};

export function registerWithholdingRoutes(app: FastifyInstance): void {
  app.get('/accounting/withholding-certificates', { schema: docs.list, onRequest: [authenticate, requireRoute('/accounting')] }, async (request) => ({
    status: 200,
    message: messages.ok,
    data: await withholdingCertificates(app.ctx.db, actorOf(request), validated(withholdingCertificatesQuerySchema, request.query)),
  }));
  app.put(
    '/receipts/:id/withholding-certificate',
    { schema: docs.record, onRequest: [authenticate, requireRoute('/receipts'), requireScope('receipts:cancel')] },
    async (request) => {
      const id = idOf(request);
      const body = validated(withholdingCertificateInputSchema, request.body);
      const actor = actorOf(request);
      return { status: 200, message: 'Withholding certificate recorded', data: await app.ctx.db.transaction((tx) => recordWithholdingCertificate(tx, actor, id, body)) };
    },
  );
}
