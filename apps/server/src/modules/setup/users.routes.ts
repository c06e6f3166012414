import { resetPasswordSchema, userCreateSchema, userUpdateSchema, users as usersDeclaration } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema/index.ts';
import type { ResourceBinding, Row } from '../../lib/resource/resource-binding.ts';
import { registerResource } from '../../lib/resource/register-resource.ts';
import { planResourceQueries } from '../../lib/resource/resource-query.ts';
import { createUser, deleteUser, type ResetPasswordInput, resetUserPassword, updateUser, type UserCreateInput, type UserUpdateInput } from './users.service.ts';

/** Users reuse the generic list, get, options and export; their writes hash passwords and protect the last admin. */
export function registerUserRoutes(app: FastifyInstance): void {
  const binding: ResourceBinding = {
    declaration: usersDeclaration,
    table: users,
    hooks: {
      rowColumns: { permissions: users.permissions, scopes: users.scopes, lastLoginAt: users.lastLoginAt },
      optionColumns: { username: users.username, role: users.role },
      create: async (actor, input) => (await createUser(app.ctx, actor, input as UserCreateInput)) as unknown as Row,
      update: async (actor, id, input) => (await updateUser(app.ctx, actor, id, input as UserUpdateInput)) as unknown as Row,
      remove: (actor, id) => deleteUser(app.ctx, actor, id, plan),
      actions: { 'reset-password': (actor, id, input) => resetUserPassword(app.ctx, actor, id, input as ResetPasswordInput) },
      schemas: { create: userCreateSchema, update: userUpdateSchema, actions: { 'reset-password': resetPasswordSchema } },
    },
  };
  const plan = planResourceQueries(binding);
  registerResource(app, binding);
}
