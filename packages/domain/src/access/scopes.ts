import type { Role } from './roles.ts';

/**
 * Scopes name actions inside screens (PRODUCT.md, Roles). `*` stands for any part:
 * `*:delete` is every resource's delete. Admin holds everything; the accountant holds
 * delete and cancel by default; each area's manifest gives roles its own scopes
 * (`defaultScopes`: the operation manager's `items:approve`); the others hold what their user
 * record grants.
 */
const baseScopesByRole: Readonly<Partial<Record<Role, readonly string[]>>> = {
  admin: ['*'],
  accountant: ['*:delete', '*:cancel'],
};

/** The areas' default scopes, bound once by `areas.ts` when it folds them (the domain's areas import this file). */
let areaScopesByRole: Readonly<Partial<Record<Role, readonly string[]>>> = {};

export function bindAreaDefaultScopes(byRole: Readonly<Partial<Record<Role, readonly string[]>>>): void {
  areaScopesByRole = byRole;
}

/** What a role holds without a grant on its user record. */
export function defaultScopesOf(role: Role): readonly string[] {
  return [...(baseScopesByRole[role] ?? []), ...(areaScopesByRole[role] ?? [])];
}

/**
 * Reopening closed periods (issue 17): its own action, audited, for the admin alone. Not in
 * `knownScopes`, so no user record can be granted it: only the admin's `*` holds it.
 */
export const periodReopenScope = 'accounting:reopen';

function scopeMatches(granted: string, wanted: string): boolean {
  if (granted === '*' || granted === wanted) return true;
  const [gResource, gAction] = granted.split(':');
  const [wResource, wAction] = wanted.split(':');
  return (gResource === '*' || gResource === wResource) && (gAction === '*' || gAction === wAction);
}

export function hasScope(role: Role, userScopes: readonly string[] | undefined, wanted: string): boolean {
  if (role === 'auditor') return false;
  return [...defaultScopesOf(role), ...(userScopes ?? [])].some((granted) => scopeMatches(granted, wanted));
}

/** Spec section 3: whether an id is in one of the user's permission lists; the default area is categories. */
export function hasPermission(
  permissions: Readonly<Record<string, readonly number[] | undefined>> | undefined,
  id: number,
  area = 'categories',
): boolean {
  return permissions?.[area]?.includes(id) ?? false;
}

/** The ids a permission list allows, or undefined when it allows all (empty or absent). */
export function permittedIds(
  permissions: Readonly<Record<string, readonly number[] | undefined>> | undefined,
  area: string,
): readonly number[] | undefined {
  const ids = permissions?.[area];
  return ids && ids.length > 0 ? ids : undefined;
}
