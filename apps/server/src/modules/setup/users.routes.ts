import { resetPasswordSchema, userCreateSchema, userUpdateSchema, users as usersDeclaration } from '@erp/domain';
import { users } from '../../db/schema/index.ts';
import type { ResourceBinding, Row } from '../../lib/resource/resource-binding.ts';
import { planResourceQueries, type ResourceQueryPlan } from '../../lib/resource/resource-query.ts';
import { createUser, deleteUser, type ResetPasswordInput, resetUserPassword, updateUser, type UserCreateInput, type UserUpdateInput } from './users.service.ts';

let plan: ResourceQueryPlan | undefined;

/** Users reuse the generic list, get, options and export; their writes hash passwords and protect the last admin. */
export const userBinding: ResourceBinding = {
  declaration: usersDeclaration,
  table: users,
  hooks: {
    rowColumns: { permissions: users.permissions, scopes: users.scopes, lastLoginAt: users.lastLoginAt },
    optionColumns: { username: users.username, role: users.role },
    create: async (actor, input, ctx) => (await createUser(ctx, actor, input as UserCreateInput)) as unknown as Row,
    update: async (actor, id, input, ctx) => (await updateUser(ctx, actor, id, input as UserUpdateInput)) as unknown as Row,
    // Planned on first use: the tables of every area are bound by then.
    remove: (actor, id, ctx) => deleteUser(ctx, actor, id, (plan ??= planResourceQueries(userBinding))),
    actions: { 'reset-password': (actor, id, input, ctx) => resetUserPassword(ctx, actor, id, input as ResetPasswordInput) },
    schemas: { create: userCreateSchema, update: userUpdateSchema, actions: { 'reset-password': resetPasswordSchema } },
  },
};
