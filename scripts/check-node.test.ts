import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript module, run on any Node before TypeScript is loaded
import { isSupportedNode } from './check-node.mjs';

const scripts = import.meta.dirname;
const work = mkdtempSync(join(tmpdir(), 'erp-check-node-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// Makes this Node report itself as v20.20.2 before the entry script runs: the refusal
// path is the script's own, exercised on whatever Node runs the tests.
const pretendNode20 = join(work, 'pretend-node-20.mjs');
writeFileSync(pretendNode20, "Object.defineProperty(process, 'version', { value: 'v20.20.2' });\n");

function runOn(node: string, args: string[], dataDir: string) {
  return spawnSync(node, args, { cwd: join(scripts, '..'), env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8', timeout: 20_000 });
}

describe('the supported Node.js range', () => {
  it('accepts 22.12 and newer, refuses 20 and 22.11', () => {
    expect(['v22.12.0', 'v22.22.1', 'v23.0.0', 'v24.21.0', 'v26.1.0'].map(isSupportedNode)).toEqual([true, true, true, true, true]);
    expect(['v20.20.2', 'v22.11.0', 'v18.20.0'].map(isSupportedNode)).toEqual([false, false, false]);
  });

  for (const entry of ['start.mjs', 'erp.mjs']) {
    it(`${entry} stops at once on Node 20 with one line and writes nothing`, () => {
      const dataDir = join(work, `data-${entry}`);
      const result = runOn(process.execPath, ['--import', pretendNode20, join(scripts, entry), 'migrate'], dataDir);
      expect(result.status).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe('Supplies ERP needs Node.js 22.12 or newer; this is v20.20.2.\n');
      expect(existsSync(dataDir)).toBe(false);
    });
  }

  // This machine ships an end-of-life Node at /usr/bin/node: the real thing, where it is there.
  const systemNode = '/usr/bin/node';
  const systemVersion = existsSync(systemNode) ? spawnSync(systemNode, ['--version'], { encoding: 'utf8' }).stdout.trim() : '';
  it.runIf(systemVersion !== '' && !isSupportedNode(systemVersion))(`the real ${systemVersion || 'old Node'} is refused by npm test's first step`, () => {
    const dataDir = join(work, 'data-system');
    const result = runOn(systemNode, [join(scripts, 'check-node.mjs')], dataDir);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(`Supplies ERP needs Node.js 22.12 or newer; this is ${systemVersion}.\n`);
    expect(readdirSync(work)).not.toContain('data-system');
  });

  const systemNpm = '/usr/bin/npm';
  it.runIf(systemVersion !== '' && !isSupportedNode(systemVersion) && existsSync(systemNpm))(`npm ci refuses at once on the real ${systemVersion || 'old Node'} (engine-strict), installing nothing`, () => {
    // A copy of what npm ci reads: never the clone itself, whose node_modules npm ci would remove first.
    const copy = join(work, 'npm-ci');
    mkdirSync(copy);
    for (const file of ['package.json', 'package-lock.json', '.npmrc']) copyFileSync(join(scripts, '..', file), join(copy, file));
    const result = spawnSync(systemNpm, ['ci'], { cwd: copy, env: { ...process.env, PATH: '/usr/bin:/bin' }, encoding: 'utf8', timeout: 60_000 });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('EBADENGINE');
    expect(result.stderr).toContain('"node":">=22.12.0"');
    expect(existsSync(join(copy, 'node_modules'))).toBe(false);
  }, 70_000);
});
