// `npm run bench:fbr-posting`: issue 30, section 10's second figure: 3-line invoices posted per
// second by 8 clients with FBR reporting on and off, alternated in one server on PostgreSQL, each as
// its share of the one-row-transaction ceiling measured in the same run (before and after). With
// reporting on, the posting also reads the sale's FBR facts and writes its outbox row, and the
// server's FBR worker sends the rows to a fake FBR that answers after 50 ms, as it would in use.
// BENCH_POSTING_SECONDS: each load (5 s). BENCH_FBR_ROUNDS: off/on pairs (3), after a warm-up load of each, not recorded.
// FBR_POLL_MS=3600000 holds the sender back (the loads then do not wait for the reports to drain):
// the posting's own cost of reporting, without the sender's beside it.
import { join } from 'node:path';
import { measureCeilings } from './ceilings.ts';
import { call } from './accounting-measures.ts';
import { benchSecretsKey, prepareFbrReporting, startFakeFbr } from './fbr-fake.ts';
import { adminToken, root, startProcess, stopProcess } from './processes.ts';
import { seedSalesBench, throughput } from './sales-measures.ts';
import { analysePostgres, recreatePostgresDatabase } from './seed-volume.ts';

const port = Number(process.env.BENCH_PORT ?? 3406);
const base = `http://127.0.0.1:${port}`;
const password = 'Bench@12345';
const postgresServer = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = 'erp_bench_fbr_posting';
const seconds = Number(process.env.BENCH_POSTING_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_FBR_ROUNDS ?? 3);

const ceiling = async () => (await measureCeilings({ port, postgresServer, database: 'erp_bench_fbr_ceiling', seconds })).transaction!.requestsPerSecond;

/** Waits until FBR has accepted every submission (none queued or sending). */
async function drained(token: string): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 300_000; await new Promise((resolve) => setTimeout(resolve, 250))) {
    const { total } = (await call(base, token, 'GET', '/api/fbr-submissions?awaiting=true&pageSize=1')) as { total: number };
    if (total === 0) return;
  }
  throw new Error('FBR submissions still awaiting after 5 minutes');
}

async function main(): Promise<void> {
  console.log('[ceiling] one-row PostgreSQL transactions, 8 clients');
  const ceilingBefore = await ceiling();
  if (!(await recreatePostgresDatabase(postgresServer, database))) throw new Error(`No PostgreSQL at ${postgresServer}`);
  const fake = await startFakeFbr(50);
  const databaseUrl = postgresServer.replace(/\/[^/]*$/, `/${database}`);
  const server = await startProcess(join(root, 'apps/server/src/main.ts'), {
    PORT: String(port), ADMIN_PASSWORD: password, DATABASE_URL: databaseUrl, FBR_BASE_URL: fake.url,
    SECRETS_KEY: benchSecretsKey, ...(process.env.FBR_POLL_MS ? { FBR_POLL_MS: process.env.FBR_POLL_MS } : {}),
  }, `${base}/api/health`);
  const measured: Array<{ round: number; reporting: 'off' | 'on'; perSecond: number; serverMs: number; databaseMs: number }> = [];
  try {
    const token = await adminToken(base, password);
    await prepareFbrReporting(base, token, false);
    console.log('[seed] 240 reagents in 8 lots each, 40 hospitals');
    const bench = await seedSalesBench(base, token);
    const spread = (n: number) => bench.customerIds[n % bench.customerIds.length]!;
    // Not recorded: the first load after the seed warms the caches and the plans, and read low against the rest.
    console.log('[warm-up] reporting off, then on');
    await throughput(base, token, bench, 8, spread);
    // Reporting's own first load (its statements prepared on each pooled connection, its caches filled) is not recorded either.
    await call(base, token, 'PUT', '/api/fbr/settings', { enabled: true });
    await throughput(base, token, bench, 8, spread);
    if (!process.env.FBR_POLL_MS) await drained(token);
    // This machine's PostgreSQL runs no autovacuum, and the server's own statistics job ticks every
    // 10 minutes: without an ANALYZE between loads, each connection kept the plans it made while
    // fbr_submissions was empty (a scan of every submission on each invoice's answer, growing with
    // each load), which production's statistics would have replaced. Both states get it alike.
    const analyse = () => analysePostgres(databaseUrl);
    await analyse();
    for (let round = 1; round <= rounds; round++) {
      for (const reporting of ['off', 'on'] as const) {
        await call(base, token, 'PUT', '/api/fbr/settings', { enabled: reporting === 'on' });
        console.log(`[round ${round}] reporting ${reporting}: 3-line invoices, 8 clients`);
        const { perSecond, cpu } = await throughput(base, token, bench, 8, spread, server.pid);
        measured.push({ round, reporting, perSecond, serverMs: cpu.serverMs, databaseMs: cpu.postgresMs });
        // The next load starts with the sender idle: the reports of this one sent first (the sender
        // sends some 64 a second at concurrency 8 against 50 ms, fewer than are posted).
        if (!process.env.FBR_POLL_MS) await drained(token);
        await analyse();
      }
    }
    await call(base, token, 'PUT', '/api/fbr/settings', { enabled: false });
  } finally {
    await stopProcess(server);
    await fake.close();
  }
  const ceilingAfter = await ceiling();
  const mean = (ceilingBefore + ceilingAfter) / 2;
  const rows = measured.map(
    (m) => `| ${m.round} | ${m.reporting} | ${m.perSecond} | ${((100 * m.perSecond) / mean).toFixed(1)} % | ${m.serverMs.toFixed(2)} / ${m.databaseMs.toFixed(2)} |`,
  );
  console.log(
    `\nOne-row PostgreSQL transactions/s, 8 clients: ${ceilingBefore} before, ${ceilingAfter} after (mean ${mean.toFixed(0)}); FBR posts ${fake.posted.size} numbers.\n\n` +
      '| round | FBR reporting | 3-line invoices/s, 8 clients over 40 customers | share of the ceiling | CPU ms per invoice: server / database |\n|---:|---|---:|---:|---|\n' +
      rows.join('\n'),
  );
}

await main();
