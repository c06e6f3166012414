import { resetPasswordSchema, userCreateSchema, userUpdateSchema, users as usersDeclaration } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema/index.ts';
import type { ResourceBinding } from '../../lib/resource/resource-binding.ts';
import { registerResource } from '../../lib/resource/register-resource.ts';
import { planResourceQueries } from '../../lib/resource/resource-query.ts';
import { createUser, deleteUser, resetUserPassword, updateUser } from './users.service.ts';

/** Users reuse the generic list, get, options and export; their writes hash passwords and protect the last admin. */
export function registerUserRoutes(app: FastifyInstance): void {
  const binding: ResourceBinding = {
    declaration: usersDeclaration,
    table: users,
    hooks: {
      rowColumns: { permissions: users.permissions, scopes: users.scopes, lastLoginAt: users.lastLoginAt },
      optionColumns: { username: users.username, role: users.role },
      create: (request) => createUser(request) as never,
      update: (request, id) => updateUser(request, id) as never,
      remove: (request, id) => deleteUser(request, id, plan),
      actions: { 'reset-password': resetUserPassword },
      schemas: { create: userCreateSchema, update: userUpdateSchema, actions: { 'reset-password': resetPasswordSchema } },
    },
  };
  const plan = planResourceQueries(binding);
  registerResource(app, binding);
}
