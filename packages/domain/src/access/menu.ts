import type { Role } from './roles.ts';
import { canAccessRoute, roleRoutes, type LayoutRoute } from './routes.ts';

export interface MenuEntry {
  route: LayoutRoute;
  label: string;
}

export interface MenuGroup {
  key: string;
  label: string;
  entries: readonly MenuEntry[];
  /** Spec: the Setup group always renders; its entries still follow the role. */
  alwaysRender?: boolean;
}

export type MenuNode = MenuEntry | MenuGroup;

export function isMenuGroup(node: MenuNode): node is MenuGroup {
  return 'entries' in node;
}

/** Spec section 2, "Sidebar menu": order, groups and labels. */
export const menu: readonly MenuNode[] = [
  { route: '/dashboard', label: 'Dashboard' },
  {
    key: 'setup',
    label: 'Setup',
    alwaysRender: true,
    entries: [
      { route: '/regions', label: 'Regions' },
      { route: '/cities', label: 'Cities' },
      { route: '/categories', label: 'Categories' },
      { route: '/sub-categories', label: 'Sub Categories' },
      { route: '/asset-categories', label: 'Asset Categories' },
      { route: '/couriers', label: 'Couriers' },
      { route: '/user', label: 'User' },
      { route: '/user/password', label: 'Change Password' },
      { route: '/settings', label: 'Settings' },
    ],
  },
  {
    key: 'purchase',
    label: 'Purchase Mgmt',
    entries: [
      { route: '/vendors', label: 'Vendors' },
      { route: '/purchase-orders', label: 'Purchase Orders' },
      { route: '/order-generation', label: 'Generate Order' },
    ],
  },
  {
    key: 'items',
    label: 'Items Module',
    entries: [
      { route: '/items', label: 'Items' },
      { route: '/items/sales', label: 'Item Sales' },
      { route: '/inventory', label: 'Inventory' },
      { route: '/transfers', label: 'Transfers' },
      { route: '/price-list', label: 'Price List' },
      { route: '/inventory-ledger', label: 'Inventory Ledger' },
    ],
  },
  {
    key: 'sales',
    label: 'Sales Mgmt',
    entries: [
      { route: '/customers', label: 'Customers' },
      { route: '/invoices', label: 'Invoices' },
      { route: '/sales-returns', label: 'Sales Returns' },
      { route: '/quotations', label: 'Quotations' },
      { route: '/sales/reports', label: 'Sales Report' },
    ],
  },
  {
    key: 'hr',
    label: 'Human Resource',
    entries: [
      { route: '/employees', label: 'Employees' },
      { route: '/pay-slips', label: 'Pay Slips' },
    ],
  },
  {
    key: 'planning',
    label: 'Planning',
    entries: [
      { route: '/planning/form', label: 'Plan Form' },
      { route: '/planning/progress', label: 'Plan Progress' },
    ],
  },
  {
    key: 'accounting',
    label: 'Accounting',
    entries: [
      { route: '/accounts', label: 'Accounts' },
      { route: '/account-heads', label: 'Account Heads' },
      { route: '/cheques', label: 'Cheques' },
      { route: '/journals', label: 'Journals' },
      { route: '/payments', label: 'Payments' },
      { route: '/receipts', label: 'Receipts' },
      { route: '/assets', label: 'Assets' },
    ],
  },
  { route: '/reagent-rentals', label: 'Reagent Rentals' },
  { route: '/joint-ventures', label: 'Joint Ventures' },
];

/** The menu a role sees: entries it may open; a group only when it keeps an entry (Setup always). */
export function menuForRole(role: Role): MenuNode[] {
  const result: MenuNode[] = [];
  for (const node of menu) {
    if (isMenuGroup(node)) {
      const entries = node.entries.filter((entry) => canAccessRoute(role, entry.route));
      if (entries.length > 0 || node.alwaysRender) result.push({ ...node, entries });
    } else if (canAccessRoute(role, node.route)) {
      result.push(node);
    }
  }
  return result;
}

/** The group holding a path, so the menu can open it. */
export function menuGroupOfPath(path: string): string | undefined {
  let best: { key: string; length: number } | undefined;
  for (const node of menu) {
    if (!isMenuGroup(node)) continue;
    for (const entry of node.entries) {
      const matches = path === entry.route || path.startsWith(`${entry.route}/`);
      if (matches && (!best || entry.route.length > best.length)) best = { key: node.key, length: entry.route.length };
    }
  }
  return best?.key;
}

/**
 * The screen each role works in most (issue 17): the books for the accountant, the invoices
 * for the operation manager and sales, the stock for the inventory supervisor. Roles not
 * named here land on the first screen of their list in spec section 6.
 */
const mostUsedScreen: Partial<Record<Role, LayoutRoute>> = {
  accountant: '/accounting',
  operationManager: '/invoices',
  salesManager: '/invoices',
  salesExecutive: '/invoices',
  inventorySupervisor: '/inventory',
};

/** Where `/` sends a role: the dashboard where allowed, else the screen it uses most. */
export function homeRouteForRole(role: Role): LayoutRoute {
  if (canAccessRoute(role, '/dashboard')) return '/dashboard';
  const preferred = mostUsedScreen[role];
  if (preferred && canAccessRoute(role, preferred)) return preferred;
  const first = roleRoutes[role].find((route): route is LayoutRoute => !route.includes('/:'));
  return first ?? '/user/password';
}

