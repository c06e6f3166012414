/*
 * `TEST_TODAY=YYYY-MM-DD` moves a test run's clock to 09:00 of that day (scripts/test-dates.mjs runs
 * the date-sensitive files on the first and last of a month, 1 January, 29 February and 30 June).
 * The global Date is shifted, not frozen: time still passes for leases, tokens and timeouts, and
 * PGlite reads the same `Date.now()`, so SQL's `current_date` agrees with the server's `todayIso()`.
 * PostgreSQL keeps its own clock: the date check's projects (vitest.config.ts) run on PGlite.
 */
import { shiftedDateClass } from './shifted-date.ts';

const today = process.env.TEST_TODAY;
if (today) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`TEST_TODAY must be YYYY-MM-DD, not ${today}`);
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  // Shifted from the real clock each time: without isolation a worker runs this file once per
  // test file, and a Date shifted twice would drift.
  // Installed once per worker: the date check's projects share one module graph per worker
  // (vitest.config.ts), and a Date a module made while an earlier file ran must stay an
  // `instanceof Date` for the next file's code, so every file of the worker sees the same class.
  // Shifted from the real clock: the day's 09:00 when the worker's first file starts.
  const holder = globalThis as typeof globalThis & { realDate?: DateConstructor; shiftedTo?: string };
  if (holder.shiftedTo !== undefined && holder.shiftedTo !== today) {
    throw new Error(`A test worker ran files of two dates (${holder.shiftedTo}, then ${today}): each date's project needs workers of its own`);
  }
  if (holder.shiftedTo === undefined) {
    const real = (holder.realDate ??= Date);
    globalThis.Date = shiftedDateClass(real, new real(year, month - 1, day, 9).getTime() - real.now());
    holder.shiftedTo = today;
  }
} else if ((globalThis as { shiftedTo?: string }).shiftedTo !== undefined) {
  throw new Error('A test worker ran a file on the real clock after files of a shifted date: each date needs workers of its own');
}
