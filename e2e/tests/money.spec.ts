import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { test } from './fixtures.ts';
import { apiToken, expectNoSeriousA11yViolations, inDays, openAs, pick, screenshot, typeDate } from './support.ts';

interface OpenInvoice {
  id: number;
  documentNumber: string;
  openAmount: string;
}

/** A demo customer with at least two open invoices, and its two oldest due. */
async function customerWithTwoOpenInvoices(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const customers = (await (await request.get('/api/customers?pageSize=100', { headers })).json()) as { data: Array<{ id: number; customerName: string }> };
  for (const customer of customers.data) {
    const open = (await (await request.get(`/api/receipts/open-invoices?customerId=${customer.id}`, { headers })).json()) as { data: OpenInvoice[] };
    if (open.data.length >= 2) return { customer, invoices: open.data.slice(0, 2) };
  }
  throw new Error('The demo has no customer with two open invoices');
}

async function openAmountOf(request: APIRequestContext, token: string, invoiceId: number): Promise<string> {
  const answer = (await (await request.get(`/api/invoices/${invoiceId}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: { openAmount: string } };
  return answer.data.openAmount;
}

/** Adds two decimal strings exactly (cents as integers). */
function addMoney(a: string, b: string): string {
  const cents = (v: string) => BigInt(v.replace('.', ''));
  const total = cents(Number(a).toFixed(2)) + cents(Number(b).toFixed(2));
  return `${total / 100n}.${String(total % 100n).padStart(2, '0')}`;
}

async function at768(page: Page, screen: string, shot: string) {
  await page.setViewportSize({ width: 768, height: 900 });
  await expectNoSeriousA11yViolations(page, `${screen} at 768 px`);
  await screenshot(page, `${shot}-768`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the accountant receives a post-dated cheque against two invoices, deposits it, it bounces, and the invoices open again', async ({ page, request }) => {
  test.setTimeout(180_000);
  const token = await apiToken(request, 'accountant');
  const { customer, invoices } = await customerWithTwoOpenInvoices(request, token);
  const amount = addMoney(invoices[0]!.openAmount, invoices[1]!.openAmount);
  const chequeNumber = String(900_000 + Math.floor(Math.random() * 99_999));
  const chequeDate = inDays(3);

  await openAs(page, 'accountant', '/receipts');
  await expect(page.getByRole('searchbox', { name: /search/i })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the receipts list');
  await screenshot(page, 'receipts-1280');
  await page.getByRole('button', { name: /new/i }).click();
  const form = page.getByRole('dialog');
  await pick(page, form, 'Customer', customer.customerName.slice(0, 12), new RegExp(customer.customerName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await pick(page, form, 'Method', 'Cheque', /^Cheque$/);
  await form.getByRole('textbox', { name: 'Cheque number' }).fill(chequeNumber);
  await form.getByRole('textbox', { name: 'Bank', exact: true }).fill('Meezan Bank');
  await typeDate(form.getByRole('textbox', { name: 'Cheque date' }), chequeDate);
  await form.getByRole('spinbutton', { name: 'Amount' }).fill(amount);
  // Proposed oldest due first: the two oldest invoices take the whole cheque.
  for (const invoice of invoices) {
    await expect(form.getByRole('spinbutton', { name: `Allocate to ${invoice.documentNumber}` })).toHaveValue(Number(invoice.openAmount).toFixed(2));
  }
  await expectNoSeriousA11yViolations(page, 'the receipt form');
  await screenshot(page, 'receipt-form-1280');
  await at768(page, 'the receipt form', 'receipt-form');
  await form.getByRole('button', { name: 'Save and post', exact: true }).click();
  await expect(page.getByText('Receipt posted')).toBeVisible();
  await expect(page.getByRole('dialog').getByText(/RV-\d{4}-\d{6}/).first()).toBeVisible();
  await screenshot(page, 'receipt-posted-1280');
  for (const invoice of invoices) expect(Number(await openAmountOf(request, token, invoice.id))).toBe(0);

  // The register: the cheque waits in hand; it cannot be deposited before its date.
  await page.goto('/cheques');
  const row = page.getByRole('row').filter({ hasText: chequeNumber });
  await expect(row).toBeVisible();
  await expect(row).toContainText('In hand');
  await expectNoSeriousA11yViolations(page, 'the cheque register');
  await screenshot(page, 'cheques-1280');
  await at768(page, 'the cheque register', 'cheques');
  await row.getByRole('button', { name: 'Deposit' }).click();
  let modal = page.getByRole('dialog');
  await pick(page, modal, 'Bank account', 'current', /Bank - current account/);
  await typeDate(modal.getByRole('textbox', { name: 'Deposit date' }), inDays(0));
  await modal.getByRole('button', { name: 'Deposit', exact: true }).click();
  await expect(modal.getByText(/cannot be deposited before its date/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the deposit dialog');
  await screenshot(page, 'cheque-deposit-refused-1280');
  await typeDate(modal.getByRole('textbox', { name: 'Deposit date' }), chequeDate);
  await modal.getByRole('button', { name: 'Deposit', exact: true }).click();
  await expect(page.getByText('Cheque deposited')).toBeVisible();
  await expect(row).toContainText('Deposited');

  // It bounces: the invoices open again, and the customer owes the bank's charge's cause.
  await row.getByRole('button', { name: 'Bounce' }).click();
  modal = page.getByRole('dialog');
  await typeDate(modal.getByRole('textbox', { name: 'Bounce date' }), inDays(4));
  await modal.getByRole('textbox', { name: 'Reason' }).fill('Insufficient funds');
  await modal.getByRole('spinbutton', { name: 'Bank charge' }).fill('350');
  await modal.getByRole('button', { name: 'Bounce', exact: true }).click();
  await expect(page.getByText('Cheque bounced')).toBeVisible();
  await page.getByText('Bounced', { exact: true }).first().click();
  await expect(page.getByRole('row').filter({ hasText: chequeNumber })).toContainText('Bounced');
  await screenshot(page, 'cheques-bounced-1280');
  for (const invoice of invoices) expect(await openAmountOf(request, token, invoice.id)).toBe(Number(invoice.openAmount).toFixed(2));

  // The invoice says so too.
  await page.goto(`/invoices/${invoices[0]!.id}`);
  await expect(page.getByRole('dialog').getByText(/^(Unpaid|Partly paid)$/).first()).toBeVisible();
  await screenshot(page, 'invoice-open-again-1280');
});

test('the accountant runs depreciation with a progress bar and reads the aging', async ({ page }) => {
  test.setTimeout(150_000);
  await openAs(page, 'accountant', '/assets');
  await expect(page.getByRole('searchbox', { name: /search/i })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Sysmex' }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the assets list');
  await screenshot(page, 'assets-1280');
  await at768(page, 'the assets list', 'assets');

  // An asset's schedule, month by month.
  await page.getByRole('row').filter({ hasText: 'Sysmex' }).first().getByRole('button', { name: /view/i }).click();
  await expect(page.getByRole('dialog').getByText('Book value').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'an asset with its schedule');
  await screenshot(page, 'asset-view-1280');
  await page.keyboard.press('Escape');

  // This month's run: the demo ran every month that has ended.
  await page.getByRole('tab', { name: 'Depreciation runs' }).click();
  // The runs' list, not the assets' still on screen while the tab switches: its New opens a new asset.
  await expect(page.getByPlaceholder('Search number or month')).toBeVisible();
  await page.getByRole('tabpanel', { name: 'Depreciation runs' }).getByRole('button', { name: /new/i }).click();
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const now = new Date();
  const monthBox = page.getByRole('dialog').getByRole('textbox', { name: 'Month' });
  await monthBox.click();
  await monthBox.fill(`${months[now.getMonth()]} ${now.getFullYear()}`);
  // Enter in the form runs it, as the Run depreciation button does.
  await monthBox.press('Enter');
  const progress = page.getByRole('progressbar', { name: 'Depreciation run progress' });
  await expect(progress).toBeVisible();
  await expect(page.getByRole('dialog').getByText(/DEP-\d{4}-\d{6}/).first()).toBeVisible({ timeout: 60_000 });
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expectNoSeriousA11yViolations(page, 'a posted depreciation run');
  await screenshot(page, 'depreciation-run-1280');
  await page.keyboard.press('Escape');

  // Receivables aging: a figure opens the invoices behind it.
  await page.goto('/accounting');
  await page.getByRole('tab', { name: 'Aging' }).click();
  const totals = page.getByTestId('aging-totals');
  await expect(totals).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the receivables aging');
  await screenshot(page, 'aging-1280');
  await at768(page, 'the receivables aging', 'aging');
  await page.getByRole('button', { name: /Total: .*Show the documents/ }).first().click();
  await expect(page.getByRole('dialog').getByText(/INV-\d{4}-\d{6}/).first()).toBeVisible();
  await screenshot(page, 'aging-documents-1280');
});
