import { canAccessRoute, lineTaxQuerySchema, messages } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { envelope, routeSchema } from '../../lib/openapi.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireAccess } from '../../plugins/authorize.ts';
import { previewLineTax } from './line-tax.service.ts';

const docs = routeSchema({
  tags: ['Sales'],
  summary: 'How the lines of a quotation or invoice will be taxed',
  description:
    'Each item’s tax facts in force on `date` as a line copies them (sale type, rate, FBR’s rate label, HS code, schedule and serial), with the further tax rate the line bears for this customer ' +
    '(the settings’ for an unregistered buyer on an item it applies to). What the forms total before saving; the server computes again when it writes. ' +
    'Items outside the caller’s categories, and a customer outside their regions, are left out. For every role of /quotations and /invoices.',
  querystring: lineTaxQuerySchema,
  response: {
    200: envelope(
      { buyerRegistrationType: z.enum(['registered', 'unregistered']).nullable(), lines: z.record(z.string(), z.looseObject({ saleType: z.string(), taxRate: z.string(), rateLabel: z.string(), furtherTaxRate: z.string() })) },
      'Line tax facts by item id',
    ),
  },
});

/** GET /api/sales/line-tax. */
export function registerLineTaxRoute(app: FastifyInstance): void {
  const mayRead = requireAccess((role) => (['/quotations', '/invoices'] as const).some((route) => canAccessRoute(role, route)));
  app.get('/sales/line-tax', { schema: docs, onRequest: [authenticate, mayRead] }, async (request) => ({
    status: 200,
    message: messages.ok,
    ...(await previewLineTax(app.ctx.db, actorOf(request), validated(lineTaxQuerySchema, request.query))),
  }));
}
