import type { Role } from '@erp/domain';
import type { FastifyRequest } from 'fastify';
import { authOf } from './request-auth.ts';
import type { AuditActor } from '../plugins/audit.ts';

/**
 * Who runs a service: what a service needs to know of its caller, without the HTTP request,
 * so one document's service can call another's and tests can call them directly.
 */
export interface Actor {
  userId: number;
  /** The admin behind an assumed session; absent when the user acts as themself. */
  realUserId?: number;
  role: Role;
  scopes: readonly string[];
  /** Row scopes: `regions`, `categories` (ids; empty or absent allows all). */
  permissions: Record<string, number[] | undefined>;
  /** For the audit log. */
  ip?: string | null;
}

/** The actor of an authenticated request (a route guarded by `authenticate`). */
export function actorOf(request: FastifyRequest): Actor {
  const { user, realUser } = authOf(request);
  return {
    userId: user.id,
    ...(realUser ? { realUserId: realUser.id } : {}),
    role: user.role,
    scopes: user.scopes,
    permissions: user.permissions,
    ip: request.ip ?? null,
  };
}

/** What an audit row records of an actor. */
export function auditActorOf(actor: Actor): AuditActor {
  return { actorUserId: actor.userId, realUserId: actor.realUserId ?? actor.userId, ip: actor.ip ?? null };
}
