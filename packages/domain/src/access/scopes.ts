import type { Role } from './roles.ts';

/**
 * Scopes name actions inside screens (PRODUCT.md, Roles). `*` stands for any part:
 * `*:delete` is every resource's delete. Admin holds everything; the accountant holds
 * delete and cancel by default; the others hold what their user record grants.
 */
export const defaultScopesByRole: Readonly<Record<Role, readonly string[]>> = {
  admin: ['*'],
  // Both also set sale prices (issue 7, section 4); the other roles with /price-list only read it.
  // The accountant also sets customers' credit limits (issue 8): sales staff may not raise their own;
  // and items' and customers' sales tax facts (issue 29): what the law says of a supply and a buyer is the accounts' to keep;
  // and FBR's submissions that need a person (issue 30): resend a corrected one, record a number read in IRIS, release a retry.
  accountant: ['*:delete', '*:cancel', 'price-list:write', 'customers:credit-limit', 'sales-plans:approve', 'items:tax-facts', 'customers:tax-facts', 'fbr-submissions:resolve'],
  // Approves new items before they may be bought or sold (PRODUCT.md, Items); posts stock adjustments.
  // Issue 31: opens and closes recalls, decides on temperature excursions, keeps the storage units and
  // releases held lots (the Responsible Person's decisions); records a recall's notices and disposals,
  // temperature readings and quarantines, as the inventory supervisor also does.
  operationManager: [
    'items:approve',
    'stock-adjustments:post',
    'price-list:write',
    'recalls:open',
    'recalls:close',
    'temperature-excursions:disposition',
    'storage-units:write',
    'lots:release',
    'recalls:record',
    'temperature-readings:write',
    'lots:quarantine',
    // Issue 32: links GTINs to items, as the inventory supervisor also does (the ones scanning the goods).
    'item-gtins:write',
  ],
  inventorySupervisor: ['stock-adjustments:post', 'recalls:record', 'temperature-readings:write', 'lots:quarantine', 'item-gtins:write'],
  salesManager: [],
  salesExecutive: [],
  serviceManager: [],
  seniorServiceEngineer: [],
  asm: [],
  serviceEngineer: [],
  auditor: [],
};

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
  return [...defaultScopesByRole[role], ...(userScopes ?? [])].some((granted) => scopeMatches(granted, wanted));
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
