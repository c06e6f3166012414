import { canAccessRoute, messages, optionsQuerySchema, purchaseOrderDocument } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { envelope, isoDateTime, routeSchema } from '../../lib/openapi.ts';
import { registerTableTitle } from '../../lib/pg-error.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireAccess } from '../../plugins/authorize.ts';
import { purchaseOrderOptions } from './purchase-order-options.ts';
import { purchaseOrderScope } from './purchase-orders.queries.ts';

/**
 * The screens whose pickers offer purchase orders (as a resource's optionsRoutesOf): today
 * /purchase-orders, where goods receipts name their order. A later screen picking orders
 * (vendor payments) adds its route here.
 */
const optionsRoutes = [purchaseOrderDocument.route] as const;

const optionDoc = z.looseObject({
  id: z.int(),
  name: z.string().describe('The number, or "Draft #<id>" before approval'),
  purchaseOrderId: z.int(),
  vendorId: z.int(),
  vendor: z.looseObject({ vendorName: z.string() }),
  createdAt: isoDateTime,
  isApproved: z.boolean().describe('Only approved orders can be received: pickers show the others disabled'),
});

const optionsDocs = routeSchema({
  tags: [purchaseOrderDocument.title],
  summary: 'Purchase orders as picker options',
  description:
    'Spec section 3 keys (purchaseOrderId, vendorId, vendor.vendorName, createdAt) plus isApproved. Approved orders first, newest first; ' +
    'search matches the number or the vendor name; `ids` adds the named orders. Row scope: permissions.regions (the receiving region).',
  querystring: optionsQuerySchema,
  response: { 200: envelope({ options: z.array(optionDoc), hasMore: z.boolean() }, 'Options') },
});

/** What purchase orders serve besides the document machinery's routes: their picker options. */
export function registerPurchaseOrderRoutes(app: FastifyInstance): void {
  const mayPick = requireAccess((role) => optionsRoutes.some((route) => canAccessRoute(role, route)));
  app.get('/purchase-orders/options', { schema: optionsDocs, onRequest: [authenticate, mayPick] }, async (request, reply) => {
    const query = validated(optionsQuerySchema, request.query);
    const actor = actorOf(request);
    // Narrowed by region per user, so cached per user when the user has a region list.
    const key = `purchase-orders|${purchaseOrderScope(actor) ? actor.userId : ''}|${JSON.stringify(query)}`;
    const body = await app.ctx.optionsCache.get(key, async () => {
      const { options, hasMore } = await purchaseOrderOptions(app.ctx.db, actor, query);
      return JSON.stringify({ status: 200, message: messages.ok, options, hasMore });
    });
    return reply.type('application/json; charset=utf-8').send(body);
  });
  // A vendor, region or item delete refused by these foreign keys names who holds the record.
  registerTableTitle('purchase_orders', 'Purchase Orders');
  registerTableTitle('purchase_order_lines', 'Purchase Orders');
  registerTableTitle('goods_receipts', 'Goods Receipts');
  registerTableTitle('goods_receipt_lines', 'Goods Receipts');
}
