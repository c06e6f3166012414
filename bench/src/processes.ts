import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * BENCH_SERVER_ROOT: another checkout (a worktree of an earlier commit, its own `npm ci` done)
 * whose server the bench starts instead of this one's, so a before-and-after runs one bench script
 * against both codes, alternated.
 */
const serverRoot = process.env.BENCH_SERVER_ROOT ?? root;
const fromServerRoot = (entry: string) => (entry.startsWith(root) ? join(serverRoot, entry.slice(root.length)) : entry);

/** Runs a TypeScript entry in its own Node process (so the load generator does not share its event loop). */
export async function startProcess(entry: string, env: Record<string, string>, readyUrl: string, timeoutMs = 60_000): Promise<ChildProcess> {
  // BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles what is measured.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', fromServerRoot(entry)], {
    cwd: serverRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
    try {
      if ((await fetch(readyUrl)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${entry} did not answer ${readyUrl} within ${timeoutMs / 1000} s`);
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** Signs the admin in on a bench's server: its bearer token. */
export async function adminToken(base: string, password: string): Promise<string> {
  const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }) });
  const { token } = (await login.json()) as { token: string };
  return token;
}
