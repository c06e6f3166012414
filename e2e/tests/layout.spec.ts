import { expect } from '@playwright/test';
import { test } from './fixtures.ts';
import { expectNoSeriousA11yViolations, login, screenshot, sidebar } from './support.ts';

test('above 768 px the sider is 240 px wide, starts expanded and collapses', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, 'admin');
  const sider = page.getByTestId('sider');
  await expect(sider).toBeVisible();
  expect((await sider.boundingBox())?.width).toBe(240);
  await expect(sidebar(page).getByRole('menuitem', { name: 'Setup', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the layout at 1280 px, sider expanded');
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  await expect.poll(async () => (await sider.boundingBox())?.width ?? 0).toBeLessThan(240);
  await expectNoSeriousA11yViolations(page, 'the layout at 1280 px, sider collapsed');
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  await expect.poll(async () => (await sider.boundingBox())?.width ?? 0).toBe(240);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await screenshot(page, 'layout-1280');
});

test('at 768 px the menu is a slide-in drawer', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 900 });
  await login(page, 'admin');
  await expect(page.getByTestId('sider')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'the layout at 768 px, menu closed');
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  const drawer = page.getByTestId('menu-drawer');
  await expect(drawer.getByRole('menuitem', { name: 'Setup', exact: true })).toBeVisible();
  await screenshot(page, 'layout-768-drawer');
  await expectNoSeriousA11yViolations(page, 'the menu drawer at 768 px');
  await drawer.getByRole('menuitem', { name: 'Setup', exact: true }).click();
  await drawer.getByRole('menuitem', { name: 'Regions' }).click();
  await expect(page).toHaveURL(/\/regions$/);
  await expect(page.getByRole('button', { name: /new/i })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'regions at 768 px');
  await screenshot(page, 'regions-768');
});
