import { type AppRoute, canAccessRoute, hasScope, isReadOnlyRole, messages } from '@erp/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authOf } from '../lib/request-auth.ts';
import { ForbiddenError } from '../lib/app-error.ts';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The role table of spec section 6 decides the API too: a role may call what it may open. */
export function requireRoute(route: AppRoute): Guard {
  return requireAccess((role) => canAccessRoute(role, route));
}

/** Same as requireRoute with any rule over the role; read-only roles may only read. */
export function requireAccess(
  allowed: (role: ReturnType<typeof authOf>['user']['role']) => boolean,
  options: { readOnlyMayWrite?: boolean } = {},
): Guard {
  return async (request) => {
    const { user } = authOf(request);
    if (!allowed(user.role)) throw new ForbiddenError(messages.routeRestricted);
    const isWrite = request.method !== 'GET' && request.method !== 'HEAD';
    if (isWrite && !options.readOnlyMayWrite && isReadOnlyRole(user.role)) throw new ForbiddenError(messages.readOnly);
  };
}

export function requireScope(scope: string): Guard {
  return async (request) => {
    const { user } = authOf(request);
    if (!hasScope(user.role, user.scopes, scope)) throw new ForbiddenError(messages.routeRestricted);
  };
}
