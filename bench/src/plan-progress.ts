// `npm run bench:plan-progress [-- pglite|postgres]`: only plan progress over the region plans of
// plan-progress-volume.ts and the summary of 1,000,000 invoice lines (sales-volume.ts), on a
// fresh database per engine, without the rest of `npm run bench`. Both engines unless one is named.
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { type PlanProgressFigures, measurePlanProgress, planProgressTable } from './plan-progress-measures.ts';
import { type PlanFactsRow, planFactsSql, planVolumeSql } from './plan-progress-volume.ts';
import { adminToken, root, startProcess, stopProcess } from './processes.ts';
import { salesLines, salesVolumeSql } from './sales-volume.ts';
import { freshEngineEnv } from './seed-volume.ts';

const port = Number(process.env.BENCH_PORT ?? 3403);
const base = `http://127.0.0.1:${port}`;
const password = 'Bench@12345';
const serverEntry = join(root, 'apps/server/src/main.ts');
const engines = process.argv[2] ? [process.argv[2]] : ['pglite', 'postgres'];

async function seed(engine: string, env: Record<string, string>): Promise<PlanFactsRow> {
  if (engine === 'pglite') {
    const db = await PGlite.create(env.DATA_DIR!, { extensions: { pg_trgm, btree_gist } });
    await db.exec(salesVolumeSql(salesLines));
    await db.exec(planVolumeSql);
    const facts = (await db.query<PlanFactsRow>(planFactsSql)).rows[0]!;
    await db.exec('VACUUM (ANALYZE)');
    await db.close();
    return facts;
  }
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  await client.query(salesVolumeSql(salesLines));
  await client.query(planVolumeSql);
  const facts = (await client.query<PlanFactsRow>(planFactsSql)).rows[0]!;
  await client.query('VACUUM (ANALYZE)');
  await client.end();
  return facts;
}

async function measure(engine: string): Promise<PlanProgressFigures> {
  const env = await freshEngineEnv(engine, 'erp_bench_plan_progress', 'plan-progress');
  const serverEnv = { PORT: String(port), ADMIN_PASSWORD: password, ...env };
  // The first start migrates and creates the admin; the rows go in while it is stopped.
  await stopProcess(await startProcess(serverEntry, serverEnv, `${base}/api/health`));
  const started = Date.now();
  const facts = await seed(engine, env);
  console.log(`[${engine}] ${facts.plans} approved plans, ${facts.lines} lines over ${salesLines} invoice lines' summary, seeded in ${Math.round((Date.now() - started) / 1000)} s`);
  const server = await startProcess(serverEntry, serverEnv, `${base}/api/health`);
  try {
    const token = await adminToken(base, password);
    return await measurePlanProgress(base, token);
  } finally {
    await stopProcess(server);
  }
}

const results: { engine: string; figures: PlanProgressFigures }[] = [];
for (const engine of engines) results.push({ engine, figures: await measure(engine) });
console.log(planProgressTable(results, salesLines));
