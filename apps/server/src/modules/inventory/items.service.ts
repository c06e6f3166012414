import { hasScope, itemMessages, messages } from '@erp/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { items } from '../../db/schema/index.ts';
import { type Actor, auditActorOf } from '../../lib/actor.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/app-error.ts';
import type { Row } from '../../lib/resource/resource-binding.ts';
import { findRow, type ResourceQueryPlan, rowScopeOfResource } from '../../lib/resource/resource-query.ts';
import { audit } from '../../plugins/audit.ts';

/**
 * Approving an item (PRODUCT.md: new items need an admin's or operation manager's approval
 * before they can be bought or sold): the scope `items:approve`, once, within the caller's
 * categories. The row is locked, so two approvers take turns and the second hears it is done.
 */
export async function approveItem(db: Db, plan: ResourceQueryPlan, actor: Actor, id: number): Promise<Row> {
  if (!hasScope(actor.role, actor.scopes, 'items:approve')) throw new ForbiddenError(messages.routeRestricted);
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ isApproved: items.isApproved })
      .from(items)
      .where(and(eq(items.id, id), rowScopeOfResource('items', actor)))
      .for('update');
    if (!locked) throw new NotFoundError();
    if (locked.isApproved) throw new ConflictError(itemMessages.alreadyApproved);
    const before = await findRow(tx, plan, id);
    await tx.update(items).set({ isApproved: true, approvedBy: actor.userId, approvedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(items.id, id));
    const after = await findRow(tx, plan, id);
    await audit(tx, auditActorOf(actor), { action: 'approve', resource: 'items', recordId: id, before, after });
    return after!;
  });
}
