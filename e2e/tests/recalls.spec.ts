import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './fixtures.ts';
import { apiHeaders, confirmPopup, expectNoSeriousA11yViolations, login, pick, screenshot } from './support.ts';

interface Lot {
  itemId: number;
  itemName: string;
  articleNumber: string;
  lotNumber: string;
}

/**
 * A demo lot with little stock, all of it in warehouses (a disposal takes warehouse stock
 * only), released, sold to a customer or two: the recall's trace then has notices to send.
 */
async function littleLot(request: APIRequestContext): Promise<Lot> {
  const headers = await apiHeaders(request, 'admin');
  const rows = (
    (await (await request.get('/api/inventory', { headers, params: { location: 'all', status: 'usable', lotStatus: 'released', sort: 'quantity', order: 'asc', pageSize: 100 } })).json()) as {
      data: { itemId: number; lotNumber: string | null; quantity: number; item: { itemName: string; articleNumber: string } }[];
    }
  ).data;
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.itemId}/${row.lotNumber}`;
    if (!row.lotNumber || row.quantity < 1 || seen.has(key)) continue;
    seen.add(key);
    const trace = ((await (await request.get('/api/inventory/trace', { headers, params: { itemId: row.itemId, lotNumber: row.lotNumber } })).json()) as {
      data: { customers: unknown[]; onHand: { locationKind: string; lotStatus: string }[] };
    }).data;
    const customers = trace.customers.length;
    if (customers >= 1 && customers <= 2 && trace.onHand.every((o) => o.locationKind === 'warehouse' && o.lotStatus === 'released'))
      return { itemId: row.itemId, itemName: row.item.itemName, articleNumber: row.item.articleNumber, lotNumber: row.lotNumber };
  }
  throw new Error('No demo lot with little stock sold to one or two customers');
}

async function bothWidths(page: Page, name: string, screen: string) {
  await expectNoSeriousA11yViolations(page, `${screen} at 1280 px`);
  await page.setViewportSize({ width: 768, height: 900 });
  await expectNoSeriousA11yViolations(page, `${screen} at 768 px`);
  await screenshot(page, `${name}-768`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a recall from draft to closed: opened, its stock destroyed, every customer sent the letter, closed with its report', async ({ page, request }) => {
  test.setTimeout(240_000);
  const lot = await littleLot(request);
  await login(page, 'operationManager');

  // The demo's recalls: one open, one closed.
  await page.goto('/inventory?tab=recalls');
  await expect(page.getByRole('tab', { name: 'Recalls', selected: true })).toBeVisible();
  const list = page.getByRole('tabpanel', { name: 'Recalls' });
  await expect(list.getByRole('row', { name: /Open/ }).first()).toBeVisible();
  await expect(list.getByRole('row', { name: /Closed/ }).first()).toBeVisible();
  await screenshot(page, 'recalls-1280');
  await bothWidths(page, 'recalls', 'the recalls list');

  // A draft: the class and reason are asked for before anything is sent.
  await list.getByRole('button', { name: /new/i }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('button', { name: 'Save draft' }).click();
  await expect(drawer.getByText('Class is required')).toBeVisible();
  await pick(page, drawer, 'Class', 'II', /^Class II$/);
  await drawer.getByRole('textbox', { name: 'Source reference' }).fill('DRAP/QA/E2E/7');
  await drawer.getByRole('textbox', { name: 'Reason' }).fill(`Particles seen in ${lot.itemName} lot ${lot.lotNumber}`);
  await pick(page, drawer, 'Line 1 item', lot.articleNumber, new RegExp(lot.itemName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await drawer.getByRole('combobox', { name: 'Line 1 lot number' }).fill(lot.lotNumber);
  await expectNoSeriousA11yViolations(page, 'the new recall');
  await drawer.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Saved').first()).toBeVisible();

  // Open: the lot stops everywhere.
  await drawer.getByRole('button', { name: 'Open recall' }).click();
  await confirmPopup(page);
  await expect(page.getByText('Recall opened')).toBeVisible();
  await expect(drawer.getByText(/^RCL-\d{4}-\d{6}$/).first()).toBeVisible();
  await expect(drawer.getByRole('heading', { name: 'Reconciliation' })).toBeVisible();
  await expect(drawer.getByRole('heading', { name: /^Customers \([12]\)$/ })).toBeVisible();
  await bothWidths(page, 'recall-open', 'an open recall, its trace');

  // Closing now is refused, naming what is left.
  await drawer.getByRole('button', { name: 'Close recall' }).click();
  const closeDialog = page.getByRole('dialog', { name: /^Close recall/ });
  await closeDialog.getByRole('button', { name: 'Close recall' }).click();
  await expect(closeDialog.getByTestId('close-problems')).toContainText('No notice sent to');
  await expect(closeDialog.getByTestId('close-problems')).toContainText('Units still on hand');
  await closeDialog.getByRole('button', { name: 'Not now' }).click();

  // What is on hand is destroyed.
  await drawer.getByRole('tab', { name: 'Disposals' }).click();
  await drawer.getByRole('button', { name: 'Record disposal' }).click();
  await drawer.getByRole('textbox', { name: 'Method' }).fill('Incinerated');
  await expectNoSeriousA11yViolations(page, 'a disposal being recorded');
  await drawer.getByRole('form', { name: 'Record disposal' }).getByRole('button', { name: 'Record disposal' }).click();
  await confirmPopup(page);
  await expect(page.getByText('Disposal recorded').or(page.getByText(/recorded/)).first()).toBeVisible();
  await expect(drawer.getByRole('link', { name: /^SA-/ })).toBeVisible();

  // Every customer is sent the letter.
  await drawer.getByRole('tab', { name: 'Notices' }).click();
  const markSent = drawer.getByRole('button', { name: /^Mark sent:/ });
  await expect(markSent.first()).toBeVisible();
  while ((await markSent.count()) > 0) {
    const before = await markSent.count();
    await markSent.first().click();
    const sent = page.getByRole('dialog', { name: /^Notice sent to/ });
    await expectNoSeriousA11yViolations(page, 'a notice being marked sent');
    await sent.getByRole('button', { name: 'Record as sent' }).click();
    await expect(sent).toHaveCount(0);
    await expect(markSent).toHaveCount(before - 1);
  }
  await expect(drawer.getByText('Every customer has been sent a notice.')).toBeVisible();
  await expect(drawer.getByText('Every unit accounted for')).toBeVisible();

  // Closed, with its report.
  await drawer.getByRole('button', { name: 'Close recall' }).click();
  await closeDialog.getByRole('textbox', { name: 'Closing notes' }).fill('All units destroyed; every customer notified.');
  await closeDialog.getByRole('button', { name: 'Close recall' }).click();
  await expect(page.getByText('Recall closed')).toBeVisible();
  await expect(drawer.getByText('Closed', { exact: true }).first()).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Close recall' })).toHaveCount(0);
  const download = page.waitForEvent('download');
  await drawer.getByRole('button', { name: 'Report PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/^RCL-\d{4}-\d{6}.*\.pdf$/);
  await bothWidths(page, 'recall-closed', 'a closed recall');
});
