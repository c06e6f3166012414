// `npm run bench:cluster` (issue 22, section 4), on PostgreSQL: N server processes started by
// scripts/cluster.mjs on one port, a mixed workload (a list page, an option list and a posted
// 3-line journal, in turn on each connection) from 16 clients for 1 and 2 processes (4 too
// when the machine has 8 cores or more); journal posting at 8 clients with cache invalidation
// on and off (ERP_CACHE_BUS=off); login p99 with the shared limiter and the in-memory one
// (ERP_LOGIN_LIMITS=memory). BENCH_SECONDS: seconds per measure (default 10).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { root, stopProcess } from './processes.ts';
import { recreatePostgresDatabase } from './seed-volume.ts';

const port = Number(process.env.BENCH_CLUSTER_PORT ?? 3590);
const base = `http://127.0.0.1:${port}`;
const password = 'Bench@12345';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const postgresServer = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseUrl = postgresServer.replace(/\/[^/]*$/, '/erp_bench_cluster');
// No web app is needed: the cluster script only checks that an index.html is there.
const webDist = join(tmpdir(), 'erp-bench-cluster-web');
mkdirSync(webDist, { recursive: true });
writeFileSync(join(webDist, 'index.html'), '<!doctype html>');

async function startCluster(processes: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(root, 'scripts/cluster.mjs'), '--processes', String(processes)], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), ADMIN_PASSWORD: password, WEB_DIST: webDist, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Ready when every process has answered /api/health (each says its pid).
  const pids = new Set<number>();
  const deadline = Date.now() + 180_000;
  while (pids.size < processes) {
    if (Date.now() > deadline) {
      await stopProcess(child);
      throw new Error(`${processes} processes did not all answer within 180 s`);
    }
    try {
      // A new connection each time: a kept-alive one stays with one process.
      const health = (await (await fetch(`${base}/api/health`, { headers: { connection: 'close' } })).json()) as { pid: number };
      pids.add(health.pid);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return child;
}

async function json<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${base}${path}`, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  return (await response.json()) as T;
}

async function session(): Promise<{ token: string; accounts: number[] }> {
  const { token } = await json<{ token: string }>('/api/login', { method: 'POST', body: JSON.stringify({ username: 'admin', password }) });
  const { options } = await json<{ options: Array<{ id: number }> }>('/api/accounts/options?limit=3', { headers: { authorization: `Bearer ${token}` } });
  return { token, accounts: options.map((option) => option.id) };
}

function journalBody(accounts: number[]): string {
  const [a, b, c] = accounts as [number, number, number];
  return JSON.stringify({
    journalDate: new Date().toISOString().slice(0, 10),
    narration: 'Cluster bench journal',
    lines: [
      { accountId: a, debit: '10.00', credit: '0.00' },
      { accountId: b, debit: '0.00', credit: '6.25' },
      { accountId: c, debit: '0.00', credit: '3.75' },
    ],
    post: true,
  });
}

interface Figures {
  requestsPerSecond: number;
  p99: number;
  refused: number;
}

async function measure(options: autocannon.Options): Promise<Figures> {
  const result = await autocannon({ duration: seconds, ...options });
  return { requestsPerSecond: Math.round(result.requests.average), p99: result.latency.p99, refused: result.errors + result.timeouts + result.non2xx };
}

function mixed(token: string, accounts: number[]): Promise<Figures> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  return measure({
    url: base,
    connections: 16,
    requests: [
      { method: 'GET', path: '/api/regions?page=1&pageSize=50', headers },
      { method: 'GET', path: '/api/accounts/options?limit=20', headers },
      { method: 'POST', path: '/api/journals', headers, body: journalBody(accounts) },
    ],
  });
}

function posting(token: string, accounts: number[]): Promise<Figures> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  return measure({ url: `${base}/api/journals`, method: 'POST', connections: 8, headers, body: journalBody(accounts) });
}

function logins(): Promise<Figures> {
  return measure({
    url: `${base}/api/login`,
    method: 'POST',
    connections: 8,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
}

async function withCluster<T>(processes: number, env: Record<string, string>, run: (s: { token: string; accounts: number[] }) => Promise<T>): Promise<T> {
  const cluster = await startCluster(processes, env);
  try {
    const s = await session();
    // Warm-up: prepared statements, JIT of the hot paths, pools filled.
    await measure({ url: `${base}/api/accounts/options?limit=20`, headers: { authorization: `Bearer ${s.token}` }, connections: 16, duration: 2 });
    return await run(s);
  } finally {
    await stopProcess(cluster);
  }
}

if (!(await recreatePostgresDatabase(postgresServer, 'erp_bench_cluster'))) throw new Error(`No PostgreSQL at ${postgresServer}`);
const cores = availableParallelism();
console.log(`cores: ${cores}; load average before: ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
const counts = cores >= 8 ? [1, 2, 4] : [1, 2];
const throughputs = new Map<number, Figures>();
for (const processes of counts) {
  const figures = await withCluster(processes, {}, ({ token, accounts }) => mixed(token, accounts));
  throughputs.set(processes, figures);
  console.log(`mixed, 16 clients, ${processes} process(es): ${figures.requestsPerSecond} req/s, p99 ${figures.p99} ms, ${figures.refused} refused`);
}
const one = throughputs.get(1)!.requestsPerSecond;
for (const processes of counts.slice(1)) console.log(`  ${processes} processes / 1: ${(throughputs.get(processes)!.requestsPerSecond / one).toFixed(2)} x`);

const on = await withCluster(2, {}, ({ token, accounts }) => posting(token, accounts));
const off = await withCluster(2, { ERP_CACHE_BUS: 'off' }, ({ token, accounts }) => posting(token, accounts));
console.log(`posting, 8 clients, 2 processes: invalidation on ${on.requestsPerSecond}/s, off ${off.requestsPerSecond}/s (${(((on.requestsPerSecond - off.requestsPerSecond) / off.requestsPerSecond) * 100).toFixed(1)} %)`);

const shared = await withCluster(1, {}, () => logins());
const memory = await withCluster(1, { ERP_LOGIN_LIMITS: 'memory' }, () => logins());
console.log(`login, 8 clients, 1 process: p99 shared limiter ${shared.p99} ms, in memory ${memory.p99} ms (${shared.p99 - memory.p99} ms)`);
console.log(`load average after: ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
