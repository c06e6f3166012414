import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

let dir: string;
let umaskBefore: number;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'erp-private-'));
  // The usual umask of a server account: without the rule, PGlite's first files come out 0666 under it.
  umaskBefore = process.umask(0o022);
});
afterAll(async () => {
  process.umask(umaskBefore);
  await rm(dir, { recursive: true, force: true });
});

/** Every path below `root` whose mode lets anyone but the owner in, with its mode. */
async function openToOthers(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const open: string[] = [];
  for (const entry of entries) {
    const path = join(entry.parentPath, entry.name);
    const mode = (await stat(path)).mode & 0o777;
    if (mode & 0o077) open.push(`${mode.toString(8)} ${path}`);
  }
  return open;
}

describe('the embedded database directory holds the books: owner only (issue 27, section 2)', () => {
  it('a new DATA_DIR is 0700 and every file in it 0600, also those written after opening', async () => {
    const dataDir = join(dir, 'books', 'data');
    const database = await openDatabase({ dataDir });
    try {
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
      expect(await openToOthers(dataDir)).toEqual([]);
      await database.db.execute(sql`CREATE TABLE ledger_probe (amount numeric(18, 2))`);
      await database.db.execute(sql`INSERT INTO ledger_probe VALUES ('10.00')`);
      await database.db.execute(sql`CHECKPOINT`);
    } finally {
      await database.close();
    }
    expect(await openToOthers(dataDir)).toEqual([]);
    const files = (await readdir(dataDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
    expect(files.length).toBeGreaterThan(100);
    // A fresh PGlite directory is unpacked from scratch: slow on a busy machine.
  }, 120_000);
});
