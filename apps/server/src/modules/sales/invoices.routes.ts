import {
  canAccessRoute,
  expiryStatus,
  fefoAllocate,
  fefoOrder,
  invoiceDocument,
  type InvoiceOption,
  type LotProposal,
  lotProposalQuerySchema,
  messages,
  optionsQuerySchema,
  type OptionsQuery,
} from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type Executor, intList, queryRows } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import { type Actor, actorOf } from '../../lib/actor.ts';
import { envelope, isoDateTime, routeSchema } from '../../lib/openapi.ts';
import { registerTableTitle } from '../../lib/pg-error.ts';
import { likePattern } from '../../lib/resource/resource-query.ts';
import { parseInput } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireAccess, requireRoute } from '../../plugins/authorize.ts';
import { invoiceScope } from './invoices.queries.ts';

const lotDoc = z.looseObject({
  inventoryId: z.int(),
  lotNumber: z.string(),
  dateExpiry: z.string().nullable(),
  quantity: z.int().describe('On hand in the region’s warehouse'),
  take: z.int().describe('What first-expiry-first-out takes from this lot for the asked quantity'),
  nearExpiry: z.boolean().describe('Within the near-expiry window of settings: the form shows a warning tag'),
});

const lotsDocs = routeSchema({
  tags: [invoiceDocument.title],
  summary: 'The lots an invoice line may sell from, nearest expiry first',
  description:
    'The lots of the item in the region’s warehouse with stock, not expired on `date` (today when absent), nearest expiry first (lots without expiry last), ' +
    'and how much first-expiry-first-out takes from each for `quantity`. Lots of quantity 0 and expired lots are never offered. One request per item, not per keystroke: ' +
    'the form asks once with the line’s quantity and re-splits locally.',
  querystring: lotProposalQuerySchema,
  response: { 200: envelope({ lots: z.array(lotDoc) }, 'Lots') },
});

/** The lots a line may draw from and the FEFO split of `quantity` over them. */
export async function proposeLots(executor: Executor, actor: Actor, rawQuery: unknown): Promise<LotProposal[]> {
  const query = parseInput(lotProposalQuerySchema, rawQuery);
  const date = query.date ?? todayIso();
  const judgedOn = date > todayIso() ? date : todayIso();
  const scope = invoiceScope(actor, sql`i.region_id`);
  const rows = await queryRows<{ id: number; lotNumber: string; dateExpiry: string | null; quantity: number; nearExpiryDays: number }>(
    executor,
    sql`SELECT i.id, i.lot_number AS "lotNumber", i.date_expiry::text AS "dateExpiry", i.quantity,
               (SELECT near_expiry_days FROM company_settings LIMIT 1) AS "nearExpiryDays"
        FROM inventory i JOIN stock_locations loc ON loc.id = i.location_id
        WHERE i.item_id = ${query.itemId}::int AND i.region_id = ${query.regionId}::int AND loc.kind = 'warehouse' AND i.quantity > 0
          AND (i.date_expiry IS NULL OR i.date_expiry >= ${judgedOn}::date)${scope ? sql` AND ${scope}` : sql``}`,
  );
  const lots = rows.map((r) => ({ id: Number(r.id), lotNumber: r.lotNumber, dateExpiry: r.dateExpiry, quantity: Number(r.quantity) }));
  const { draws } = fefoAllocate(lots, query.quantity ?? 0, judgedOn);
  const takes = new Map(draws.map((d) => [d.lot.id, d.quantity]));
  const windowDays = Number(rows[0]?.nearExpiryDays ?? 90);
  return fefoOrder(lots, judgedOn).map((lot) => ({
    inventoryId: lot.id,
    lotNumber: lot.lotNumber,
    dateExpiry: lot.dateExpiry,
    quantity: lot.quantity,
    take: takes.get(lot.id) ?? 0,
    nearExpiry: expiryStatus(lot.dateExpiry, judgedOn, windowDays) === 'nearExpiry',
  }));
}

/** The screens whose pickers offer invoices: returns name their invoice; receipts (issue 9) allocate to them. */
const optionsRoutes = ['/invoices', '/sales-returns', '/receipts', '/cheques'] as const;

const optionDoc = z.looseObject({
  id: z.int(),
  name: z.string().describe('The number and the customer'),
  invoiceId: z.int(),
  createdAt: isoDateTime,
  customerId: z.int(),
  openAmount: z.string(),
});

const optionsDocs = routeSchema({
  tags: [invoiceDocument.title],
  summary: 'Posted invoices as picker options',
  description: 'Spec section 3 keys (invoiceId, createdAt) plus customerId and openAmount. Posted invoices, newest first; search matches the number or the customer; `ids` adds the named ones.',
  querystring: optionsQuerySchema,
  response: { 200: envelope({ options: z.array(optionDoc), hasMore: z.boolean() }, 'Options') },
});

async function selectOptions(executor: Executor, where: SQL, limit?: number): Promise<InvoiceOption[]> {
  const rows = await queryRows<{ id: number; name: string; createdAt: string | Date; customerId: number; openAmount: string }>(
    executor,
    sql`SELECT invoices.id, invoices.document_number || ' · ' || c.customer_name AS name, invoices.created_at AS "createdAt", invoices.customer_id AS "customerId",
               (invoices.grand_total - invoices.allocated_amount - invoices.returned_amount)::text AS "openAmount"
        FROM invoices JOIN customers c ON c.id = invoices.customer_id
        WHERE invoices.status = 'posted' AND ${where}
        ORDER BY invoices.id DESC ${limit === undefined ? sql`` : sql`LIMIT ${limit}::int`}`,
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name, invoiceId: Number(r.id), createdAt: new Date(r.createdAt).toISOString(), customerId: Number(r.customerId), openAmount: r.openAmount }));
}

export async function invoiceOptions(executor: Executor, actor: Actor, query: OptionsQuery): Promise<{ options: InvoiceOption[]; hasMore: boolean }> {
  const scope = invoiceScope(actor) ?? sql`TRUE`;
  const pattern = query.search ? likePattern(query.search) : undefined;
  const search = pattern ? sql`(invoices.document_number ILIKE ${pattern} OR c.customer_name ILIKE ${pattern})` : sql`TRUE`;
  const page = query.limit === 0 ? [] : await selectOptions(executor, sql`${scope} AND ${search}`, query.limit + 1);
  const hasMore = page.length > query.limit;
  const options = page.slice(0, query.limit);
  const missing = (query.ids ?? []).filter((id) => !options.some((o) => o.id === id));
  if (missing.length > 0) options.push(...(await selectOptions(executor, sql`${scope} AND invoices.id IN (${intList(missing)})`)));
  return { options, hasMore };
}

/** What invoices serve besides the document machinery's routes: lot proposals and picker options. */
export function registerInvoiceRoutes(app: FastifyInstance): void {
  app.get('/invoices/lots', { schema: lotsDocs, preHandler: [authenticate, requireRoute(invoiceDocument.route)] }, async (request) => {
    const lots = await proposeLots(app.ctx.db, actorOf(request), request.query ?? {});
    return { status: 200, message: messages.ok, lots };
  });
  const mayPick = requireAccess((role) => optionsRoutes.some((route) => canAccessRoute(role, route)));
  app.get('/invoices/options', { schema: optionsDocs, preHandler: [authenticate, mayPick] }, async (request) => {
    const query = parseInput(optionsQuerySchema, request.query ?? {});
    const { options, hasMore } = await invoiceOptions(app.ctx.db, actorOf(request), query);
    return { status: 200, message: messages.ok, options, hasMore };
  });
  registerTableTitle('invoices', 'Invoices');
  registerTableTitle('invoice_lines', 'Invoices');
  registerTableTitle('quotations', 'Quotations');
  registerTableTitle('quotation_lines', 'Quotations');
  registerTableTitle('sales_returns', 'Sales Returns');
  registerTableTitle('sales_return_lines', 'Sales Returns');
  registerTableTitle('sales_summary', 'Sales');
}

