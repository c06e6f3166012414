// `npm run bench:landed-costs [-- pglite|postgres]`: issue 33, section 8: "posting a shipment of 500
// order lines received into 2,000 lots with 6 charges < 2 s on PostgreSQL", on a fresh database per
// engine, without the rest of `npm run bench`. Both engines unless one is named. BENCH_LANDED_PORT
// (3433). The PostgreSQL database (erp_bench_landed) is dropped after the run.
//
// Made over HTTP as admin: 10 lot-tracked items, a vendor, one purchase order of 500 lines (8 units
// each) and 4 goods receipts of its 500 lines (2 units each into a lot of its own: 2,000 lots); 100
// units of the first receipt's lots sold on 10 invoices, so some units are gone. Then 6 draft
// shipments naming the 4 receipts, each with 6 charges (duty, additional duty, freight, insurance by
// a vendor, clearing from the bank, import sales tax); the first posted untimed (a warm-up), the other
// 5 each timed from the request to the answer's last byte. Each answer is checked (posted, numbered,
// Inventory + cost of sales = the capitalised charges, 2,000 lines), and GL Inventory = the lots' value.
import { join } from 'node:path';
import pg from 'pg';
import { median, p95 } from './measure.ts';
import { adminToken, root, startProcess, stopProcess } from './processes.ts';
import { dropPostgresDatabase, freshEngineEnv } from './seed-volume.ts';

export interface LandedCostFigures {
  lots: number;
  lines: number;
  charges: number;
  setupSeconds: number;
  post: { medianMs: number; p95Ms: number; samples: number; timesMs: number[] };
}

const port = Number(process.env.BENCH_LANDED_PORT ?? 3433);
const base = `http://127.0.0.1:${port}`;
const password = 'Bench@12345';
const serverEntry = join(root, 'apps/server/src/main.ts');
const postgresServer = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = 'erp_bench_landed';
export const landedOrderLines = 500;
export const landedReceipts = 4;
const shipmentsTimed = 5;

async function call<T>(token: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<{ ms: number; data: T }> {
  const start = performance.now();
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const ms = performance.now() - start;
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 500)}`);
  return { ms, data: (JSON.parse(text) as { data: T }).data };
}

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

interface Posted {
  status: string;
  documentNumber: string | null;
  toInventory: string;
  toCostOfSales: string;
  capitalisedAmount: string;
  lines: unknown[] | null;
}

export async function measureLandedCostsEngine(engine: 'pglite' | 'postgres'): Promise<LandedCostFigures> {
  const env = await freshEngineEnv(engine, database, 'landed-costs');
  const serverEnv = { PORT: String(port), ADMIN_PASSWORD: password, ...env };
  const server = await startProcess(serverEntry, serverEnv, `${base}/api/health`, 120_000);
  try {
    const token = await adminToken(base, password);
    const started = performance.now();
    const region = (await call<{ id: number }>(token, 'POST', '/api/regions', { regionName: 'Bench Lahore', regionCode: 'BLH' })).data.id;
    const category = (await call<{ id: number }>(token, 'POST', '/api/categories', { categoryName: 'Bench reagents' })).data.id;
    const items: number[] = [];
    for (let i = 0; i < 10; i++) {
      const item = await call<{ id: number }>(token, 'POST', '/api/items', {
        itemName: `Bench reagent ${i}`, articleNumber: `BR-${i}`, categoryId: category, unit: 'kit', costPrice: '0.00', salePrice: '0.00', lotTracked: true, storageCondition: 'ambient', active: true,
      });
      await call(token, 'POST', `/api/items/${item.data.id}/approve`);
      items.push(item.data.id);
    }
    const vendor = (await call<{ id: number }>(token, 'POST', '/api/vendors', { vendorName: 'Bench Overseas Ltd', paymentTermsDays: 30, active: true })).data.id;
    const customer = (await call<{ id: number }>(token, 'POST', '/api/customers', { customerName: 'Bench Hospital', customerType: 'hospital', regionId: region, creditLimit: '100000000.00', paymentTermsDays: 30, active: true })).data.id;
    const bank = (await call<Array<{ id: number; accountCode: string }>>(token, 'GET', '/api/accounts?search=1010&pageSize=5')).data.find((a) => a.accountCode === '1010')!.id;
    const order = await call<{ id: number }>(token, 'POST', '/api/purchase-orders', {
      vendorId: vendor, regionId: region, expectedDate: today(),
      lines: Array.from({ length: landedOrderLines }, (_, i) => ({ itemId: items[i % items.length], quantity: 2 * landedReceipts, unitCost: `${100 + (i % 37)}.50` })),
    });
    const approved = await call<{ lines: Array<{ id: number }> }>(token, 'POST', `/api/purchase-orders/${order.data.id}/approve`);
    const receipts: number[] = [];
    const firstLots: number[] = [];
    for (let r = 0; r < landedReceipts; r++) {
      const receipt = await call<{ id: number; lines: Array<{ inventoryId: number }> }>(token, 'POST', '/api/goods-receipts', {
        purchaseOrderId: order.data.id, receiptDate: today(), acceptNearExpiry: true, post: true,
        lines: approved.data.lines.map((line, i) => ({ purchaseOrderLineId: line.id, quantity: 2, lotNumber: `BL-${r}-${i}`, dateExpiry: inDays(400) })),
      });
      receipts.push(receipt.data.id);
      if (r === 0) firstLots.push(...receipt.data.lines.map((l) => l.inventoryId));
    }
    for (let s = 0; s < 10; s++) {
      await call(token, 'POST', '/api/invoices', {
        customerId: customer, regionId: region, invoiceDate: today(), post: true,
        lines: Array.from({ length: 5 }, (_, k) => ({ itemId: items[(s * 5 + k) % items.length], inventoryId: firstLots[s * 5 + k], quantity: 2, price: '500.00' })),
      });
    }
    const charges = [
      { kind: 'customsDuty', vendorId: vendor, amount: '1250000.00' },
      { kind: 'additionalCustomsDuty', vendorId: vendor, amount: '62500.00' },
      { kind: 'freight', vendorId: vendor, amount: '310000.00', splitMethod: 'quantity' },
      { kind: 'insurance', vendorId: vendor, amount: '14999.99' },
      { kind: 'clearing', accountId: bank, amount: '85000.00' },
      { kind: 'importSalesTax', accountId: bank, amount: '540000.00' },
    ];
    const drafts: number[] = [];
    for (let d = 0; d <= shipmentsTimed; d++) {
      drafts.push((await call<{ id: number }>(token, 'POST', '/api/import-shipments', { shipmentDate: today(), reference: `BL-BENCH-${d}`, goodsReceiptIds: receipts, charges })).data.id);
    }
    const setupSeconds = Math.round((performance.now() - started) / 1000);
    const times: number[] = [];
    for (const [index, id] of drafts.entries()) {
      const posted = await call<Posted>(token, 'POST', `/api/import-shipments/${id}/post`, {});
      const p = posted.data;
      const booked = Math.round((Number(p.toInventory) + Number(p.toCostOfSales)) * 100);
      if (p.status !== 'posted' || !/^IMP-\d{4}-\d{6}$/.test(p.documentNumber ?? '') || booked !== Math.round(Number(p.capitalisedAmount) * 100) || p.lines?.length !== landedOrderLines * landedReceipts) {
        throw new Error(`[${engine}] shipment ${id} posted wrong: ${JSON.stringify({ ...p, lines: p.lines?.length })}`);
      }
      if (index > 0) times.push(posted.ms);
    }
    await checkInventory(engine, env);
    return { lots: landedOrderLines * landedReceipts, lines: landedOrderLines, charges: charges.length, setupSeconds, post: { medianMs: median(times), p95Ms: p95(times), samples: times.length, timesMs: times } };
  } finally {
    await stopProcess(server);
    if (engine === 'postgres') await dropPostgresDatabase(postgresServer, database);
  }
}

/** GL Inventory against the lots' value, on PostgreSQL (PGlite's directory is the server's while it runs; its tests check the same). */
async function checkInventory(engine: string, env: Record<string, string>): Promise<void> {
  if (!env.DATABASE_URL) return;
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  const { rows } = await client.query<{ ledger: string; lots: string }>(
    `SELECT (SELECT coalesce(sum(g.debit - g.credit), 0) FROM gl_entries g JOIN posting_accounts p ON p.account_id = g.account_id AND p.key IN ('inventory', 'inventoryInTransit'))::text AS ledger,
            (SELECT coalesce(sum(quantity * unit_cost), 0) FROM inventory)::text AS lots`,
  );
  await client.end();
  if (Number(rows[0]!.ledger) !== Number(rows[0]!.lots)) throw new Error(`[${engine}] Inventory ${rows[0]!.ledger} against lots worth ${rows[0]!.lots}`);
}

export function landedCostsTable(results: ReadonlyArray<{ engine: string; figures: LandedCostFigures }>): string {
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  return [
    '| engine | order lines | lots | charges | post: median | p95 | each (ms) | < 2 s |',
    '|---|---:|---:|---:|---:|---:|---|---|',
    ...results.map(
      ({ engine, figures: f }) =>
        `| ${engine} | ${f.lines} | ${f.lots.toLocaleString('en-US')} | ${f.charges} | ${ms(f.post.medianMs)} | ${ms(f.post.p95Ms)} | ${f.post.timesMs.map((t) => t.toFixed(0)).join(', ')} | ${f.post.p95Ms < 2000 ? 'yes' : 'no'} |`,
    ),
  ].join('\n');
}

export const landedCostsCaption = () =>
  `Landed costs: posting an import shipment of ${landedOrderLines} order lines received into ${(landedOrderLines * landedReceipts).toLocaleString('en-US')} lots (${landedReceipts} receipts) with 6 charges ` +
  '(over HTTP as admin, to the answer\'s last byte; one posted first and not recorded, then 5 each timed; aim < 2 s on PostgreSQL):';

if (import.meta.url === `file://${process.argv[1]}`) {
  const named = process.argv[2];
  if (named !== undefined && named !== 'pglite' && named !== 'postgres') throw new Error(`Engine ${named}: pglite or postgres`);
  const engines: ReadonlyArray<'pglite' | 'postgres'> = named ? [named] : ['pglite', 'postgres'];
  const results: Array<{ engine: string; figures: LandedCostFigures }> = [];
  for (const engine of engines) {
    console.log(`[${engine}] landed costs: ${landedOrderLines} order lines into ${landedOrderLines * landedReceipts} lots`);
    const figures = await measureLandedCostsEngine(engine);
    console.log(`[${engine}] set up in ${figures.setupSeconds} s; post median ${figures.post.medianMs.toFixed(1)} ms, p95 ${figures.post.p95Ms.toFixed(1)} ms (aim < 2,000 ms)`);
    results.push({ engine: engine === 'pglite' ? 'PGlite' : 'PostgreSQL', figures });
  }
  console.log(`\n${landedCostsCaption()}\n\n${landedCostsTable(results)}`);
}
