// `npm run bench:sales-report [-- pglite|postgres]`: only the sales report over the summary of
// 1,000,000 invoice lines (sales-volume.ts), on a fresh database per engine, without the
// rest of `npm run bench`. Both engines unless one is named.
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { adminToken, root, startProcess, stopProcess } from './processes.ts';
import { type SalesReportFigures, measureSalesReports } from './sales-report-measures.ts';
import { type SalesFactsRow, salesFactsSql, salesLines, salesVolumeSql } from './sales-volume.ts';
import { freshEngineEnv } from './seed-volume.ts';

const port = 3402;
const base = `http://127.0.0.1:${port}`;
const password = 'Bench@12345';
const serverEntry = join(root, 'apps/server/src/main.ts');
const engines = process.argv[2] ? [process.argv[2]] : ['pglite', 'postgres'];

async function seed(engine: string, env: Record<string, string>): Promise<SalesFactsRow> {
  if (engine === 'pglite') {
    const db = await PGlite.create(env.DATA_DIR!, { extensions: { pg_trgm, btree_gist } });
    await db.exec(salesVolumeSql(salesLines));
    const facts = (await db.query<SalesFactsRow>(salesFactsSql)).rows[0]!;
    await db.exec('VACUUM (ANALYZE)');
    await db.close();
    return facts;
  }
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  await client.query(salesVolumeSql(salesLines));
  const facts = (await client.query<SalesFactsRow>(salesFactsSql)).rows[0]!;
  await client.query('VACUUM (ANALYZE)');
  await client.end();
  return facts;
}

async function measure(engine: string): Promise<SalesReportFigures & { rows: number }> {
  const env = await freshEngineEnv(engine, 'erp_bench_sales', 'sales-report');
  const serverEnv = { PORT: String(port), ADMIN_PASSWORD: password, ...env };
  // The first start migrates and creates the admin; the rows go in while it is stopped.
  await stopProcess(await startProcess(serverEntry, serverEnv, `${base}/api/health`));
  const started = Date.now();
  const facts = await seed(engine, env);
  console.log(`[${engine}] ${facts.rows} summary rows (${salesLines} invoice lines' worth) seeded in ${Math.round((Date.now() - started) / 1000)} s`);
  const server = await startProcess(serverEntry, serverEnv, `${base}/api/health`);
  try {
    const token = await adminToken(base, password);
    return { ...(await measureSalesReports(base, token)), rows: facts.rows };
  } finally {
    await stopProcess(server);
  }
}

for (const engine of engines) {
  const f = await measure(engine);
  console.log(
    `${engine}: sales report for a year over ${f.rows} summary rows: by region ${f.byRegionMs.toFixed(1)} ms, by item ${f.byItemMs.toFixed(1)} ms, items by region ${f.itemsByRegionMs.toFixed(1)} ms (medians of 20)`,
  );
}
