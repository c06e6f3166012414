import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './fixtures.ts';
import { apiHeaders, confirmPopup, expectNoSeriousA11yViolations, openAs, pick, screenshot } from './support.ts';

/** A posted demo goods receipt dated on or before today, and a vendor's name to charge duty to. */
async function receiptAndVendor(request: APIRequestContext): Promise<{ receipt: string; vendor: string }> {
  const headers = await apiHeaders(request, 'admin');
  const receipts = ((await (await request.get('/api/goods-receipts', { headers, params: { status: 'posted', pageSize: 5 } })).json()) as { data: { documentNumber: string }[] }).data;
  const vendors = ((await (await request.get('/api/vendors', { headers, params: { pageSize: 1 } })).json()) as { data: { vendorName: string }[] }).data;
  if (!receipts[0] || !vendors[0]) throw new Error('The demo has no posted receipt or no vendor');
  return { receipt: receipts[0].documentNumber, vendor: vendors[0].vendorName };
}

async function bothWidths(page: Page, name: string, screen: string) {
  await expectNoSeriousA11yViolations(page, `${screen} at 1280 px`);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 768, height: 900 });
  await expectNoSeriousA11yViolations(page, `${screen} at 768 px`);
  await screenshot(page, `${name}-768`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('an import shipment: a posted receipt and a customs duty, previewed, posted (issue 33, section 3)', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { receipt, vendor } = await receiptAndVendor(request);
  await openAs(page, 'accountant', '/accounting?tab=import-shipments');
  await expect(page.getByRole('tab', { name: 'Import shipments', selected: true })).toBeVisible();
  const list = page.getByRole('tabpanel', { name: 'Import shipments' });
  await bothWidths(page, 'import-shipments', 'the import shipments list');

  await list.getByRole('button', { name: /new/i }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('textbox', { name: 'Reference' }).fill('BL-E2E-1');
  await drawer.getByRole('textbox', { name: 'GD number' }).fill('KAPW-HC-1234');
  await pick(page, drawer, 'Goods receipts', receipt, new RegExp(escaped(receipt)));
  await page.keyboard.press('Escape');
  await pick(page, drawer, 'Charge 1 vendor', vendor.slice(0, 6), new RegExp(escaped(vendor)));
  await drawer.getByRole('textbox', { name: 'Charge 1 bill number' }).fill('PSID-778');
  await drawer.getByRole('textbox', { name: 'Charge 1 amount' }).fill('25000');
  await expectNoSeriousA11yViolations(page, 'the new import shipment');
  await drawer.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Saved').first()).toBeVisible();

  // The saved draft previews each receipt line's share.
  await expect(drawer.getByRole('heading', { name: 'Preview' })).toBeVisible();
  await expect(drawer.getByRole('region', { name: 'Landed costs by receipt line' })).toBeVisible();
  await bothWidths(page, 'import-shipment-preview', 'the draft shipment with its preview');

  await drawer.getByRole('button', { name: 'Post import shipment' }).click();
  await confirmPopup(page);
  await expect(page.getByText('Import shipment posted')).toBeVisible();
  await expect(drawer.getByText(/^IMP-\d{4}-\d{6}$/).first()).toBeVisible();
  await expect(drawer.getByRole('heading', { name: 'Landed costs' })).toBeVisible();
  await bothWidths(page, 'import-shipment-posted', 'the posted shipment');
});
