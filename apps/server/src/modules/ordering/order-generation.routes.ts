import { messages, orderGenerationRunDocument } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { envelope, routeSchema } from '../../lib/openapi.ts';
import { registerTableTitle } from '../../lib/pg-error.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute } from '../../plugins/authorize.ts';
import { setFinalQuantity } from './order-generation-lines.service.ts';

const lineParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647), itemId: z.coerce.number().int().positive().max(2_147_483_647) });
export const finalQuantityBody = z.strictObject({
  finalQty: z
    .number({ error: 'Final quantity must be a whole number' })
    .int({ error: 'Final quantity must be a whole number' })
    .min(0, { error: 'Final quantity must be at least 0' })
    .max(1_000_000_000, { error: 'Final quantity must be at most 1000000000' }),
});

const finalDocs = routeSchema({
  tags: [orderGenerationRunDocument.title],
  summary: 'Set the final quantity of a run line',
  description: 'While the run is a draft (409 otherwise); the run total follows. Answers the line with every term.',
  params: lineParams,
  body: finalQuantityBody,
  response: { 200: envelope({ line: z.looseObject({ itemId: z.int(), finalQty: z.int() }) }, 'Saved') },
});

/** What runs serve besides the document machinery's routes: a line's final quantity. */
export function registerOrderGenerationRoutes(app: FastifyInstance): void {
  const guard = [authenticate, requireRoute('/order-generation')];
  app.put('/order-generation-runs/:id/lines/:itemId', { schema: finalDocs, onRequest: guard }, async (request) => {
    const { id, itemId } = validated(lineParams, request.params);
    const { finalQty } = validated(finalQuantityBody, request.body);
    const line = await app.ctx.db.transaction((tx) => setFinalQuantity(tx, actorOf(request), id, itemId, finalQty));
    return { status: 200, message: messages.saved, line };
  });
  registerTableTitle('order_generation_runs', 'Generate Order');
  registerTableTitle('order_generation_run_lines', 'Generate Order');
}
