import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const scripts = import.meta.dirname;
const work = mkdtempSync(join(tmpdir(), 'erp-cli-script-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm run erp -- restore (issue 17)', () => {
  it('a missing file: one clear line, exit 1, no stack trace, no database opened', () => {
    const dataDir = join(work, 'data');
    const missing = join(work, 'nope.backup.gz');
    const result = spawnSync(process.execPath, [join(scripts, 'erp.mjs'), 'restore', missing], {
      cwd: join(scripts, '..'),
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`No backup file ${missing}\n`);
    expect(existsSync(dataDir)).toBe(false);
  }, 40_000);
});
