import { expect, type Page } from '@playwright/test';
import { test } from './fixtures.ts';
import { expectNoSeriousA11yViolations, openAs, pick, screenshot, typeDate } from './support.ts';

async function checkAt768(page: Page, screen: string): Promise<void> {
  await page.setViewportSize({ width: 768, height: 900 });
  await expectNoSeriousA11yViolations(page, `${screen} at 768 px`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the accountant sets up a salary component and an assignment on /employees', async ({ page }) => {
  test.setTimeout(120_000);
  const suffix = String(Date.now()).slice(-4);
  const code = `FUEL${suffix}`;
  await openAs(page, 'accountant', '/employees');
  await expect(page.getByRole('cell', { name: 'EMP-0001', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the employees list');
  await checkAt768(page, 'the employees list');

  // A formula component over the default set's codes.
  await page.getByRole('link', { name: 'Salary components' }).click();
  await expect(page).toHaveURL(/tab=components/);
  await expect(page.getByRole('cell', { name: 'BASIC', exact: true })).toBeVisible();
  await page.getByRole('button', { name: /new/i }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Code', exact: true }).fill(code.toLowerCase());
  await dialog.getByRole('textbox', { name: 'Component', exact: true }).fill('Fuel allowance');
  await pick(page, dialog, 'Calculation', 'Formula', /^Formula$/);
  await dialog.getByRole('textbox', { name: 'Formula', exact: true }).fill('BASIC * 0.05 + BONUS');
  await pick(page, dialog, 'Account', '6110', /6110/);
  await expectNoSeriousA11yViolations(page, 'the new salary component drawer');
  await dialog.getByRole('button', { name: /save/i }).click();
  // The server names what the formula reads that is no code.
  await expect(dialog.getByText('Formula names BONUS, which is no component code')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Formula', exact: true }).fill('(BASIC + HRA) * 0.05');
  await dialog.getByRole('button', { name: /save/i }).click();
  await expect(page.getByRole('cell', { name: code, exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the salary components list');

  // An assignment with a line of the new component.
  await page.getByRole('link', { name: 'Salary assignments' }).click();
  await expect(page).toHaveURL(/tab=assignments/);
  await page.getByRole('button', { name: /new/i }).click();
  await pick(page, dialog, 'Employee', 'Nadia', /Nadia Hussain/);
  await typeDate(dialog.getByRole('textbox', { name: 'Effective from', exact: true }), `2031-01-${suffix.slice(-2) > '28' ? '28' : String(Math.max(1, Number(suffix.slice(-2)))).padStart(2, '0')}`);
  await dialog.getByRole('spinbutton', { name: 'Basic', exact: true }).fill('125000');
  await dialog.getByRole('button', { name: 'Add component' }).click();
  await pick(page, dialog, 'Component 1', 'Fuel', /Fuel allowance/);
  await dialog.getByRole('button', { name: 'Add component' }).click();
  await pick(page, dialog, 'Component 2', 'House', /House rent allowance/);
  await dialog.getByRole('spinbutton', { name: 'Percent' }).nth(1).fill('40');
  await expectNoSeriousA11yViolations(page, 'the new salary assignment drawer');
  await checkAt768(page, 'the new salary assignment drawer');
  await dialog.getByRole('button', { name: /save/i }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(`Nadia Hussain.*125,000\\.00.*${code}, HRA 40 %`) });
  await expect(row).toBeVisible();
  await screenshot(page, 'salary-assignments-1280');
});

test("the accountant fills a month's inputs in the grid; every tab of /employees passes axe", async ({ page }, testInfo) => {
  // Eight screens and five axe scans: over two minutes on a busy 2-core machine.
  test.setTimeout(180_000);
  // A retry takes a month of its own: the first attempt may have saved its 7.5 already, and an unchanged grid has nothing to save.
  const month = `2031-${String(testInfo.retry + 1).padStart(2, '0')}`;
  await openAs(page, 'accountant', '/employees?tab=inputs');
  // The month's inputs: a grid saved at once.
  await page.getByRole('textbox', { name: 'Month (YYYY-MM)' }).fill(month);
  await page.getByRole('button', { name: 'Show month' }).click();
  // The month's rows, not the last month's kept on screen while they load (a busy server takes a while).
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 30_000 });
  const overtime = page.getByRole('spinbutton', { name: 'Overtime hours of Imran Qureshi' });
  await overtime.fill('7.5');
  // Leaving the field commits it, as a clerk's Tab does: the number box reports a typed value on blur at the latest.
  await overtime.press('Tab');
  await expect(page.getByRole('button', { name: /save 1 changed/i })).toBeEnabled({ timeout: 15_000 });
  await page.getByRole('button', { name: /save 1 changed/i }).click();
  await expect(page.getByText('Saved')).toBeVisible();
  await page.reload();
  await page.getByRole('textbox', { name: 'Month (YYYY-MM)' }).fill(month);
  await page.getByRole('button', { name: 'Show month' }).click();
  await expect(page.getByRole('spinbutton', { name: 'Overtime hours of Imran Qureshi' })).toHaveValue('7.50');
  await expectNoSeriousA11yViolations(page, 'the monthly inputs grid');
  await checkAt768(page, 'the monthly inputs grid');

  for (const tab of ['Departments', 'Adjustments', 'Advances and loans', 'Tax tables']) {
    await page.getByRole('link', { name: tab }).click();
    await expect(page.getByRole('heading', { name: tab === 'Adjustments' ? 'Pay adjustments' : tab })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `the ${tab} tab`);
  }
});

test('the auditor reads the pay structure without write actions', async ({ page }) => {
  await openAs(page, 'auditor', '/employees?tab=advances');
  await expect(page.getByRole('heading', { name: 'Advances and loans' })).toBeVisible();
  await expect(page.getByRole('button', { name: /new/i })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Skip a month' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'advances, read only');
});
