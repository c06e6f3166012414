// `npm run bench:invoices [-- pglite|postgres]`: only the invoices (sales-measures.ts) on a fresh
// database per engine, without the million-row loads of `npm run bench`. Both engines unless one
// is named. BENCH_POSTING_SECONDS: each throughput load (5 s).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { root, startProcess, stopProcess } from './processes.ts';
import { type InvoiceFigures, invoiceTable, measureInvoices } from './sales-measures.ts';
import { recreatePostgresDatabase } from './seed-volume.ts';

const port = 3403;
const base = `http://127.0.0.1:${port}`;
const password = 'Bench@12345';
const postgresServer = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const engines = process.argv[2] ? [process.argv[2]] : ['pglite', 'postgres'];

async function measure(engine: string): Promise<InvoiceFigures> {
  let env: Record<string, string>;
  if (engine === 'postgres') {
    if (!(await recreatePostgresDatabase(postgresServer, 'erp_bench_invoices'))) throw new Error(`No PostgreSQL at ${postgresServer}`);
    env = { DATABASE_URL: postgresServer.replace(/\/[^/]*$/, '/erp_bench_invoices') };
  } else {
    env = { DATA_DIR: join(root, 'bench/.data/invoices') };
    rmSync(env.DATA_DIR!, { recursive: true, force: true });
  }
  const server = await startProcess(join(root, 'apps/server/src/main.ts'), { PORT: String(port), ADMIN_PASSWORD: password, ...env }, `${base}/api/health`);
  try {
    const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }) });
    const { token } = (await login.json()) as { token: string };
    return await measureInvoices(base, token);
  } finally {
    await stopProcess(server);
  }
}

const results: Array<{ engine: string; figures: InvoiceFigures }> = [];
for (const engine of engines) {
  console.log(`[${engine}] invoices: a 200-line invoice, 3-line invoices by 1 and 8 clients`);
  results.push({ engine: engine === 'pglite' ? 'PGlite' : 'PostgreSQL', figures: await measure(engine) });
}
console.log(`\n${invoiceTable(results)}`);
