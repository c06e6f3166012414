// `npm run bench:cluster` (issue 22, section 4), on PostgreSQL: N server processes started by
// scripts/cluster.mjs on one port. A mixed workload (a list page, an option list, a posted
// invoice and a posted receipt, in turn on each connection) from 16 clients for 1 and 2
// processes (4 too when the machine has 8 cores or more); invoice and receipt posting at 8
// clients with cache invalidation on and off (ERP_CACHE_BUS=off); login p99 with the shared
// limiter and the in-memory one (ERP_LOGIN_LIMITS=memory), one client, alternated twice; the
// time a user change made through one process takes to apply on another (two processes on
// ports of their own). Prints each figure against its aim, then the lines for
// bench/RESULTS.md. BENCH_SECONDS: seconds per measure (10); BENCH_CHANGES: changes of each
// kind timed across processes (50).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { measurePropagation } from './cluster-propagation.ts';
import { busyPercent, machineTicks } from './cpu.ts';
import { root, startProcess, stopProcess } from './processes.ts';
import { type SalesBench, seedSalesBench } from './sales-measures.ts';
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

async function login(at = base): Promise<string> {
  const response = await fetch(`${at}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }) });
  return ((await response.json()) as { token: string }).token;
}

const today = new Date().toISOString().slice(0, 10);
let next = 0;

/** A posted 2-line invoice of one kit each: consecutive ones take other items (and customers), so clients rarely wait on one lot's row. */
function invoiceBody(): string {
  next += 1;
  const { itemIds, customerIds, regionId } = sales;
  return JSON.stringify({
    customerId: customerIds[next % customerIds.length],
    regionId,
    invoiceDate: today,
    post: true,
    lines: [0, 1].map((i) => ({ itemId: itemIds[(next * 2 + i) % itemIds.length], quantity: 1 })),
  });
}

/** A posted receipt on account (an advance: nothing to allocate), Dr cash / Cr the customer. */
function receiptBody(): string {
  next += 1;
  return JSON.stringify({ customerId: sales.customerIds[next % sales.customerIds.length], receiptDate: today, method: 'cash', reference: 'Cluster bench', amount: '25.00', allocations: [], post: true });
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

const authorised = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
const posting = (token: string): autocannon.Request[] => [
  { method: 'POST', path: '/api/invoices', headers: authorised(token), setupRequest: (request) => ({ ...request, body: invoiceBody() }) },
  { method: 'POST', path: '/api/receipts', headers: authorised(token), setupRequest: (request) => ({ ...request, body: receiptBody() }) },
];

function mixed(token: string): Promise<Figures> {
  const headers = authorised(token);
  return measure({
    url: base,
    connections: 16,
    requests: [
      { method: 'GET', path: '/api/regions?page=1&pageSize=50', headers },
      { method: 'GET', path: '/api/accounts/options?limit=20', headers },
      ...posting(token),
    ],
  });
}

/** Invoices and receipts in turn, 8 clients: postings a second. */
function postings(token: string): Promise<Figures> {
  return measure({ url: base, connections: 8, requests: posting(token) });
}

/**
 * One client: with 8, each login's argon2 hash queues behind the others' (4 libuv threads on 2
 * cores) and the p99 is that queue, whatever the limiter; one at a time, what differs between the
 * two runs is the limiter's own statements.
 */
function logins(): Promise<Figures> {
  return measure({
    url: `${base}/api/login`,
    method: 'POST',
    connections: 1,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
}

async function withCluster<T>(processes: number, env: Record<string, string>, run: (token: string) => Promise<T>): Promise<T> {
  const cluster = await startCluster(processes, env);
  try {
    const token = await login();
    // Warm-up: prepared statements, JIT of the hot paths, pools filled.
    await measure({ url: `${base}/api/accounts/options?limit=20`, headers: { authorization: `Bearer ${token}` }, connections: 16, duration: 2 });
    return await run(token);
  } finally {
    await stopProcess(cluster);
  }
}

const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
const aim = (met: boolean) => (met ? 'met' : 'NOT met');
if (!(await recreatePostgresDatabase(postgresServer, 'erp_bench_cluster'))) throw new Error(`No PostgreSQL at ${postgresServer}`);
const cores = availableParallelism();
console.log(`cores: ${cores}; load average before: ${load()}`);
// What the invoices sell and the receipts pay, made once through the API (240 lot-tracked items in stock, 40 customers).
const sales: SalesBench = await withCluster(1, {}, (token) => seedSalesBench(base, token));

const results: string[] = [];
const counts = cores >= 8 ? [1, 2, 4] : [1, 2];
const throughputs = new Map<number, Figures>();
for (const processes of counts) {
  let busy = 0;
  const figures = await withCluster(processes, {}, async (token) => {
    // How much of the machine the load used: a second process can only add what one left idle.
    const before = machineTicks();
    const measured = await mixed(token);
    busy = busyPercent(before, machineTicks());
    return measured;
  });
  throughputs.set(processes, figures);
  const line = `mixed (list, options, invoice, receipt), 16 clients, ${processes} process(es): ${figures.requestsPerSecond} req/s, p99 ${figures.p99} ms, ${figures.refused} refused; machine CPU busy ${busy} % of ${cores} cores`;
  console.log(line);
  results.push(line);
}
const one = throughputs.get(1)!.requestsPerSecond;
for (const processes of counts.slice(1)) {
  const ratio = throughputs.get(processes)!.requestsPerSecond / one;
  const wanted = processes === 2 ? 1.6 : 3.5;
  const line = `  ${processes} processes / 1: ${ratio.toFixed(2)} x (aim >= ${wanted} x: ${aim(ratio >= wanted)})`;
  console.log(line);
  results.push(line);
}

const on = await withCluster(2, {}, (token) => postings(token));
const off = await withCluster(2, { ERP_CACHE_BUS: 'off' }, (token) => postings(token));
const change = ((on.requestsPerSecond - off.requestsPerSecond) / off.requestsPerSecond) * 100;
results.push(
  `posting (invoice and receipt in turn), 8 clients, 2 processes: invalidation on ${on.requestsPerSecond}/s (${on.refused} refused), off ${off.requestsPerSecond}/s (${off.refused} refused): ` +
    `${change.toFixed(1)} % (aim no more than 5 % below: ${aim(change >= -5)})`,
);
console.log(results.at(-1));

// Alternated twice, each configuration's better round kept: the load of the machine moves between runs more than the limiter costs.
const p99s = { shared: [] as number[], memory: [] as number[] };
for (let round = 0; round < 2; round++) {
  p99s.shared.push((await withCluster(1, {}, () => logins())).p99);
  p99s.memory.push((await withCluster(1, { ERP_LOGIN_LIMITS: 'memory' }, () => logins())).p99);
}
const [shared, memory] = [Math.min(...p99s.shared), Math.min(...p99s.memory)];
const extra = shared - memory;
results.push(
  `login, 1 client, 1 process: p99 shared limiter ${shared} ms (rounds ${p99s.shared.join(', ')}), in memory ${memory} ms (rounds ${p99s.memory.join(', ')}): ` +
    `${extra >= 0 ? '+' : ''}${extra} ms (aim no more than 3 ms above: ${aim(extra <= 3)})`,
);
console.log(results.at(-1));

// Two processes on ports of their own, so a change can be made through one and read through the other.
const env = { DATABASE_URL: databaseUrl, ADMIN_PASSWORD: password, WEB_DIST: webDist };
const ports = [port + 1, port + 2];
const [a, b] = ports.map((p) => `http://127.0.0.1:${p}`) as [string, string];
const servers = await Promise.all(ports.map((p) => startProcess(join(root, 'apps/server/src/main.ts'), { ...env, PORT: String(p) }, `http://127.0.0.1:${p}/api/ready`, 180_000)));
try {
  for (const figure of await measurePropagation(a, b, await login(a), Number(process.env.BENCH_CHANGES ?? 50))) {
    results.push(`${figure.kind}, through A, applied by B: p50 ${figure.p50} ms, p99 ${figure.p99} ms, max ${figure.max} ms over ${figure.changes} changes (aim within 200 ms: ${aim(figure.max <= 200)})`);
    console.log(results.at(-1));
  }
} finally {
  await Promise.all(servers.map((server) => stopProcess(server)));
}
console.log(`load average after: ${load()}`);
console.log(`\nFor bench/RESULTS.md (cores ${cores}):\n${results.map((line) => `- ${line.trim()}`).join('\n')}`);
