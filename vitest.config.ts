import { defineConfig } from 'vitest/config';
import DemoSeedsOnceSequencer from './scripts/vitest-sequencer.ts';

const server = {
  root: 'apps/server',
  environment: 'node',
  setupFiles: ['src/test/test-clock.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  maxWorkers: 2,
} as const;

/*
 * The date check (issue 27): the server files that read "today" run again with the clock at the
 * days where calendars break: the first of a month and 1 January, the last of a month and the
 * tax year's end (30 June), and 29 February. On PGlite, whose SQL clock follows the shifted Date.
 * Like the server's own project, each date's project shares one module graph per worker; its
 * shifted Date class is installed once per worker (src/test/test-clock.ts), so a date a module
 * made during an earlier file is still an `instanceof Date` to the next file's code.
 */
const dateSensitiveFiles = [
  'src/demo/seed-demo.test.ts',
  'src/modules/dashboard/dashboard.test.ts',
  'src/modules/money/aging.test.ts',
  'src/modules/rentals/month-end-batch.test.ts',
  'src/modules/payroll/pay-runs.test.ts',
  'src/modules/accounting/journals.test.ts',
  // Its plan-adjusted demand reads this year's plan to date: on 1 January a day's worth.
  'src/modules/ordering/order-generation-runs.test.ts',
  'src/test/shifted-date.test.ts',
  // A month's return with last month's invoice cancelled this month: on the 1st, "last month" is a day ago.
  'src/modules/sales/sales-tax-return.test.ts',
];
/** Server files that mock a module (vi.mock): a shared module graph would hand them the real one. */
const isolatedServerFiles = ['src/modules/hr/payroll-usage.test.ts'];
export const checkDates = ['2027-01-01', '2027-06-30', '2028-02-29'];

// One run, several projects: pure domain rules, the server on a real database (and its date
// check), web components, and the start scripts' runtime check.
export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker (cores - 1); the server files spend their time in
    // PGlite's single-threaded engine, so a second worker nearly halves the run.
    maxWorkers: 2,
    // Each project seeds the day's demo once, not once per worker (scripts/vitest-sequencer.ts).
    sequence: { sequencer: DemoSeedsOnceSequencer },
    projects: [
      // Pure functions: one module graph per worker, as the server's and the web's files share theirs.
      { test: { name: 'domain', root: 'packages/domain', environment: 'node', isolate: false, setupFiles: ['src/areas.setup.ts'], include: ['src/**/*.test.ts'] } },
      // One module graph per worker, not per file: importing the whole server (and its Fastify,
      // Drizzle, PDF and spreadsheet libraries) again for each of some 140 files was most of the
      // run. Each file still opens its own database and app; a file that fakes timers or spies
      // restores them. The date check keeps isolation: its setup file moves the global Date.
      { test: { name: 'server', ...server, isolate: false, include: ['src/**/*.test.ts'], exclude: isolatedServerFiles } },
      { test: { name: 'server-isolated', ...server, include: isolatedServerFiles } },
      ...checkDates.map((date) => ({
        test: { name: `server@${date}`, ...server, isolate: false, include: dateSensitiveFiles, env: { TEST_TODAY: date, DATABASE_URL: '' } },
      })),
      // The components' tests share one module graph per worker too (each renders into a fresh
      // document and cleans up after itself): a third of the time of importing antd per file.
      { extends: 'apps/web/vite.config.ts', test: { name: 'web', root: 'apps/web', isolate: false, maxWorkers: 2 } },
      { test: { name: 'scripts', root: 'scripts', environment: 'node', include: ['*.test.ts'] } },
    ],
  },
});
