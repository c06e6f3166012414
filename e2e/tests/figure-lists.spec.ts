import { expect, type Page } from '@playwright/test';
import { test } from './fixtures.ts';
import { expectNoSeriousA11yViolations, openAs, screenshot } from './support.ts';

// Issue 27, section 5: each dashboard figure opens a list that shows it: the filter carried,
// the list's totals row holding the very amount the figure counts.

// Each journey reads a board, a list and runs axe twice: slower than one screen on a loaded machine.
test.describe.configure({ timeout: 180_000 });

/** The figure's value as its card says it ("Label: 1,234.50. Open the list"). */
async function figureValue(page: Page, label: string): Promise<string> {
  const card = page.getByRole('link', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}: `) });
  // A board reads every figure at once: on a loaded machine it takes longer than a list.
  await expect(card).toBeVisible({ timeout: 30_000 });
  return (await card.getAttribute('aria-label'))!.slice(label.length + 2).replace(/\. Open the list$/, '');
}

test('Sales today opens the invoices whose totals row shows it before tax', async ({ page }) => {
  await openAs(page, 'admin', '/dashboard?board=sales');
  const value = await figureValue(page, 'Sales today (before tax)');
  await screenshot(page, 'figure-lists-dashboard-sales-1280');
  await page.getByRole('link', { name: /^Sales today \(before tax\): / }).click();
  await expect(page).toHaveURL(/\/invoices\?status=posted&from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d$/);
  const totals = page.getByTestId('document-list-totals');
  await expect(totals).toContainText(`Before tax ${value}`, { timeout: 20_000 });
  await screenshot(page, 'figure-lists-invoices-totals-1280');
  await expectNoSeriousA11yViolations(page, 'the invoices list with its totals row');
  await page.setViewportSize({ width: 768, height: 1000 });
  await expect(totals).toBeVisible();
  await screenshot(page, 'figure-lists-invoices-totals-768');
  await expectNoSeriousA11yViolations(page, 'the invoices list at 768 px');
});

test('Idle analysers opens the rental assets in stock; Payroll cost opens slips totalling its employer cost', async ({ page }) => {
  await openAs(page, 'admin', '/dashboard?board=warehouse');
  const idle = await figureValue(page, 'Idle analysers in stock');
  await page.getByRole('link', { name: /^Idle analysers in stock: / }).click();
  await expect(page).toHaveURL(/\/reagent-rentals\?tab=assets&status=inStock$/);
  await expect(page.getByText(`${idle} in all`)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Filter by Status' }).locator('..').locator('..')).toContainText('In stock');
  await screenshot(page, 'figure-lists-rental-assets-1280');

  await page.goto('/dashboard?board=accounts');
  const cost = await figureValue(page, 'Payroll cost, last posted month');
  await page.getByRole('link', { name: /^Payroll cost, last posted month: / }).click();
  await expect(page).toHaveURL(/\/pay-slips\?view=latestPosted$/);
  const totals = page.getByTestId('slip-totals');
  await expect(totals).toContainText(cost, { timeout: 20_000 });
  await expect(page.getByText(`employer cost ${cost}`)).toBeVisible();
  await screenshot(page, 'figure-lists-pay-slips-1280');
  await expectNoSeriousA11yViolations(page, 'the pay slips with their totals row');
});
