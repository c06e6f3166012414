import type { Role } from '@erp/domain';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import type { Actor } from '../lib/actor.ts';

/** The demo user with this username (a role id) as the actor of a service; without one, the first user as admin. */
export async function actorOf(tx: Tx, username: string): Promise<Actor> {
  const [user] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.username, username));
  if (user) return { userId: user.id, role: user.role as Role, scopes: [], permissions: {} };
  const [first] = await tx.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(1);
  return { userId: first!.id, role: 'admin', scopes: [], permissions: {} };
}
