// `npm run bench`: the HTTP ceiling of this machine, then the API on PGlite and on PostgreSQL
// with 10,000 rows per Setup resource, then the web bundle. Figures go to bench/RESULTS.md.
import { mkdirSync, rmSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { measureBundle, type BundleSizes } from './bundle-size.ts';
import { load, median, timeMs, type Measurement } from './measure.ts';
import { root, startProcess, stopProcess } from './processes.ts';
import { measureAccounting, type AccountingFigures, type DeepLedger } from './accounting-measures.ts';
import { ledgerRows } from './ledger-volume.ts';
import { recreatePostgresDatabase, rowsPerResource, seedPglite, seedPostgres } from './seed-volume.ts';

const port = 3400;
const base = `http://127.0.0.1:${port}`;
const password = 'Bench@12345';
const serverEntry = join(root, 'apps/server/src/main.ts');
const postgresServer = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface EngineResult {
  engine: string;
  measurements: Measurement[];
  loginMedianMs: number;
  listPageMedianMs: number;
  accounting: AccountingFigures;
}

async function login(): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  const body = (await response.json()) as { token?: string; message?: string };
  if (!body.token) throw new Error(`login failed: ${body.message}`);
  return body.token;
}

async function measureEngine(engine: string, env: Record<string, string>, seed: () => Promise<DeepLedger>): Promise<EngineResult> {
  const serverEnv = { PORT: String(port), ADMIN_PASSWORD: password, ...env };
  // First start migrates and creates the admin; the rows go in while it is stopped.
  await stopProcess(await startProcess(serverEntry, serverEnv, `${base}/api/health`));
  console.log(`[${engine}] seeding ${rowsPerResource} rows per Setup resource and ${ledgerRows} ledger rows`);
  const seedStart = Date.now();
  const deep = await seed();
  console.log(`[${engine}] seeded in ${Math.round((Date.now() - seedStart) / 1000)} s`);
  const server = await startProcess(serverEntry, serverEnv, `${base}/api/health`);
  try {
    const token = await login();
    const auth = { authorization: `Bearer ${token}` };
    const loginTimes: number[] = [];
    for (let i = 0; i < 15; i++) loginTimes.push(await timeMs(login));
    const listUrl = `${base}/api/cities?page=1&pageSize=50&search=City%2012`;
    const listTimes: number[] = [];
    for (let i = 0; i < 50; i++) listTimes.push(await timeMs(() => fetch(listUrl, { headers: auth }).then((r) => r.json())));

    const measurements: Measurement[] = [];
    console.log(`[${engine}] load: verify-token, regions/options, cities list`);
    measurements.push(await load('POST /api/verify-token', `${base}/api/verify-token`, { method: 'POST', headers: auth }));
    measurements.push(await load('GET /api/regions/options', `${base}/api/regions/options`, { headers: auth }));
    measurements.push(await load('GET /api/cities?page=1&search=City 12', `${base}/api/cities?page=1&search=City%2012`, { headers: auth }));
    console.log(`[${engine}] accounting: ledger pages, trial balance, posting throughput`);
    const accounting = await measureAccounting(base, token, deep);
    return { engine, measurements, loginMedianMs: median(loginTimes), listPageMedianMs: median(listTimes), accounting };
  } finally {
    await stopProcess(server);
  }
}

function table(ceiling: Measurement, results: EngineResult[]): string {
  const rows = [
    '| engine | endpoint | req/s | p50 ms | p99 ms | of ceiling | errors / non-2xx |',
    '|---|---|---:|---:|---:|---:|---:|',
    `| - | bare Fastify (ceiling) | ${ceiling.requestsPerSecond} | ${ceiling.p50} | ${ceiling.p99} | 100% | ${ceiling.errors} / ${ceiling.non2xx} |`,
  ];
  for (const r of results) {
    for (const m of r.measurements) {
      const ratio = Math.round((m.requestsPerSecond / ceiling.requestsPerSecond) * 100);
      rows.push(`| ${r.engine} | ${m.name} | ${m.requestsPerSecond} | ${m.p50} | ${m.p99} | ${ratio}% | ${m.errors} / ${m.non2xx} |`);
    }
  }
  rows.push('', '| engine | login, median of 15 | 50-row list page with search, median of 50 |', '|---|---:|---:|');
  for (const r of results) rows.push(`| ${r.engine} | ${r.loginMedianMs.toFixed(1)} ms | ${r.listPageMedianMs.toFixed(1)} ms |`);
  rows.push(
    '',
    `Accounting, ${ledgerRows} ledger rows over 500 accounts (medians over HTTP; pages of 100 rows with opening and running balance):`,
    '',
    '| engine | ledger first page | ledger deep page (after row 900,000) | trial balance, one year | 3-line journals/s, 1 client | 3-line journals/s, 8 clients |',
    '|---|---:|---:|---:|---:|---:|',
  );
  for (const { engine, accounting: a } of results) {
    rows.push(
      `| ${engine} | ${a.ledgerFirstPageMs.toFixed(1)} ms | ${a.ledgerDeepPageMs.toFixed(1)} ms | ${a.trialBalanceMs.toFixed(1)} ms | ${a.journalsPerSecondSingle} | ${a.journalsPerSecondConcurrent} |`,
    );
  }
  return rows.join('\n');
}

function bundleTable(sizes: BundleSizes): string {
  return [
    '| web bundle (gzip) | KB |',
    '|---|---:|',
    `| login page JavaScript (${sizes.loginPageFiles.length} files) | ${sizes.loginPageKb} |`,
    `| largest lazy chunk (${sizes.largestLazyChunk.file}) | ${sizes.largestLazyChunk.kb} |`,
  ].join('\n');
}

const workDir = join(root, 'bench/.data');
rmSync(workDir, { recursive: true, force: true });
mkdirSync(workDir, { recursive: true });

console.log('ceiling: bare Fastify route');
const ceilingServer = await startProcess(join(root, 'bench/src/ceiling-server.ts'), { PORT: String(port) }, `${base}/fixed`);
const ceiling = await load('bare Fastify', `${base}/fixed`);
await stopProcess(ceilingServer);

const results: EngineResult[] = [];
const pgliteDir = join(workDir, 'pglite');
results.push(await measureEngine('PGlite', { DATA_DIR: pgliteDir }, () => seedPglite(pgliteDir)));
const benchDatabase = postgresServer.replace(/\/[^/]*$/, '/erp_bench');
if (await recreatePostgresDatabase(postgresServer, 'erp_bench')) {
  results.push(await measureEngine('PostgreSQL', { DATABASE_URL: benchDatabase }, () => seedPostgres(benchDatabase)));
} else {
  console.log(`No PostgreSQL at ${postgresServer}: PostgreSQL figures skipped`);
}

const dist = join(root, 'apps/web/dist');
const bundle = existsSync(join(dist, 'index.html')) ? measureBundle(dist) : undefined;

const date = new Date().toISOString().slice(0, 10);
const section = [
  `## ${date} — Setup API (${rowsPerResource} rows per resource) and accounting (${ledgerRows} ledger rows), ${cpus().length} cores, Node ${process.version}`,
  '',
  'autocannon, 50 connections, 10 s each; server and load generator in separate processes on the same machine.',
  '',
  table(ceiling, results),
  '',
  bundle ? bundleTable(bundle) : 'web bundle: apps/web/dist not built',
  '',
].join('\n');
console.log(`\n${section}`);

const resultsFile = join(root, 'bench/RESULTS.md');
const previous = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8').replace(/^# Benchmark results\n+/, '') : '';
writeFileSync(resultsFile, `# Benchmark results\n\n${section}\n${previous}`);
