import { z } from 'zod';
import { displayRoleName, roles } from '../access/roles.ts';
import { constants } from '../messages.ts';
import type { ResourceDeclaration } from '../resource/declaration.ts';

export const roleOptions = roles.map((role) => ({ value: role, label: displayRoleName(role) }));

/** Users: the generic list and options serve them; create, update and password have their own service. */
export const users = {
  name: 'users',
  route: '/user',
  singular: 'user',
  title: 'Users',
  nameField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 100, searchable: true },
    {
      name: 'username',
      label: 'Username',
      kind: 'text',
      required: true,
      maxLength: 50,
      unique: true,
      searchable: true,
      schema: z
        .string({ error: 'Username is required' })
        .trim()
        .regex(/^[A-Za-z0-9._-]{3,50}$/, { error: 'Username must be 3 to 50 letters, digits, dots, dashes or underscores' }),
    },
    { name: 'role', label: 'Role', kind: 'enum', enumValues: roleOptions, required: true, filterable: true },
    { name: 'active', label: 'Active', kind: 'boolean', required: true, defaultValue: true, filterable: true },
  ],
} as const satisfies ResourceDeclaration;

/**
 * The one form of a username that logins are looked up and limited by: NFKC, then lower case.
 * Usernames are ASCII (the schema above), so a name that is not ASCII in this form names
 * nobody; the database's own lower() is never asked to agree with JavaScript's.
 */
export function normalizeUsername(username: string): string {
  return username.normalize('NFKC').toLowerCase();
}

export function isAsciiUsername(normalized: string): boolean {
  return /^[\x20-\x7e]*$/.test(normalized);
}

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(constants.minPasswordLength, { error: `Password must be at least ${constants.minPasswordLength} characters` })
  .max(200, { error: 'Password must be at most 200 characters' });

/** Spec section 3: a map of id lists per named area (regions, categories, ...). */
export const permissionsSchema = z.record(z.string().regex(/^[a-zA-Z-]{1,40}$/), z.array(z.number().int().positive()).max(1000));

export const scopesSchema = z
  .array(z.string().regex(/^[a-z*-]+:[a-z*-]+$|^\*$/, { error: 'A scope looks like resource:action' }))
  .max(200);

export const userCreateSchema = z.strictObject({
  name: z.string({ error: 'Name is required' }).trim().min(1, { error: 'Name is required' }).max(100, { error: 'Name must be at most 100 characters' }),
  username: users.fields[1].schema,
  role: z.enum(roles, { error: 'Role is required' }),
  active: z.boolean().default(true),
  password: passwordSchema,
  permissions: permissionsSchema.default({}),
  scopes: scopesSchema.default([]),
});

export const userUpdateSchema = userCreateSchema.omit({ password: true }).partial();

export const resetPasswordSchema = z.strictObject({ password: passwordSchema });
