import { canAccessRoute, invoiceDocument, lotProposalQuerySchema, messages, optionsQuerySchema } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { envelope, isoDateTime, routeSchema } from '../../lib/openapi.ts';
import { registerTableTitle } from '../../lib/pg-error.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireAccess, requireRoute } from '../../plugins/authorize.ts';
import { invoiceOptions, proposeLots } from './invoice-pickers.ts';

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

/** What invoices serve besides the document machinery's routes: lot proposals and picker options. */
export function registerInvoiceRoutes(app: FastifyInstance): void {
  app.get('/invoices/lots', { schema: lotsDocs, onRequest: [authenticate, requireRoute(invoiceDocument.route)] }, async (request) => {
    const lots = await proposeLots(app.ctx.db, actorOf(request), validated(lotProposalQuerySchema, request.query));
    return { status: 200, message: messages.ok, lots };
  });
  const mayPick = requireAccess((role) => optionsRoutes.some((route) => canAccessRoute(role, route)));
  app.get('/invoices/options', { schema: optionsDocs, onRequest: [authenticate, mayPick] }, async (request) => {
    const query = validated(optionsQuerySchema, request.query);
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

