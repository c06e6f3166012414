import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext } from '../lib/request-auth.ts';
import { UnauthorizedError } from '../lib/app-error.ts';
import { passwordVersionOf, type TokenClaims } from '../lib/tokens.ts';
import { parseId } from '../lib/validation.ts';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * `onRequest` hook of every authenticated route (before the body is read and validated): a valid, unexpired token of an active user.
 * On an assumed token the admin behind it must still be an active admin too. A token whose
 * password version is older than its user's (or admin's) is refused.
 */
export async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw new UnauthorizedError();
  const { tokens, userCache } = request.server.ctx;
  let claims: TokenClaims;
  try {
    claims = tokens.verify(token);
  } catch {
    throw new UnauthorizedError();
  }
  const userId = parseId(claims.sub);
  if (!userId) throw new UnauthorizedError();
  const user = await userCache.get(userId);
  // A password changed or reset since the token was signed ends it.
  if (!user?.active || user.passwordVersion !== passwordVersionOf(claims)) throw new UnauthorizedError();
  const auth: AuthContext = { user };
  if (claims.act !== undefined) {
    const adminId = parseId(claims.act?.sub);
    const realUser = adminId ? await userCache.get(adminId) : undefined;
    if (!realUser?.active || realUser.role !== 'admin' || realUser.passwordVersion !== passwordVersionOf(claims.act)) throw new UnauthorizedError();
    auth.realUser = realUser;
  }
  request.auth = auth;
}
