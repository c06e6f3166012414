import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeDataDir } from '../apps/server/src/test/tarball.ts';
import { migratedPgliteDump } from '../apps/server/src/test/template-database.ts';

const root = join(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'erp-start-'));
// A stand-in for the built web app, so the start script does not build it.
const webDist = join(work, 'web');
mkdirSync(webDist);
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>stub</title>');
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/**
 * `npm start` (or the script directly) in its own process group like a terminal's job, on a fresh
 * data directory or on one holding `dump`; resolves once it listens.
 */
async function start(name: string, command: string[], dump?: Blob) {
  const dataDir = join(work, name);
  if (dump) await writeDataDir(dataDir, dump);
  const child = spawn(command[0]!, command.slice(1), {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(await freePort()), HOST: '127.0.0.1', WEB_DIST: webDist, ADMIN_PASSWORD: 'Admin@12345', LOG_LEVEL: 'warn' },
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.on('exit', (code, signal) => done({ code, signal })));
  await new Promise<void>((done, fail) => {
    const check = setInterval(() => {
      if (output.includes('ERP server listening')) {
        clearInterval(check);
        done();
      } else if (child.exitCode !== null) {
        clearInterval(check);
        fail(new Error(`exited before listening:\n${output}`));
      }
    }, 100);
  });
  const lock = join(dataDir, '.erp.lock');
  const serverPid = Number(readFileSync(lock, 'utf8').trim().split(/\s/)[0]);
  return { child, lock, serverPid, exited, output: () => output };
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('stopping the server (issue 17)', () => {
  it("a terminal's Ctrl+C (SIGINT to the whole group, twice over) stops it once, cleanly: exit 0, lock gone", async () => {
    const run = await start('ctrl-c', [process.execPath, join(root, 'scripts/start.mjs')]);
    expect(existsSync(run.lock)).toBe(true);
    process.kill(-run.child.pid!, 'SIGINT');
    // A second Ctrl+C while it closes changes nothing.
    setTimeout(() => {
      if (run.child.exitCode === null) process.kill(-run.child.pid!, 'SIGINT');
    }, 50);
    expect(await run.exited, run.output()).toEqual({ code: 0, signal: null });
    expect(existsSync(run.lock), run.output()).toBe(false);
    expect(isAlive(run.serverPid)).toBe(false);
  }, 60_000);

  it('kill -TERM of npm start stops the server too: no orphan keeps the port or the lock', async () => {
    // Already migrated (the tests' cached template): npm's signal is what is tested; the first start
    // on an empty directory is the test above.
    const run = await start('sigterm', ['npm', 'start', '--silent'], await migratedPgliteDump());
    expect(isAlive(run.serverPid)).toBe(true);
    run.child.kill('SIGTERM');
    await run.exited;
    // npm may leave before its child; the server still stops on its own within moments.
    for (let i = 0; i < 100 && isAlive(run.serverPid); i++) await new Promise((done) => setTimeout(done, 100));
    expect(isAlive(run.serverPid), run.output()).toBe(false);
    expect(existsSync(run.lock), run.output()).toBe(false);
  }, 60_000);
});
