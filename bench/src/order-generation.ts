// `npm run bench:order-generation [-- pglite|postgres]`: a Generate Order run over 10,000 items,
// 50,000 lots, 2,000,000 sales lines over 24 months and 5,000 open purchase order lines (issue 19,
// section 5; aim <= 5 s on PostgreSQL), then its conversion into 40 draft purchase orders of 3,000
// lines in one transaction (aim <= 5 s). Fresh database per engine; both unless one is named.
// Knobs: BENCH_OG_ITEMS (10,000), BENCH_OG_LOTS (50,000), BENCH_OG_SALES_LINES (2,000,000),
// BENCH_OG_PO_LINES (5,000).
//
// The volume, bulk-loaded by SQL while the server is stopped: 40 vendors; items i = 0.. with
// vendor i mod 40; the first 3,000 items (75 a vendor) sell: every sales line is a stock move out of
// one of their lots (the stock ledger the days in stock are read from) and a row of the monthly
// sales summary; their few lots leave them short, so each gets a suggestion and the conversion
// orders exactly 40 x 75 lines. The other items hold lots and the open orders, and suggest nothing.
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { call } from './accounting-measures.ts';
import { median, timeMs } from './measure.ts';
import { adminToken, root, startProcess, stopProcess } from './processes.ts';
import { freshEngineEnv } from './seed-volume.ts';

export interface OrderGenerationFigures {
  items: number;
  lots: number;
  salesLines: number;
  openOrderLines: number;
  /** POST /api/order-generation-runs: every item computed and saved (median of 3). */
  runMs: number;
  lines: number;
  linesToOrder: number;
  /** POST .../:id/create-orders: the draft purchase orders in one transaction. */
  convertMs: number;
  orders: number;
}

const port = 3522;
const base = `http://127.0.0.1:${port}`;
const password = 'Bench@12345';
const serverEntry = join(root, 'apps/server/src/main.ts');
const items = Number(process.env.BENCH_OG_ITEMS ?? 10_000);
const lots = Number(process.env.BENCH_OG_LOTS ?? 50_000);
const salesLines = Number(process.env.BENCH_OG_SALES_LINES ?? 2_000_000);
const poLines = Number(process.env.BENCH_OG_PO_LINES ?? 5_000);
const vendors = 40;
const selling = Math.min(3_000, items);

export const orderGenerationVolumeSql = () => `
  INSERT INTO regions (region_name, region_code) SELECT 'OG Region ' || i, 'OG' || i FROM generate_series(1, 4) AS i;
  CREATE TEMP TABLE og_wh AS SELECT l.id, l.region_id, row_number() OVER (ORDER BY l.id) - 1 AS n FROM stock_locations l JOIN regions r ON r.id = l.region_id
    WHERE l.kind = 'warehouse' AND r.region_code LIKE 'OG%';
  INSERT INTO categories (category_name) VALUES ('OG reagents');
  INSERT INTO accounts (account_code, account_name, head_id, sub_head_id, kind)
    SELECT 'BOG-V' || lpad(v::text, 3, '0'), 'OG Vendor ' || v, a.head_id, a.sub_head_id, 'payable'
    FROM generate_series(0, ${vendors - 1}) AS v CROSS JOIN (SELECT head_id, sub_head_id FROM accounts WHERE account_code = '2000') a;
  INSERT INTO vendors (vendor_name, account_id, lead_time_days, min_order_value)
    SELECT 'OG Vendor ' || v, (SELECT id FROM accounts WHERE account_code = 'BOG-V' || lpad(v::text, 3, '0')), 30 + (v % 4) * 15, 0
    FROM generate_series(0, ${vendors - 1}) AS v ORDER BY v;
  CREATE TEMP TABLE og_vendors AS SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM vendors WHERE vendor_name LIKE 'OG Vendor %';
  INSERT INTO items (item_name, article_number, vendor_id, category_id, unit, cost_price, sale_price, is_approved, pack_size, shelf_life_days, min_shelf_life_days)
    SELECT 'OG Item ' || lpad(i::text, 5, '0'), 'OG-' || i, v.id, (SELECT id FROM categories WHERE category_name = 'OG reagents'), 'kit',
           (100 + i % 900)::numeric(18, 2), (150 + i % 900)::numeric(18, 2), true, CASE WHEN i % 3 = 0 THEN 5 ELSE 1 END,
           CASE WHEN i % 2 = 0 THEN 365 ELSE NULL END, CASE WHEN i % 2 = 0 THEN 60 ELSE 0 END
    FROM generate_series(0, ${items - 1}) AS i JOIN og_vendors v ON v.n = i % ${vendors} ORDER BY i;
  CREATE TEMP TABLE og_items AS SELECT id, cost_price, row_number() OVER (ORDER BY id) - 1 AS n FROM items WHERE article_number LIKE 'OG-%';
  ALTER TABLE og_items ADD PRIMARY KEY (n);
  -- Lot k: item k mod items, in warehouse k mod 4, a few units, expiring from last month to two years out.
  INSERT INTO inventory (item_id, lot_number, date_expiry, location_id, region_id, quantity, unit_cost)
    SELECT it.id, 'OGL-' || k, current_date - 30 + (k * 7) % 760, w.id, w.region_id, 2 + k % 4, it.cost_price
    FROM generate_series(0, ${lots - 1}) AS k JOIN og_items it ON it.n = k % ${items} JOIN og_wh w ON w.n = k % 4 ORDER BY k;
  CREATE TEMP TABLE og_lots AS SELECT i.id, i.item_id, i.location_id, i.region_id, i.unit_cost, row_number() OVER (PARTITION BY i.item_id ORDER BY i.id) - 1 AS k
    FROM inventory i JOIN og_items it ON it.id = i.item_id WHERE it.n < ${selling};
  CREATE INDEX ON og_lots (item_id, k);
  -- Sales line s: one of the selling items, s mod 730 days ago, 1 to 3 units, out of its first lot.
  INSERT INTO stock_moves (move_date, item_id, inventory_id, location_id, region_id, quantity_out, unit_cost, value, document_type, document_id, document_number, line_no)
    SELECT current_date - (s % 730), it.id, l.id, l.location_id, l.region_id, 1 + s % 3, l.unit_cost, (1 + s % 3) * l.unit_cost, 'invoice', s, 'OG-INV', 1
    FROM generate_series(0, ${salesLines - 1}) AS s JOIN og_items it ON it.n = s % ${selling} JOIN og_lots l ON l.item_id = it.id AND l.k = 0;
  INSERT INTO accounts (account_code, account_name, head_id, sub_head_id, kind)
    SELECT 'BOG-C', 'OG Customer', head_id, sub_head_id, 'receivable' FROM accounts WHERE account_code = '1100';
  INSERT INTO customers (customer_name, customer_type, region_id, account_id)
    SELECT 'OG Customer', 'hospital', (SELECT min(region_id) FROM og_wh), (SELECT id FROM accounts WHERE account_code = 'BOG-C');
  INSERT INTO sales_summary (month, item_id, region_id, customer_id, quantity, value)
    SELECT date_trunc('month', m.move_date)::date, m.item_id, m.region_id, (SELECT id FROM customers WHERE customer_name = 'OG Customer'), sum(m.quantity_out), sum(m.value)
    FROM stock_moves m WHERE m.document_number = 'OG-INV' GROUP BY 1, 2, 3;
  -- Open orders: ${poLines / 10} approved orders of 10 lines of the items that do not sell, due from 30 days ago to 150 days out.
  INSERT INTO purchase_orders (document_number, document_date, vendor_id, region_id, expected_date, status)
    SELECT 'OG-PO-' || o, current_date - 10, v.id, (SELECT min(region_id) FROM og_wh), current_date - 30 + (o * 13) % 180, 'draft'
    FROM generate_series(0, ${poLines / 10 - 1}) AS o JOIN og_vendors v ON v.n = o % ${vendors} ORDER BY o;
  INSERT INTO purchase_order_lines (purchase_order_id, line_no, item_id, quantity, unit_cost)
    SELECT po.id, x, it.id, 10 + x, it.cost_price
    FROM purchase_orders po CROSS JOIN generate_series(1, 10) AS x
    JOIN og_items it ON it.n = ${selling} + ((substr(po.document_number, 7)::int * 10 + x) % GREATEST(${items - selling}, 1))
    WHERE po.document_number LIKE 'OG-PO-%';
  UPDATE purchase_orders SET status = 'approved', approved_at = now() WHERE document_number LIKE 'OG-PO-%';
  ANALYZE;
`;

async function seed(engine: string, env: Record<string, string>): Promise<void> {
  if (engine === 'pglite') {
    const db = await PGlite.create(env.DATA_DIR!, { extensions: { pg_trgm, btree_gist } });
    await db.exec(orderGenerationVolumeSql());
    await db.exec('VACUUM (ANALYZE)');
    await db.close();
    return;
  }
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  await client.query(orderGenerationVolumeSql());
  await client.query('VACUUM (ANALYZE)');
  await client.end();
}

type Run = { id: number; lineCount: number; lines: Array<{ finalQty: number }> };

/** A run over the whole volume (median of 3) and the last one converted into draft orders. */
export async function measureOrderGeneration(token: string): Promise<Pick<OrderGenerationFigures, 'runMs' | 'lines' | 'linesToOrder' | 'convertMs' | 'orders'>> {
  const samples: number[] = [];
  let run: Run | undefined;
  for (let i = 0; i < 3; i++) {
    samples.push(await timeMs(async () => (run = (await call(base, token, 'POST', '/api/order-generation-runs', { demandBasis: 'planAdjusted' })).data as Run)));
  }
  const region = ((await call(base, token, 'GET', '/api/regions?pageSize=1')).data as Array<{ id: number }>)[0]!.id;
  let orders = 0;
  const convertMs = await timeMs(async () => {
    const converted = (await call(base, token, 'POST', `/api/order-generation-runs/${run!.id}/create-orders`, { regionId: region })).data as { purchaseOrders: unknown[] };
    orders = converted.purchaseOrders.length;
  });
  return { runMs: median(samples), lines: run!.lineCount, linesToOrder: run!.lines.filter((l) => l.finalQty > 0).length, convertMs, orders };
}

export function orderGenerationTable(results: ReadonlyArray<{ engine: string; figures: OrderGenerationFigures }>): string {
  const rows = results.map(
    ({ engine, figures: f }) =>
      `| ${engine} | ${f.items} | ${f.lots} | ${f.salesLines} | ${f.openOrderLines} | ${f.runMs.toFixed(0)} ms (${f.lines} lines) | ${f.convertMs.toFixed(0)} ms (${f.orders} orders, ${f.linesToOrder} lines) |`,
  );
  return [
    '| Engine | Items | Lots | Sales lines (24 months) | Open PO lines | Run: compute and save (median of 3) | Create draft purchase orders (one transaction) |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** The bench on a fresh database of its own: `pglite` or `postgres`. */
export async function measureOrderGenerationEngine(engine: 'pglite' | 'postgres'): Promise<OrderGenerationFigures> {
  const env = await freshEngineEnv(engine, 'erp_bench_order_generation', 'order-generation');
  const serverEnv = { PORT: String(port), ADMIN_PASSWORD: password, ...env };
  // The first start migrates and creates the admin; the rows go in while it is stopped.
  await stopProcess(await startProcess(serverEntry, serverEnv, `${base}/api/health`));
  const started = Date.now();
  await seed(engine, env);
  console.log(`[${engine}] seeded in ${Math.round((Date.now() - started) / 1000)} s`);
  const server = await startProcess(serverEntry, serverEnv, `${base}/api/health`);
  try {
    const token = await adminToken(base, password);
    return { items, lots, salesLines, openOrderLines: poLines, ...(await measureOrderGeneration(token)) };
  } finally {
    await stopProcess(server);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const engines = process.argv[2] ? [process.argv[2] as 'pglite' | 'postgres'] : (['postgres', 'pglite'] as const);
  const results: Array<{ engine: string; figures: OrderGenerationFigures }> = [];
  for (const engine of engines) {
    console.log(`[${engine}] order generation: ${items} items, ${lots} lots, ${salesLines} sales lines, ${poLines} open PO lines`);
    results.push({ engine: engine === 'pglite' ? 'PGlite' : 'PostgreSQL', figures: await measureOrderGenerationEngine(engine) });
  }
  console.log(`\n${orderGenerationTable(results)}`);
}
