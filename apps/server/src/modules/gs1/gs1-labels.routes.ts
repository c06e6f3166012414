import { gs1LabelQuerySchema } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { NotFoundError } from '../../lib/app-error.ts';
import { routeSchema } from '../../lib/openapi.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute } from '../../plugins/authorize.ts';
import { printLotLabels } from './gs1-labels.service.ts';

const params = z.strictObject({ inventoryId: z.coerce.number().int().min(1).max(2147483647) });

const docs = routeSchema({
  tags: ['GS1'],
  summary: 'GS1 labels of a lot we relabel, as a PDF (route /inventory)',
  description:
    'One 50 x 30 mm label a page, `copies` pages (1 by default, 1 to 500: else 400 `copies`): a GS1 DataMatrix of (01) GTIN, (17) expiry, (10) lot and, for a serial-tracked item, (21) serial ' +
    '(the lot number, each unit being a lot), the same element string in human-readable form beneath, the item’s name, article number and storage condition. `gtin` (8 to 14 digits, read as 14) ' +
    'one of the item’s active GTINs (another: 400 `gtin`); by default its first `each` GTIN, else its first. An item without GTIN: 409 "Link a GTIN to ITEM before printing GS1 labels"; a lot ' +
    'number GS1 cannot carry (over 20 characters, or others than its set): 409. A lot outside the caller’s regions or categories: 404. Audited (`print-labels`, with the copies). A download.',
  params,
  querystring: gs1LabelQuerySchema,
  response: { 200: { description: 'The PDF', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } } },
});

/** GET /api/inventory/:inventoryId/label (issue 32, section 4): served under the lot's address on /inventory. */
export function registerGs1LabelRoute(app: FastifyInstance): void {
  app.get('/inventory/:inventoryId/label', { schema: docs, onRequest: [authenticate, requireRoute('/inventory')] }, async (request, reply) => {
    const { inventoryId } = validated(params, request.params);
    const printed = await printLotLabels(app.ctx.db, actorOf(request), inventoryId, validated(gs1LabelQuerySchema, request.query));
    if (!printed) throw new NotFoundError();
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${printed.fileName}"`).send(printed.pdf);
  });
}
