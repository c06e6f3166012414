import type { SessionUserRecord } from './session-user.ts';

// The request's caller, as plugins/auth.ts sets it and lib, plugins and modules read it. In lib,
// not in app-context.ts: the app's context folds the areas, whose bindings lib declares, so lib
// reading the caller from there would import itself back.

/** Who is calling: the acting user and, on an assumed session, the admin behind them. */
export interface AuthContext {
  user: SessionUserRecord;
  realUser?: SessionUserRecord;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The authenticated caller of a route guarded by `authenticate`. */
export function authOf(request: { auth: AuthContext | null }): AuthContext {
  if (!request.auth) throw new Error('authOf called on a route without authenticate');
  return request.auth;
}
