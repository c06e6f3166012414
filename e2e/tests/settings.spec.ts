import { expect, type Page } from '@playwright/test';
import { test } from './fixtures.ts';
import { confirmPopup, expectNoSeriousA11yViolations, login, openAs, screenshot } from './support.ts';

async function chooseFile(page: Page, button: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(file);
}

test('settings are saved, and a logo is checked by its content, shown and removed', async ({ page }) => {
  const taxNumber = `NTN-${String(Date.now()).slice(-7)}`;
  await openAs(page, 'admin', '/settings');
  const taxField = page.getByRole('textbox', { name: 'Tax number', exact: true });
  await expect(page.getByRole('textbox', { name: 'Company name', exact: true })).toHaveValue('Medilab Supplies (Pvt) Ltd');
  await expectNoSeriousA11yViolations(page, 'settings');
  // Each area's part of the one form (issue 28, section 3), loaded on its own, under its heading, holding the server's values.
  for (const heading of ['Accounting', 'Inventory', 'Payroll', 'Generate Order']) await expect(page.getByRole('heading', { name: heading, level: 5 })).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'Near-expiry window (days)' })).toHaveValue('90');
  await expect(page.getByRole('spinbutton', { name: 'Default lead time (days)' })).toHaveValue('30');
  await taxField.fill(taxNumber);
  await page.locator('#settings').getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved')).toBeVisible();
  await page.reload();
  await expect(taxField).toHaveValue(taxNumber);

  // A text file dressed as a PNG passes the browser's type check and is refused by the server.
  await chooseFile(page, 'Upload square logo', { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  await expect(page.getByText('The logo must be a PNG, JPEG or WebP image')).toBeVisible();

  const png = await page.screenshot({ clip: { x: 0, y: 0, width: 120, height: 120 } });
  await chooseFile(page, 'Upload square logo', { name: 'square.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Logo saved')).toBeVisible();
  const image = page.getByRole('img', { name: 'Square logo' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
  await expectNoSeriousA11yViolations(page, 'settings with a logo');
  await screenshot(page, 'settings-1280');

  await page.locator('.ant-card').filter({ hasText: 'Square logo' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Are you sure you want to delete this logo?')).toBeVisible();
  await confirmPopup(page);
  await expect(page.getByText('Logo removed')).toBeVisible();
  await expect(image).toHaveCount(0);
});

test('a user changes their own password and signs in with it', async ({ page }) => {
  await openAs(page, 'serviceEngineer', '/user/password');
  await page.locator('#change-password_currentPassword').fill('Demo@12345');
  await page.locator('#change-password_newPassword').fill('short');
  await page.locator('#change-password_confirmPassword').fill('different');
  await page.getByRole('button', { name: /change password/i }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('The passwords do not match')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'change password with its field errors');
  await page.locator('#change-password_newPassword').fill('Engineer@2026');
  await page.locator('#change-password_confirmPassword').fill('Engineer@2026');
  await page.getByRole('button', { name: /change password/i }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await login(page, 'serviceEngineer', 'Engineer@2026');
  await expect(page).toHaveURL(/\/inventory$/);

  // Back to the demo password, so the journey can run again on the same database.
  await page.goto('/user/password');
  await page.locator('#change-password_currentPassword').fill('Engineer@2026');
  await page.locator('#change-password_newPassword').fill('Demo@12345');
  await page.locator('#change-password_confirmPassword').fill('Demo@12345');
  await page.getByRole('button', { name: /change password/i }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
});
