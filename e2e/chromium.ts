import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/**
 * Debian's build of Chromium's headless shell (package chromium-headless-shell) when installed,
 * else Debian's Chromium: the same Blink without the full browser around it, and the browser
 * Playwright itself runs headless. On 2 cores the journeys took about an eighth less time
 * (docs/decisions/platform.md, "The suite's time, again"). A headed run (`--headed`) needs the
 * full browser: CHROMIUM_PATH=/usr/bin/chromium.
 */
const headlessShell = '/usr/bin/chromium-headless-shell';

/**
 * V8's optimizing compilers (Maglev, then TurboFan) compile a page's hot functions on background
 * threads, and do it again for each new document: a fifth of the renderer's CPU in a traced
 * journey, for code that runs a second or two before the next navigation. Without them the page
 * runs on Ignition and Sparkplug, the same JavaScript with the same results, and a loop of app
 * screens each booted and checked by axe took a third less of Chromium's CPU on 2 cores
 * (docs/decisions/platform.md, "an eighth time").
 */
const interpretedJs = '--js-flags=--no-opt --no-maglev';

/** How every spec launches Chromium: Debian's build (browser downloads do not work here), no sandbox, nothing phoning home. */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium'),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', interpretedJs],
} satisfies LaunchOptions;
