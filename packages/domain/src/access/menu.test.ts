import { describe, expect, it } from 'vitest';
import { isMenuGroup, menuForRole, menuGroupOfPath, type MenuNode } from './menu.ts';
import { displayRoleName } from './roles.ts';
import { hasPermission, hasScope } from './scopes.ts';

function outline(nodes: MenuNode[]): string[] {
  return nodes.map((n) => (isMenuGroup(n) ? `${n.label}: ${n.entries.map((e) => e.label).join(', ')}` : n.label));
}

describe('menu (spec section 2)', () => {
  it('shows the admin every group and label in order', () => {
    expect(outline(menuForRole('admin'))).toEqual([
      'Dashboard',
      'Setup: Regions, Cities, Categories, Sub Categories, Asset Categories, Couriers, User, Change Password, Settings',
      'Purchase Mgmt: Vendors, Purchase Orders, Generate Order',
      'Items Module: Items, Item Sales, Inventory, Transfers, Price List, Inventory Ledger',
      'Sales Mgmt: Customers, Invoices, Sales Returns, Quotations, Sales Report',
      'Human Resource: Employees, Pay Slips',
      'Planning: Plan Form, Plan Progress',
      'Accounting: Accounts, Account Heads, Cheques, Journals, Payments, Receipts, Assets',
      'Reagent Rentals',
      'Joint Ventures',
    ]);
  });

  it('shows a sales executive only its groups, Setup always', () => {
    expect(outline(menuForRole('salesExecutive'))).toEqual([
      'Setup: Change Password',
      'Items Module: Inventory',
      'Sales Mgmt: Customers, Invoices, Quotations',
      'Planning: Plan Progress',
    ]);
  });

  it('shows the accountant no dashboard and no admin-only setup', () => {
    const lines = outline(menuForRole('accountant'));
    expect(lines[0]).toBe('Setup: Asset Categories, Change Password');
    expect(lines).toContain('Accounting: Accounts, Account Heads, Cheques, Journals, Payments, Receipts, Assets');
    expect(lines).not.toContain('Dashboard');
  });

  it('drops the auditor the settings, inventory ledger and receipts entries', () => {
    const lines = outline(menuForRole('auditor'));
    expect(lines).toContain('Accounting: Accounts, Account Heads, Cheques, Journals, Payments, Assets');
    expect(lines.join()).not.toMatch(/Settings|Inventory Ledger|Receipts/);
  });

  it('finds the group of the current path, nested routes included', () => {
    expect(menuGroupOfPath('/items/sales')).toBe('items');
    expect(menuGroupOfPath('/customers/4')).toBe('sales');
    expect(menuGroupOfPath('/user/password')).toBe('setup');
    expect(menuGroupOfPath('/dashboard')).toBeUndefined();
  });
});

describe('role names, scopes and permissions', () => {
  it('splits camel case and capitalises', () => {
    expect(displayRoleName('operationManager')).toBe('Operation Manager');
    expect(displayRoleName('seniorServiceEngineer')).toBe('Senior Service Engineer');
    expect(displayRoleName('asm')).toBe('Asm');
  });

  it('grants admin everything, the accountant deletes, the auditor nothing', () => {
    expect(hasScope('admin', [], 'regions:delete')).toBe(true);
    expect(hasScope('accountant', [], 'asset-categories:delete')).toBe(true);
    expect(hasScope('accountant', [], 'items:approve')).toBe(false);
    expect(hasScope('salesManager', ['credit-limit:override'], 'credit-limit:override')).toBe(true);
    expect(hasScope('auditor', ['*'], 'regions:delete')).toBe(false);
  });

  it('checks an id in a permission list, categories by default', () => {
    expect(hasPermission({ categories: [1, 2] }, 2)).toBe(true);
    expect(hasPermission({ regions: [3] }, 3)).toBe(false);
    expect(hasPermission({ regions: [3] }, 3, 'regions')).toBe(true);
    expect(hasPermission(undefined, 1)).toBe(false);
  });
});
