import { canUseResource, itemTaxFacts as declaration, itemTaxFactsMessages, itemTaxFactsWriteScope, taxRateChangeSchema } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { itemTaxFacts } from '../../db/schema/index.ts';
import { actorOf } from '../../lib/actor.ts';
import { envelope, routeSchema } from '../../lib/openapi.ts';
import { registerConstraintRefusal } from '../../lib/pg-error.ts';
import type { ResourceBinding } from '../../lib/resource/resource-binding.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireAccess, requireScope } from '../../plugins/authorize.ts';
import { changeTaxRate, itemTaxFactsScope, itemTaxFactsWrites, rateLabelSql, sameDateRefusal } from './item-tax-facts.service.ts';

const rateChangeDocs = routeSchema({
  tags: ['Inventory'],
  summary: `A new rate from a date for every item of a sale type at the old rate (scope ${itemTaxFactsWriteScope})`,
  description:
    'For each item (of the caller\'s categories; only `itemIds` when given) whose tax facts in force up to `effectiveFrom` have `saleType` and `fromRate`: ' +
    'a row from `effectiveFrom` copying the rest at `toRate`, all in one transaction. Such items that already have a row on that date are left as they are and named in `skipped`.',
  body: taxRateChangeSchema,
  response: {
    200: envelope({ count: z.int(), itemIds: z.array(z.int()), skipped: z.array(z.int()) }),
  },
});

/**
 * Items' tax facts (issue 29, section 2): a generic resource under /items' access, written by
 * holders of `items:tax-facts`, with `rateLabel` on every row; and the rate change of a Finance Act.
 */
export const itemTaxFactsBinding: ResourceBinding = {
  declaration,
  table: itemTaxFacts,
  hooks: {
    rowColumns: { rateLabel: rateLabelSql(itemTaxFacts.saleType, itemTaxFacts.rate) },
    rowScope: itemTaxFactsScope,
    writes: itemTaxFactsWrites,
  },
};

export function registerItemTaxFactsRoutes(app: FastifyInstance): void {
  registerConstraintRefusal('item_tax_facts_item_date', () => sameDateRefusal);
  const writers = [authenticate, requireAccess((role) => canUseResource(role, declaration)), requireScope(itemTaxFactsWriteScope)];
  app.post('/item-tax-facts/rate-change', { schema: rateChangeDocs, onRequest: writers }, async (request) => {
    const changed = await changeTaxRate(app.ctx.db, actorOf(request), validated(taxRateChangeSchema, request.body));
    return { status: 200, message: itemTaxFactsMessages.rateChanged(changed.count), ...changed };
  });
}
