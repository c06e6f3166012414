import { isAsciiUsername, normalizeUsername } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { SessionUserRecord, UserRecord } from '../../lib/session-user.ts';

export const userColumns = {
  id: users.id,
  name: users.name,
  username: users.username,
  role: users.role,
  active: users.active,
  permissions: users.permissions,
  scopes: users.scopes,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

export async function findUserById(executor: Executor, id: number): Promise<UserRecord | undefined> {
  const [row] = await executor.select(userColumns).from(users).where(eq(users.id, id));
  return row as UserRecord | undefined;
}

/** The user a token names, with its password version (the user cache loads this). */
export async function findSessionUser(executor: Executor, id: number): Promise<SessionUserRecord | undefined> {
  const [row] = await executor.select({ ...userColumns, passwordVersion: users.passwordVersion }).from(users).where(eq(users.id, id));
  return row as SessionUserRecord | undefined;
}

/** By username in any case (see normalizeUsername: the login limiter keys on the same form). */
export async function findUserForLogin(
  executor: Executor,
  username: string,
): Promise<(SessionUserRecord & { passwordHash: string }) | undefined> {
  const normalized = normalizeUsername(username);
  if (!isAsciiUsername(normalized)) return undefined;
  const [row] = await executor
    .select({ ...userColumns, passwordVersion: users.passwordVersion, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.username}) = ${normalized}`);
  return row as (SessionUserRecord & { passwordHash: string }) | undefined;
}

/** A sign-in stamps the user's last login. */
export async function stampLastLogin(executor: Executor, id: number): Promise<void> {
  await executor.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, id));
}

/** Sets a new password hash and the next password version, which ends every earlier token of the user; answers that version. */
export async function replacePassword(executor: Executor, id: number, passwordHash: string): Promise<number> {
  const [row] = await executor
    .update(users)
    .set({ passwordHash, passwordVersion: sql`${users.passwordVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning({ passwordVersion: users.passwordVersion });
  return row!.passwordVersion;
}

/** A new user's row (the API's create, the CLI's create-user, the first start's admin): answers its id. */
export async function insertUser(executor: Executor, values: typeof users.$inferInsert): Promise<number> {
  const [row] = await executor.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

/** Whether any user exists (the first start makes the admin when none does). */
export async function hasAnyUser(executor: Executor): Promise<boolean> {
  const [row] = await executor.select({ id: users.id }).from(users).limit(1);
  return row !== undefined;
}

/** replacePassword of the user named `username` in any case (the CLI's reset-password): answers the user's id, undefined when there is none. */
export async function replacePasswordOf(executor: Executor, username: string, passwordHash: string): Promise<number | undefined> {
  const [row] = await executor
    .update(users)
    .set({ passwordHash, passwordVersion: sql`${users.passwordVersion} + 1`, updatedAt: sql`now()` })
    .where(sql`lower(${users.username}) = ${normalizeUsername(username)}`)
    .returning({ id: users.id });
  return row?.id;
}
