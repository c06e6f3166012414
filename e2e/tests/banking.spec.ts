import { expect, type Page } from '@playwright/test';
import { test } from './fixtures.ts';
import { apiHeaders, expectNoSeriousA11yViolations, openAs, pick, screenshot } from './support.ts';

/** Today as the server's calendar has it, day first as the bank prints it. */
const today = new Date();
const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
const dmy = `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

async function bothWidths(page: Page, name: string, screen: string) {
  await expectNoSeriousA11yViolations(page, `${screen} at 1280 px`);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 768, height: 900 });
  await expectNoSeriousA11yViolations(page, `${screen} at 768 px`);
  await screenshot(page, `${name}-768`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a bank statement imported and matched, the month reconciled to 0.00, locked and printed', async ({ page, request }) => {
  test.setTimeout(240_000);
  const suffix = String(Date.now()).slice(-6);
  // A receipt by bank into the main account, the bank's line to come.
  const headers = await apiHeaders(request, 'admin');
  const bank = ((await (await request.get('/api/accounts', { headers, params: { search: '1010', pageSize: 5 } })).json()) as { data: { id: number; accountCode: string }[] }).data.find((a) => a.accountCode === '1010')!;
  const customer = ((await (await request.get('/api/customers', { headers, params: { pageSize: 1 } })).json()) as { data: { id: number }[] }).data[0]!;
  const receipt = await request.post('/api/receipts', { headers, data: { customerId: customer.id, receiptDate: iso, method: 'bank', accountId: bank.id, amount: '12345.00', reference: `E2E-${suffix}`, allocations: [], post: true } });
  expect(receipt.status()).toBe(201);

  await openAs(page, 'accountant', '/accounting?tab=bank');
  await expect(page.getByRole('tab', { name: 'Bank', selected: true })).toBeVisible();
  const panel = page.getByRole('tabpanel', { name: 'Bank' });
  await expect(panel.getByRole('row', { name: /BST-/ })).toHaveCount(3);
  await bothWidths(page, 'bank-statements', 'the bank statements');

  // Last month's statement, left by the demo for the accountant: auto-matched, its charge posted from its line.
  await panel.getByRole('row', { name: /BST-/ }).first().getByRole('button', { name: 'View' }).click();
  const drawer = page.getByRole('dialog', { name: /Bank statement BST-/ });
  await drawer.getByRole('button', { name: 'Auto-match' }).click();
  await expect(page.getByText(/\d+ matched, \d+ suggested, 1 unmatched/).first()).toBeVisible();
  const charge = drawer.getByRole('row', { name: /Service charges/ });
  await charge.getByRole('button', { name: 'Create' }).click();
  const modal = page.getByRole('dialog', { name: /Create from line/ });
  await modal.getByRole('button', { name: 'Post and match' }).click();
  await expect(page.getByText(/JV-\d{4}-\d{6} posted and matched/).first()).toBeVisible();
  await expect(charge.getByText('Matched')).toBeVisible();
  await bothWidths(page, 'bank-statement', 'a statement matched');
  await page.keyboard.press('Escape');

  // This month's file: the receipt and an SMS charge.
  await pick(page, panel, 'Bank account', 'current account', /Bank - current account/);
  await panel.getByRole('button', { name: 'Import' }).click();
  const upload = page.getByRole('dialog', { name: 'Import bank statement' });
  const csv = ['Date,Description,Reference,Debit,Credit', `${dmy},IBFT Receipt,E2E-${suffix},,"12,345.00"`, `${dmy},SMS alert charges ${suffix},,150.00,`].join('\n');
  await upload.locator('input[type=file]').setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(upload.getByRole('button', { name: 'Import 2 valid rows' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the statement import preview');
  await upload.getByRole('button', { name: 'Import 2 valid rows' }).click();
  await expect(upload.getByText(/2 rows imported/i).first()).toBeVisible();
  // The run opens the new statement over the import's result.
  const statement = page.getByRole('dialog', { name: /Bank statement BST-/ });
  await statement.getByRole('button', { name: 'Auto-match' }).click();
  await expect(page.getByText(/1 matched, \d+ suggested, 1 unmatched/).first()).toBeVisible();
  await statement.getByRole('row', { name: /SMS alert/ }).getByRole('button', { name: 'Create' }).click();
  await page.getByRole('dialog', { name: /Create from line/ }).getByRole('button', { name: 'Post and match' }).click();
  await expect(statement.getByRole('row', { name: /SMS alert/ }).getByText('Matched')).toBeVisible();

  // The reconciliation to today: 0.00, locked, its PDF.
  await page.goto('/accounting?tab=bank');
  await panel.getByText('Reconciliations', { exact: true }).click();
  await expect(panel.getByRole('row', { name: /BRC-/ })).toHaveCount(2);
  await page.getByRole('button', { name: /New$/ }).click();
  const form = page.getByRole('dialog', { name: /bank reconciliation/i });
  await pick(page, form, 'Bank account', 'current account', /Bank - current account/);
  await form.getByLabel('Period end').fill(iso);
  await form.getByRole('button', { name: 'Reconcile' }).click();
  const rec = page.getByRole('dialog', { name: /bank reconciliation/i });
  await expect(rec.getByText('Balance as per statement')).toBeVisible();
  await expect(rec.getByRole('row', { name: /Difference/ }).or(rec.getByText('Difference')).first()).toBeVisible();
  await bothWidths(page, 'bank-reconciliation', 'a draft reconciliation');
  await rec.getByRole('button', { name: 'Lock' }).click();
  await page.getByRole('button', { name: /^(OK|Yes|Lock)$/ }).last().click();
  await expect(page.getByText('Bank reconciliation locked').first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('dialog', { name: /BRC-/ }).getByRole('button', { name: 'Download PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/^BRC-\d{4}-\d{6}\.pdf$/);
});
