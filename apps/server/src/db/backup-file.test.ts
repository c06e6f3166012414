import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { backupDatabase } from './backup.ts';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(join(tmpdir(), 'erp-backup-mode-'));
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

describe('backup files (issue 6)', () => {
  it('are readable by their owner only: they hold password hashes and the token-signing key', async () => {
    const previous = process.umask(0o022);
    try {
      const file = join(dir, 'new.backup.gz');
      await backupDatabase(t.database.db, file);
      expect(await modeOf(file)).toBe(0o600);

      // A file already there, world-readable, is narrowed too before anything is written to it.
      const existing = join(dir, 'existing.backup.gz');
      await writeFile(existing, 'old', { mode: 0o644 });
      expect(await modeOf(existing)).toBe(0o644);
      await backupDatabase(t.database.db, existing);
      expect(await modeOf(existing)).toBe(0o600);
      expect((await stat(existing)).size).toBeGreaterThan(3);
    } finally {
      process.umask(previous);
    }
  });
});
