import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { test } from './fixtures.ts';
import { confirmPopup, expectNoSeriousA11yViolations, openAs, screenshot } from './support.ts';

test('a region is created, edited, searched, exported and deleted through the UI', async ({ page }) => {
  const suffix = String(Date.now()).slice(-5);
  const name = `Gilgit ${suffix}`;
  await openAs(page, 'admin', '/regions');
  await expect(page.getByRole('searchbox', { name: 'Search Regions' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the regions list');

  await page.getByRole('button', { name: /new/i }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('textbox', { name: 'Region', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the new-region drawer');
  await dialog.getByRole('textbox', { name: 'Region', exact: true }).fill(name);
  await dialog.getByRole('textbox', { name: 'Code', exact: true }).fill(`G${suffix}`);
  await dialog.getByRole('button', { name: /save/i }).click();
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();

  // A duplicate is refused with the server's message on the field.
  await page.getByRole('button', { name: /new/i }).click();
  await dialog.getByRole('textbox', { name: 'Region', exact: true }).fill(name);
  await dialog.getByRole('textbox', { name: 'Code', exact: true }).fill(`H${suffix}`);
  await dialog.getByRole('button', { name: /save/i }).click();
  await expect(dialog.getByText('Region already exists')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the region drawer with a field error');
  await dialog.getByRole('button', { name: /cancel/i }).click();

  await page.getByRole('searchbox', { name: 'Search Regions' }).fill(suffix);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await row.getByRole('button', { name: /edit/i }).click();
  await dialog.getByRole('textbox', { name: 'Region', exact: true }).fill(`${name} North`);
  await dialog.getByRole('button', { name: /save/i }).click();
  await expect(page.getByRole('cell', { name: `${name} North`, exact: true })).toBeVisible();
  await screenshot(page, 'regions-1280');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /csv/i }).click();
  const csv = readFileSync((await (await download).path()) ?? '', 'utf8');
  expect(csv).toContain(`${name} North`);
  expect(csv.split('\n')[0]).toContain('Region');

  const excel = page.waitForEvent('download');
  await page.getByRole('button', { name: /excel/i }).click();
  expect((await excel).suggestedFilename()).toMatch(/\.xlsx$/);

  await page.getByRole('row', { name: new RegExp(`${name} North`) }).getByRole('button', { name: /delete/i }).click();
  await expect(page.getByText('Are you sure you want to delete this region?')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the delete confirmation');
  await confirmPopup(page);
  await expect(page.getByRole('cell', { name: `${name} North`, exact: true })).toHaveCount(0);
});

test('a region in use by a city is not deleted', async ({ page }) => {
  await openAs(page, 'admin', '/regions');
  await page.getByRole('searchbox', { name: 'Search Regions' }).fill('Lahore');
  const row = page.getByRole('row', { name: /Lahore/ });
  await row.getByRole('button', { name: /delete/i }).click();
  await confirmPopup(page);
  await expect(page.getByText(/This region is used by Cities and cannot be deleted/)).toBeVisible();
  await expect(row).toBeVisible();
});

test('the auditor sees Setup lists without write actions', async ({ page }) => {
  await openAs(page, 'auditor', '/regions');
  await expect(page.getByRole('cell', { name: 'Karachi' })).toBeVisible();
  await expect(page.getByRole('button', { name: /new/i })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /delete/i })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'regions, read only');
});
