import { itemMessages, items as itemsDeclaration } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { items } from '../../db/schema/index.ts';
import { registerTableTitle } from '../../lib/pg-error.ts';
import { planResourceQueries, registerResource } from '../../lib/resource/register-resource.ts';
import type { ResourceBinding } from '../../lib/resource/resource-binding.ts';
import { approveItem } from './items.service.ts';

/** Items: a generic resource with the option keys of spec section 3 and the approve action. */
export function registerItemRoutes(app: FastifyInstance): void {
  const binding: ResourceBinding = {
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
        approve: async (actor, id) => ({ message: itemMessages.approved, data: await approveItem(app.ctx.db, plan, actor, id) }),
      },
    },
  };
  const plan = planResourceQueries(binding);
  registerResource(app, binding);
  // A delete refused by these foreign keys names who holds the item.
  registerTableTitle('inventory', 'Inventory');
  registerTableTitle('stock_moves', 'Inventory Ledger');
}
