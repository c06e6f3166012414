// `npm run bench:aging [-- pglite|postgres]`: the receivables aging over 100,000 open invoices
// (issue 9, section 6; aim < 300 ms) on a fresh database per engine. Both engines unless one is
// named. BENCH_AGING_INVOICES: the open invoices (100,000).
//
// The volume, bulk-loaded by SQL while the server is stopped: 300 customers over 10 regions (as
// sales-volume.ts), each with ~333 posted invoices over the last year, due 30 days after their
// date, one in three partly paid; plus as many paid invoices, which the open index leaves out.
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { call, timed } from './accounting-measures.ts';
import { adminToken, root, startProcess, stopProcess } from './processes.ts';
import { freshEngineEnv } from './seed-volume.ts';

export interface AgingFigures {
  openInvoices: number;
  customers: number;
  /** `GET /api/accounting/aging?kind=receivable` as of today (median of 10). */
  todayMs: number;
  /** As of 90 days ago: rebuilt from the dated history (median of 5). */
  pastMs: number;
  /** The drill-down: one customer's open invoices in one bucket (median of 10). */
  documentsMs: number;
}

const port = 3405;
const base = `http://127.0.0.1:${port}`;
const password = 'Bench@12345';
const serverEntry = join(root, 'apps/server/src/main.ts');
export const agingInvoices = Number(process.env.BENCH_AGING_INVOICES ?? 100_000);
const regions = 10;
const customers = 300;

export const agingVolumeSql = (open: number) => `
  INSERT INTO regions (region_name, region_code) SELECT 'Aging Region ' || i, 'AG' || i FROM generate_series(1, ${regions}) AS i;
  CREATE TEMP TABLE bench_aging_regions AS SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM regions WHERE region_code LIKE 'AG%';
  INSERT INTO accounts (account_code, account_name, head_id, sub_head_id, region_id, kind)
    SELECT 'BAG-' || lpad(c::text, 4, '0'), 'Aging Customer ' || c, a.head_id, a.sub_head_id, r.id, 'receivable'
    FROM generate_series(0, ${customers - 1}) AS c
    JOIN bench_aging_regions r ON r.n = c % ${regions}
    CROSS JOIN (SELECT head_id, sub_head_id FROM accounts WHERE account_code = '1100') a;
  INSERT INTO customers (customer_name, customer_type, region_id, account_id)
    SELECT 'Aging Customer ' || c, 'hospital', r.id, (SELECT id FROM accounts WHERE account_code = 'BAG-' || lpad(c::text, 4, '0'))
    FROM generate_series(0, ${customers - 1}) AS c JOIN bench_aging_regions r ON r.n = c % ${regions};
  CREATE TEMP TABLE bench_aging_customers AS SELECT id, region_id, row_number() OVER (ORDER BY id) - 1 AS n FROM customers WHERE customer_name LIKE 'Aging Customer %';
  ALTER TABLE bench_aging_customers ADD PRIMARY KEY (n);
  -- Invoice i: customer i mod 300, dated i mod 365 days ago, due 30 days later; 100.00 to 5,099.00.
  -- Every other round of the customers is paid in full (not in the open index); of the open ones, every third is partly paid.
  INSERT INTO invoices (document_number, document_date, status, customer_id, region_id, due_date, subtotal, grand_total, allocated_amount, posted_at)
    SELECT 'BAG-' || lpad(i::text, 7, '0'), current_date - (i % 365), 'posted', cu.id, cu.region_id, current_date - (i % 365) + 30,
           g.total, g.total,
           CASE WHEN (i / ${customers}) % 2 = 1 THEN g.total WHEN i % 3 = 0 THEN round(g.total / 3, 2) ELSE 0 END, now()
    FROM generate_series(0, ${open * 2 - 1}) AS i
    JOIN bench_aging_customers cu ON cu.n = i % ${customers}
    CROSS JOIN LATERAL (SELECT (100 + (i * 37) % 5000)::numeric(18, 2) AS total) g
    ORDER BY i;
  ANALYZE;
`;

async function seed(engine: string, env: Record<string, string>): Promise<number> {
  const countSql = `SELECT count(*)::int AS n FROM invoices WHERE status = 'posted' AND allocated_amount + returned_amount < grand_total`;
  if (engine === 'pglite') {
    const db = await PGlite.create(env.DATA_DIR!, { extensions: { pg_trgm, btree_gist } });
    await db.exec(agingVolumeSql(agingInvoices));
    const open = (await db.query<{ n: number }>(countSql)).rows[0]!.n;
    await db.exec('VACUUM (ANALYZE)');
    await db.close();
    return open;
  }
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  await client.query(agingVolumeSql(agingInvoices));
  const open = (await client.query<{ n: number }>(countSql)).rows[0]!.n;
  await client.query('VACUUM (ANALYZE)');
  await client.end();
  return open;
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** The aging as the /accounting screen asks for it, and a drill-down, over the seeded volume. */
export async function measureAging(token: string): Promise<Omit<AgingFigures, 'openInvoices'>> {
  const report = (await call(base, token, 'GET', '/api/accounting/aging?kind=receivable')) as { rows: Array<{ partyId: number }> };
  const partyId = report.rows[0]!.partyId;
  return {
    customers: report.rows.length,
    todayMs: await timed(() => call(base, token, 'GET', '/api/accounting/aging?kind=receivable'), 10),
    pastMs: await timed(() => call(base, token, 'GET', `/api/accounting/aging?kind=receivable&asOf=${daysAgo(90)}`), 5),
    documentsMs: await timed(() => call(base, token, 'GET', `/api/accounting/aging/documents?kind=receivable&partyId=${partyId}&bucket=over90`), 10),
  };
}

export function agingTable(results: ReadonlyArray<{ engine: string; figures: AgingFigures }>): string {
  const rows = results.map(
    ({ engine, figures: f }) => `| ${engine} | ${f.openInvoices} | ${f.customers} | ${f.todayMs.toFixed(1)} ms | ${f.pastMs.toFixed(1)} ms | ${f.documentsMs.toFixed(1)} ms |`,
  );
  return [
    '| Engine | Open invoices | Customers | Aging as of today (median of 10) | As of 90 days ago (median of 5) | Drill-down, one bucket (median of 10) |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** The aging bench on a fresh database of its own: `pglite` or `postgres` (run.ts calls it after the main volume). */
export async function measureAgingEngine(engine: 'pglite' | 'postgres'): Promise<AgingFigures> {
  const env = await freshEngineEnv(engine, 'erp_bench_aging', 'aging');
  const serverEnv = { PORT: String(port), ADMIN_PASSWORD: password, ...env };
  // The first start migrates and creates the admin; the rows go in while it is stopped.
  await stopProcess(await startProcess(serverEntry, serverEnv, `${base}/api/health`));
  const started = Date.now();
  const openInvoices = await seed(engine, env);
  console.log(`[${engine}] ${openInvoices} open invoices (and as many paid) seeded in ${Math.round((Date.now() - started) / 1000)} s`);
  const server = await startProcess(serverEntry, serverEnv, `${base}/api/health`);
  try {
    const token = await adminToken(base, password);
    return { openInvoices, ...(await measureAging(token)) };
  } finally {
    await stopProcess(server);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const engines = process.argv[2] ? [process.argv[2] as 'pglite' | 'postgres'] : (['pglite', 'postgres'] as const);
  const results: Array<{ engine: string; figures: AgingFigures }> = [];
  for (const engine of engines) {
    console.log(`[${engine}] aging: ${agingInvoices} open invoices`);
    results.push({ engine: engine === 'pglite' ? 'PGlite' : 'PostgreSQL', figures: await measureAgingEngine(engine) });
  }
  console.log(`\n${agingTable(results)}`);
}
