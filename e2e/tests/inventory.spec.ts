import { expect } from '@playwright/test';
import { test } from './fixtures.ts';
import { confirmPopup, expectNoSeriousA11yViolations, inDays, login, openAs, pick, screenshot, typeDate } from './support.ts';

test('an item is created and approved, opening stock entered in two lots, /inventory flags near expiry and /inventory-ledger shows the running balance', async ({ page }) => {
  // A whole journey (item, approval, two lots, stock, ledger, axe at each step) outlasts the 30 s default on a loaded machine.
  test.setTimeout(180_000);
  const suffix = String(Date.now()).slice(-6);
  const itemName = `Troponin Kit ${suffix}`;
  const article = `TRP-${suffix}`;
  await login(page, 'admin');

  // The item, unapproved until approved.
  await page.goto('/items');
  await expect(page.getByRole('searchbox', { name: 'Search Items' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the items list');
  await page.getByRole('button', { name: /new/i }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Item', exact: true }).fill(itemName);
  await dialog.getByRole('textbox', { name: 'Article number', exact: true }).fill(article);
  await pick(page, dialog, 'Category', 'Reagents', /^Reagents$/);
  await dialog.getByRole('spinbutton', { name: 'Cost price', exact: true }).fill('1250.50');
  await dialog.getByRole('spinbutton', { name: 'Sale price', exact: true }).fill('1800.00');
  await expectNoSeriousA11yViolations(page, 'the new-item drawer');
  await dialog.getByRole('button', { name: /save/i }).click();
  await expect(page.getByText('Saved')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search Items' }).fill(article);
  const itemRow = page.getByRole('row', { name: new RegExp(itemName) });
  await expect(page.getByRole('row')).toHaveCount(2);
  await itemRow.getByRole('button', { name: /approve/i }).click();
  await confirmPopup(page);
  await expect(page.getByText('Item approved')).toBeVisible();
  await expect(itemRow.getByRole('button', { name: /approve/i })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'the items list, searched, the item approved');
  await screenshot(page, 'items-1280');
  await page.setViewportSize({ width: 768, height: 900 });
  await expect(itemRow).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the items list at 768 px');
  await screenshot(page, 'items-768');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Its sales tax facts (issue 29): the first row from the beginning; a dated exempt row, further tax following the sale type.
  await itemRow.getByRole('link', { name: 'Tax facts' }).click();
  await expect(page.getByRole('tab', { name: 'Tax facts', selected: true })).toBeVisible();
  await expect(page.getByRole('row', { name: /From the beginning/ })).toBeVisible();
  await page.getByRole('button', { name: /new/i }).click();
  const facts = page.getByRole('dialog');
  await expect(facts.getByRole('switch', { name: 'Further tax applies' })).toBeChecked();
  await typeDate(facts.getByRole('textbox', { name: 'Effective from' }), '2031-07-01');
  await facts.getByRole('textbox', { name: 'HS code' }).fill('38221900');
  await pick(page, facts, 'Sale type', 'Exempt', /^Exempt/);
  await expect(facts.getByRole('switch', { name: 'Further tax applies' })).not.toBeChecked();
  await facts.getByRole('textbox', { name: 'Schedule no.' }).fill('Sixth Schedule');
  await facts.getByRole('textbox', { name: 'Serial no.' }).fill('101');
  await expectNoSeriousA11yViolations(page, 'the new tax facts drawer');
  await facts.getByRole('button', { name: /save/i }).click();
  await expect(page.getByRole('row', { name: /1 Jul 2031.*3822\.1900.*Exempt/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "an item's tax facts");

  // Opening stock in two lots, one expiring within the 90 days of settings.
  await page.goto('/inventory');
  await expect(page.getByRole('button', { name: /new stock adjustment/i })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'inventory, the adjustments tab');
  await page.getByRole('button', { name: /new stock adjustment/i }).click();
  const drawer = page.getByRole('dialog');
  await pick(page, drawer, 'Reason', 'Opening', /^Opening stock$/);
  await drawer.getByRole('textbox', { name: 'Narration' }).fill(`Opening ${suffix}`);
  await drawer.getByRole('button', { name: /add line/i }).click();
  const lots = [
    { lot: `A${suffix}`, expiry: inDays(400), quantity: '10', cost: '1250.50' },
    { lot: `B${suffix}`, expiry: inDays(30), quantity: '4', cost: '1250.50' },
  ];
  for (const [index, line] of lots.entries()) {
    const n = index + 1;
    // The picker finds an item by its article number as well as its name.
    await pick(page, drawer, `Line ${n} item`, n === 1 ? article : itemName, new RegExp(itemName));
    await pick(page, drawer, `Line ${n} region`, 'Lahore', /^Lahore$/);
    await drawer.getByRole('textbox', { name: `Line ${n} lot number` }).fill(line.lot);
    await typeDate(drawer.getByRole('textbox', { name: `Line ${n} expiry` }), line.expiry);
    await drawer.getByRole('spinbutton', { name: `Line ${n} quantity` }).fill(line.quantity);
    await drawer.getByRole('spinbutton', { name: `Line ${n} unit cost` }).fill(line.cost);
  }
  await expectNoSeriousA11yViolations(page, 'the stock adjustment form, two lines filled');
  await drawer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Stock adjustment posted')).toBeVisible();
  await expect(drawer.getByTestId('adjustment-value')).toHaveText('17,507.00');
  await expectNoSeriousA11yViolations(page, 'the posted stock adjustment');
  await screenshot(page, 'stock-adjustment-1280');
  await page.setViewportSize({ width: 768, height: 900 });
  await expect(drawer.getByTestId('adjustment-value')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the posted stock adjustment at 768 px');
  await screenshot(page, 'stock-adjustment-768');
  await page.setViewportSize({ width: 1280, height: 800 });
  await drawer.getByRole('button', { name: /close/i }).first().click();

  // Stock on hand: both lots, the near one flagged, totals of the filter.
  await page.getByRole('tab', { name: 'Stock on hand' }).click();
  await page.getByRole('searchbox', { name: 'Search Inventory' }).fill(article);
  await expect(page.getByRole('row', { name: new RegExp(`B${suffix}`) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`A${suffix}`) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`B${suffix}`) }).getByText('Near expiry')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`A${suffix}`) }).getByText('Near expiry')).toHaveCount(0);
  await expect(page.getByTestId('total-quantity')).toHaveText('14');
  await expect(page.getByTestId('total-value')).toHaveText('17,507.00');
  await expectNoSeriousA11yViolations(page, 'stock on hand, a near-expiry lot flagged');
  await screenshot(page, 'inventory-1280');
  await page.setViewportSize({ width: 768, height: 900 });
  await expect(page.getByRole('row', { name: new RegExp(`B${suffix}`) })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'stock on hand at 768 px');
  await screenshot(page, 'inventory-768');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The lot's ledger: the receipt and its running balance.
  await page.getByRole('row', { name: new RegExp(`A${suffix}`) }).getByRole('link', { name: 'Ledger' }).click();
  await expect(page).toHaveURL(/\/inventory-ledger\?inventoryId=\d+/);
  await expect(page.getByTestId('lot-filter')).toContainText(`A${suffix}`);
  await expect(page.getByTestId('balance')).toHaveText(['10']);
  await expect(page.getByTestId('closing')).toHaveText('10 (12,505.00)');
  await expectNoSeriousA11yViolations(page, 'the inventory ledger of a lot');
  await screenshot(page, 'inventory-ledger-1280');
  await page.setViewportSize({ width: 768, height: 900 });
  await expect(page.getByTestId('balance')).toHaveText(['10']);
  await expectNoSeriousA11yViolations(page, 'the inventory ledger at 768 px');
  await screenshot(page, 'inventory-ledger-768');

  // Keyboard: the filters and the table are reachable, each control named.
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveCount(1);
  for (const name of ['Filter by Item', 'Filter by Region']) await expect(page.getByRole('combobox', { name })).toBeVisible();
});

test('a role that may view stock but not adjust it sees no adjustment button and no ledger link', async ({ page }) => {
  await openAs(page, 'salesExecutive', '/inventory');
  await expect(page.getByRole('tab', { name: 'Stock on hand' })).toBeVisible();
  await expect(page.getByRole('button', { name: /new stock adjustment/i })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Ledger' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'stock on hand, read only');
  await page.goto('/inventory-ledger');
  await expect(page.getByText('Access to the route is restricted')).toBeVisible();
});
