import { expect, type Page } from '@playwright/test';
import { test } from './fixtures.ts';
import { expectNoSeriousA11yViolations, login, openAs, screenshot } from './support.ts';

/** Tab forward (never Shift+Tab) until the focused element matches, or give up after `limit` presses. */
async function tabUntil(page: Page, matches: () => Promise<boolean>, limit = 60): Promise<number> {
  for (let presses = 1; presses <= limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await matches()) return presses;
  }
  throw new Error(`Tab did not reach the element in ${limit} presses`);
}

test('each role lands on the screen it uses most; the tab and the h1 name the screen', async ({ page }) => {
  await login(page, 'accountant');
  await expect(page).toHaveURL(/\/accounting$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Accounting' })).toBeVisible();
  await expect(page).toHaveTitle(/^Accounting · /);
  await page.goto('/journals');
  await expect(page.getByRole('heading', { level: 1, name: 'Journals' })).toBeVisible();
  await expect(page).toHaveTitle(/^Journals · /);
});

test('from the empty date range, Tab goes forward to a row action, and Enter opens the document', async ({ page }) => {
  await openAs(page, 'accountant', '/journals');
  const from = page.getByRole('textbox', { name: 'Filter by date: from' });
  await expect(from).toBeVisible();
  await from.focus();
  // The range's start field used to take focus back on Tab while the range was empty.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Filter by date: to' })).toBeFocused();
  await page.keyboard.press('Escape');
  const table = page.getByRole('table');
  await tabUntil(page, async () => table.locator('button:focus').count().then((n) => n > 0));
  const action = table.locator('button:focus');
  // Row actions are icons named by their label (issue 27: the Actions column fits 1280 px).
  await expect(action).toHaveAccessibleName(/View|Edit/);
  // The focused action is on screen, not under the sticky header.
  const box = (await action.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(64);
  await screenshot(page, 'keyboard-row-action');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/journals\/\d+/);
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'a journal opened from the keyboard');
});
