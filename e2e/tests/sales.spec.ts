import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures.ts';
import { confirmPopup, expectNoSeriousA11yViolations, openAs, pick, screenshot } from './support.ts';

test('customers show their balance and credit left, and open their ledger', async ({ page }) => {
  await openAs(page, 'accountant', '/customers');
  const search = page.getByRole('searchbox', { name: 'Search Customers' });
  await expect(search).toBeVisible();
  // The demo brings opening balances forward for a few customers.
  await expect(page.getByRole('row', { name: / Dr/ }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the customers list');
  await screenshot(page, 'customers-1280');
  await page.setViewportSize({ width: 768, height: 900 });
  await expect(search).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the customers list at 768 px');
  await screenshot(page, 'customers-768');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('row', { name: / Dr/ }).first().getByRole('link', { name: /ledger/i }).click();
  await expect(page).toHaveURL(/\/ledger\/\d+/);
  await expect(page.getByTestId('closing-balance')).toContainText('Dr');
});

/** At 768 px too: the screen still shows `visible`, and passes axe. */
async function checkAt768(page: Page, visible: Locator, screen: string, shot: string) {
  await page.setViewportSize({ width: 768, height: 900 });
  await expect(visible).toBeVisible();
  await expectNoSeriousA11yViolations(page, `${screen} at 768 px`);
  await screenshot(page, `${shot}-768`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a sales executive quotes, the quotation becomes an invoice with its lots proposed, posted, printed at /invoice/:id, and a return comes back', async ({ page }) => {
  test.setTimeout(150_000);
  const terms = `Delivery within 3 days ${Date.now()}`;

  // The quotation: one item the demo holds in Karachi, for a Karachi hospital.
  await openAs(page, 'salesExecutive', '/quotations');
  await expect(page.getByRole('searchbox', { name: /search/i })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the quotations list');
  await page.getByRole('button', { name: /new/i }).click();
  const quotationForm = page.getByRole('dialog');
  await pick(page, quotationForm, 'Customer', 'Aga Khan', /Aga Khan University Hospital Laboratory/);
  await pick(page, quotationForm, 'Line 1 item', 'Giemsa', /Giemsa Stain/);
  await quotationForm.getByRole('spinbutton', { name: 'Line 1 quantity' }).fill('2');
  await expect(quotationForm.getByRole('spinbutton', { name: 'Line 1 price' })).not.toHaveValue('');
  await quotationForm.getByRole('textbox', { name: 'Terms' }).fill(terms);
  await expectNoSeriousA11yViolations(page, 'the quotation form');
  await quotationForm.getByRole('button', { name: /^save/i }).click();
  await expect(page.getByText('Saved').first()).toBeVisible();
  await page.getByRole('button', { name: 'Send quotation', exact: true }).click();
  await confirmPopup(page);
  await expect(page.getByText('Quotation sent')).toBeVisible();
  await screenshot(page, 'quotation-sent-1280');
  await page.getByRole('button', { name: 'Accept quotation', exact: true }).click();
  await confirmPopup(page);

  // Accepting opens the draft invoice made from it, its lot proposed first-expiry-first-out.
  await expect(page).toHaveURL(/\/invoices\/\d+/);
  const invoiceForm = page.getByRole('dialog');
  await expect(invoiceForm.getByTestId('invoice-line-1-lots')).toContainText('× 2');
  await expect(invoiceForm.getByTestId('invoice-totals')).toContainText('Total');
  await expectNoSeriousA11yViolations(page, 'the invoice form');
  await screenshot(page, 'invoice-form-1280');
  await checkAt768(page, invoiceForm.getByTestId('invoice-line-1'), 'the invoice form', 'invoice-form');
  await invoiceForm.getByRole('button', { name: 'Post invoice', exact: true }).click();
  await expect(page.getByText('Invoice posted')).toBeVisible();
  await expect(page.getByRole('dialog').getByText(/INV-\d{4}-\d{6}/).first()).toBeVisible();
  const invoiceUrl = page.url();
  const invoiceId = invoiceUrl.match(/invoices\/(\d+)/)![1];

  // The printable invoice, outside the layout; the print stylesheet hides its buttons.
  await page.goto(`/invoice/${invoiceId}`);
  await expect(page.getByTestId('invoice-number')).toHaveText(/INV-\d{4}-\d{6}/);
  await expect(page.getByTestId('invoice-amount-in-words')).toContainText('Only');
  await expectNoSeriousA11yViolations(page, 'the printable invoice');
  await screenshot(page, 'invoice-page-1280');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await screenshot(page, 'invoice-print');
  await page.emulateMedia({ media: 'screen' });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
  await checkAt768(page, page.getByTestId('invoice-number'), 'the printable invoice', 'invoice-page');

  // The storekeeper takes one back into stock.
  await page.evaluate(() => localStorage.clear());
  await openAs(page, 'inventorySupervisor', `/sales-returns/new?invoice=${invoiceId}`);
  const returnForm = page.getByRole('dialog');
  await returnForm.getByRole('spinbutton', { name: 'Line 1 quantity' }).fill('1');
  await expectNoSeriousA11yViolations(page, 'the sales return form');
  await returnForm.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Sales return posted')).toBeVisible();
  await expect(page.getByRole('dialog').getByText(/SR-\d{4}-\d{6}/).first()).toBeVisible();
  await screenshot(page, 'sales-return-1280');
  await checkAt768(page, page.getByRole('dialog').getByText(/SR-\d{4}-\d{6}/).first(), 'the sales return', 'sales-return');
});

test('the sales report charts the year by region, drills down to the invoices, and /items/sales lists items', async ({ page }) => {
  test.setTimeout(90_000);
  await openAs(page, 'accountant', '/sales/reports');
  const chart = page.getByRole('figure', { name: /chart of value and margin/i });
  await expect(chart).toBeVisible();
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the sales report');
  await screenshot(page, 'sales-report-1280');
  await page.getByRole('combobox', { name: 'Group by' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'By region' }).click();
  const karachi = page.getByRole('button', { name: 'Invoices of Karachi' });
  await expect(karachi).toBeVisible();
  await karachi.click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('link', { name: /INV-\d{4}-\d{6}/ }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the invoices behind a figure');
  await screenshot(page, 'sales-report-drill-1280');
  await drawer.getByRole('button', { name: /close/i }).first().click();
  await checkAt768(page, chart, 'the sales report', 'sales-report');

  await page.goto('/items/sales');
  await expect(page.getByRole('row').nth(2)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the item sales report');
  await screenshot(page, 'item-sales-1280');
  await checkAt768(page, page.getByRole('row').nth(2), 'the item sales report', 'item-sales');
});
