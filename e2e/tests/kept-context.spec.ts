import { expect, type Page } from '@playwright/test';
import { test } from './fixtures.ts';
import { openAs } from './support.ts';

// The two journeys run in this order on one worker: the second gets the context the first left.
test.describe.configure({ mode: 'serial' });

/** The app's scripts the page loaded, with the bytes each took over the network (0 from the cache). */
const loadedScripts = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/.*\.js$/.test(entry.name))
      .map((entry) => ({ name: entry.name, transferSize: (entry as PerformanceResourceTiming).transferSize })),
  );

/** Whether the page may read the clipboard: 'granted' once the context grants it. */
const clipboardReadState = (page: Page) => page.evaluate(async () => (await navigator.permissions.query({ name: 'clipboard-read' as PermissionName })).state);

test('a journey leaves a token, a cookie and a permission behind', async ({ page, context }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Username')).toBeVisible();
  await openAs(page, 'admin', '/login');
  await expect(page).not.toHaveURL(/\/login$/);
  await context.addCookies([{ name: 'left', value: 'behind', url: page.url() }]);
  await context.grantPermissions(['clipboard-read']);
  expect(await clipboardReadState(page)).toBe('granted');
  expect(await page.evaluate(() => localStorage.getItem('erp.token'))).toBeTruthy();
});

test('the next journey on the worker finds none of them, and the app from the cache', async ({ page, context }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Username')).toBeVisible();
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
  expect(await context.cookies()).toEqual([]);
  expect(await clipboardReadState(page)).not.toBe('granted');
  // The page is new, but the login screen's scripts, loaded by the first journey at the latest, did not cross the network again.
  const scripts = await loadedScripts(page);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((script) => script.transferSize > 0)).toEqual([]);
});
