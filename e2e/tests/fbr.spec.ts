import { expect } from '@playwright/test';
import { test } from './fixtures.ts';
import { expectNoSeriousA11yViolations, openAs, screenshot } from './support.ts';

// Reporting stays off on the shared demo server (other journeys post invoices whose items carry
// no FBR unit): the tab is seen as an accountant finds it before going live, from the menu's
// screen and from the address the dashboard's figure drills to.
test('the FBR tab of /invoices: states to filter by, the export, and the drill from the dashboard (issue 30)', async ({ page }) => {
  await openAs(page, 'accountant', '/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await page.getByRole('tab', { name: 'FBR' }).click();
  await expect(page).toHaveURL(/tab=fbr/);
  await expect(page.getByText('No invoice was reported to FBR in this view')).toBeVisible();
  await page.getByRole('radiogroup', { name: 'FBR state' }).getByText('Awaiting').click();
  await expect(page).toHaveURL(/awaiting=true/);
  await expectNoSeriousA11yViolations(page, 'the FBR tab');
  await screenshot(page, 'fbr-tab-1280');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /csv/i }).click();
  expect((await download).suggestedFilename()).toMatch(/^fbr-submissions.*\.csv$/);
  await page.setViewportSize({ width: 768, height: 900 });
  await page.goto('/invoices?tab=fbr&awaiting=true');
  await expect(page.getByRole('tab', { name: 'FBR', selected: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the FBR tab at 768 px');
  await screenshot(page, 'fbr-tab-768');
  // The invoices' own tab is there as before.
  await page.getByRole('tab', { name: 'Invoices' }).click();
  await expect(page.getByRole('button', { name: /New$/ })).toBeVisible();
});
