import { canAccessRoute, exchangeRateQuerySchema, type LayoutRoute, messages, rateSources } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope, routeSchema } from '../../lib/openapi.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireAccess } from '../../plugins/authorize.ts';
import { rateOn } from './currency-rules.ts';

/** The screens whose forms take a rate (issue 33, section 6): their roles read it. */
export const rateReaderRoutes: readonly LayoutRoute[] = ['/accounting', '/purchase-orders', '/payments'];

const rateDoc = routeSchema({
  tags: ['Currencies'],
  summary: "A currency's rate on a date (routes /accounting, /purchase-orders, /payments)",
  description:
    "The latest rate on or before `date`, at most the settings' exchangeRateMaxAgeDays days older; the company currency is 1. None: 404 `No USD rate on or before 2026-11-14 (7 days); enter it or import the State Bank's rates`. An unknown currency: 400 naming `currency`.",
  querystring: exchangeRateQuerySchema,
  response: {
    200: envelope({
      data: z.object({
        currency: z.string(),
        date: z.string().describe('YYYY-MM-DD'),
        rate: z.string().describe('Company currency per unit, 6 decimals'),
        rateDate: z.string().describe('YYYY-MM-DD: the day of the rate taken'),
        source: z.enum(rateSources.map((s) => s.value) as [string, ...string[]]).nullable().describe('null for the company currency'),
      }),
    }),
  },
});

/** GET /api/exchange-rates/rate: the rate a form of an order, a receipt or a payment proposes. */
export function registerExchangeRateRoutes(app: FastifyInstance): void {
  const readers = requireAccess((role) => rateReaderRoutes.some((route) => canAccessRoute(role, route)));
  app.get('/exchange-rates/rate', { schema: rateDoc, onRequest: [authenticate, readers] }, async (request) => {
    const query = validated(exchangeRateQuerySchema, request.query);
    return { status: 200, message: messages.ok, data: await rateOn(app.ctx.db, query.currency, query.date) };
  });
}
