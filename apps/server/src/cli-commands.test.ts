import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './db/client.ts';
import { runCli } from './cli-commands.ts';
import { createTestApp, openMigratedTestDatabase, type TestApp } from './test/test-app.ts';

let t: TestApp;
let dir: string;
let backup: string;
let secret: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(join(tmpdir(), 'erp-cli-'));
  backup = join(dir, 'erp.backup.gz');
  const [row] = await queryRows<{ value: string }>(t.database.db, sql`SELECT value FROM app_secrets WHERE key = 'jwt_secret'`);
  secret = row!.value;
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

async function cli(args: string[], database = t.database) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { out: (line) => out.push(line), err: (line) => err.push(line) }, { database });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** The backup with the first row of `table` repeated after it: a key the restore refuses. */
async function withRepeatedRow(table: string): Promise<string> {
  const lines = gunzipSync(await readFile(backup)).toString('utf8').split('\n');
  const at = lines.findIndex((line) => line.startsWith('{"table":') && JSON.parse(line).table === table);
  const section = JSON.parse(lines[at]!) as { table: string; rows: number };
  lines.splice(at, 2, JSON.stringify({ ...section, rows: section.rows + 1 }), lines[at + 1]!, lines[at + 1]!);
  const file = join(dir, `repeated-${table}.backup.gz`);
  await writeFile(file, gzipSync(lines.join('\n')));
  return file;
}

describe('erp restore: what a failure prints (issue 17)', () => {
  it('backs up', async () => {
    const result = await cli(['backup', backup]);
    expect(result.code, result.err).toBe(0);
    expect(result.out).toMatch(/^Backed up \d+ rows/);
  });

  it('names the table and the row, never the rows: no password hash, no token secret, no stack', async () => {
    const target = await openMigratedTestDatabase();
    try {
      for (const [table, row] of [
        ['users', 2],
        ['app_secrets', 2],
      ] as const) {
        const result = await cli(['restore', await withRepeatedRow(table)], target);
        expect(result.code, result.err).toBe(1);
        expect(result.err.split('\n')).toHaveLength(1);
        expect(result.err).toMatch(new RegExp(`at table ${table}, row ${row} \\(constraint \\w+\\); nothing was restored$`));
        expect(result.err).not.toContain('$argon2');
        expect(result.err).not.toContain(secret);
        expect(result.err).not.toMatch(/\n\s+at /);
      }
      // Nothing half-restored: the target is as it was.
      const [users] = await queryRows<{ n: number }>(target.db, sql`SELECT count(*)::int AS n FROM users`);
      expect(users!.n).toBe(0);
      // The untouched backup still restores.
      const restored = await cli(['restore', backup], target);
      expect(restored.code, restored.err).toBe(0);
    } finally {
      await target.close();
    }
  });

  it('a missing file, a file that is not gzip and one that is not a backup: one clear line, exit 1', async () => {
    const missing = join(dir, 'nope.backup.gz');
    expect(await cli(['restore', missing])).toEqual({ code: 1, out: '', err: `No backup file ${missing}` });
    const text = join(dir, 'text.backup.gz');
    await writeFile(text, 'username,password_hash\nadmin,$argon2id$v=19$secret\n');
    expect(await cli(['restore', text])).toEqual({ code: 1, out: '', err: `${text} is not a gzip'd backup` });
    const other = join(dir, 'other.backup.gz');
    await writeFile(other, gzipSync('{"hello":"$argon2id$v=19$secret"\n'));
    expect(await cli(['restore', other])).toEqual({ code: 1, out: '', err: 'The backup is damaged at line 1 (its header)' });
    expect((await cli(['restore'])).code).toBe(2);
  });
});
