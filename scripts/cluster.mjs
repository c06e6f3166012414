#!/usr/bin/env node
// `npm run cluster -- --processes N` (or `ERP_PROCESSES=N npm start`): N server processes on one
// port of this machine (Node's cluster module shares the listening socket), over one PostgreSQL.
// Each process gets a pool sized so that N pools, N listening connections and some room for
// the CLI and maintenance stay under the server's max_connections. A process that dies is
// started again; SIGTERM/SIGINT stop them all gracefully (each finishes its requests in flight
// and hands its job chunk back).
import './check-node.mjs';
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function processesOf(argv, env) {
  const flag = argv.indexOf('--processes');
  const text = flag >= 0 ? argv[flag + 1] : env.ERP_PROCESSES;
  if (text === undefined || text === '' || text === 'auto') return availableParallelism();
  const count = Number(text);
  if (!Number.isInteger(count) || count < 1 || count > 64) throw new Error(`--processes must be a whole number from 1 to 64, not ${text}`);
  return count;
}

/** Per process: (max_connections - reserved) / N, at most 10 and at least 2; one more each for LISTEN. */
export function poolSizeOf(maxConnections, reserved, processes) {
  return Math.max(2, Math.min(10, Math.floor((maxConnections - reserved) / processes) - 1));
}

async function primary() {
  const processes = processesOf(process.argv.slice(2), process.env);
  if (!process.env.DATABASE_URL) {
    console.error('Several server processes need PostgreSQL: set DATABASE_URL (the embedded database serves one process). See docs/DEPLOYMENT.md.');
    process.exit(1);
  }
  let poolMax = Number(process.env.DB_POOL_MAX) || undefined;
  if (!poolMax) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query(`SELECT current_setting('max_connections')::int AS max, current_setting('superuser_reserved_connections')::int AS reserved`);
    await client.end();
    // Room for the superuser's reserve, the CLI, backups and a replica's walsender.
    poolMax = poolSizeOf(rows[0].max, rows[0].reserved + 5, processes);
  }
  const webDist = process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : join(root, 'apps/web/dist');
  if (!existsSync(join(webDist, 'index.html'))) {
    console.log('Building the web app (first start)...');
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  console.log(`Starting ${processes} server processes, a pool of ${poolMax} connections each`);
  cluster.setupPrimary({
    exec: join(root, 'apps/server/src/main.ts'),
    execArgv: ['--import', 'tsx'],
    args: process.argv.slice(2).filter((arg, i, all) => arg !== '--processes' && all[i - 1] !== '--processes'),
  });
  const env = { WEB_DIST: webDist, DB_POOL_MAX: String(poolMax) };
  let stopping = false;
  const fork = () => cluster.fork(env);
  // The first process migrates alone (migrations take an advisory lock anyway), then the others start.
  const first = fork();
  first.once('listening', () => {
    for (let i = 1; i < processes; i++) fork();
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`Server process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    setTimeout(fork, 1000);
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
      const exitWhenDone = setInterval(() => {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      }, 100);
      exitWhenDone.unref();
    });
  }
}

if (cluster.isPrimary && process.argv[1] === fileURLToPath(import.meta.url)) {
  primary().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
