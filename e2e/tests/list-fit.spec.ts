import { isMenuGroup, menuForRole } from '@erp/domain';
import { expect, type Page, test } from '@playwright/test';
import { login } from './support.ts';

/** Every screen of the admin's menu, and the statements tabs of /accounting. */
const screens = [
  ...menuForRole('admin').flatMap((node) => (isMenuGroup(node) ? node.entries.map((entry) => entry.route) : [node.route])),
  '/accounting?tab=trial-balance',
  '/accounting?tab=aging',
];

/**
 * Amounts shown in a table's right-aligned cells that are cut or hidden: wider than their
 * cell, or under the pinned Actions column of their row.
 */
function hiddenAmounts(page: Page) {
  return page.evaluate(() => {
    const hidden: string[] = [];
    for (const row of document.querySelectorAll('.ant-table-tbody tr')) {
      const pinned = [...row.querySelectorAll('td.ant-table-cell-fix-right, td.ant-table-cell-fix-end')].map((cell) => cell.getBoundingClientRect());
      for (const cell of row.querySelectorAll<HTMLTableCellElement>('td')) {
        if (getComputedStyle(cell).textAlign !== 'right' || cell.matches('.ant-table-cell-fix-right, .ant-table-cell-fix-end') || !cell.textContent?.trim()) continue;
        const box = cell.getBoundingClientRect();
        const covered = pinned.some((p) => box.right > p.left + 1 && box.left < p.right);
        if (covered || cell.scrollWidth > cell.clientWidth + 1) hidden.push(cell.textContent.trim());
      }
    }
    return hidden;
  });
}

test('at 1280 px no list cuts an amount or hides it under the row actions', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, 'admin');
  const checked: string[] = [];
  for (const screen of screens) {
    await page.goto(screen);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    const hasRows = await rows
      .first()
      .waitFor({ timeout: 8_000 })
      .then(
        () => true,
        () => false,
      );
    if (!hasRows) continue;
    checked.push(screen);
    expect(await hiddenAmounts(page), screen).toEqual([]);
  }
  // The lists with money on the demo data were among those checked.
  expect(checked).toEqual(expect.arrayContaining(['/assets', '/cheques', '/invoices', '/accounts', '/accounting?tab=trial-balance']));
});
