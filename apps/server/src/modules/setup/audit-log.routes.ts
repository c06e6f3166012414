import { messages } from '@erp/domain';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { auditLog, users } from '../../db/schema/index.ts';
import { actorOf } from '../../lib/actor.ts';
import { auditLogScope } from '../../lib/audit-scope.ts';
import { envelope, routeSchema } from '../../lib/openapi.ts';
import { parseInput } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute } from '../../plugins/authorize.ts';

const auditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  resource: z.string().max(64).optional(),
  action: z.string().max(64).optional(),
  recordId: z.string().max(64).optional(),
  userId: z.coerce.number().int().positive().optional(),
});

const auditLogDocs = routeSchema({
  tags: ['Audit log'],
  summary: 'The audit log, newest first',
  querystring: auditQuerySchema,
  response: {
    200: envelope(
      { data: z.array(z.looseObject({ id: z.int(), at: z.string(), action: z.string(), resource: z.string(), recordId: z.string().nullable() })), total: z.int() },
      'One page of entries (with before, after, ip, actor and realUser) and the count of all matching',
    ),
  },
});

/** The audit log, newest first, for the roles that manage users (admin, auditor). */
export function registerAuditLogRoutes(app: FastifyInstance): void {
  app.get('/audit-log', { schema: auditLogDocs, preHandler: [authenticate, requireRoute('/user')] }, async (request) => {
    const query = parseInput(auditQuerySchema, request.query);
    const actor = alias(users, 'actor');
    const realUser = alias(users, 'real_user');
    const conditions: (SQL | undefined)[] = [
      query.resource ? eq(auditLog.resource, query.resource) : undefined,
      query.action ? eq(auditLog.action, query.action) : undefined,
      query.recordId ? eq(auditLog.recordId, query.recordId) : undefined,
      query.userId ? eq(auditLog.actorUserId, query.userId) : undefined,
      // A user limited to regions reads the history of the records they may see.
      auditLogScope(actorOf(request)),
    ];
    const where = and(...conditions);
    const db = app.ctx.db;
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
    return { status: 200, message: messages.ok, data, total: Number(count ?? 0) };
  });
}
