import { resetPasswordSchema, userCreateSchema, userUpdateSchema, users as usersDeclaration } from '@erp/domain';
import { users } from '../../db/schema/index.ts';
import type { ResourceBinding } from '../../lib/resource/resource-binding.ts';
import { planResourceQueries, type ResourceQueryPlan } from '../../lib/resource/resource-query.ts';
import { createUser, deleteUser, resetUserPassword, updateUser } from './users.service.ts';

let plan: ResourceQueryPlan | undefined;

/** Users reuse the generic list, get, options and export; their writes hash passwords and protect the last admin. */
export const userBinding: ResourceBinding = {
  declaration: usersDeclaration,
  table: users,
  hooks: {
    rowColumns: { permissions: users.permissions, scopes: users.scopes, lastLoginAt: users.lastLoginAt },
    optionColumns: { username: users.username, role: users.role },
    create: (request) => createUser(request) as never,
    update: (request, id) => updateUser(request, id) as never,
    // Planned on first use: the tables of every area are bound by then.
    remove: (request, id) => deleteUser(request, id, (plan ??= planResourceQueries(userBinding))),
    actions: { 'reset-password': resetUserPassword },
    schemas: { create: userCreateSchema, update: userUpdateSchema, actions: { 'reset-password': resetPasswordSchema } },
  },
};
