export const roles = [
  'admin',
  'accountant',
  'operationManager',
  'inventorySupervisor',
  'salesManager',
  'salesExecutive',
  'serviceManager',
  'seniorServiceEngineer',
  'asm',
  'serviceEngineer',
  'auditor',
] as const;

export type Role = (typeof roles)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}

/** Spec section 6: role names are displayed by splitting camel case and capitalising. */
export function displayRoleName(role: string): string {
  return role
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The auditor may look everywhere it may go and change nothing (PRODUCT.md, Roles). */
export function isReadOnlyRole(role: Role): boolean {
  return role === 'auditor';
}

/**
 * The roles that sell, and so may be a customer's salesperson (issue 17: the picker listed every
 * user, the auditor too): the sales roles and the service managers who carry customers,
 * invoices and plan progress (spec section 6).
 */
export const salespersonRoles: readonly Role[] = ['salesManager', 'salesExecutive', 'serviceManager', 'asm'];
