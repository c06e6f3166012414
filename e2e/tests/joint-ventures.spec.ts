import { formatDecimal } from '@erp/domain';
import { expect } from '@playwright/test';
import { test } from './fixtures.ts';
import { apiHeaders, expectNoSeriousA11yViolations, openAs, screenshot } from './support.ts';

test("the accountant reads a venture's statement, settles last month and finds the settlement frozen with its hash", async ({ page, request }) => {
  test.setTimeout(180_000);
  const headers = await apiHeaders(request, 'accountant');

  await openAs(page, 'accountant', '/joint-ventures');
  await expect(page.getByRole('searchbox', { name: /search/i })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Services Hospital reagents' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the joint ventures list');
  await screenshot(page, 'joint-ventures-1280');

  await page.getByRole('row', { name: /Services Hospital reagents/ }).getByRole('button', { name: 'View' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('Statement', { exact: true })).toBeVisible();
  const profit = drawer.getByTestId('venture-profit');
  await expect(profit).not.toBeEmpty();
  await expectNoSeriousA11yViolations(page, "a venture's statement");
  await screenshot(page, 'joint-venture-statement-1280');

  // The statement the screen shows is the API's, to the cent; Settle posts it.
  const ventures = (await (await request.get('/api/joint-ventures?search=Services', { headers })).json()) as { data: Array<{ id: number }> };
  const ventureId = ventures.data[0]!.id;
  const settle = drawer.getByRole('button', { name: /^Settle / });
  await expect(settle).toBeVisible();
  const period = (await settle.textContent())!;
  await settle.click();
  await page.getByRole('button', { name: 'Settle', exact: true }).click();
  // The confirmation stays open until the posting answers; the embedded database serves one statement
  // at a time, and a month end or pay run in the other worker holds it for seconds.
  await expect(page.getByText(/Venture settlement posted: JVS-\d{4}-\d{6}/)).toBeVisible({ timeout: 30_000 });
  await expect(drawer.getByText(/Settled by JVS-\d{4}-\d{6}, reproduces exactly/)).toBeVisible();
  await expect(drawer.getByTestId('venture-due')).toHaveText('0.00');
  await expect(drawer.getByRole('button', { name: period })).toHaveCount(0);

  const settlements = (await (await request.get(`/api/jv-settlements?jointVentureId=${ventureId}&status=posted`, { headers })).json()) as { data: Array<{ statementHash: string; from: string; to: string }> };
  const latest = settlements.data[0]!;
  const statement = (await (await request.get(`/api/joint-ventures/${ventureId}/statement?from=${latest.from}&to=${latest.to}`, { headers })).json()) as { hash: string; profit: string };
  expect(statement.hash).toBe(latest.statementHash);
  await expect(profit).toHaveText(formatDecimal(statement.profit));

  await page.setViewportSize({ width: 768, height: 900 });
  await expectNoSeriousA11yViolations(page, "a venture's statement at 768 px");
  await screenshot(page, 'joint-venture-statement-768');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/joint-ventures?tab=settlements');
  await expect(page.getByRole('cell', { name: /JVS-\d{4}-\d{6}/ }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the settlements list');
});
