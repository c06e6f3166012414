import { canAccessRoute, messages, salesReturnScanInputSchema } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { envelope, routeSchema } from '../../lib/openapi.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireAccess } from '../../plugins/authorize.ts';
import { scanRefusalNote, sendScanRefusal } from '../gs1/gs1.api.ts';
import { salesReturnScan } from './sales-return-scan.ts';

const docs = routeSchema({
  tags: ['Sales'],
  summary: 'Which invoice lines a scanned pack comes back on (route /sales-returns)',
  description:
    'The scan’s item (its GTIN’s, within the caller’s categories) and lot, and the posted invoices of the customer with that item and lot and units left to return, newest first, ' +
    'kept to the caller’s regions as the returns list is. None: 400 `scan` ("Lot X of ITEM was never sold to CUSTOMER", or "... is returned in full"); a GTIN linked to no item, ' +
    `or a scan without GTIN or lot: 400 \`scan\`. ${scanRefusalNote} It changes nothing: the auditor may call it.`,
  body: salesReturnScanInputSchema,
  response: {
    200: envelope({
      data: z.looseObject({
        item: z.looseObject({ id: z.int(), itemName: z.string(), articleNumber: z.string() }),
        lotNumber: z.string(),
        lines: z.array(
          z.looseObject({
            invoiceId: z.int(),
            documentNumber: z.string(),
            invoiceDate: z.string(),
            invoiceLineId: z.int(),
            quantity: z.int(),
            returnedQuantity: z.int(),
            returnable: z.int(),
          }),
        ),
      }),
    }),
  },
});

/** POST /api/sales-returns/scan (issue 32, section 4): a read, though a POST (a scan may hold any character). */
export function registerSalesReturnScanRoute(app: FastifyInstance): void {
  const mayRead = requireAccess((role) => canAccessRoute(role, '/sales-returns'), { readOnlyMayWrite: true });
  app.post('/sales-returns/scan', { schema: docs, onRequest: [authenticate, mayRead], config: { readsOnly: true } }, async (request, reply) => {
    const answer = await salesReturnScan(app.ctx.db, actorOf(request), validated(salesReturnScanInputSchema, request.body));
    return 'refusal' in answer ? sendScanRefusal(reply, answer.refusal) : { status: 200, message: messages.ok, data: answer.data };
  });
}
