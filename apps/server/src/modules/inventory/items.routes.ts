import { createSchemaOf, firstTaxFactsSchema, itemMessages, items as itemsDeclaration } from '@erp/domain';
import { items } from '../../db/schema/index.ts';
import { registerTableTitle } from '../../lib/pg-error.ts';
import type { ResourceBinding } from '../../lib/resource/resource-binding.ts';
import { planResourceQueries, type ResourceQueryPlan } from '../../lib/resource/resource-query.ts';
import { taxFactsTodaySql, writeFirstTaxFacts } from './item-tax-facts.service.ts';
import { belowReorderLevel } from './items-reorder.ts';
import { approveItem } from './items.service.ts';

let plan: ResourceQueryPlan | undefined;

/**
 * Items: a generic resource with the option keys of spec section 3, the approve action and the
 * below-reorder filter; each answers its tax facts in force today, and a new one may bring its
 * first tax facts (issue 29, section 2; the row itself is made by the items' trigger).
 */
export const itemBinding: ResourceBinding = {
  search: { code: 'articleNumber' },
  declaration: itemsDeclaration,
  table: items,
  hooks: {
    rowColumns: { plans: items.plans, approvedBy: items.approvedBy, approvedAt: items.approvedAt, taxFacts: taxFactsTodaySql(items.id) },
    schemas: { create: createSchemaOf(itemsDeclaration).extend({ taxFacts: firstTaxFactsSchema.optional() }) },
    writes: {
      async afterInsert(tx, actor, id, input) {
        if (input.taxFacts) await writeFirstTaxFacts(tx, actor, id, input.taxFacts as Record<string, unknown>);
      },
    },
    namedFilters: { belowReorder: belowReorderLevel },
    optionColumns: {
      itemId: items.id,
      itemName: items.itemName,
      articleNumber: items.articleNumber,
      vendorId: items.vendorId,
      plans: items.plans,
      isApproved: items.isApproved,
      // A purchase order line's unit cost starts from it.
      costPrice: items.costPrice,
    },
    actions: {
      // Planned on first use: the tables of every area are bound by then.
      approve: async (actor, id, _input, ctx) => ({
        message: itemMessages.approved,
        data: await approveItem(ctx.db, (plan ??= planResourceQueries(itemBinding)), actor, id),
      }),
    },
  },
};

/** A delete refused by these foreign keys names who holds the item. */
export function registerItemRoutes(): void {
  registerTableTitle('inventory', 'Inventory');
  registerTableTitle('stock_moves', 'Inventory Ledger');
}
