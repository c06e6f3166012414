import { type BrowserContext, test as base } from '@playwright/test';

/** What a journey can leave in its origin's storage (the saved tokens above all); not the HTTP cache. */
const storageTypes = 'local_storage,session_storage,indexeddb,cache_storage,service_workers,file_systems';

/**
 * The journeys' `test`: each journey still gets a page of its own, but in one browser context per
 * worker instead of a new one per journey. A new context starts with an empty cache, so each
 * journey's first screen fetched the app's JavaScript again; the app serves its assets as
 * immutable, so in a kept context the next journey takes them from the cache. (Playwright's own
 * `reuseContext` empties the cache between tests: the cache is what this keeps.)
 *
 * Once a journey passes, what it could leave behind goes: its pages (with their routes, listeners
 * and emulation), the context's routes, cookies, permissions, offline state, extra headers and
 * geolocation, and its origin's storage (the saved token, the palette's recent records); not the
 * context's init scripts, bindings or clock, which a journey would set on its page instead. A failed
 * journey leaves all as it is, for its error report's snapshot of the page: Playwright replaces the
 * worker, and with it the context, before the next journey.
 *
 * The context is made with the options of the worker's first journey (the project's: base URL,
 * viewport, reduced motion). Journeys whose context options differ (`test.use`) cannot share it:
 * the first that finds a context made with other options fails at once, rather than run in a
 * context that ignores its own.
 */
export const test = base.extend<object, { workerContext: { context: BrowserContext; options: string } }>({
  workerContext: [
    async ({ browser }, use) => {
      const context = await browser.newContext();
      await use({ context, options: '' });
      await context.close();
    },
    { scope: 'worker' },
  ],
  context: async (
    { workerContext, baseURL, viewport, reducedMotion, colorScheme, locale, timezoneId, userAgent, deviceScaleFactor, isMobile, hasTouch, permissions, storageState, extraHTTPHeaders, geolocation, offline, contextOptions },
    use,
    testInfo,
  ) => {
    const options = JSON.stringify({ baseURL, viewport, reducedMotion, colorScheme, locale, timezoneId, userAgent, deviceScaleFactor, isMobile, hasTouch, permissions, storageState, extraHTTPHeaders, geolocation, offline, contextOptions });
    workerContext.options ||= options;
    if (options !== workerContext.options) throw new Error(`This journey's context options differ from its worker's kept context (e2e/tests/fixtures.ts): ${options}`);
    const { context } = workerContext;
    await use(context);
    if (testInfo.status !== testInfo.expectedStatus) return;
    for (const page of context.pages()) await page.close();
    await context.unrouteAll();
    await context.clearCookies();
    await context.clearPermissions();
    await context.setOffline(false);
    await context.setExtraHTTPHeaders({});
    await context.setGeolocation(null);
    // The storage call goes to a page of this context: a blank one, closed at once.
    const blank = await context.newPage();
    try {
      const devtools = await context.newCDPSession(blank);
      await devtools.send('Storage.clearDataForOrigin', { origin: new URL(baseURL!).origin, storageTypes });
    } finally {
      await blank.close();
    }
  },
});
