import type { LaunchOptions } from '@playwright/test';

/** How every spec launches Chromium: Debian's build (browser downloads do not work here), no sandbox, nothing phoning home. */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
} satisfies LaunchOptions;
