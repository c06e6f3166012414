// `npm run bench:rentals [-- pglite|postgres]` (issue 21, section 5): the month-end run over
// 2,000 active agreements (aim < 10 s), each short of its commitment, so each raises and posts
// its shortfall invoice; and one agreement's 60-month grid (GET /periods, aim < 50 ms), the
// median of 20 calls over HTTP. The volume is bulk-loaded by SQL while the server is stopped.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { call } from './accounting-measures.ts';
import { adminToken, root, startProcess, stopProcess } from './processes.ts';
import { recreatePostgresDatabase } from './seed-volume.ts';

// BENCH_PORT / BENCH_DB_SUFFIX: several checkouts may run it on the shared machine at once.
const port = Number(process.env.BENCH_PORT ?? 3566);
const databaseName = `erp_bench_rentals${process.env.BENCH_DB_SUFFIX ?? ''}`;
const base = `http://127.0.0.1:${port}`;
const password = 'Bench@12345';
const serverEntry = join(root, 'apps/server/src/main.ts');
const postgresServer = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const agreements = Number(process.env.BENCH_RENTAL_AGREEMENTS ?? 2_000);

function lastMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

/** Agreement i: started 59 months before last month (a 60-month grid), 150,000 a month, its customer bought 100,000 of reagents last month. */
const volumeSql = (n: number, month: string) => `
  INSERT INTO regions (region_name, region_code) VALUES ('Rental Bench', 'RBN');
  INSERT INTO categories (category_name) VALUES ('Rental bench');
  INSERT INTO items (item_name, article_number, category_id, lot_tracked, serial_tracked, is_approved)
    SELECT 'Bench analyser', 'RB-AN', id, false, true, true FROM categories WHERE category_name = 'Rental bench';
  INSERT INTO items (item_name, article_number, category_id, lot_tracked, is_approved)
    SELECT 'Bench reagent', 'RB-RG', id, true, true FROM categories WHERE category_name = 'Rental bench';
  INSERT INTO accounts (account_code, account_name, head_id, sub_head_id, region_id, kind)
    SELECT 'RB-C' || lpad(i::text, 5, '0'), 'Bench customer ' || i, h.head_id, h.sub_head_id, r.id, 'receivable'
    FROM generate_series(1, ${n}) i CROSS JOIN (SELECT head_id, sub_head_id FROM accounts WHERE account_code = '1100') h CROSS JOIN (SELECT id FROM regions WHERE region_code = 'RBN') r;
  INSERT INTO customers (customer_name, region_id, account_id, credit_limit)
    SELECT account_name, region_id, id, 1000000000 FROM accounts WHERE account_code LIKE 'RB-C%' ORDER BY id;
  INSERT INTO inventory (item_id, lot_number, location_id, region_id, quantity, unit_cost)
    SELECT (SELECT id FROM items WHERE article_number = 'RB-AN'), 'RB-SN' || lpad(i::text, 5, '0'), l.id, l.region_id, 0, 1000000
    FROM generate_series(1, ${n}) i CROSS JOIN (SELECT id, region_id FROM stock_locations WHERE kind = 'warehouse' AND region_id = (SELECT id FROM regions WHERE region_code = 'RBN')) l;
  INSERT INTO rental_agreements (document_number, document_date, status, customer_id, region_id, rental_asset_id, term_months, billing_model, monthly_commitment, shortfall_mode, settlement_period)
    SELECT 'RRA-B-' || c.n, ('${month}-01'::date - interval '59 months')::date, 'active', c.id, c.region_id, a.id, 60, 'minimumPurchase', 150000, 'gap', 'month'
    FROM (SELECT id, region_id, row_number() OVER (ORDER BY id) AS n FROM customers WHERE customer_name LIKE 'Bench customer%') c
    JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM rental_assets WHERE serial_number LIKE 'RB-SN%') a ON a.n = c.n;
  INSERT INTO placements (document_number, document_date, status, rental_agreement_id, inventory_id, rental_asset_id, customer_id, region_id, unit_cost)
    SELECT 'PLC-B-' || a.id, a.document_date, 'posted', a.id, r.home_inventory_id, r.id, a.customer_id, a.region_id, 1000000
    FROM rental_agreements a JOIN rental_assets r ON r.id = a.rental_asset_id WHERE a.document_number LIKE 'RRA-B-%';
  INSERT INTO sales_summary (month, item_id, region_id, customer_id, quantity, value, cost)
    SELECT m::date, (SELECT id FROM items WHERE article_number = 'RB-RG'), c.region_id, c.id, 10, 100000, 60000
    FROM customers c CROSS JOIN generate_series('${month}-01'::date - interval '59 months', '${month}-01'::date, interval '1 month') m
    WHERE c.customer_name LIKE 'Bench customer%';
  ANALYZE;
`;

async function seed(engine: string, env: Record<string, string>, month: string): Promise<void> {
  if (engine === 'pglite') {
    const db = await PGlite.create(env.DATA_DIR!, { extensions: { pg_trgm, btree_gist } });
    await db.exec(volumeSql(agreements, month));
    await db.exec('VACUUM (ANALYZE)');
    await db.close();
    return;
  }
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  await client.query(volumeSql(agreements, month));
  await client.query('VACUUM (ANALYZE)');
  await client.end();
}

export interface RentalFigures {
  agreements: number;
  monthEndMs: number;
  invoices: number;
  gridMs: number;
  gridMonths: number;
}

export async function measureRentalsEngine(engine: 'pglite' | 'postgres'): Promise<RentalFigures> {
  let env: Record<string, string>;
  if (engine === 'postgres') {
    if (!(await recreatePostgresDatabase(postgresServer, databaseName))) throw new Error(`No PostgreSQL at ${postgresServer}`);
    env = { DATABASE_URL: postgresServer.replace(/\/[^/]*$/, `/${databaseName}`) };
  } else {
    env = { DATA_DIR: join(root, `bench/.data/rentals${process.env.BENCH_DB_SUFFIX ?? ''}`) };
    rmSync(env.DATA_DIR!, { recursive: true, force: true });
  }
  const serverEnv = { PORT: String(port), ADMIN_PASSWORD: password, ...env };
  const month = lastMonth();
  await stopProcess(await startProcess(serverEntry, serverEnv, `${base}/api/health`, 180_000));
  await seed(engine, env, month);
  const server = await startProcess(serverEntry, serverEnv, `${base}/api/health`, 180_000);
  try {
    const token = await adminToken(base, password);
    const started = performance.now();
    const { jobId } = (await call(base, token, 'POST', '/api/rental-agreements/month-end', { month })) as { jobId: number };
    let invoices = 0;
    for (;;) {
      const { data } = (await call(base, token, 'GET', `/api/rental-agreements/month-end/${jobId}`)) as { data: { status: string; invoices: number; error: string | null } };
      if (data.status === 'done') {
        invoices = data.invoices;
        break;
      }
      if (data.status === 'failed') throw new Error(`The month end failed: ${data.error}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const monthEndMs = performance.now() - started;
    const { data: list } = (await call(base, token, 'GET', '/api/rental-agreements?pageSize=1')) as { data: Array<{ id: number }> };
    const id = list[0]!.id;
    const times: number[] = [];
    let gridMonths = 0;
    for (let i = 0; i < 21; i++) {
      const t0 = performance.now();
      const answer = (await call(base, token, 'GET', `/api/rental-agreements/${id}/periods`)) as { data: unknown[] };
      if (i > 0) times.push(performance.now() - t0);
      gridMonths = answer.data.length;
    }
    times.sort((a, b) => a - b);
    return { agreements, monthEndMs, invoices, gridMs: times[Math.floor(times.length / 2)]!, gridMonths };
  } finally {
    await stopProcess(server);
  }
}

export function rentalsTable(results: ReadonlyArray<{ engine: string; figures: RentalFigures }>): string {
  return [
    '| Engine | Active agreements | Invoices raised | Month end (POST to done, polled every 100 ms) | One agreement\'s grid (months) | Grid, median of 20 GETs |',
    '|---|---:|---:|---:|---:|---:|',
    ...results.map(({ engine, figures: f }) => `| ${engine} | ${f.agreements} | ${f.invoices} | ${(f.monthEndMs / 1000).toFixed(2)} s | ${f.gridMonths} | ${f.gridMs.toFixed(1)} ms |`),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const engines = process.argv[2] ? [process.argv[2] as 'pglite' | 'postgres'] : (['pglite', 'postgres'] as const);
  const results: Array<{ engine: string; figures: RentalFigures }> = [];
  for (const engine of engines) {
    console.log(`[${engine}] rentals: month end over ${agreements} agreements`);
    results.push({ engine: engine === 'pglite' ? 'PGlite' : 'PostgreSQL', figures: await measureRentalsEngine(engine) });
  }
  console.log(`\n${rentalsTable(results)}`);
}
