import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openToken, sealToken, secretsKey } from './fbr-secrets.ts';

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('the key tokens are sealed with', () => {
  it('is SECRETS_KEY when set, refused shorter than 32 characters, never kept by PostgreSQL alone', async () => {
    const postgres = { kind: 'postgres', location: 'postgres://db' } as const;
    const key = await secretsKey(postgres, { SECRETS_KEY: 'k'.repeat(32) });
    expect(key).toHaveLength(32);
    await expect(secretsKey(postgres, { SECRETS_KEY: 'short' })).rejects.toMatchObject({ statusCode: 409 });
    await expect(secretsKey(postgres, {})).rejects.toMatchObject({ statusCode: 409 });
  });

  it('is a key file made once in an embedded database’s directory, readable only by its owner', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fbr-key-'));
    dirs.push(dir);
    const first = await secretsKey({ kind: 'pglite', location: dir }, {});
    const file = join(dir, 'secrets.key');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim().length).toBeGreaterThanOrEqual(32);
    // Read again from the file (the path spelt otherwise is not in this process's memory): the same key, as after a restart.
    expect((await secretsKey({ kind: 'pglite', location: `${dir}/` }, {})).equals(first)).toBe(true);
  });
});

describe('a sealed token', () => {
  const key = Buffer.alloc(32, 7);
  it('opens with its key and environment only', () => {
    const sealed = sealToken(key, 'sandbox', 'the-token');
    expect(sealed).not.toContain('the-token');
    expect(sealToken(key, 'sandbox', 'the-token')).not.toBe(sealed);
    expect(openToken(key, 'sandbox', sealed)).toBe('the-token');
    expect(openToken(key, 'production', sealed)).toBeNull();
    expect(openToken(Buffer.alloc(32, 8), 'sandbox', sealed)).toBeNull();
    expect(openToken(key, 'sandbox', 'v1.garbage')).toBeNull();
  });
});
