import { type BrowserContext, test as base } from '@playwright/test';

/** What a journey can leave in its origin's storage: the saved tokens above all. Not the HTTP cache. */
const storageTypes = 'cookies,local_storage,session_storage,indexeddb,cache_storage,service_workers,file_systems,websql';

/**
 * The journeys' `test`: each journey still gets a page of its own, but in one browser context per
 * worker instead of a new one per journey. A new context starts with an empty memory cache, so
 * each journey's first screen fetched and compiled the app's JavaScript again; the app serves its
 * assets as immutable, so in a kept context the next journey takes them from the cache, with V8's
 * compiled code. Once a journey ends, what it could leave behind goes: its pages, cookies,
 * permissions, and its origin's storage (the saved token, the palette's recent records).
 *
 * The context is made with the options of the worker's first journey (the project's: base URL,
 * viewport, reduced motion). A spec that sets other context options with `test.use` must not
 * take this `test`: such options would be silently ignored. A failed journey's worker is replaced,
 * and with it the context.
 */
export const test = base.extend<object, { workerContext: BrowserContext }>({
  workerContext: [
    async ({ browser }, use) => {
      const context = await browser.newContext();
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
  context: async ({ workerContext, baseURL }, use) => {
    await use(workerContext);
    for (const page of workerContext.pages()) await page.close();
    await workerContext.clearCookies();
    await workerContext.clearPermissions();
    const blank = await workerContext.newPage();
    try {
      const devtools = await workerContext.newCDPSession(blank);
      await devtools.send('Storage.clearDataForOrigin', { origin: new URL(baseURL!).origin, storageTypes });
    } finally {
      await blank.close();
    }
  },
});
