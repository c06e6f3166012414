import type { Role } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** A user as the API shows it: never the password hash. */
export interface UserRecord {
  id: number;
  name: string;
  username: string;
  role: Role;
  active: boolean;
  permissions: Record<string, number[]>;
  scopes: string[];
  lastLoginAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

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

export async function findUserForLogin(
  executor: Executor,
  username: string,
): Promise<(UserRecord & { passwordHash: string }) | undefined> {
  const [row] = await executor
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row as (UserRecord & { passwordHash: string }) | undefined;
}
