import { resetPasswordSchema, userCreateSchema, userUpdateSchema, messages } from '@erp/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { authOf } from '../../app-context.ts';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { ConflictError, NotFoundError } from '../../lib/app-error.ts';
import { assertNotReferenced } from '../../lib/resource/resource-writes.ts';
import type { ResourceQueryPlan } from '../../lib/resource/resource-query.ts';
import { parseInput } from '../../lib/validation.ts';
import { actorOf, audit } from '../../plugins/audit.ts';
import { findUserById, type UserRecord } from './users.repository.ts';

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

export async function createUser(request: FastifyRequest): Promise<UserRecord> {
  const input = parseInput(userCreateSchema, request.body);
  const { db, passwords } = request.server.ctx;
  const { password, ...fields } = input;
  const passwordHash = await passwords.hash(password);
  return db.transaction(async (tx) => {
    const [inserted] = await tx.insert(users).values({ ...fields, passwordHash }).returning({ id: users.id });
    const user = (await findUserById(tx, inserted!.id))!;
    await audit(tx, actorOf(request), { action: 'create', resource: 'users', recordId: user.id, after: user });
    return user;
  });
}

export async function updateUser(request: FastifyRequest, id: number): Promise<UserRecord> {
  const input = parseInput(userUpdateSchema, request.body);
  const self = authOf(request).user;
  const { db, userCache } = request.server.ctx;
  const updated = await db.transaction(async (tx) => {
    const before = await lockUser(tx, id);
    if (Object.keys(input).length === 0) return before;
    const staysActiveAdmin = (input.role ?? before.role) === 'admin' && (input.active ?? before.active);
    if (before.id === self.id && !staysActiveAdmin && before.role === 'admin') throw new ConflictError(messages.cannotChangeOwnUser);
    if (before.id === self.id && input.active === false) throw new ConflictError(messages.cannotChangeOwnUser);
    if (before.role === 'admin' && before.active && !staysActiveAdmin) await assertAnotherActiveAdmin(tx, id);
    await tx.update(users).set({ ...input, updatedAt: sql`now()` }).where(eq(users.id, id));
    const after = (await findUserById(tx, id))!;
    await audit(tx, actorOf(request), { action: 'update', resource: 'users', recordId: id, before, after });
    return after;
  });
  userCache.invalidate(id);
  return updated;
}

export async function deleteUser(request: FastifyRequest, id: number, plan: ResourceQueryPlan): Promise<void> {
  const self = authOf(request).user;
  const { db, userCache } = request.server.ctx;
  await db.transaction(async (tx) => {
    const before = await lockUser(tx, id);
    if (before.id === self.id) throw new ConflictError(messages.cannotChangeOwnUser);
    if (before.role === 'admin' && before.active) await assertAnotherActiveAdmin(tx, id);
    await assertNotReferenced(tx, plan, id);
    await tx.delete(users).where(eq(users.id, id));
    await audit(tx, actorOf(request), { action: 'delete', resource: 'users', recordId: id, before });
  });
  userCache.invalidate(id);
}

export async function resetUserPassword(request: FastifyRequest, id: number): Promise<{ message: string }> {
  const { password } = parseInput(resetPasswordSchema, request.body);
  const { db, passwords, userCache } = request.server.ctx;
  const passwordHash = await passwords.hash(password);
  await db.transaction(async (tx) => {
    await lockUser(tx, id);
    // A new version ends every token of the user, in this process at once (the cache below).
    await tx
      .update(users)
      .set({ passwordHash, passwordVersion: sql`${users.passwordVersion} + 1`, updatedAt: sql`now()` })
      .where(eq(users.id, id));
    await audit(tx, actorOf(request), { action: 'reset-password', resource: 'users', recordId: id });
  });
  userCache.invalidate(id);
  return { message: messages.passwordReset };
}
