import { expect } from '@playwright/test';
import { test } from './fixtures.ts';
import type { Role } from '@erp/domain';
import { expectNoSeriousA11yViolations, groupEntries, login, openAs, screenshot, sidebar, topLevelLabels } from './support.ts';

const cases: Array<[Role, string]> = [
  ['admin', 'admin'],
  ['accountant', 'accountant'],
  ['salesExecutive', 'salesExecutive'],
];

for (const [role, username] of cases) {
  test(`the ${role} menu matches the role table`, async ({ page }) => {
    await login(page, username);
    const nav = sidebar(page);
    // A group's own title, not the entries of an open group.
    const top = nav.locator(':scope > ul > li.ant-menu-item, :scope > ul > li > .ant-menu-submenu-title');
    await expect(top).toHaveText(topLevelLabels(role).map((label) => new RegExp(`^\\s*${label}\\s*$`)));
    for (const group of groupEntries(role)) {
      // The group of the role's home screen is open already; a click would close it.
      const title = nav.getByRole('menuitem', { name: group.label, exact: true });
      await expect(async () => {
        if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
        await expect(title).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
      }).toPass({ timeout: 10_000 });
      const submenu = nav.locator('ul.ant-menu-sub:visible');
      await expect(submenu.getByRole('menuitem')).toHaveText(group.entries);
    }
    await expectNoSeriousA11yViolations(page, `the ${role} menu, its last group open`);
    await screenshot(page, `menu-${role}`);
  });
}

test('only one group is open at a time, and the current path opens its group', async ({ page }) => {
  await openAs(page, 'admin', '/items/sales');
  const nav = sidebar(page);
  await expect(nav.getByRole('menuitem', { name: 'Item Sales' })).toBeVisible();
  await nav.getByRole('menuitem', { name: 'Setup', exact: true }).click();
  await expect(nav.getByRole('menuitem', { name: 'Regions' })).toBeVisible();
  await expect(nav.getByRole('menuitem', { name: 'Item Sales' })).toBeHidden();
  await nav.getByRole('menuitem', { name: 'Sales Mgmt', exact: true }).click();
  await expect(nav.getByRole('menuitem', { name: 'Quotations' })).toBeVisible();
  await expect(nav.getByRole('menuitem', { name: 'Regions' })).toBeHidden();
  await expect(nav.locator('ul.ant-menu-sub:visible')).toHaveCount(1);
});

test('a restricted route shows the message and goes back to /', async ({ page }) => {
  await openAs(page, 'salesExecutive', '/regions');
  await expect(page.getByText('Access to the route is restricted')).toBeVisible();
  await expect(page).toHaveURL(/\/invoices$/);
  await expectNoSeriousA11yViolations(page, 'the restricted-route message over /invoices');
});
