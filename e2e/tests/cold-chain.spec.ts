import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { test } from './fixtures.ts';
import { expectNoSeriousA11yViolations, inDays, openAs, pick, screenshot } from './support.ts';

test('a storage unit is added, a logger file imported on it, the excursion it makes released; axe clean at 1280 and 768 px', async ({ page }) => {
  test.setTimeout(180_000);
  const suffix = String(Date.now()).slice(-6);
  const unitName = `E2E fridge ${suffix}`;
  const serial = `E2E-${suffix}`;
  // The example, yesterday (times without an offset are the company's zone's): 5, 9.5, 9.0, 5 °C half-hourly.
  const day = inDays(-1);
  const folder = mkdtempSync(join(tmpdir(), 'cold-chain-'));
  const file = join(folder, 'logger.csv');
  writeFileSync(
    file,
    ['Storage unit,Read at,Temperature (°C)', `${serial},${day} 08:00,5`, `${serial},${day} 08:30,9.5`, `${serial},${day} 09:00,9.0`, `${serial},${day} 09:30,5`].join('\n'),
  );
  try {
    await openAs(page, 'operationManager', '/inventory?tab=cold-chain');
    await expect(page.getByRole('tab', { name: 'Cold chain', selected: true })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search Storage units' })).toBeVisible();

    // The unit, through the generic form: a 2-8 °C fridge in Islamabad, not the region's default (it holds no lot).
    await page.getByRole('button', { name: /^(plus )?new$/i }).click();
    const form = page.getByRole('dialog');
    await form.getByRole('textbox', { name: 'Unit', exact: true }).fill(unitName);
    await pick(page, form, 'Kind', 'Fridge', /^Fridge$/);
    await pick(page, form, 'Region', 'Islamabad', /^Islamabad$/);
    await form.getByRole('textbox', { name: 'Logger serial', exact: true }).fill(serial);
    await expectNoSeriousA11yViolations(page, 'the new storage unit drawer');
    await form.getByRole('button', { name: /save/i }).click();
    await expect(page.getByText('Saved')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search Storage units' }).fill(unitName);
    const unitRow = page.getByRole('row', { name: new RegExp(unitName) });
    await expect(unitRow).toContainText('None yet');
    await expectNoSeriousA11yViolations(page, 'the storage units');

    // The logger file, imported from the unit's readings.
    await unitRow.getByRole('button', { name: `Readings of ${unitName}` }).click();
    const readings = page.getByRole('dialog').filter({ hasText: `Readings of ${unitName}` });
    await expect(readings.getByText('No readings in this range')).toBeVisible();
    await readings.getByRole('button', { name: /^(upload )?import$/i }).click();
    const upload = page.getByRole('dialog').filter({ hasText: 'Import logger file' });
    await upload.locator('input[type=file]').setInputFiles(file);
    await expect(upload.getByRole('button', { name: 'Import 4 valid rows' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the logger file preview');
    await upload.getByRole('button', { name: 'Import 4 valid rows' }).click();
    await expect(upload.getByText(/4 .*imported/i).first()).toBeVisible();
    await upload.getByRole('button', { name: /close/i }).last().click();
    await expect(upload).toBeHidden();
    // Oldest first, with their two decimals; the two out of range marked.
    await expect(readings.getByRole('row')).toHaveCount(5);
    await expect(readings.getByRole('row').nth(2)).toContainText('9.50 °C');
    await expect(readings.getByText('Above')).toHaveCount(2);
    await expect(readings.getByText('4 readings shown')).toBeVisible();
    await expectNoSeriousA11yViolations(page, "a unit's readings");
    await readings.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(readings).toBeHidden();

    // One excursion, 08:30 to 09:30, awaiting disposition: released by the operation manager.
    await unitRow.getByRole('button', { name: `In excursion: open the excursion of ${unitName}` }).click();
    const excursion = page.getByRole('dialog').filter({ hasText: `Excursion in ${unitName}` });
    await expect(excursion.getByText('Awaiting disposition')).toBeVisible();
    await expect(excursion.getByText('1 h', { exact: true })).toBeVisible();
    await expect(excursion.getByText(/9\.00 °C \/ 9\.50 °C/)).toBeVisible();
    await expect(excursion.getByRole('button', { name: 'Record decision' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'an excursion awaiting disposition');
    await screenshot(page, 'cold-chain-excursion-1280');
    await page.setViewportSize({ width: 768, height: 900 });
    await expect(excursion.getByRole('button', { name: 'Record decision' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'an excursion awaiting disposition at 768 px');
    await screenshot(page, 'cold-chain-excursion-768');
    await page.setViewportSize({ width: 1280, height: 800 });
    await excursion.getByText('Release', { exact: true }).click();
    await excursion.getByRole('textbox', { name: 'Reason' }).fill('Within the manufacturer’s stability data');
    await excursion.getByRole('button', { name: 'Record decision' }).click();
    await expect(page.getByText('Excursion decided')).toBeVisible();
    await expect(excursion.getByText('Decided', { exact: true })).toBeVisible();
    await expect(excursion.getByRole('button', { name: 'Record decision' })).toHaveCount(0);
    await excursion.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(unitRow.getByText('In range')).toBeVisible();

    // The excursions view, as the dashboard opens it, and the units at 768 px.
    await page.getByText('Excursions', { exact: true }).click();
    await pick(page, page.locator('main'), 'Filter by Unit', unitName, new RegExp(unitName));
    const decided = page.getByRole('row', { name: new RegExp(unitName) });
    await expect(decided).toContainText('Decided');
    await expect(decided).toContainText('Release');
    await expectNoSeriousA11yViolations(page, 'the excursions');
    await page.setViewportSize({ width: 768, height: 900 });
    await expect(decided).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the excursions at 768 px');
    await page.goto('/inventory?tab=cold-chain&inExcursion=true');
    await expect(page.getByRole('searchbox', { name: 'Search Storage units' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the units in an excursion at 768 px');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
