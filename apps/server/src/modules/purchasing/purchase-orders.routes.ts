import { canAccessRoute, messages, optionsQuerySchema, type OptionsQuery, purchaseOrderDocument, type PurchaseOrderOption } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type Executor, intList, queryRows } from '../../db/client.ts';
import { type Actor, actorOf } from '../../lib/actor.ts';
import { envelope, isoDateTime, routeSchema } from '../../lib/openapi.ts';
import { registerTableTitle } from '../../lib/pg-error.ts';
import { likePattern } from '../../lib/resource/resource-query.ts';
import { parseInput } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireAccess } from '../../plugins/authorize.ts';
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

interface OptionRow {
  id: number;
  name: string;
  vendorId: number;
  vendorName: string;
  createdAt: string | Date;
  isApproved: boolean;
}

async function selectOptions(executor: Executor, where: SQL, limit?: number): Promise<PurchaseOrderOption[]> {
  const rows = await queryRows<OptionRow>(
    executor,
    sql`SELECT o.id, coalesce(o.document_number, 'Draft #' || o.id) AS name, o.vendor_id AS "vendorId", v.vendor_name AS "vendorName",
               o.created_at AS "createdAt", o.status = 'approved' AS "isApproved"
        FROM purchase_orders o JOIN vendors v ON v.id = o.vendor_id
        WHERE ${where}
        ORDER BY (o.status = 'approved') DESC, o.id DESC
        ${limit === undefined ? sql`` : sql`LIMIT ${limit}::int`}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    purchaseOrderId: Number(r.id),
    vendorId: Number(r.vendorId),
    vendor: { vendorName: r.vendorName },
    createdAt: new Date(r.createdAt).toISOString(),
    isApproved: Boolean(r.isApproved),
  }));
}

/** One page of options (one more read tells whether there are more), plus the orders `ids` names that the page lacks. */
export async function purchaseOrderOptions(executor: Executor, actor: Actor, query: OptionsQuery): Promise<{ options: PurchaseOrderOption[]; hasMore: boolean }> {
  const scope = purchaseOrderScope(actor, sql`o.region_id`) ?? sql`TRUE`;
  const pattern = query.search ? likePattern(query.search) : undefined;
  const search = pattern ? sql`(o.document_number ILIKE ${pattern} OR v.vendor_name ILIKE ${pattern})` : sql`TRUE`;
  const page = query.limit === 0 ? [] : await selectOptions(executor, sql`${scope} AND ${search}`, query.limit + 1);
  const hasMore = page.length > query.limit;
  const options = page.slice(0, query.limit);
  const missing = (query.ids ?? []).filter((id) => !options.some((o) => o.id === id));
  if (missing.length > 0) options.push(...(await selectOptions(executor, sql`${scope} AND o.id IN (${intList(missing)})`)));
  return { options, hasMore };
}

/** What purchase orders serve besides the document machinery's routes: their picker options. */
export function registerPurchaseOrderRoutes(app: FastifyInstance): void {
  const mayPick = requireAccess((role) => optionsRoutes.some((route) => canAccessRoute(role, route)));
  app.get('/purchase-orders/options', { schema: optionsDocs, preHandler: [authenticate, mayPick] }, async (request, reply) => {
    const query = parseInput(optionsQuerySchema, request.query ?? {});
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
