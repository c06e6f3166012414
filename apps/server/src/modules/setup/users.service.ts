import { messages, type resetPasswordSchema, type userCreateSchema, type userUpdateSchema } from '@erp/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/client.ts';
import { type Actor, auditActorOf } from '../../lib/actor.ts';
import { users } from '../../db/schema/index.ts';
import { ConflictError, NotFoundError } from '../../lib/app-error.ts';
import { assertNotReferenced } from '../../lib/resource/resource-writes.ts';
import type { ResourceQueryPlan } from '../../lib/resource/resource-query.ts';
import { audit } from '../../plugins/audit.ts';
import type { UserRecord } from '../../lib/session-user.ts';
import { findUserById, insertUser, replacePassword } from './users.repository.ts';

export type UserCreateInput = z.output<typeof userCreateSchema>;
export type UserUpdateInput = z.output<typeof userUpdateSchema>;
export type ResetPasswordInput = z.output<typeof resetPasswordSchema>;

/** What the user services need besides the database: the password hasher and the session cache they renew. */
type UsersContext = Pick<AppContext, 'db' | 'passwords' | 'userCache'>;

async function lockUser(tx: Tx, id: number): Promise<UserRecord> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
  const user = await findUserById(tx, id);
  if (!user) throw new NotFoundError();
  return user;
}

/** Another active admin must remain; the admins are locked so two concurrent demotions cannot both pass. */
async function assertAnotherActiveAdmin(tx: Tx, exceptId: number): Promise<void> {
  const others = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.active, true), ne(users.id, exceptId)))
    .for('update');
  if (others.length === 0) throw new ConflictError(messages.lastActiveAdmin);
}

export async function createUser(ctx: UsersContext, actor: Actor, input: UserCreateInput): Promise<UserRecord> {
  const { db, passwords } = ctx;
  const { password, ...fields } = input;
  const passwordHash = await passwords.hash(password);
  return db.transaction(async (tx) => {
    const user = (await findUserById(tx, await insertUser(tx, { ...fields, passwordHash })))!;
    await audit(tx, auditActorOf(actor), { action: 'create', resource: 'users', recordId: user.id, after: user });
    return user;
  });
}

export async function updateUser(ctx: UsersContext, actor: Actor, id: number, input: UserUpdateInput): Promise<UserRecord> {
  const { db, userCache } = ctx;
  const updated = await db.transaction(async (tx) => {
    const before = await lockUser(tx, id);
    if (Object.keys(input).length === 0) return before;
    const staysActiveAdmin = (input.role ?? before.role) === 'admin' && (input.active ?? before.active);
    if (before.id === actor.userId && !staysActiveAdmin && before.role === 'admin') throw new ConflictError(messages.cannotChangeOwnUser);
    if (before.id === actor.userId && input.active === false) throw new ConflictError(messages.cannotChangeOwnUser);
    if (before.role === 'admin' && before.active && !staysActiveAdmin) await assertAnotherActiveAdmin(tx, id);
    await tx.update(users).set({ ...input, updatedAt: sql`now()` }).where(eq(users.id, id));
    const after = (await findUserById(tx, id))!;
    await audit(tx, auditActorOf(actor), { action: 'update', resource: 'users', recordId: id, before, after });
    return after;
  });
  userCache.invalidate(id);
  return updated;
}

export async function deleteUser(ctx: UsersContext, actor: Actor, id: number, plan: ResourceQueryPlan): Promise<void> {
  const { db, userCache } = ctx;
  await db.transaction(async (tx) => {
    const before = await lockUser(tx, id);
    if (before.id === actor.userId) throw new ConflictError(messages.cannotChangeOwnUser);
    if (before.role === 'admin' && before.active) await assertAnotherActiveAdmin(tx, id);
    await assertNotReferenced(tx, plan, id);
    await tx.delete(users).where(eq(users.id, id));
    await audit(tx, auditActorOf(actor), { action: 'delete', resource: 'users', recordId: id, before });
  });
  userCache.invalidate(id);
}

export async function resetUserPassword(ctx: UsersContext, actor: Actor, id: number, { password }: ResetPasswordInput): Promise<{ message: string }> {
  const { db, passwords, userCache } = ctx;
  const passwordHash = await passwords.hash(password);
  await db.transaction(async (tx) => {
    await lockUser(tx, id);
    // A new version ends every token of the user, in this process at once (the cache below).
    await replacePassword(tx, id, passwordHash);
    await audit(tx, auditActorOf(actor), { action: 'reset-password', resource: 'users', recordId: id });
  });
  userCache.invalidate(id);
  return { message: messages.passwordReset };
}
