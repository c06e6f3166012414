import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunch } from './chromium.ts';

const port = Number(process.env.E2E_PORT ?? 3210);
// Two runs on one machine (two working copies' helpers) each need their own port and database.
const dataDir = process.env.E2E_DATA_DIR ?? '.data';
export const baseURL = `http://127.0.0.1:${port}`;

// A real server on a fresh embedded database filled with the demo company, driven by
// Debian's Chromium (browser downloads do not work here).
export default defineConfig({
  testDir: 'tests',
  fullyParallel: true,
  workers: 2,
  // One retry, reported as "flaky" in the output: a journey that fails twice fails the run,
  // while a single timing hiccup on a loaded 2-core CI machine does not sink a landing.
  retries: 1,
  // A journey is many screens long; on a loaded 2-core CI machine 30 s was not always enough.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: 'list',
  outputDir: 'test-results',
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: chromiumLaunch,
    // The app honours the system's reduced-motion setting (antd's motion off): no drawer slides or
    // fades for the journeys to wait out, and fewer frames for Chromium to draw on 2 shared cores.
    reducedMotion: 'reduce',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    // A copy of the demo the unit run seeded today for this code when there is one
    // (apps/server/src/test/restore-demo-data-dir.ts), else an empty directory the server seeds.
    command: `node --import tsx ../apps/server/src/test/restore-demo-data-dir.ts ${dataDir} && node --import tsx ../apps/server/src/main.ts --demo`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // The demo company grew a payroll (six months run and paid): its seed needs longer on a loaded machine.
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: '../apps/web/dist',
      JWT_SECRET: 'e2e-secret-not-for-production-0123456789',
      ADMIN_PASSWORD: 'Demo@12345',
      LOG_LEVEL: 'warn',
    },
  },
});
