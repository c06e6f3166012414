import { expect } from '@playwright/test';
import { test } from './fixtures.ts';
import { confirmPopup, expectNoSeriousA11yViolations, openAs, pick, screenshot } from './support.ts';

/** Three demo articles and their 12 months, as a spreadsheet puts them on the clipboard. */
const rows = [
  ['HM-1001', 10, 10, 12, 12, 12, 14, 14, 14, 12, 12, 10, 10],
  ['CC-1002', 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5],
  ['CC-1003', 0, 2, 4, 6, 8, 10, 10, 8, 6, 4, 2, 0],
];
const clipboard = rows.map((row) => row.join('\t')).join('\r\n') + '\r\n';

test('item pickers coloured by plan coverage; a plan entered by pasting from a spreadsheet is submitted and approved, its prices frozen', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openAs(page, 'accountant', '/planning/form');
  await expect(page.getByRole('tab', { name: 'Sales plans' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the sales plans list');
  await page.getByRole('button', { name: /new/i }).click();
  const form = page.getByRole('dialog');
  // A year of its own, so a retry (or another run on the same database) is not a second live plan of its key.
  const planYear = 2100 + (Date.now() % 800);
  await form.getByRole('spinbutton', { name: 'Year' }).fill(String(planYear));
  await pick(page, form, 'Region', 'Karachi', /^Karachi$/);

  // The item picker colours by plan coverage over this year and the next (spec section 4):
  // green planned in both, blue in some, red in none. One item of each, as the demo plans them.
  const thisYear = new Date().getFullYear();
  const coverage = await page.evaluate(async (years) => {
    const answer = await fetch('/api/items/options?limit=1000', { headers: { authorization: `Bearer ${localStorage.getItem('erp.token')}` } });
    const options = (await answer.json()).options as Array<{ articleNumber: string; isApproved: boolean; plans: Record<string, boolean> }>;
    const planned = (o: (typeof options)[number]) => years.filter((y) => o.plans[String(y)] === true).length;
    const approved = options.filter((o) => o.isApproved);
    return {
      green: approved.find((o) => planned(o) === 2)?.articleNumber,
      blue: approved.find((o) => planned(o) === 1)?.articleNumber,
      red: approved.find((o) => planned(o) === 0)?.articleNumber,
    };
  }, [thisYear, thisYear + 1]);
  for (const [colour, article] of Object.entries(coverage)) {
    expect(article, `a demo item planned for the ${colour} case`).toBeTruthy();
    const picker = form.getByRole('combobox', { name: 'Add an item' });
    await picker.click();
    await picker.fill(article!);
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: article! }).first();
    await expect(option.locator(`[data-plan-colour="${colour}"]`)).toBeVisible();
    await picker.press('Escape');
  }

  // Pasted from a spreadsheet: the rows are read by article number into the grid.
  await page.evaluate((text) => navigator.clipboard.writeText(text), clipboard);
  const paste = form.getByRole('textbox', { name: 'Paste rows from a spreadsheet' });
  await paste.focus();
  await page.keyboard.press('Control+V');
  const grid = form.getByRole('grid', { name: /Plan lines/ });
  await expect(grid.getByText('Total (3 lines)')).toBeVisible();
  await expect(grid.getByTestId('plan-total-year')).toHaveText(String(142 + 60 + 60));

  // A correction typed from the keyboard: into February of the second line, then down with Enter.
  await grid.getByRole('textbox', { name: 'Feb CC-1002' }).click();
  await page.keyboard.type('7');
  await page.keyboard.press('Enter');
  await expect(grid.getByRole('textbox', { name: 'Feb CC-1003' })).toBeFocused();
  await expect(grid.getByTestId('plan-total-1')).toHaveText(String(10 + 7 + 2));
  await expectNoSeriousA11yViolations(page, 'the plan form with pasted lines');
  await screenshot(page, 'plan-form-1280');
  await page.setViewportSize({ width: 768, height: 900 });
  await expect(grid.getByText('Total (3 lines)')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the plan form at 768 px');
  await screenshot(page, 'plan-form-768');
  await page.setViewportSize({ width: 1280, height: 800 });

  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Saved')).toBeVisible();
  await form.getByRole('button', { name: 'Submit sales plan' }).click();
  await confirmPopup(page);
  await expect(page.getByText('Sales plan submitted')).toBeVisible();
  await expect(form.getByText(new RegExp(`^SP-${planYear}-\\d{6}$`)).first()).toBeVisible();
  await form.getByRole('button', { name: 'Approve sales plan' }).click();
  await confirmPopup(page);
  await expect(page.getByText('Sales plan approved')).toBeVisible();
  await expect(form.locator('.ant-tag').filter({ hasText: /^Approved$/ })).toBeVisible();
  // The prices are frozen: the grid shows each line's price and value.
  await expect(form.getByRole('columnheader', { name: 'Price' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Revise sales plan' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the approved plan');
  await screenshot(page, 'plan-approved-1280');
  await page.setViewportSize({ width: 768, height: 900 });
  await expectNoSeriousA11yViolations(page, 'the approved plan at 768 px');
  await screenshot(page, 'plan-approved-768');
});
