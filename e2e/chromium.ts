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

/** How every spec launches Chromium: Debian's build (browser downloads do not work here), no sandbox, nothing phoning home. */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium'),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
} satisfies LaunchOptions;
