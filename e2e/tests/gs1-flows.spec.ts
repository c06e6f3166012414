import { readFile } from 'node:fs/promises';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './fixtures.ts';
import { gtinCheckDigit } from '@erp/domain';
import { apiHeaders, expectNoSeriousA11yViolations, inDays, openAs, pick, screenshot } from './support.ts';

// Issue 32, section 4: the scan flows as a warehouse user meets them, scans typed by the keyboard as a
// wedge scanner types them. Each journey makes its own item (a GTIN no other spec scans) and lots, so
// reruns and specs running beside it never share a lot; expiries are fixed far ahead, never today's.
const expiries = { first: '2031-06-30', later: '2031-12-31' };

/** The DataMatrix's element string (no `]d2`: a scanner set not to send it), lot last as labels print it. */
const elementString = (gtin: string, lot: string, expiry: string) => `01${gtin}17${expiry.slice(2).replaceAll('-', '')}10${lot}`;
/** The same pack in the human-readable form printed under the code. */
const humanReadable = (gtin: string, lot: string, expiry: string) => `(01)${gtin}(17)${expiry.slice(2).replaceAll('-', '')}(10)${lot}`;

type Call = <T = Record<string, unknown>>(method: 'GET' | 'POST', url: string, body?: object) => Promise<T>;

/** The API as the admin, each answer checked: a refused set-up fails here with the server's words. */
async function adminApi(request: APIRequestContext): Promise<Call> {
  const headers = await apiHeaders(request, 'admin');
  return async (method, url, body) => {
    const answer = method === 'GET' ? await request.get(url, { headers }) : await request.post(url, { headers, data: body ?? {} });
    expect(answer.status(), `${method} ${url}: ${await answer.text()}`).toBeLessThan(300);
    return ((await answer.json()) as { data: never }).data;
  };
}

/** A short mark of this run (and journey), in lot numbers, names and the GTIN. */
const runMark = () => `${String(Date.now()).slice(-7)}${Math.floor(Math.random() * 90 + 10)}`;

interface ScanItem {
  id: number;
  itemName: string;
  gtin: string;
  regionId: number;
}

/** An approved lot-tracked reagent kept at room temperature (no logger to read), its `each` GTIN linked, sold from Lahore. */
async function scanItem(call: Call, mark: string): Promise<ScanItem> {
  const [reagents] = await call<Array<{ id: number }>>('GET', '/api/categories?search=Reagents');
  const [lahore] = await call<Array<{ id: number }>>('GET', '/api/regions?search=Lahore');
  const itemName = `Scan Kit ${mark}`;
  const item = await call<{ id: number }>('POST', '/api/items', {
    itemName,
    articleNumber: `SK-${mark}`,
    categoryId: reagents!.id,
    unit: 'kit',
    costPrice: '900.00',
    salePrice: '1500.00',
    lotTracked: true,
    storageCondition: 'ambient',
    active: true,
  });
  await call('POST', `/api/items/${item.id}/approve`);
  // 13 digits (a prefix no demo GTIN has, then the run's mark) and the check digit.
  const body = `0899${mark}`.padEnd(13, '0').slice(0, 13);
  const gtin = body + String(gtinCheckDigit(body));
  await call('POST', '/api/item-gtins', { itemId: item.id, gtin });
  return { id: item.id, itemName, gtin, regionId: lahore!.id };
}

/** What every journey starts from: the admin's API, the journey's mark and its own item. */
async function journeyStart(request: APIRequestContext): Promise<{ call: Call; mark: string; item: ScanItem }> {
  const call = await adminApi(request);
  const mark = runMark();
  return { call, mark, item: await scanItem(call, mark) };
}

/** New lots of the item in its region's warehouse: an opening stock adjustment, posted (dated today: only the expiries matter here). */
async function lotsOf(call: Call, item: ScanItem, lots: Array<{ lotNumber: string; dateExpiry: string; quantity: number }>): Promise<void> {
  await call('POST', '/api/stock-adjustments', {
    adjustmentDate: inDays(0),
    reason: 'openingStock',
    narration: 'GS1 flows e2e',
    post: true,
    lines: lots.map((lot) => ({ itemId: item.id, regionId: item.regionId, ...lot, unitCost: '900.00' })),
  });
}

/** A customer of Lahore of its own (no licence asked by the demo's settings, credit enough). */
async function newCustomer(call: Call, item: ScanItem, mark: string): Promise<{ id: number; customerName: string }> {
  const customerName = `Scan Lab ${mark}`;
  const customer = await call<{ id: number }>('POST', '/api/customers', {
    customerName,
    customerType: 'laboratory',
    regionId: item.regionId,
    creditLimit: '1000000.00',
    paymentTermsDays: 30,
    active: true,
  });
  return { id: customer.id, customerName };
}

/** The scan box has the focus: what a scanner types goes in, then Enter sends it. */
async function scan(page: Page, box: string, text: string) {
  await expect(page.getByRole('textbox', { name: box, exact: true })).toBeFocused();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

test('goods receipt by scan: a pack scanned on an approved order fills item, lot and expiry; posted, the receipt shows the lot', async ({ page, request }) => {
  // Axe at two widths and a post: past a minute when another spec loads the 2-core machine.
  test.setTimeout(90_000);
  const { call, mark, item } = await journeyStart(request);
  const [vendor] = await call<Array<{ id: number }>>('GET', '/api/vendors?pageSize=1');
  const order = await call<{ id: number }>('POST', '/api/purchase-orders', {
    vendorId: vendor!.id,
    regionId: item.regionId,
    expectedDate: inDays(0),
    lines: [{ itemId: item.id, quantity: 6, unitCost: '900.00' }],
  });
  await call('POST', `/api/purchase-orders/${order.id}/approve`);
  const lot = `GR${mark}`;

  // The storekeeper opens the receipt of the order: the scan box is ready for the first pack.
  await openAs(page, 'inventorySupervisor', `/purchase-orders?tab=receipts&open=new&order=${order.id}`);
  const receipt = page.getByRole('dialog');
  await expect(receipt.getByRole('spinbutton', { name: 'Line 1 quantity' })).toHaveValue('6');
  await expect(receipt.getByRole('textbox', { name: 'Scan', exact: true })).toBeFocused();

  // Two packs of one lot: the row takes the lot, its expiry and 2 units.
  await scan(page, 'Scan', elementString(item.gtin, lot, expiries.later));
  await expect(receipt.getByText(`${item.itemName} · lot ${lot} · expires 31 Dec 2031`)).toBeVisible();
  await scan(page, 'Scan', humanReadable(item.gtin, lot, expiries.later));
  await expect(receipt.getByRole('textbox', { name: 'Line 1 lot number' })).toHaveValue(lot);
  await expect(receipt.getByRole('textbox', { name: 'Line 1 expiry' })).toHaveValue('31 Dec 2031');
  await expect(receipt.getByRole('spinbutton', { name: 'Line 1 quantity' })).toHaveValue('2');
  await expectNoSeriousA11yViolations(page, 'the goods receipt form after a scan');
  await screenshot(page, 'flows-receipt-1280');
  // At 768 px the row is tight: the lot and expiry the scan filled still show whole, to check against the pack.
  await page.setViewportSize({ width: 768, height: 900 });
  for (const name of ['Line 1 lot number', 'Line 1 expiry']) {
    await expect.poll(() => receipt.getByRole('textbox', { name }).evaluate((box: HTMLInputElement) => box.scrollWidth <= box.clientWidth)).toBe(true);
  }
  await expectNoSeriousA11yViolations(page, 'the goods receipt form after a scan at 768 px');
  await screenshot(page, 'flows-receipt-768');
  await page.setViewportSize({ width: 1280, height: 800 });

  await receipt.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Goods receipt posted')).toBeVisible();
  const posted = page.getByRole('dialog');
  await expect(posted.getByText(/GRN-\d{4}-\d{6}/).first()).toBeVisible();
  await expect(posted.getByText(lot)).toBeVisible();
});

test('picking by scan: the first-expiry lot counts, a later lot asks which lot should go first, and with a reason the line takes it', async ({ page, request }) => {
  // Two axe scans, two widths and four scans each answered by the server: past a minute under load.
  test.setTimeout(90_000);
  const { call, mark, item } = await journeyStart(request);
  const lots = { first: `PA${mark}`, later: `PB${mark}` };
  await lotsOf(call, item, [
    { lotNumber: lots.first, dateExpiry: expiries.first, quantity: 10 },
    { lotNumber: lots.later, dateExpiry: expiries.later, quantity: 10 },
  ]);
  const customer = await newCustomer(call, item, mark);
  const invoice = await call<{ id: number; lines: Array<{ lot: { lotNumber: string } }> }>('POST', '/api/invoices', {
    customerId: customer.id,
    regionId: item.regionId,
    invoiceDate: inDays(0),
    lines: [{ itemId: item.id, quantity: 3, price: '1500.00' }],
  });
  // The draft took the first-expiry lot.
  expect(invoice.lines[0]!.lot.lotNumber).toBe(lots.first);

  await openAs(page, 'inventorySupervisor', `/invoices/${invoice.id}`);
  await page.getByRole('button', { name: 'Pick', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: /^Pick/ });
  await expect(drawer.getByRole('textbox', { name: 'Scan', exact: true })).toBeFocused();

  // The line's own lot counts.
  await scan(page, 'Scan', elementString(item.gtin, lots.first, expiries.first));
  await expect(drawer.getByTestId('picked-line-1')).toHaveText('1 / 3');

  // A pack of the later lot: the confirmation names the first-expiry lot and asks why.
  await scan(page, 'Scan', humanReadable(item.gtin, lots.later, expiries.later));
  const confirm = page.getByRole('dialog', { name: `First expiry is lot ${lots.first}` });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText(`Lot ${lots.first} · exp 30 Jun 2031 should go first`, { exact: false })).toBeVisible();
  const reason = confirm.getByRole('textbox', { name: 'Reason' });
  await expect(reason).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'the first-expiry confirmation');
  await screenshot(page, 'flows-picking-1280');
  await page.setViewportSize({ width: 768, height: 900 });
  await screenshot(page, 'flows-picking-768');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.keyboard.type('Lot A is behind the pallet');
  await confirm.getByRole('button', { name: 'Pick the scanned lot' }).click();
  await expect(confirm).toBeHidden();

  // The picked unit stays on the first lot's line; the rest moved to the later lot, marked.
  await expect(drawer.getByTestId('picked-line-1')).toHaveText('1 / 1');
  await expect(drawer.getByTestId('picked-line-2')).toHaveText('1 / 2');
  await expect(drawer.getByRole('row', { name: new RegExp(lots.later) }).getByText('Not first expiry')).toBeVisible();
  await expect(drawer.getByRole('textbox', { name: 'Scan', exact: true })).toBeFocused();
  await scan(page, 'Scan', elementString(item.gtin, lots.later, expiries.later));
  await expect(drawer.getByTestId('picked-line-2')).toHaveText(/^2 \/ 2/);
  await expect(drawer.getByTestId('picked-total')).toHaveText('3 of 3 units picked');
  await expectNoSeriousA11yViolations(page, 'the picking drawer');
  await screenshot(page, 'flows-picking-done-1280');
});

test('sales return by scan: a pack of a lot sold to the customer fills the line of its invoice', async ({ page, request }) => {
  const { call, mark, item } = await journeyStart(request);
  const lot = `SR${mark}`;
  await lotsOf(call, item, [{ lotNumber: lot, dateExpiry: expiries.later, quantity: 10 }]);
  const customer = await newCustomer(call, item, mark);
  const invoice = await call<{ documentNumber: string }>('POST', '/api/invoices', {
    customerId: customer.id,
    regionId: item.regionId,
    invoiceDate: inDays(0),
    post: true,
    lines: [{ itemId: item.id, quantity: 4, price: '1500.00' }],
  });

  await openAs(page, 'inventorySupervisor', '/sales-returns/new');
  const form = page.getByRole('dialog');
  await pick(page, form, 'Customer', customer.customerName, new RegExp(customer.customerName));
  // Once the customer is known the scan box appears with the focus.
  await expect(form.getByRole('textbox', { name: 'Scan a returned pack' })).toBeFocused();

  await scan(page, 'Scan a returned pack', elementString(item.gtin, lot, expiries.later));
  await expect(form.getByText(`${item.itemName} · lot ${lot}: 1 to return on ${invoice.documentNumber}`)).toBeVisible();
  await expect(form.getByRole('spinbutton', { name: 'Line 1 quantity' })).toHaveValue('1');
  await expectNoSeriousA11yViolations(page, 'the sales return form after a scan');
  await screenshot(page, 'flows-return-1280');
  await page.setViewportSize({ width: 768, height: 900 });
  await screenshot(page, 'flows-return-768');
});

test('GS1 labels: the Label action of a lot on /inventory downloads a PDF of its labels', async ({ page, request }) => {
  const { call, mark, item } = await journeyStart(request);
  const lot = `LB${mark}`;
  await lotsOf(call, item, [{ lotNumber: lot, dateExpiry: expiries.later, quantity: 5 }]);

  await openAs(page, 'inventorySupervisor', '/inventory');
  await page.getByRole('tab', { name: 'Stock on hand' }).click();
  const search = page.getByRole('searchbox', { name: 'Search Inventory' });
  await search.fill(lot);
  await search.press('Enter');
  const row = page.getByRole('row', { name: new RegExp(lot) });
  await row.getByRole('button', { name: `GS1 labels of ${lot}` }).click();
  const modal = page.getByRole('dialog', { name: `GS1 labels of lot ${lot}` });
  await expect(modal.getByRole('combobox', { name: 'GTIN' })).toBeVisible();
  await expect(modal.getByText(item.gtin)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the label modal');
  await screenshot(page, 'flows-label-1280');
  await page.setViewportSize({ width: 768, height: 900 });
  await screenshot(page, 'flows-label-768');

  // Copies typed where the modal puts the caret; Enter prints.
  await expect(modal.getByRole('spinbutton', { name: 'Copies' })).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('2');
  const prints: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.endsWith('/label')) prints.push(sent.url());
  });
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  await expect(modal).toBeHidden();
  expect(prints).toHaveLength(1);
  expect(new URL(prints[0]!).searchParams.get('copies')).toBe('2');
});
