import type { Role } from './roles.ts';

/** Spec section 2: routes matched exactly. */
export const exactRoutes = [
  '/dashboard',
  '/user',
  '/settings',
  '/user/password',
  '/vendors',
  '/couriers',
  '/purchase-orders',
  '/order-generation',
  '/items',
  '/items/sales',
  '/inventory',
  '/transfers',
  '/price-list',
  '/inventory-ledger',
  '/accounting',
] as const;

/** Spec section 2: routes matched by prefix. */
export const prefixRoutes = [
  '/customers',
  '/invoices',
  '/sales-returns',
  '/quotations',
  '/sales/reports',
  '/regions',
  '/cities',
  '/employees',
  '/pay-slips',
  '/categories',
  '/sub-categories',
  '/planning/form',
  '/planning/progress',
  '/assets',
  '/asset-categories',
  '/accounts',
  '/account-heads',
  '/cheques',
  '/journals',
  '/reagent-rentals',
  '/joint-ventures',
  '/payments',
  '/receipts',
] as const;

/** Spec section 2: pages outside the main layout. */
export const standaloneRoutes = ['/ledger/:accountId', '/invoice/:id'] as const;

export type LayoutRoute = (typeof exactRoutes)[number] | (typeof prefixRoutes)[number];
export type StandaloneRoute = (typeof standaloneRoutes)[number];
export type AppRoute = LayoutRoute | StandaloneRoute;

export const allRoutes: readonly AppRoute[] = [...exactRoutes, ...prefixRoutes, ...standaloneRoutes];

const adminRoutes: readonly AppRoute[] = allRoutes;

const salesRoutes: readonly AppRoute[] = [
  '/invoices',
  '/inventory',
  '/planning/progress',
  '/customers',
  '/user/password',
  '/ledger/:accountId',
  '/invoice/:id',
  '/quotations',
];

const serviceManagerRoutes: readonly AppRoute[] = [
  '/invoices',
  '/inventory',
  '/planning/progress',
  '/customers',
  '/user/password',
  '/items',
  '/price-list',
  '/invoice/:id',
];

const serviceEngineerRoutes: readonly AppRoute[] = [
  '/inventory',
  '/customers',
  '/user/password',
  '/items',
  '/price-list',
];

/** Spec section 6, the allowed routes per role. The menu, the browser guard and the server all read this. */
export const roleRoutes: Readonly<Record<Role, readonly AppRoute[]>> = {
  admin: adminRoutes,
  accountant: [
    '/asset-categories',
    '/user/password',
    '/vendors',
    '/purchase-orders',
    '/order-generation',
    '/items',
    '/items/sales',
    '/price-list',
    '/inventory',
    '/transfers',
    '/customers',
    '/invoices',
    '/invoice/:id',
    '/sales-returns',
    '/planning/form',
    '/planning/progress',
    '/accounting',
    '/accounts',
    '/account-heads',
    '/cheques',
    '/journals',
    '/assets',
    '/payments',
    '/ledger/:accountId',
    '/reagent-rentals',
    '/joint-ventures',
    '/employees',
    '/pay-slips',
    '/sales/reports',
    '/receipts',
  ],
  operationManager: [
    '/couriers',
    '/items',
    '/items/sales',
    '/price-list',
    '/inventory',
    '/invoices',
    '/invoice/:id',
    '/quotations',
    '/sales-returns',
    '/joint-ventures',
    '/reagent-rentals',
    '/customers',
    '/ledger/:accountId',
    '/user/password',
  ],
  inventorySupervisor: [
    '/inventory',
    '/purchase-orders',
    '/invoices',
    '/invoice/:id',
    '/couriers',
    '/user/password',
    '/sales-returns',
  ],
  salesManager: salesRoutes,
  salesExecutive: salesRoutes,
  serviceManager: serviceManagerRoutes,
  asm: serviceManagerRoutes,
  seniorServiceEngineer: serviceEngineerRoutes,
  serviceEngineer: serviceEngineerRoutes,
  auditor: adminRoutes.filter((route) => !['/settings', '/inventory-ledger', '/receipts'].includes(route)),
};

function normalise(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '';
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
}

/** Which declared route a concrete path falls under, or undefined when none does. */
export function routeOfPath(path: string): AppRoute | undefined {
  const p = normalise(path);
  for (const route of exactRoutes) if (p === route) return route;
  // Longest prefix first, so that a nested route never falls under its parent.
  const prefixes = [...prefixRoutes].sort((a, b) => b.length - a.length);
  for (const route of prefixes) if (p === route || p.startsWith(`${route}/`)) return route;
  for (const route of standaloneRoutes) {
    const base = route.slice(0, route.indexOf('/:'));
    const rest = p.slice(base.length + 1);
    if (p.startsWith(`${base}/`) && rest.length > 0 && !rest.includes('/')) return route;
  }
  return undefined;
}

export function canAccessRoute(role: Role, route: AppRoute): boolean {
  return roleRoutes[role].includes(route);
}

/** The guard rule (first reading of spec section 2): a role may open only its routes. */
export function canAccessPath(role: Role, path: string): boolean {
  const route = routeOfPath(path);
  return route !== undefined && canAccessRoute(role, route);
}
