import { expect, type Page } from '@playwright/test';
import { test } from './fixtures.ts';
import { apiHeaders, expectNoSeriousA11yViolations, openAs, pick, screenshot } from './support.ts';

async function at768(page: Page, screen: string, shot: string) {
  await page.setViewportSize({ width: 768, height: 900 });
  await expectNoSeriousA11yViolations(page, `${screen} at 768 px`);
  await screenshot(page, `${shot}-768`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The last month that has ended, `YYYY-MM`. */
function lastMonth(): string {
  const date = new Date();
  date.setDate(1);
  date.setMonth(date.getMonth() - 1);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

test('the admin (who holds reagent-rentals:approve) drafts, approves and places a rental agreement, then runs the month end that invoices a shortfall', async ({ page, request }) => {
  test.setTimeout(240_000);
  const headers = await apiHeaders(request, 'admin');

  await openAs(page, 'admin', '/reagent-rentals');
  await expect(page.getByRole('heading', { name: 'Reagent Rentals' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the rental agreements');
  await screenshot(page, 'rentals-1280');
  await at768(page, 'the rental agreements', 'rentals');

  // Drafted on the form.
  await page.getByRole('button', { name: /new/i }).first().click();
  const form = page.getByRole('dialog');
  await pick(page, form, 'Customer', 'a', /./);
  await pick(page, form, 'Region', 'a', /./);
  // An analyser in stock: placed ones are offered too (a relocation), labelled where they stand.
  await pick(page, form, 'Rental asset', 'SN', /^(?!.*\(at ).*SN/);
  await form.getByLabel('Monthly commitment').fill('180000');
  await expectNoSeriousA11yViolations(page, 'the agreement form');
  // The save's own answer names the draft: no polling of the list, and a refusal fails here with its message.
  const saved = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/rental-agreements', { timeout: 30_000 });
  await form.getByRole('button', { name: 'Save draft' }).click();
  const answer = await saved;
  expect(answer.status(), await answer.text()).toBeLessThan(300);
  const id = ((await answer.json()) as { data: { id: number } }).data.id;

  // Approved and placed from its view.
  await page.goto(`/reagent-rentals?open=${id}`);
  await page.getByRole('button', { name: /^Approve/ }).click();
  await expect(page.getByText('Rental agreement approved')).toBeVisible();
  await page.getByRole('button', { name: 'Place', exact: true }).click();
  await expect(page.getByText('Placement posted')).toBeVisible();
  await expect.poll(async () => ((await (await request.get(`/api/rental-agreements/${id}`, { headers })).json()) as { data: { status: string } }).data.status).toBe('active');
  await page.reload();
  await expect(page.getByRole('table', { name: 'Months of the agreement' }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'an agreement');
  await screenshot(page, 'rental-agreement-1280');
  await at768(page, 'an agreement', 'rental-agreement');

  // The month end of the last month: the demo's agreement under commitment gets its shortfall invoice.
  await page.goto('/reagent-rentals?tab=month-end');
  const month = page.getByRole('textbox', { name: 'Month', exact: true });
  await month.click();
  await month.fill(lastMonth());
  await month.press('Enter');
  await page.getByRole('button', { name: 'Run month end' }).click();
  await expect(page.getByText(/: done, \d+ agreements, [1-9]\d* invoices/)).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousA11yViolations(page, 'the month-end run');
  await screenshot(page, 'rental-month-end-1280');
  const shortfalls = (await (await request.get('/api/invoices?pageSize=100&sort=createdAt&order=desc', { headers })).json()) as { data: Array<{ kind?: string; invoiceDate: string }> };
  expect(shortfalls.data.some((i) => i.kind === 'rentalShortfall' && i.invoiceDate.startsWith(lastMonth()))).toBe(true);

  // Relocation: a demo analyser placed at one hospital goes to another's site under a new agreement, from that agreement's view.
  type Row = { id: number; billingModel: string; customerId: number; regionId: number; rentalAssetId: number; placementDate: string | null; status: string };
  // A minimum-purchase one: the per-test agreement is the next journey's, which may run after this.
  const active = ((await (await request.get('/api/rental-agreements?status=active&pageSize=50', { headers })).json()) as { data: Row[] }).data.find((a) => a.billingModel === 'minimumPurchase' && a.placementDate && a.placementDate < lastMonth())!;
  const customers = ((await (await request.get(`/api/customers?pageSize=100`, { headers })).json()) as { data: Array<{ id: number; regionId: number }> }).data;
  const other = customers.find((c) => c.regionId === active.regionId && c.id !== active.customerId)!;
  const today = new Date().toISOString().slice(0, 10);
  const drafted = await request.post('/api/rental-agreements', {
    headers,
    data: { customerId: other.id, regionId: active.regionId, rentalAssetId: active.rentalAssetId, startDate: today, termMonths: 36, billingModel: 'minimumPurchase', monthlyCommitment: '90000.00', shortfallMode: 'gap', settlementPeriod: 'month', downtimeWaiver: true, autoRenew: false },
  });
  expect(drafted.status(), await drafted.text()).toBe(201);
  const target = ((await drafted.json()) as { data: { id: number } }).data.id;
  expect((await request.post(`/api/rental-agreements/${target}/approve`, { headers })).status()).toBe(200);
  await page.goto(`/reagent-rentals?open=${target}`);
  await expect(page.getByRole('button', { name: 'Relocate', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'an agreement taking a placed analyser');
  await screenshot(page, 'rental-relocation-1280');
  await at768(page, 'an agreement taking a placed analyser', 'rental-relocation');
  await page.getByRole('button', { name: 'Relocate', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Relocated: placement PLC-/)).toBeVisible();
  await expect.poll(async () => ((await (await request.get(`/api/rental-agreements/${active.id}`, { headers })).json()) as { data: { status: string } }).data.status).toBe('ended');
  await expect.poll(async () => ((await (await request.get(`/api/rental-agreements/${target}`, { headers })).json()) as { data: { status: string } }).data.status).toBe('active');
});

test('the operation manager records the reagent packs a per-test site used: the site stock goes down, the entry is listed', async ({ page, request }) => {
  test.setTimeout(120_000);
  const headers = await apiHeaders(request, 'admin');
  const agreements = (await (await request.get('/api/rental-agreements?status=active&pageSize=50', { headers })).json()) as { data: Array<{ id: number; billingModel: string }> };
  const id = agreements.data.find((a) => a.billingModel === 'perTest')!.id;
  const onSite = async () => ((await (await request.get(`/api/rental-agreements/${id}/site-stock`, { headers })).json()) as { data: Array<{ itemName: string; quantity: number }> }).data;
  const [lot] = await onSite();
  expect(lot!.quantity).toBeGreaterThan(1);

  await openAs(page, 'operationManager', `/reagent-rentals?open=${id}`);
  const card = page.locator('.ant-card').filter({ has: page.getByText('Reagents on consignment at the site', { exact: true }) });
  // The embedded database serves one statement at a time: a month end running in the other worker holds it for seconds.
  // Another lot (or a column) may show the same figure: the first is the lot's.
  await expect(card.getByRole('table', { name: "Stock at the customer's site" }).getByText(String(lot!.quantity), { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  const kindBox = card.getByRole('combobox', { name: 'Consignment kind', exact: true });
  // Mid-screen, so its list opens below it and not over the entries' table (a click there kept the kind).
  const chooseKind = async (label: string) => {
    await kindBox.evaluate((box) => box.scrollIntoView({ block: 'center' }));
    await kindBox.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).click();
  };
  await chooseKind('Usage reported');
  await pick(page, card, 'Reagent', lot!.itemName.slice(0, 8), new RegExp(lot!.itemName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await card.getByRole('button', { name: 'Record usage' }).click();
  await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();
  await expect.poll(async () => (await onSite())[0]!.quantity).toBe(lot!.quantity - 1);
  await expect(card.getByRole('table', { name: 'Shipments, usage and returns' }).getByText(/^CSU-/).first()).toBeVisible();
  // One pack back to the warehouse: the return (CSR-) lists and the site holds one less again.
  await chooseKind('Return to warehouse');
  await pick(page, card, 'Reagent', lot!.itemName.slice(0, 8), new RegExp(lot!.itemName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await card.getByRole('button', { name: 'Return to warehouse' }).click();
  await expect.poll(async () => (await onSite())[0]?.quantity ?? 0).toBe(lot!.quantity - 2);
  await expect(card.getByRole('table', { name: 'Shipments, usage and returns' }).getByText(/^CSR-/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the site stock of a per-test agreement');
  await screenshot(page, 'rental-site-stock-1280');
  await at768(page, 'the site stock of a per-test agreement', 'rental-site-stock');
});
