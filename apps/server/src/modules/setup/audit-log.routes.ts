import { messages } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { envelope, routeSchema } from '../../lib/openapi.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute } from '../../plugins/authorize.ts';
import { auditLogPage, auditQuerySchema } from './audit-log.queries.ts';

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
  app.get('/audit-log', { schema: auditLogDocs, onRequest: [authenticate, requireRoute('/user')] }, async (request) => {
    const { data, total } = await auditLogPage(app.ctx.db, actorOf(request), validated(auditQuerySchema, request.query));
    return { status: 200, message: messages.ok, data, total };
  });
}
