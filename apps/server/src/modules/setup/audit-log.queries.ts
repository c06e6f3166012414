import { and, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { auditLogScope } from '../../lib/audit-scope.ts';

export const auditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  resource: z.string().max(64).optional(),
  action: z.string().max(64).optional(),
  recordId: z.string().max(64).optional(),
  userId: z.coerce.number().int().positive().optional(),
});

/** One page of the audit log the caller may read (their regions' records when limited to regions), newest first, with who acted (and the admin behind an assumed session), and the count of all matching. */
export async function auditLogPage(db: Executor, caller: Actor, query: z.output<typeof auditQuerySchema>) {
    const actor = alias(users, 'actor');
    const realUser = alias(users, 'real_user');
    const conditions: (SQL | undefined)[] = [
      query.resource ? eq(auditLog.resource, query.resource) : undefined,
      query.action ? eq(auditLog.action, query.action) : undefined,
      query.recordId ? eq(auditLog.recordId, query.recordId) : undefined,
      query.userId ? eq(auditLog.actorUserId, query.userId) : undefined,
      // A user limited to regions reads the history of the records they may see.
      auditLogScope(caller),
    ];
    const where = and(...conditions);
    const [data, [count]] = await Promise.all([
      db
        .select({
          id: auditLog.id,
          at: auditLog.at,
          action: auditLog.action,
          resource: auditLog.resource,
          recordId: auditLog.recordId,
          before: auditLog.before,
          after: auditLog.after,
          ip: auditLog.ip,
          actorUserId: auditLog.actorUserId,
          realUserId: auditLog.realUserId,
          actor: { id: actor.id, name: actor.name, username: actor.username },
          realUser: { id: realUser.id, name: realUser.name, username: realUser.username },
        })
        .from(auditLog)
        .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
        .leftJoin(realUser, eq(realUser.id, auditLog.realUserId))
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      db.$count(auditLog, where).then((total) => [total]),
    ]);
  return { data, total: Number(count ?? 0) };
}
