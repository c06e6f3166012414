#!/usr/bin/env node
// `npm start` / `npm run demo`: build the web app when it is not built, then run the server
// as this process's child and stop with it.
import './check-node.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// ERP_PROCESSES=N: the cluster script starts N processes instead (docs/DEPLOYMENT.md).
if (Number(process.env.ERP_PROCESSES) > 1) {
  const cluster = spawn(process.execPath, [join(root, 'scripts/cluster.mjs'), '--processes', process.env.ERP_PROCESSES, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => cluster.kill(signal));
  cluster.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  // WEB_DIST, as the server reads it, names a web app built elsewhere; the repository's own otherwise.
  const webDist = process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : join(root, 'apps/web/dist');

  if (!existsSync(join(webDist, 'index.html'))) {
    console.log('Building the web app (first start)...');
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }

  const server = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'apps/server/src/main.ts'), ...process.argv.slice(2)],
    { cwd: root, stdio: 'inherit', env: { ...process.env, WEB_DIST: webDist } },
  );
  // A signal to this process alone (`kill -TERM`, npm passing one on) reaches the server through
  // here; a terminal's Ctrl+C reaches both, so the server may see it twice and stops once. This
  // process stays until the server has closed its database, then leaves with its exit code.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

  // npm runs this through `sh -c`, and `kill -TERM` of npm ends that shell, not this process: a
  // parent that is gone counts as a SIGTERM, so the server never outlives the command that ran it.
  const parent = process.ppid;
  const parentGone = () => {
    if (process.ppid !== parent) return true;
    try {
      process.kill(parent, 0);
      return false;
    } catch (error) {
      return error.code === 'ESRCH';
    }
  };
  const watch = setInterval(() => {
    if (!parentGone()) return;
    clearInterval(watch);
    server.kill('SIGTERM');
  }, 500);
  watch.unref();
}
