import { type AppRoute, canAccessRoute, canUseResource, messages, priceList as priceListDeclaration, priceQuerySchema } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../lib/request-auth.ts';
import { priceList } from '../../db/schema/index.ts';
import { decimalString, envelope, isoDate, routeSchema } from '../../lib/openapi.ts';
import { registerConstraintRefusal } from '../../lib/pg-error.ts';
import type { ResourceBinding } from '../../lib/resource/resource-binding.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireAccess } from '../../plugins/authorize.ts';
import { effectiveToRefusal, overlapRefusal, priceListScope, priceListWrites, resolvePrice } from './price-list.service.ts';

/** The sales forms prefill a line's price from `/price`: their roles may ask it without seeing the list. */
const priceAskedFrom: readonly AppRoute[] = ['/quotations', '/invoices'];

const { shape } = priceQuerySchema;
const priceQuery = z.object({
  itemId: shape.itemId.describe('The item'),
  regionId: shape.regionId.describe('The region sold in'),
  customerId: shape.customerId.describe('The customer sold to'),
  date: shape.date.describe('The day the price is for (default today)'),
});

const priceDocs = routeSchema({
  tags: ['Price List'],
  summary: 'The sale price that applies to an item',
  description:
    'Customer rows over region rows over the item default (no region, no customer), within one scope the latest effectiveFrom; ' +
    "the item's sale price when no row is in force. date defaults to today. Same access as reading the price list, and the roles of /quotations and /invoices (their forms prefill prices).",
  querystring: priceQuery,
  response: {
    200: envelope({
      data: z.looseObject({
        itemId: z.int(),
        regionId: z.int().nullable(),
        customerId: z.int().nullable(),
        date: isoDate,
        price: decimalString,
        source: z.enum(['customer', 'region', 'default', 'item']).describe("Which row applied; item: the item's own sale price"),
        rowId: z.int().optional().describe('The price-list row that applied'),
        effectiveFrom: isoDate.optional(),
        effectiveTo: isoDate.nullable().optional(),
      }),
    }),
  },
});

/**
 * The price list: a generic resource (writes need `price-list:write`, the declaration's
 * writeScope), narrowed to the caller's categories and regions (a user limited to regions writes
 * only their regions' rows), plus the price that applies.
 */
export function registerPriceListRoutes(app: FastifyInstance): void {
  // The database refuses overlaps and reversed periods (0011_price_list.sql), even between two writers at once.
  registerConstraintRefusal('price_list_no_overlap', overlapRefusal);
  registerConstraintRefusal('price_list_effective_to_check', () => effectiveToRefusal);

  app.get(
    '/price-list/price',
    { schema: priceDocs, onRequest: [authenticate, requireAccess((role) => canUseResource(role, priceListDeclaration) || priceAskedFrom.some((route) => canAccessRoute(role, route)))] },
    async (request) => ({ status: 200, message: messages.ok, data: await resolvePrice(app.ctx.db, authOf(request).user, validated(priceQuery, request.query)) }),
  );
}

export const priceListBinding: ResourceBinding = { declaration: priceListDeclaration, table: priceList, hooks: { rowScope: priceListScope, writes: priceListWrites } };
