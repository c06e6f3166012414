import {
  type AssumeRoleResponse,
  type ChangePasswordResponse,
  changePasswordSchema,
  displayRoleName,
  type LoginResponse,
  loginSchema,
  messages,
} from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { authOf } from '../../app-context.ts';
import { users } from '../../db/schema/index.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, UnauthorizedError } from '../../lib/app-error.ts';
import { parseInput } from '../../lib/validation.ts';
import { actorOf, audit } from '../../plugins/audit.ts';
import { findSessionUser, findUserForLogin } from '../setup/setup.api.ts';
import { toAuthUser } from './auth-user.ts';

/** One message whatever was wrong: the answer must not tell which usernames exist. */
export async function login(request: FastifyRequest): Promise<LoginResponse> {
  const { username, password } = parseInput(loginSchema, request.body);
  const { db, passwords, loginLimiter, tokens, userCache, company } = request.server.ctx;
  if (loginLimiter.isBlocked(request.ip, username)) throw new TooManyRequestsError();
  const found = await findUserForLogin(db, username);
  const passwordMatches = found ? await passwords.verify(found.passwordHash, password) : (await passwords.verifyNothing(password), false);
  if (!found || !passwordMatches || !found.active) {
    loginLimiter.recordFailure(request.ip, username);
    await audit(db, { actorUserId: null, realUserId: null, ip: request.ip }, {
      action: 'login-failed',
      resource: 'auth',
      recordId: found?.id ?? null,
      after: { username, reason: !found ? 'unknown user' : !passwordMatches ? 'wrong password' : 'disabled user' },
    });
    throw new UnauthorizedError(messages.invalidCredentials);
  }
  loginLimiter.recordSuccess(username);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, found.id));
    await audit(tx, { actorUserId: found.id, realUserId: found.id, ip: request.ip }, { action: 'login', resource: 'auth', recordId: found.id });
  });
  userCache.invalidate(found.id);
  const { passwordHash: _hash, ...user } = found;
  return { status: 200, message: messages.loginSuccess, token: tokens.signMain(user), user: toAuthUser(user, await company.get()) };
}

export async function verifyToken(request: FastifyRequest) {
  const auth = authOf(request);
  const company = await request.server.ctx.company.get();
  return { status: 200, message: messages.ok, user: toAuthUser(auth.user, company, auth.realUser) };
}

/** An admin acts as another user for an hour; the token names the admin, and an assumed session cannot assume again. */
export async function assumeRole(request: FastifyRequest, userId: number): Promise<AssumeRoleResponse> {
  const auth = authOf(request);
  if (auth.realUser) throw new ForbiddenError(messages.cannotAssumeTwice);
  if (auth.user.role !== 'admin') throw new ForbiddenError(messages.routeRestricted);
  const { db, tokens, company } = request.server.ctx;
  const target = await findSessionUser(db, userId);
  if (!target) throw new NotFoundError();
  if (!target.active) throw new ConflictError(messages.assumeInactiveUser);
  await audit(db, actorOf(request), {
    action: 'assume-role',
    resource: 'users',
    recordId: target.id,
    after: { userId: target.id, username: target.username, role: target.role },
  });
  return {
    status: 200,
    message: messages.assumedRoleBanner(target.name, displayRoleName(target.role)),
    token: tokens.signAssumed(target, auth.user),
    user: toAuthUser(target, await company.get(), auth.user),
  };
}

/**
 * Changes the acting user's own password; wrong current passwords count as failed logins.
 * The password version goes up, ending every earlier token of the user; the answer carries
 * a fresh token of the same kind (assumed stays assumed) so this session goes on.
 */
export async function changePassword(request: FastifyRequest): Promise<ChangePasswordResponse> {
  const input = parseInput(changePasswordSchema, request.body);
  const auth = authOf(request);
  const { db, passwords, loginLimiter, tokens, userCache } = request.server.ctx;
  if (loginLimiter.isBlocked(request.ip, auth.user.username)) throw new TooManyRequestsError();
  const found = await findUserForLogin(db, auth.user.username);
  if (!found || !(await passwords.verify(found.passwordHash, input.currentPassword))) {
    loginLimiter.recordFailure(request.ip, auth.user.username);
    throw new BadRequestError({ currentPassword: messages.wrongCurrentPassword }, messages.wrongCurrentPassword);
  }
  const passwordHash = await passwords.hash(input.newPassword);
  const passwordVersion = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, passwordVersion: sql`${users.passwordVersion} + 1`, updatedAt: sql`now()` })
      .where(eq(users.id, found.id))
      .returning({ passwordVersion: users.passwordVersion });
    await audit(tx, actorOf(request), { action: 'change-password', resource: 'users', recordId: found.id });
    return row!.passwordVersion;
  });
  userCache.invalidate(found.id);
  const user = { id: found.id, passwordVersion };
  const token = auth.realUser ? tokens.signAssumed(user, auth.realUser) : tokens.signMain(user);
  return { status: 200, message: messages.passwordChanged, token };
}
