import { itemMessages, items as itemsDeclaration } from '@erp/domain';
import { items } from '../../db/schema/index.ts';
import { registerTableTitle } from '../../lib/pg-error.ts';
import type { ResourceBinding } from '../../lib/resource/resource-binding.ts';
import { planResourceQueries, type ResourceQueryPlan } from '../../lib/resource/resource-query.ts';
import { approveItem } from './items.service.ts';

let plan: ResourceQueryPlan | undefined;

/** Items: a generic resource with the option keys of spec section 3 and the approve action. */
export const itemBinding: ResourceBinding = {
  search: { code: 'articleNumber' },
  declaration: itemsDeclaration,
  table: items,
  hooks: {
    rowColumns: { plans: items.plans, approvedBy: items.approvedBy, approvedAt: items.approvedAt },
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
