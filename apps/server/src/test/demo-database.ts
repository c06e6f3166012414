import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { type Db, pgliteExtensions } from '../db/client.ts';
import { withPreparedStatements } from '../db/pglite-prepared.ts';
import * as schema from '../db/schema/index.ts';
import { bootstrap } from '../bootstrap.ts';
import { seedDemo } from '../demo/seed-demo.ts';
import { todayIso } from '../ledger/general-ledger.ts';
import { createPasswordHasher } from '../lib/passwords.ts';
import { migratedPgliteDump, openPgliteDump } from './template-database.ts';
import { demoDumpFile, dumpDir, keepDump } from './demo-dump-file.ts';
import { seedTurn } from './seed-turn.ts';
import { createTestApp, type TestApp, testAdminPassword, testPasswordHashing } from './test-app.ts';

/*
 * The demo seeded once per day and code, then copied for each test file that reads it (the
 * dashboard, the demo's own tests, the payroll demo): a seed posts a year of documents and takes
 * minutes on 2 cores, and the date check (vitest.config.ts) needs it on three more days. The dump
 * is named after a hash of the server's and the domain's source and of the day, so any change to
 * the seed's code, or another day, seeds anew. PostgreSQL runs seed each time (no cache).
 */

async function seededDump(day: string): Promise<Blob> {
  await mkdir(dumpDir, { recursive: true });
  const file = await demoDumpFile(day);
  const turn = await seedTurn(file);
  if ('dump' in turn) return turn.dump;
  try {
    return await seedInto(dumpDir, file, day);
  } finally {
    await turn.release();
  }
}

async function seedInto(dir: string, file: string, day: string): Promise<Blob> {
  const builder = withPreparedStatements(await PGlite.create({ loadDataDir: await migratedPgliteDump(), extensions: pgliteExtensions }));
  try {
    // As createTestApp and a test's seed do it: the company and admin first, then the demo.
    const db = drizzle({ client: builder, schema }) as unknown as Db;
    const passwords = createPasswordHasher(testPasswordHashing);
    await bootstrap(db, passwords, testAdminPassword);
    await seedDemo(db, passwords);
    await builder.exec('CHECKPOINT');
    const dump = await builder.dumpDataDir('none');
    await keepDump(file, dump);
    for (const name of await readdir(dir)) {
      // Older code's dumps of the day go; a `.partial` or `.lock` of another worker stays (only `.tar` names match).
      if (name.startsWith(`demo-${day}-`) && name.endsWith('.tar') && join(dir, name) !== file) await rm(join(dir, name), { force: true });
    }
    return dump;
  } finally {
    await builder.close();
  }
}

/** A test app over its own copy of today's demo. */
export async function createDemoTestApp(options: { startJobs?: boolean } = {}): Promise<TestApp> {
  if (process.env.DATABASE_URL) {
    const t = await createTestApp(options);
    await seedDemo(t.database.db, createPasswordHasher(testPasswordHashing));
    return t;
  }
  const day = todayIso();
  return createTestApp({ ...options, db: await openPgliteDump(`demo-${day}`, () => seededDump(day)) });
}
