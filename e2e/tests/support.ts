import { createHmac } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import axeCore from 'axe-core';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { isMenuGroup, menuForRole, type Role } from '@erp/domain';

export const demoPassword = 'Demo@12345';

/** Where the app keeps its tokens (apps/web/src/lib/auth/token-storage.ts, spec section 9). */
const tokenKeys = { main: 'erp.token', assumed: 'erp.assumedToken' } as const;

export async function login(page: Page, username: string, password = demoPassword): Promise<void> {
  await page.goto('/login');
  // The company's logo and name arrive after the form and push it down: a click aimed at "Log in"
  // just before they did landed above it, and nothing was submitted (seen once in 68 journeys).
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page.getByText('Log In Successful')).toBeVisible();
  // '/' forwards to the role's home; tests start once that has happened, so a menu
  // group opened by the forward cannot race a click of theirs.
  await expect(page).not.toHaveURL(/\/(login)?$/);
}

/** The token the login call answers `username`: for a journey's data made or read through the API, and for `openAs`. */
export async function apiToken(request: APIRequestContext, username: string, password = demoPassword): Promise<string> {
  const response = await request.post('/api/login', { data: { username, password } });
  expect(response.status(), `login of ${username}`).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** Headers that sign an API call in as `username`: for a journey's data made or read through the API. */
export async function apiHeaders(request: APIRequestContext, username: string): Promise<{ Authorization: string }> {
  return { Authorization: `Bearer ${await apiToken(request, username)}` };
}

/**
 * Opens `path` already signed in as `username`: the token that the login call answers is saved
 * where the app keeps it, as in the browser of a user who comes back (spec section 4, "On start":
 * the saved token is verified). `login` walks the login screen, then the role's home; most
 * journeys went on to another screen at once, and the two screens they skip now cost seconds
 * each on a loaded machine. The login screen keeps its own journeys (login.spec.ts and others).
 */
export async function openAs(page: Page, username: string, path: string, password = demoPassword): Promise<void> {
  const token = await apiToken(page.request, username, password);
  // Any page of the app's origin holds its storage; the health check draws nothing.
  await page.goto('/api/health');
  await page.evaluate(
    ([main, assumed, value]) => {
      localStorage.removeItem(assumed);
      localStorage.setItem(main, value);
    },
    [tokenKeys.main, tokenKeys.assumed, token] as const,
  );
  await page.goto(path);
}

/** The sidebar (or the drawer on small screens). */
export function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Main menu' });
}

/** Top-level labels the role should see, in order. */
export function topLevelLabels(role: Role): string[] {
  return menuForRole(role).map((node) => node.label);
}

export function groupEntries(role: Role): Array<{ label: string; entries: string[] }> {
  return menuForRole(role)
    .filter(isMenuGroup)
    .map((group) => ({ label: group.label, entries: group.entries.map((e) => e.label) }));
}

export async function screenshot(page: Page, name: string): Promise<void> {
  // What a person would see once things settle: no half-finished slide or fade.
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: false, animations: 'disabled' });
}

/** An HS256 token signed with the e2e server's secret, for start-up cases (expired, for one). */
export function signToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
  const signature = createHmac('sha256', e2eSecret).update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
}

export const e2eSecret = 'e2e-secret-not-for-production-0123456789';

/**
 * Answers an antd confirmation popover. Under load a click can land while the popover is
 * still settling and do nothing, so it clicks until the popover closes (a click on a
 * confirm that is already busy is ignored by antd, so nothing is done twice).
 */
export async function confirmPopup(page: Page, ok = 'Yes'): Promise<void> {
  const popup = page.locator('.ant-popover:visible').filter({ has: page.getByRole('button', { name: ok, exact: true }) });
  await expect(popup).toHaveCount(1);
  // A popover can flicker out of view while it settles: only a click of ours answers it.
  let clicked = false;
  await expect(async () => {
    if (await popup.count()) {
      await popup.getByRole('button', { name: ok, exact: true }).click({ timeout: 2_000 });
      clicked = true;
    }
    expect(clicked).toBe(true);
    await expect(popup).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * What AxeBuilder evaluates in each frame before every analysis, twice in legacy mode: axe-core is
 * already there (`withAxe`), so only a check that it still is (a new document would have none).
 * Evaluating the half-megabyte source each time, even behind an `if (!window.axe)`, had V8 parse it twice per check: 0.4 s of a core on an idle
 * machine, more than axe's own run on most screens (docs/decisions/platform.md, "a seventh time").
 */
const axeInEveryFrame = "if (!window.axe) throw new Error('axe-core is missing: the document changed after withAxe')";

/**
 * Evaluates axe-core's source in the page's frames that have none: once per document, as a
 * client-side route change keeps the document, so a journey's later checks reuse it.
 */
async function withAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    // Not `'axe' in window`: an element with id="axe" is in window too.
    const loaded = await frame.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
    if (!loaded) await frame.evaluate(axeCore.source);
  }
}

/** What a screen must be free of (STYLE.md: no serious axe violation on any screen). */
const blockingImpacts = new Set(['serious', 'critical']);

/**
 * WCAG 2 A and AA, only violations collected in full, without the preload of the style sheets and
 * media, which only css-orientation-lock (WCAG 2.1, not run) and no-autoplay-audio (moderate, never
 * blocking) read. `selectors` builds a unique CSS selector for each element reported (one per rule
 * that passed, too): only a failure needs them, so the first analysis goes without (with the
 * preload, a sixth of axe's time on the app's screens), and a failing screen is analysed again with
 * them, so that the failure names the elements to fix.
 */
async function blockingViolations(page: Page, selectors: boolean) {
  // Legacy mode runs `axe.run` in the page itself, without the blank page and third evaluation that
  // `finishRun` needs for cross-origin frames (the app has none).
  const results = await new AxeBuilder({ page, axeSource: axeInEveryFrame })
    // `options` replaces what `withTags` set: the tags go in the same object.
    .options({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, resultTypes: ['violations'], preload: false, selectors })
    .setLegacyMode()
    .analyze();
  return results.violations.filter((violation) => blockingImpacts.has(violation.impact ?? ''));
}

/**
 * Runs axe (WCAG 2 A and AA rules) on what the page shows now and fails on any serious or
 * critical violation, listing each as `rule (impact): help` and the elements it found, so a
 * failure says what to fix. `screen` names the state checked (a drawer open, 768 px).
 * It waits for the screen to settle first: no loading skeleton or spinner, no transition
 * half-way (a fading drawer has colours axe would misjudge).
 */
export async function expectNoSeriousA11yViolations(page: Page, screen: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0);
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  await withAxe(page);
  let violations = await blockingViolations(page, false);
  if (violations.length > 0) violations = await blockingViolations(page, true);
  const blocking = violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes.map((node) => `    ${node.target.join(' ')}`).join('\n')}`,
  );
  expect(blocking, `serious accessibility violations on ${screen}:\n${blocking.join('\n')}`).toEqual([]);
}

/**
 * Picks an option of an antd select inside `scope` by typing part of it, until the select
 * shows the choice: on a loaded machine a click can land while the drawer still settles, and
 * the choice is then lost, so the loop checks what the select shows, not only the click.
 */
export async function pick(page: Page, scope: Locator, select: string, typed: string, option: RegExp): Promise<void> {
  const box = scope.getByRole('combobox', { name: select, exact: true });
  // The select's shown value sits beside its input (a `has` locator is searched inside each candidate).
  const shown = scope.locator('.ant-select-content').filter({ has: page.getByRole('combobox', { name: select, exact: true }) });
  // Each step bounded: an attempt whose click waits on a box still moving (a modal opening) fails and
  // is tried again, instead of holding the attempt until the test's own timeout.
  await expect(async () => {
    await box.click({ timeout: 2_000 });
    await box.fill(typed, { timeout: 2_000 });
    // antd keeps its accessible options hidden; the visible ones are its own items.
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click({ timeout: 2_000 });
    await expect(shown).toHaveText(option, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** A date typed as the pickers show it (5 Mar 2027). */
export async function typeDate(box: Locator, iso: string) {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  await box.click();
  await box.fill(`${day} ${months[month - 1]} ${year}`);
  await box.press('Enter');
}

/** The local date `days` from today, `YYYY-MM-DD`. */
export function inDays(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}
