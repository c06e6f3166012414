import { rm } from 'node:fs/promises';
import { todayIso } from '../ledger/today.ts';
import { cachedDemoDump } from './demo-dump-file.ts';
import { writeDataDir } from './tarball.ts';

/*
 * The browser suite's server (e2e/playwright.config.ts) starts with `--demo` on a fresh data
 * directory. When the unit run has just seeded today's demo for this same code (demo-database.ts,
 * the demo's own test does it), the directory starts as a copy of that: the journeys then do not
 * wait half a minute while one core seeds the same demo again. Otherwise it stays empty and the
 * server seeds it as `npm run demo` does. The copy's users carry the unit run's cheap Argon2 cost
 * (a verification reads the cost from the hash); everything else is what the seed writes.
 *
 *   node --import tsx apps/server/src/test/restore-demo-data-dir.ts <DATA_DIR>
 */

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: restore-demo-data-dir.ts <DATA_DIR>');
const dump = await cachedDemoDump(todayIso());
if (dump) {
  await writeDataDir(dataDir, dump);
  console.log(`${dataDir}: today's demo copied from the unit run's seed`);
} else {
  await rm(dataDir, { recursive: true, force: true });
  console.log(`${dataDir}: no seeded demo of this code for today; the server seeds it`);
}
