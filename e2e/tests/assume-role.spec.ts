import { expect, test } from '@playwright/test';
import { login, screenshot, sidebar, confirmPopup } from './support.ts';

test('an admin assumes a role, sees its menu and banner, and returns', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/user');
  await page.getByRole('searchbox', { name: 'Search Users' }).fill('salesExecutive');
  const row = page.getByRole('row', { name: /salesExecutive/ });
  await expect(page.getByRole('row')).toHaveCount(2);
  await row.getByRole('button', { name: /assume role/i }).click();
  await confirmPopup(page);
  await expect(page.getByTestId('assumed-role-banner')).toContainText('Sales Executive');
  await expect(sidebar(page).getByRole('menuitem', { name: 'Sales Mgmt', exact: true })).toBeVisible();
  await expect(sidebar(page).getByRole('menuitem', { name: 'Accounting', exact: true })).toHaveCount(0);
  await screenshot(page, 'assumed-role');

  // The assumed session survives a reload: the stored assumed token is verified at start.
  await page.reload();
  await expect(page.getByTestId('assumed-role-banner')).toBeVisible();

  await page.getByRole('button', { name: 'Return to my role' }).click();
  await expect(page.getByText('Returned to your original role.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('assumed-role-banner')).toHaveCount(0);
  await expect(sidebar(page).getByRole('menuitem', { name: 'Accounting', exact: true })).toBeVisible();
});
