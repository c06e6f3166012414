import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDataDir } from '../test/tarball.ts';
import { emptyPgliteDump } from '../test/template-database.ts';
import { lockFileName, openDatabase, queryRows } from './client.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'erp-lock-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

/** The pid of a process that has ended: nothing answers to it any more. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

// Each directory starts as initdb's cached result (test/template-database.ts): the lock is what is
// tested here; a directory made from nothing is private-data-dir.test.ts's and start.test.ts's.
// Opens on disk: seconds each on a loaded 2-core machine.
describe('the embedded database lock (issue 6)', { timeout: 60_000 }, () => {
  it('refuses a second open of the same directory while the first is open, and frees it on close', async () => {
    const dataDir = join(dir, 'shared');
    await writeDataDir(dataDir, await emptyPgliteDump());
    const first = await openDatabase({ dataDir });
    try {
      expect((await readFile(join(dataDir, lockFileName), 'utf8')).trim()).toBe(String(process.pid));
      await expect(openDatabase({ dataDir })).rejects.toThrow(
        `The database in ${dataDir} is in use by another process (pid ${process.pid}); stop the server first`,
      );
      // The refused open did not take the lock away from the first.
      expect((await queryRows<{ one: number }>(first.db, sql`SELECT 1 AS one`))[0]?.one).toBe(1);
      expect(existsSync(join(dataDir, lockFileName))).toBe(true);
    } finally {
      await first.close();
    }
    expect(existsSync(join(dataDir, lockFileName))).toBe(false);
    const again = await openDatabase({ dataDir });
    await again.close();
  });

  it('takes over a stale lock left by a process that is gone', async () => {
    const dataDir = join(dir, 'stale');
    await writeDataDir(dataDir, await emptyPgliteDump());
    const pid = deadPid();
    await writeFile(join(dataDir, lockFileName), `${pid}\n`);
    const reopened = await openDatabase({ dataDir });
    try {
      expect((await readFile(join(dataDir, lockFileName), 'utf8')).trim()).toBe(String(process.pid));
    } finally {
      await reopened.close();
    }
  });

  it('takes over a leftover lock carrying its own pid, which it does not hold (a restarted container)', async () => {
    const dataDir = join(dir, 'own-pid');
    await writeDataDir(dataDir, await emptyPgliteDump());
    await writeFile(join(dataDir, lockFileName), `${process.pid}\n`);
    const reopened = await openDatabase({ dataDir });
    try {
      await expect(openDatabase({ dataDir })).rejects.toThrow(/is in use by another process/);
    } finally {
      await reopened.close();
    }
  });
});
