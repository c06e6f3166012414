import { expect } from '@playwright/test';
import { test } from './fixtures.ts';
import { confirmPopup, expectNoSeriousA11yViolations, openAs, screenshot, sidebar } from './support.ts';

test('an admin assumes a role, sees its menu and banner, and returns', async ({ page }) => {
  await openAs(page, 'admin', '/user');
  await expect(page.getByRole('searchbox', { name: 'Search Users' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'users');
  await page.getByRole('button', { name: /new/i }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the new-user drawer');
  await page.getByRole('dialog').getByRole('button', { name: /cancel/i }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search Users' }).fill('salesExecutive');
  const row = page.getByRole('row', { name: /salesExecutive/ });
  await expect(page.getByRole('row')).toHaveCount(2);
  await row.getByRole('button', { name: /assume role/i }).click();
  await confirmPopup(page);
  await expect(page.getByTestId('assumed-role-banner')).toContainText('Sales Executive');
  // Issue 6: straight to the sales executive's home screen; /user, which it may not open, is never shown to it.
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(page.getByText('Access to the route is restricted')).toHaveCount(0);
  await expect(sidebar(page).getByRole('menuitem', { name: 'Sales Mgmt', exact: true })).toBeVisible();
  await expect(sidebar(page).getByRole('menuitem', { name: 'Accounting', exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'the assumed-role banner and menu');
  await screenshot(page, 'assumed-role');

  // The assumed session survives a reload: the stored assumed token is verified at start.
  await page.reload();
  await expect(page.getByTestId('assumed-role-banner')).toBeVisible();

  await page.getByRole('button', { name: 'Return to my role' }).click();
  await expect(page.getByText('Returned to your original role.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Access to the route is restricted')).toHaveCount(0);
  await expect(page.getByTestId('assumed-role-banner')).toHaveCount(0);
  await expect(sidebar(page).getByRole('menuitem', { name: 'Accounting', exact: true })).toBeVisible();
});
