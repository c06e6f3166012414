import { expect } from '@playwright/test';
import { test } from './fixtures.ts';
import { expectNoSeriousA11yViolations, openAs, screenshot } from './support.ts';

test('Ctrl+K finds an invoice by its number and Enter opens it; Esc closes and gives focus back', async ({ page }) => {
  await openAs(page, 'salesManager', '/invoices');
  const number = (await page.getByRole('table').getByText(/^INV-\d{4}-\d{6}$/).first().textContent())!;

  const toggle = page.getByRole('button', { name: 'Toggle menu' });
  await toggle.focus();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Search and go' });
  await expect(palette).toBeVisible();
  const input = palette.getByRole('combobox');
  await expect(input).toBeFocused();
  await input.fill(number.toLowerCase());
  const found = palette.getByRole('option', { name: new RegExp(number) });
  await expect(found).toBeVisible();
  // The first option is the active one, announced through the input.
  await expect(input).toHaveAttribute('aria-activedescendant', (await found.getAttribute('id'))!);
  await screenshot(page, 'command-palette-1280');
  await expectNoSeriousA11yViolations(page, 'the command palette with an invoice found');
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  await expect(page.getByRole('dialog').getByText(number).first()).toBeVisible();

  // `/` outside a text field opens it too; Esc closes it and focus returns where it was.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await toggle.focus();
  await page.keyboard.press('/');
  await expect(palette).toBeVisible();
  await expect(palette.getByRole('group', { name: 'Recent' }).getByRole('option', { name: new RegExp(number) })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await expect(toggle).toBeFocused();

  await page.setViewportSize({ width: 768, height: 900 });
  await page.keyboard.press('Control+k');
  await expect(palette).toBeVisible();
  await palette.getByRole('combobox').fill('>');
  await expect(palette.getByRole('option', { name: 'Sign out' })).toBeVisible();
  await palette.getByRole('combobox').fill('new');
  await expect(palette.getByRole('option', { name: 'New invoice' })).toBeVisible();
  await palette.getByRole('combobox').fill('@aga khan');
  await expect(palette.getByRole('group', { name: 'Records' }).getByRole('option', { name: /Aga Khan/ }).first()).toBeVisible();
  await expect(palette.getByRole('option', { name: 'New invoice' })).toHaveCount(0);
  await screenshot(page, 'command-palette-768');
  await expectNoSeriousA11yViolations(page, 'the command palette at 768 px');
});
