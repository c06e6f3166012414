// `npm run bench:invoice-statements`: where a 3-line invoice's database time goes, statement by
// statement (pg_stat_statements: calls, plans, planning and execution ms per invoice, the
// statements triggers and foreign keys run included), with 1 client and with 8, on a fresh
// PostgreSQL database seeded as bench:invoices seeds it. Not part of `npm run bench`: it needs
// PostgreSQL started with the extension loaded and planning tracked, which costs a little on
// every statement, so its throughput is not the bench's figure:
//   ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'; (restart), then
//   ALTER SYSTEM SET pg_stat_statements.track = 'all'; ALTER SYSTEM SET pg_stat_statements.track_planning = on;
// TOP (30) statements are listed; BENCH_POSTING_SECONDS (5) each load. BENCH_FBR=on posts with FBR
// reporting on (the outbox row and its read; the sender held back), to set beside a run without.
import { join } from 'node:path';
import pg from 'pg';
import { benchSecretsKey, prepareFbrReporting } from './fbr-fake.ts';
import { adminToken, root, startProcess, stopProcess } from './processes.ts';
import { seedSalesBench, throughput } from './sales-measures.ts';
import { analysePostgres, freshEngineEnv } from './seed-volume.ts';

const port = Number(process.env.BENCH_PORT ?? 3413);
const base = `http://127.0.0.1:${port}`;
const password = 'Bench@12345';
const database = 'erp_bench_statements';
const postgresServer = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_POSTING_SECONDS ?? 5);
const reporting = process.env.BENCH_FBR === 'on';

const admin = new pg.Client({ connectionString: postgresServer });
await admin.connect();
try {
  await admin.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await admin.query('SELECT pg_stat_statements_reset()');
} catch (error) {
  console.error(`pg_stat_statements is not loaded (${(error as Error).message}): see the head of bench/src/invoice-statements.ts`);
  process.exit(1);
}

interface StatementRow {
  calls: string;
  plans: string;
  plan_ms: string;
  exec_ms: string;
  toplevel: boolean;
  query: string;
}

async function report(invoices: number): Promise<void> {
  const { rows } = await admin.query<StatementRow>(
    `SELECT calls, plans, round((total_plan_time / $1)::numeric, 3) AS plan_ms, round((total_exec_time / $1)::numeric, 3) AS exec_ms, toplevel,
            left(regexp_replace(query, '\\s+', ' ', 'g'), 100) AS query
     FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = $2
     ORDER BY total_plan_time + total_exec_time DESC LIMIT $3`,
    [invoices, database, Number(process.env.TOP ?? 30)],
  );
  console.log('| calls | plans | plan ms / invoice | exec ms / invoice | top level | statement |\n|---:|---:|---:|---:|---|---|');
  for (const r of rows) console.log(`| ${r.calls} | ${r.plans} | ${r.plan_ms} | ${r.exec_ms} | ${r.toplevel ? 'yes' : ''} | \`${r.query.replaceAll('|', '\\|')}\` |`);
}

const env = await freshEngineEnv('postgres', database, 'statements');
// With reporting on, the sender waits an hour between passes: the postings' own statements are what is counted.
const fbr: Record<string, string> = reporting ? { SECRETS_KEY: benchSecretsKey, FBR_POLL_MS: '3600000' } : {};
const server = await startProcess(join(root, 'apps/server/src/main.ts'), { PORT: String(port), ADMIN_PASSWORD: password, ...env, ...fbr }, `${base}/api/health`);
try {
  const token = await adminToken(base, password);
  if (reporting) await prepareFbrReporting(base, token, true);
  const bench = await seedSalesBench(base, token);
  await analysePostgres(env.DATABASE_URL!);
  const spread = (n: number) => bench.customerIds[n % bench.customerIds.length]!;
  // Warm: every pooled connection has prepared its statements before anything is counted.
  await throughput(base, token, bench, 8, spread);
  // Statistics of tables the warm-up filled (no autovacuum here): the plans production would have.
  await analysePostgres(env.DATABASE_URL!);
  for (const clients of [1, 8]) {
    await admin.query('SELECT pg_stat_statements_reset()');
    const { perSecond, cpu } = await throughput(base, token, bench, clients, spread, server.pid);
    console.log(`\n${clients} client(s): ${perSecond} invoices/s; CPU ms per invoice: server ${cpu.serverMs} / database ${cpu.postgresMs} / load generator ${cpu.benchMs}\n`);
    await report(Math.max(1, Math.round(perSecond * seconds)));
  }
} finally {
  await admin.end();
  await stopProcess(server);
}
