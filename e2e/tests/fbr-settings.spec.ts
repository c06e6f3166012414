import { expect } from '@playwright/test';
import { test } from './fixtures.ts';
import { fbrMessages, fbrScenarioMessages } from '@erp/domain';
import { confirmPopup, expectNoSeriousA11yViolations, openAs, screenshot } from './support.ts';

// Reporting stays off on the shared demo server (other journeys post invoices whose items carry
// no FBR unit), and no call reaches FBR: the admin sees the connection as it is before going
// live, stores a sandbox token and clears it again, and reads what cannot be done without one.
test('the admin’s FBR tab of /settings: the connection with write-only tokens, the reference data and the sandbox scenarios (issue 30)', async ({ page }) => {
  await openAs(page, 'admin', '/settings?tab=fbr');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'FBR', selected: true })).toBeVisible();

  const connection = page.locator('.ant-card').filter({ has: page.getByText('Connection', { exact: true }) });
  await expect(connection.getByRole('switch', { name: 'Report invoices to FBR' })).not.toBeChecked();
  await expect(connection.getByRole('radio', { name: 'Sandbox' })).toBeChecked();
  await expect(connection.getByLabel('Base URL')).toHaveValue('https://gw.fbr.gov.pk');
  await expect(connection.getByText('Requests go to')).toBeVisible();
  const sandboxToken = connection.getByRole('textbox', { name: 'Sandbox token' });
  await expect(sandboxToken).toHaveValue('');
  await expect(connection.getByText('not set', { exact: true })).toHaveCount(2);

  // Without a token nothing reaches FBR: the refresh is refused in words, the scenarios say why they cannot run.
  await page.getByRole('button', { name: 'Refresh from FBR' }).click();
  await expect(page.getByText(fbrMessages.referenceToken('sandbox'))).toBeVisible();
  const scenarios = page.locator('.ant-card').filter({ has: page.getByText('Sandbox scenarios', { exact: true }) });
  await expect(scenarios.getByText(fbrScenarioMessages.token)).toBeVisible();
  await expect(scenarios.getByRole('button', { name: 'Run all' })).toBeDisabled();
  await expect(scenarios.getByRole('cell', { name: 'SN001', exact: true })).toBeVisible();
  await expect(scenarios.getByText('Distributor')).toBeVisible();

  await expectNoSeriousA11yViolations(page, 'the FBR tab of /settings');
  await screenshot(page, 'fbr-settings-1280');

  // A token typed from the keyboard is stored, never shown again, and cleared: the demo is left as it was.
  await sandboxToken.focus();
  await page.keyboard.type('an-e2e-sandbox-token');
  await page.keyboard.press('Enter');
  await expect(page.getByText('FBR settings saved')).toBeVisible();
  await expect(sandboxToken).toHaveValue('');
  await expect(connection.getByText('set', { exact: true })).toBeVisible();
  await expect(scenarios.getByRole('button', { name: 'Run all' })).toBeEnabled();
  await page.reload();
  await expect(sandboxToken).toHaveValue('');
  await connection.getByRole('button', { name: 'Clear the sandbox token' }).click();
  await confirmPopup(page);
  await expect(connection.getByText('not set', { exact: true })).toHaveCount(2);
  await expect(scenarios.getByRole('button', { name: 'Run all' })).toBeDisabled();

  await page.setViewportSize({ width: 768, height: 900 });
  await page.goto('/settings?tab=fbr');
  await expect(page.getByRole('tab', { name: 'FBR', selected: true })).toBeVisible();
  await expect(connection.getByRole('textbox', { name: 'Sandbox token' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the FBR tab of /settings at 768 px');
  await screenshot(page, 'fbr-settings-768');
  // The company's own tab is there as before, under the same title.
  await page.getByRole('tab', { name: 'Company' }).click();
  await expect(page).not.toHaveURL(/tab=/);
  await expect(page.getByRole('textbox', { name: 'Company name', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, 'the Company tab of /settings at 768 px');
});
