import { expect } from '@playwright/test';
import { test } from './fixtures.ts';
import { expectNoSeriousA11yViolations, login, openAs, screenshot } from './support.ts';

// Issue 18, section 3: every board renders for the two roles the spec gives /dashboard, and a
// card opens the list behind it showing the same total.
for (const username of ['admin', 'auditor']) {
  test(`the ${username} lands on the dashboard and sees every board`, async ({ page }) => {
    await login(page, username);
    await expect(page).toHaveURL(/\/dashboard$/);
    for (const board of ['Sales', 'Accounts', 'Warehouse', 'Owner']) {
      // antd's Segmented hides its radio inputs: the label around each is what a person clicks.
      await page.getByRole('radio', { name: board }).locator('..').click();
      const figures = page.getByRole('list', { name: `${board} figures` });
      await expect(figures).toBeVisible();
      await expect(figures.getByRole('listitem').first()).toBeVisible();
      await expect(page.getByText('Not available, retry')).toHaveCount(0);
      await expect(page.getByTestId('as-of')).toHaveText(/^Data as of \d\d:\d\d$/);
      if (username === 'admin' && board === 'Sales') await screenshot(page, 'dashboard-sales-1280');
    }
    await expectNoSeriousA11yViolations(page, `the ${username}'s owner board`);
  });
}

test('a card is reached by Tab, opens its list with Enter, and the list totals the figure', async ({ page }) => {
  await openAs(page, 'admin', '/dashboard?board=warehouse');
  const card = page.getByRole('link', { name: /^Stock expiring within 60 days: / });
  const label = (await card.getAttribute('aria-label'))!;
  const figure = label.replace(/^Stock expiring within 60 days: /, '').replace(/\. Open the list$/, '');
  await screenshot(page, 'dashboard-warehouse-1280');
  await page.setViewportSize({ width: 768, height: 1000 });
  await screenshot(page, 'dashboard-warehouse-768');
  await expectNoSeriousA11yViolations(page, 'the warehouse board at 768 px');
  await page.setViewportSize({ width: 1280, height: 800 });
  // Tab from the refresh button reaches the cards in order.
  await page.getByRole('button', { name: 'Refresh' }).focus();
  for (let i = 0; i < 12 && !(await card.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  await expect(card).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/inventory\?status=usable&expiringWithin=60$/);
  await expect(page.getByRole('combobox', { name: 'Filter by expiry window' }).locator('..').locator('..')).toContainText('Expiring within 60 days');
  await expect(page.getByTestId('total-value')).toHaveText(figure);

  // The receivables card opens the aging, whose total is the figure.
  await page.goto('/dashboard?board=accounts');
  const receivables = page.getByRole('link', { name: /^Receivables: -?[\d,]+\.\d\d\. / });
  const owed = (await receivables.getAttribute('aria-label'))!.replace(/^Receivables: /, '').replace(/\. Open the list$/, '');
  await receivables.click();
  await expect(page).toHaveURL(/\/accounting\?tab=aging&kind=receivable$/);
  await expect(page.getByRole('row', { name: /^Total/ }).last()).toContainText(owed);

  // The bank and cash card opens the cash and bank accounts, whose balances total the figure.
  await page.goto('/dashboard?board=accounts');
  const cash = page.getByRole('link', { name: /^Bank and cash balances: / });
  const balance = (await cash.getAttribute('aria-label'))!.replace(/^Bank and cash balances: /, '').replace(/\. Open the list$/, '');
  await screenshot(page, 'dashboard-accounts-1280');
  await cash.click();
  await expect(page).toHaveURL(/\/accounts\?cashAndBank=true$/);
  await expect(page.getByTestId('list-total-balance')).toContainText(balance);
});
