// `npm run bench:depreciation [-- pglite|postgres]`: one depreciation run over 10,000 active
// assets (issue 9, section 6; aim < 10 s) end to end on a fresh database per engine: from the
// POST that starts it to the GET that shows it posted, the background job doing the chunks and
// the final posting. Both engines unless one is named. BENCH_DEPRECIATION_ASSETS: the assets.
//
// The volume, bulk-loaded by SQL while the server is stopped: 10 regions, 3 categories linked
// to the default chart's accounts (1500/1510/1520, 1590, 6000), the assets capitalised over the
// last two years, straight line and declining balance, none charged before (so each charge
// catches up its months: the same work per asset as a regular month).
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { call } from './accounting-measures.ts';
import { adminToken, root, startProcess, stopProcess } from './processes.ts';
import { freshEngineEnv } from './seed-volume.ts';

export interface DepreciationFigures {
  assets: number;
  /** POST /api/depreciation-runs {post: true} until GET answers `posted`. */
  runMs: number;
  totalAmount: string;
  /** Assets the run charged (processedAssets when posted). */
  processed: number;
}

const port = 3406;
const base = `http://127.0.0.1:${port}`;
const password = 'Bench@12345';
const serverEntry = join(root, 'apps/server/src/main.ts');
export const depreciationAssets = Number(process.env.BENCH_DEPRECIATION_ASSETS ?? 10_000);

/** The month run: last month (its entries dated its last day, in an open period). */
function lastMonth(): string {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return date.toISOString().slice(0, 7);
}

const volumeSql = (assets: number, month: string) => `
  INSERT INTO regions (region_name, region_code) SELECT 'Depreciation Region ' || i, 'DR' || i FROM generate_series(1, 10) AS i;
  CREATE TEMP TABLE bench_regions AS SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM regions WHERE region_code LIKE 'DR%';
  INSERT INTO asset_categories (asset_category_name, useful_life_months, depreciation_method, asset_account_id, accumulated_depreciation_account_id, depreciation_expense_account_id)
    SELECT c.name, c.life, c.method, (SELECT id FROM accounts WHERE account_code = c.code),
           (SELECT id FROM accounts WHERE account_code = '1590'), (SELECT id FROM accounts WHERE account_code = '6000')
    FROM (VALUES ('Bench analysers', 84, 'straightLine', '1500'), ('Bench vehicles', 60, 'decliningBalance', '1510'), ('Bench computers', 36, 'straightLine', '1520'))
      AS c(name, life, method, code);
  CREATE TEMP TABLE bench_categories AS SELECT id, useful_life_months, depreciation_method, row_number() OVER (ORDER BY id) - 1 AS n FROM asset_categories WHERE asset_category_name LIKE 'Bench %';
  -- Asset i: bought i mod 700 days before the run's month, 1,000.00 to 250,999.00, salvage a tenth.
  INSERT INTO assets (document_number, document_date, status, asset_name, asset_category_id, region_id, cost, salvage_value, useful_life_months,
                      depreciation_method, payment_account_id, accumulated_depreciation, depreciated_through, posted_at)
    SELECT 'FA-B-' || lpad(i::text, 7, '0'), d.purchase, 'active', 'Bench asset ' || i, c.id, r.id, g.cost, round(g.cost / 10, 2), c.useful_life_months,
           c.depreciation_method, (SELECT id FROM accounts WHERE account_code = '1010'), 0,
           NULL, now()
    FROM generate_series(0, ${assets - 1}) AS i
    JOIN bench_categories c ON c.n = i % 3
    JOIN bench_regions r ON r.n = i % 10
    CROSS JOIN LATERAL (SELECT (1000 + (i * 7919) % 250000)::numeric(18, 2) AS cost) g
    CROSS JOIN LATERAL (SELECT ('${month}-01'::date - (i % 700))::date AS purchase) d
    ORDER BY i;
  ANALYZE;
`;

async function seed(engine: string, env: Record<string, string>, month: string): Promise<number> {
  const countSql = `SELECT count(*)::int AS n FROM assets WHERE status = 'active'`;
  if (engine === 'pglite') {
    const db = await PGlite.create(env.DATA_DIR!, { extensions: { pg_trgm, btree_gist } });
    await db.exec(volumeSql(depreciationAssets, month));
    const n = (await db.query<{ n: number }>(countSql)).rows[0]!.n;
    await db.exec('VACUUM (ANALYZE)');
    await db.close();
    return n;
  }
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  await client.query(volumeSql(depreciationAssets, month));
  const n = (await client.query<{ n: number }>(countSql)).rows[0]!.n;
  await client.query('VACUUM (ANALYZE)');
  await client.end();
  return n;
}

/** Starts the run as the screen does and polls its progress as the browser's bar would (every 100 ms). */
async function measureRun(token: string, month: string): Promise<Omit<DepreciationFigures, 'assets'>> {
  const started = performance.now();
  const created = (await call(base, token, 'POST', '/api/depreciation-runs', { month, post: true })) as { data: { id: number } };
  const id = created.data.id;
  for (;;) {
    const { data } = (await call(base, token, 'GET', `/api/depreciation-runs/${id}`)) as { data: { status: string; totalAmount: string; processedAssets: number; error: string | null } };
    if (data.status === 'posted') return { runMs: performance.now() - started, totalAmount: data.totalAmount, processed: data.processedAssets };
    if (data.status !== 'running') throw new Error(`The run ended ${data.status}: ${data.error}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function depreciationTable(results: ReadonlyArray<{ engine: string; figures: DepreciationFigures }>): string {
  return [
    '| Engine | Active assets | Charged | Run end to end (POST to posted, polled every 100 ms) | Amount |',
    '|---|---:|---:|---:|---:|',
    ...results.map(({ engine, figures: f }) => `| ${engine} | ${f.assets} | ${f.processed} | ${(f.runMs / 1000).toFixed(2)} s | ${f.totalAmount} |`),
  ].join('\n');
}

/** The depreciation bench on a fresh database of its own: `pglite` or `postgres` (run.ts calls it after the main volume). */
export async function measureDepreciationEngine(engine: 'pglite' | 'postgres'): Promise<DepreciationFigures> {
  const env = await freshEngineEnv(engine, 'erp_bench_depreciation', 'depreciation');
  const serverEnv = { PORT: String(port), ADMIN_PASSWORD: password, ...env };
  const month = lastMonth();
  // The first start migrates and creates the admin and the chart; the rows go in while it is stopped.
  await stopProcess(await startProcess(serverEntry, serverEnv, `${base}/api/health`));
  const assets = await seed(engine, env, month);
  const server = await startProcess(serverEntry, serverEnv, `${base}/api/health`);
  try {
    const token = await adminToken(base, password);
    return { assets, ...(await measureRun(token, month)) };
  } finally {
    await stopProcess(server);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const engines = process.argv[2] ? [process.argv[2] as 'pglite' | 'postgres'] : (['pglite', 'postgres'] as const);
  const results: Array<{ engine: string; figures: DepreciationFigures }> = [];
  for (const engine of engines) {
    console.log(`[${engine}] depreciation: one run over ${depreciationAssets} assets`);
    results.push({ engine: engine === 'pglite' ? 'PGlite' : 'PostgreSQL', figures: await measureDepreciationEngine(engine) });
  }
  console.log(`\n${depreciationTable(results)}`);
}
