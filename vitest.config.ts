import { defineConfig } from 'vitest/config';

const server = {
  root: 'apps/server',
  environment: 'node',
  setupFiles: ['src/test/test-clock.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

/*
 * The date check (issue 27): the server files that read "today" run again with the clock at the
 * days where calendars break: the first of a month and 1 January, the last of a month and the
 * tax year's end (30 June), and 29 February. On PGlite, whose SQL clock follows the shifted Date.
 */
const dateSensitiveFiles = [
  'src/demo/seed-demo.test.ts',
  'src/modules/dashboard/dashboard.test.ts',
  'src/modules/money/aging.test.ts',
  'src/modules/rentals/month-end-batch.test.ts',
  'src/modules/payroll/pay-runs.test.ts',
  'src/modules/accounting/journals.test.ts',
  'src/test/shifted-date.test.ts',
];
export const checkDates = ['2027-01-01', '2027-06-30', '2028-02-29'];

// One run, several projects: pure domain rules, the server on a real database (and its date
// check), web components, and the start scripts' runtime check.
export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker (cores - 1); the server files spend their time in
    // PGlite's single-threaded engine, so a second worker nearly halves the run.
    maxWorkers: 2,
    projects: [
      { test: { name: 'domain', root: 'packages/domain', environment: 'node', include: ['src/**/*.test.ts'] } },
      { test: { name: 'server', ...server, include: ['src/**/*.test.ts'] } },
      ...checkDates.map((date) => ({
        test: { name: `server@${date}`, ...server, include: dateSensitiveFiles, env: { TEST_TODAY: date, DATABASE_URL: '' } },
      })),
      { extends: 'apps/web/vite.config.ts', test: { name: 'web', root: 'apps/web' } },
      { test: { name: 'scripts', root: 'scripts', environment: 'node', include: ['*.test.ts'] } },
    ],
  },
});
