import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { confirmPopup, demoPassword, expectNoSeriousA11yViolations, login, screenshot } from './support.ts';

async function at768(page: Page, screen: string, shot: string) {
  await page.setViewportSize({ width: 768, height: 900 });
  await expectNoSeriousA11yViolations(page, `${screen} at 768 px`);
  await screenshot(page, `${shot}-768`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function tokenOf(request: APIRequestContext): Promise<string> {
  const answer = await request.post('/api/login', { data: { username: 'accountant', password: demoPassword } });
  return ((await answer.json()) as { token: string }).token;
}

test('the accountant runs a month with the progress bar, reviews, approves, posts, pays a slip, and prints it', async ({ page, request }) => {
  test.setTimeout(180_000);
  await login(page, 'accountant');
  await page.goto('/pay-slips');
  await expect(page.getByRole('heading', { name: 'Pay Slips' })).toBeVisible();
  // The demo's six posted months and its supplementary run.
  await expect(page.getByRole('row').filter({ hasText: /PR-\d{4}-\d{6}/ }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the pay runs');
  await screenshot(page, 'pay-runs-1280');
  await at768(page, 'the pay runs', 'pay-runs');

  // This month's regular run (the demo ran the months before it).
  await page.getByRole('button', { name: /new/i }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('textbox', { name: 'Month' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Run payroll' }).click();
  await expect(page.getByRole('progressbar', { name: 'Pay run progress' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Pay run progress' })).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
  // The review grid (virtualised: rows are drawn as they scroll into view).
  await expect(page.getByRole('dialog').getByText(/EMP-\d{4} · \d{4}-\d{2}/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'a generated pay run with its review grid');
  await screenshot(page, 'pay-run-review-1280');

  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Post' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Post' }).click();
  await confirmPopup(page);
  await expect(page.getByRole('dialog').getByText(/PR-\d{4}-\d{6}/).first()).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousA11yViolations(page, 'a posted pay run');
  await screenshot(page, 'pay-run-posted-1280');
  await at768(page, 'a posted pay run', 'pay-run-posted');

  // The bank file, then one slip printed.
  const bankFile = page.waitForEvent('download');
  await page.getByRole('dialog').getByRole('button', { name: 'Bank file' }).click();
  expect((await bankFile).suggestedFilename()).toMatch(/bank\.csv$/);
  const slipPdf = page.waitForEvent('download');
  await page.getByRole('dialog').getByRole('button', { name: /Pay slip of .* as PDF/ }).first().click();
  expect((await slipPdf).suggestedFilename()).toMatch(/^pay-slip-.*\.pdf$/);

  // Paying the first slip in full through /api/payments moves the run to partly paid.
  const token = await tokenOf(request);
  const headers = { Authorization: `Bearer ${token}` };
  const runs = (await (await request.get('/api/pay-runs?pageSize=1&sort=createdAt&order=desc', { headers })).json()) as { data: Array<{ id: number }> };
  const slips = (await (await request.get(`/api/pay-slips?payRunId=${runs.data[0]!.id}&limit=1`, { headers })).json()) as { data: Array<{ id: number; employeeId: number; net: string }> };
  const accounts = (await (await request.get('/api/accounts?search=1010&pageSize=5', { headers })).json()) as { data: Array<{ id: number; accountCode: string }> };
  const slip = slips.data[0]!;
  const paid = await request.post('/api/payments', {
    headers,
    data: {
      payeeType: 'employee',
      employeeId: slip.employeeId,
      paymentDate: new Date().toISOString().slice(0, 10),
      method: 'bank',
      accountId: accounts.data.find((a) => a.accountCode === '1010')!.id,
      amount: slip.net,
      reference: 'Bank file',
      allocations: [{ paySlipId: slip.id, amount: slip.net }],
      post: true,
    },
  });
  expect(paid.status()).toBe(201);
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Slips' }).click();
  await expect(page.getByText(/Posted slips not yet paid: \d+ slips/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the unpaid slips');
  await screenshot(page, 'pay-slips-unpaid-1280');
});
