import { describe, expect, it } from 'vitest';
import { roles, type Role } from './roles.ts';
import { canAccessPath, homeRouteForRole, routeOfPath } from '../index.ts';

/**
 * Spec section 6, copied by hand as concrete paths: an independent fixture, so that a
 * mistake in the route table does not hide behind the same mistake in the test.
 */
const everyPath = [
  '/dashboard', '/user', '/settings', '/user/password', '/vendors', '/couriers', '/purchase-orders',
  '/order-generation', '/items', '/items/sales', '/inventory', '/transfers', '/price-list',
  '/inventory-ledger', '/customers', '/invoices', '/sales-returns', '/quotations', '/sales/reports',
  '/regions', '/cities', '/employees', '/pay-slips', '/categories', '/sub-categories', '/planning/form',
  '/planning/progress', '/assets', '/asset-categories', '/accounts', '/account-heads', '/cheques',
  '/journals', '/reagent-rentals', '/joint-ventures', '/payments', '/receipts', '/accounting',
  '/ledger/17', '/invoice/42',
];

const sales = ['/invoices', '/inventory', '/planning/progress', '/customers', '/user/password', '/ledger/17', '/invoice/42', '/quotations'];
const serviceManager = ['/invoices', '/inventory', '/planning/progress', '/customers', '/user/password', '/items', '/price-list', '/invoice/42'];
const serviceEngineer = ['/inventory', '/customers', '/user/password', '/items', '/price-list'];

const expected: Record<Role, string[]> = {
  admin: everyPath,
  accountant: [
    '/asset-categories', '/user/password', '/vendors', '/purchase-orders', '/order-generation', '/items',
    '/items/sales', '/price-list', '/inventory', '/transfers', '/customers', '/invoices', '/invoice/42',
    '/sales-returns', '/planning/form', '/planning/progress', '/accounting', '/accounts', '/account-heads',
    '/cheques', '/journals', '/assets', '/payments', '/ledger/17', '/reagent-rentals', '/joint-ventures',
    '/employees', '/pay-slips', '/sales/reports', '/receipts',
  ],
  operationManager: [
    '/couriers', '/items', '/items/sales', '/price-list', '/inventory', '/invoices', '/invoice/42', '/quotations',
    '/sales-returns', '/joint-ventures', '/reagent-rentals', '/customers', '/ledger/17', '/user/password',
  ],
  inventorySupervisor: ['/inventory', '/purchase-orders', '/invoices', '/invoice/42', '/couriers', '/user/password', '/sales-returns'],
  salesManager: sales,
  salesExecutive: sales,
  serviceManager,
  asm: serviceManager,
  seniorServiceEngineer: serviceEngineer,
  serviceEngineer,
  auditor: everyPath.filter((p) => !['/settings', '/inventory-ledger', '/receipts'].includes(p)),
};

describe('route table (spec section 6)', () => {
  for (const role of roles) {
    it(`${role} may open exactly its routes`, () => {
      const allowed = everyPath.filter((path) => canAccessPath(role, path));
      expect(new Set(allowed)).toEqual(new Set(expected[role]));
    });
  }

  it('the auditor keeps /user and /user/password', () => {
    expect(canAccessPath('auditor', '/user')).toBe(true);
    expect(canAccessPath('auditor', '/user/password')).toBe(true);
  });
});

describe('route matching (spec section 2)', () => {
  it('matches exact routes exactly', () => {
    expect(routeOfPath('/items')).toBe('/items');
    expect(routeOfPath('/items/sales')).toBe('/items/sales');
    expect(routeOfPath('/items/42')).toBeUndefined();
    expect(routeOfPath('/settings/extra')).toBeUndefined();
  });

  it('matches prefix routes with their sub-paths, never a sibling that shares letters', () => {
    expect(routeOfPath('/customers/12/edit')).toBe('/customers');
    expect(routeOfPath('/asset-categories/3')).toBe('/asset-categories');
    expect(routeOfPath('/assets-x')).toBeUndefined();
    expect(routeOfPath('/account-heads')).toBe('/account-heads');
  });

  it('matches the standalone pages with one parameter', () => {
    expect(routeOfPath('/ledger/9')).toBe('/ledger/:accountId');
    expect(routeOfPath('/invoice/INV-2026-000001')).toBe('/invoice/:id');
    expect(routeOfPath('/invoice')).toBeUndefined();
    expect(routeOfPath('/invoice/1/2')).toBeUndefined();
  });

  it('ignores a query string and a trailing slash', () => {
    expect(routeOfPath('/regions/?page=2')).toBe('/regions');
  });

  it('refuses an unknown path to every role', () => {
    expect(canAccessPath('admin', '/nowhere')).toBe(false);
  });
});

describe('home route', () => {
  it('sends roles with the dashboard there, the others to the first screen of their spec list', () => {
    expect(homeRouteForRole('admin')).toBe('/dashboard');
    expect(homeRouteForRole('auditor')).toBe('/dashboard');
    expect(homeRouteForRole('accountant')).toBe('/accounting');
    expect(homeRouteForRole('salesExecutive')).toBe('/invoices');
    expect(homeRouteForRole('serviceEngineer')).toBe('/inventory');
    expect(homeRouteForRole('inventorySupervisor')).toBe('/inventory');
    expect(homeRouteForRole('operationManager')).toBe('/invoices');
    for (const role of roles) expect(canAccessPath(role, homeRouteForRole(role))).toBe(true);
  });
});
