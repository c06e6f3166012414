// `npm run bench:invoices [-- pglite|postgres]`: only the invoices (sales-measures.ts) on a fresh
// database per engine, without the million-row loads of `npm run bench`. Both engines unless one
// is named. BENCH_POSTING_SECONDS: each throughput load (5 s). BENCH_NO_ANALYZE=1: measure without analysing after the seed.
import { join } from 'node:path';
import { adminToken, root, startProcess, stopProcess } from './processes.ts';
import { measureCeilings } from './ceilings.ts';
import { type InvoiceFigures, invoiceTable, measureInvoices } from './sales-measures.ts';
import { analysePostgres, freshEngineEnv } from './seed-volume.ts';

// BENCH_PORT and BENCH_DB_SUFFIX let several checkouts on one machine measure without sharing a port or a database.
const port = Number(process.env.BENCH_PORT ?? 3403);
const suffix = process.env.BENCH_DB_SUFFIX ?? '';
const base = `http://127.0.0.1:${port}`;
const password = 'Bench@12345';
const postgresServer = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const engines = process.argv[2] ? [process.argv[2]] : ['pglite', 'postgres'];

async function measure(engine: string): Promise<InvoiceFigures> {
  const env = await freshEngineEnv(engine, `erp_bench_invoices${suffix}`, 'invoices');
  const server = await startProcess(join(root, 'apps/server/src/main.ts'), { PORT: String(port), ADMIN_PASSWORD: password, ...env }, `${base}/api/health`);
  try {
    const token = await adminToken(base, password);
    return await measureInvoices(base, token, server.pid, env.DATABASE_URL && !process.env.BENCH_NO_ANALYZE ? () => analysePostgres(env.DATABASE_URL!) : undefined);
  } finally {
    await stopProcess(server);
  }
}

/** The ceilings as RESULTS.md shows them. */
async function ceilings(): Promise<string> {
  const lines = ['| ceiling, 8 clients | req/s | p50 ms | p99 ms |', '|---|---:|---:|---:|'];
  const { fixed, transaction } = await measureCeilings({
    port,
    postgresServer: engines.includes('postgres') ? postgresServer : undefined,
    database: `erp_bench_ceiling${suffix}`,
    seconds: Number(process.env.BENCH_POSTING_SECONDS ?? 5),
  });
  lines.push(`| bare Fastify, fixed JSON | ${fixed.requestsPerSecond} | ${fixed.p50} | ${fixed.p99} |`);
  if (transaction) lines.push(`| one-row PostgreSQL transaction over HTTP (pg, no ORM) | ${transaction.requestsPerSecond} | ${transaction.p50} | ${transaction.p99} |`);
  return lines.join('\n');
}

console.log('[ceilings] bare Fastify and one-row PostgreSQL transactions, 8 clients');
const ceilingTable = await ceilings();
const results: Array<{ engine: string; figures: InvoiceFigures }> = [];
for (const engine of engines) {
  console.log(`[${engine}] invoices: a 200-line invoice, 3-line invoices by 1 and 8 clients`);
  results.push({ engine: engine === 'pglite' ? 'PGlite' : 'PostgreSQL', figures: await measure(engine) });
}
console.log(`\n${ceilingTable}\n\n${invoiceTable(results)}`);
