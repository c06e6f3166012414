#!/usr/bin/env node
// `npm start` / `npm run demo`: build the web app when it is not built, then run the server
// in this same process tree so Ctrl+C reaches it directly and it can shut down cleanly.
import './check-node.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const webDist = join(root, 'apps/web/dist');

if (!existsSync(join(webDist, 'index.html'))) {
  console.log('Building the web app (first start)...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(
  process.execPath,
  ['--import', 'tsx', join(root, 'apps/server/src/main.ts'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { WEB_DIST: webDist, ...process.env } },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
