import {
  type AssumeRoleResponse,
  type ChangePasswordResponse,
  type changePasswordSchema,
  displayRoleName,
  type LoginResponse,
  type loginSchema,
  messages,
} from '@erp/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { AuthContext } from '../../lib/request-auth.ts';
import { type Actor, auditActorOf } from '../../lib/actor.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, UnauthorizedError } from '../../lib/app-error.ts';
import { audit } from '../../plugins/audit.ts';
import { findSessionUser, findUserForLogin, replacePassword, stampLastLogin } from '../setup/setup.api.ts';
import { toAuthUser } from './auth-user.ts';

/** One message whatever was wrong: the answer must not tell which usernames exist. */
export async function login(ctx: AppContext, ip: string, input: z.output<typeof loginSchema>): Promise<LoginResponse> {
  const { username, password } = input;
  const { db, passwords, loginLimiter, tokens, userCache, company } = ctx;
  if (await loginLimiter.isBlocked(ip, username)) throw new TooManyRequestsError();
  const found = await findUserForLogin(db, username);
  const passwordMatches = found ? await passwords.verify(found.passwordHash, password) : (await passwords.verifyNothing(password), false);
  if (!found || !passwordMatches || !found.active) {
    await loginLimiter.recordFailure(ip, username);
    await audit(db, { actorUserId: null, realUserId: null, ip }, {
      action: 'login-failed',
      resource: 'auth',
      recordId: found?.id ?? null,
      after: { username, reason: !found ? 'unknown user' : !passwordMatches ? 'wrong password' : 'disabled user' },
    });
    throw new UnauthorizedError(messages.invalidCredentials);
  }
  await loginLimiter.recordSuccess(username, ip);
  await db.transaction(async (tx) => {
    await stampLastLogin(tx, found.id);
    await audit(tx, { actorUserId: found.id, realUserId: found.id, ip }, { action: 'login', resource: 'auth', recordId: found.id });
  });
  userCache.invalidate(found.id);
  const { passwordHash: _hash, ...user } = found;
  return { status: 200, message: messages.loginSuccess, token: tokens.signMain(user), user: toAuthUser(user, await company.get()) };
}

export async function verifyToken(ctx: AppContext, auth: AuthContext) {
  const company = await ctx.company.get();
  return { status: 200, message: messages.ok, user: toAuthUser(auth.user, company, auth.realUser) };
}

/** An admin acts as another user for an hour; the token names the admin, and an assumed session cannot assume again. */
/** Who may assume a role: an admin acting as itself. Checked before the body, like every route's role. */
export function assertMayAssumeRole(auth: AuthContext): void {
  if (auth.realUser) throw new ForbiddenError(messages.cannotAssumeTwice);
  if (auth.user.role !== 'admin') throw new ForbiddenError(messages.routeRestricted);
}

export async function assumeRole(ctx: AppContext, auth: AuthContext, actor: Actor, userId: number): Promise<AssumeRoleResponse> {
  assertMayAssumeRole(auth);
  const { db, tokens, company } = ctx;
  const target = await findSessionUser(db, userId);
  if (!target) throw new NotFoundError();
  if (!target.active) throw new ConflictError(messages.assumeInactiveUser);
  await audit(db, auditActorOf(actor), {
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
export async function changePassword(
  ctx: AppContext,
  auth: AuthContext,
  actor: Actor,
  input: z.output<typeof changePasswordSchema>,
): Promise<ChangePasswordResponse> {
  const { db, passwords, loginLimiter, tokens, userCache } = ctx;
  const ip = actor.ip ?? '';
  if (await loginLimiter.isBlocked(ip, auth.user.username)) throw new TooManyRequestsError();
  const found = await findUserForLogin(db, auth.user.username);
  if (!found || !(await passwords.verify(found.passwordHash, input.currentPassword))) {
    await loginLimiter.recordFailure(ip, auth.user.username);
    throw new BadRequestError({ currentPassword: messages.wrongCurrentPassword }, messages.wrongCurrentPassword);
  }
  const passwordHash = await passwords.hash(input.newPassword);
  const passwordVersion = await db.transaction(async (tx) => {
    const version = await replacePassword(tx, found.id, passwordHash);
    await audit(tx, auditActorOf(actor), { action: 'change-password', resource: 'users', recordId: found.id });
    return version;
  });
  userCache.invalidate(found.id);
  const user = { id: found.id, passwordVersion };
  const token = auth.realUser ? tokens.signAssumed(user, auth.realUser) : tokens.signMain(user);
  return { status: 200, message: messages.passwordChanged, token };
}
