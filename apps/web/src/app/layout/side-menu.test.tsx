import type { Role } from '@erp/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/harness.tsx';
import { SideMenu } from './side-menu.tsx';

function topLevelLabels(): string[] {
  const menu = screen.getByRole('menu');
  return [...menu.children].map((item) => {
    const title = item.querySelector('.ant-menu-submenu-title') ?? item;
    return (title.textContent ?? '').trim();
  });
}

function groupTitle(label: string): HTMLElement {
  const title = screen.getByText(label).closest('.ant-menu-submenu-title');
  if (!(title instanceof HTMLElement)) throw new Error(`no group ${label}`);
  return title;
}

async function entriesOf(label: string): Promise<string[]> {
  const title = groupTitle(label);
  if (title.getAttribute('aria-expanded') !== 'true') await userEvent.click(title);
  const list = title.parentElement?.querySelector('ul');
  return within(list as HTMLElement)
    .getAllByRole('menuitem')
    .map((item) => (item.textContent ?? '').trim());
}

function renderMenu(role: Role, path = '/') {
  return renderWithApp(<SideMenu role={role} />, { path });
}

describe('the sidebar menu (spec section 2)', () => {
  it('shows admin every group and entry, with the spec labels in order', async () => {
    renderMenu('admin');
    expect(topLevelLabels()).toEqual([
      'Dashboard',
      'Setup',
      'Purchase Mgmt',
      'Items Module',
      'Sales Mgmt',
      'Human Resource',
      'Planning',
      'Accounting',
      'Reagent Rentals',
      'Joint Ventures',
    ]);
    expect(await entriesOf('Setup')).toEqual([
      'Regions',
      'Cities',
      'Categories',
      'Sub Categories',
      'Asset Categories',
      'Couriers',
      'User',
      'Change Password',
      'Settings',
    ]);
    expect(await entriesOf('Items Module')).toEqual(['Items', 'Item Sales', 'Inventory', 'Transfers', 'Price List', 'Inventory Ledger']);
    expect(await entriesOf('Accounting')).toEqual(['Accounts', 'Account Heads', 'Cheques', 'Journals', 'Payments', 'Receipts', 'Assets']);
    expect(screen.getByRole('link', { name: 'Reagent Rentals' })).toHaveAttribute('href', '/reagent-rentals');
  });

  it('shows a sales executive only its groups and entries', async () => {
    renderMenu('salesExecutive');
    expect(topLevelLabels()).toEqual(['Setup', 'Items Module', 'Sales Mgmt', 'Planning']);
    expect(await entriesOf('Setup')).toEqual(['Change Password']);
    expect(await entriesOf('Items Module')).toEqual(['Inventory']);
    expect(await entriesOf('Sales Mgmt')).toEqual(['Customers', 'Invoices', 'Quotations']);
    expect(await entriesOf('Planning')).toEqual(['Plan Progress']);
  });

  it('keeps only one group open at a time', async () => {
    renderMenu('admin');
    await userEvent.click(groupTitle('Setup'));
    expect(groupTitle('Setup')).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(groupTitle('Sales Mgmt'));
    expect(groupTitle('Sales Mgmt')).toHaveAttribute('aria-expanded', 'true');
    expect(groupTitle('Setup')).toHaveAttribute('aria-expanded', 'false');
  });

  it("opens the current path's group and selects its entry", () => {
    renderMenu('admin', '/invoices/42');
    expect(groupTitle('Sales Mgmt')).toHaveAttribute('aria-expanded', 'true');
    expect(groupTitle('Setup')).toHaveAttribute('aria-expanded', 'false');
    const selected = screen.getByRole('link', { name: 'Invoices' }).closest('li');
    expect(selected).toHaveClass('ant-menu-item-selected');
  });
});
