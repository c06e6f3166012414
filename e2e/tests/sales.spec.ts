import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, login, screenshot } from './support.ts';

test('customers show their balance and credit left, and open their ledger', async ({ page }) => {
  await login(page, 'accountant');
  await page.goto('/customers');
  const search = page.getByRole('searchbox', { name: 'Search Customers' });
  await expect(search).toBeVisible();
  // The demo brings opening balances forward for a few customers.
  await expect(page.getByRole('row', { name: / Dr/ }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the customers list');
  await screenshot(page, 'customers-1280');
  await page.setViewportSize({ width: 768, height: 900 });
  await expect(search).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the customers list at 768 px');
  await screenshot(page, 'customers-768');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('row', { name: / Dr/ }).first().getByRole('link', { name: /ledger/i }).click();
  await expect(page).toHaveURL(/\/ledger\/\d+/);
  await expect(page.getByTestId('closing-balance')).toContainText('Dr');
});
