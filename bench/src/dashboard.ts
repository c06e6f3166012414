// `npm run bench:dashboard [-- pglite|postgres]`: GET /api/dashboard for each board (issue 18,
// section 4; aim p95 <= 150 ms on PostgreSQL, <= 600 ms on PGlite) on a fresh database per
// engine. Both engines unless one is named.
//
// The volume, bulk-loaded by SQL while the server is stopped, from the other benches' seeds:
// the monthly sales summary of BENCH_DASHBOARD_LINES invoice lines (sales-volume.ts; the bench
// year is this year, so this month has its share), BENCH_DASHBOARD_INVOICES open invoices and
// as many paid (aging.ts), BENCH_DASHBOARD_LOTS lots with two stock moves each
// (stock-volume.ts; their expiry dates spread from 90 days ago to two years ahead), and
// BENCH_DASHBOARD_CHEQUES received cheques with their receipts, dated over 90 days around today.
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { agingVolumeSql } from './aging.ts';
import { adminToken, root, startProcess, stopProcess } from './processes.ts';
import { salesVolumeSql } from './sales-volume.ts';
import { freshEngineEnv } from './seed-volume.ts';
import { stockVolumeSql } from './stock-volume.ts';
import { p95, timeMs } from './measure.ts';

const port = 3411;
const base = `http://127.0.0.1:${port}`;
const password = 'Bench@12345';
const serverEntry = join(root, 'apps/server/src/main.ts');
const volume = {
  lines: Number(process.env.BENCH_DASHBOARD_LINES ?? 1_000_000),
  invoices: Number(process.env.BENCH_DASHBOARD_INVOICES ?? 100_000),
  lots: Number(process.env.BENCH_DASHBOARD_LOTS ?? 200_000),
  cheques: Number(process.env.BENCH_DASHBOARD_CHEQUES ?? 50_000),
};
const requests = Number(process.env.BENCH_DASHBOARD_REQUESTS ?? 40);
const boards = ['sales', 'accounts', 'warehouse', 'owner'] as const;

// Received cheques of the aging's customers, each with its posted receipt: in hand, deposited, cleared or bounced in turn.
const chequesSql = (n: number) => `
  INSERT INTO receipts (document_number, document_date, status, customer_id, region_id, method, account_id, amount, allocated_amount, cheque_number, cheque_bank, cheque_date, posted_at)
    SELECT 'BCR-' || lpad(i::text, 7, '0'), current_date - 60 + i % 90, 'posted', cu.id, cu.region_id, 'cheque',
           (SELECT id FROM accounts WHERE account_code = '1100'), 100 + (i * 53) % 9000, 100 + (i * 53) % 9000, 'C' || i, 'Bench Bank', current_date - 60 + i % 90, now()
    FROM generate_series(0, ${n - 1}) AS i JOIN bench_aging_customers cu ON cu.n = i % 300;
  INSERT INTO cheques (document_number, document_date, status, direction, cheque_number, bank, amount, party_type, party_id, region_id, receipt_id)
    SELECT 'BCQ-' || substr(r.document_number, 5), r.cheque_date, (ARRAY['inHand', 'deposited', 'cleared', 'bounced'])[1 + r.id % 4], 'received', r.cheque_number, r.cheque_bank, r.amount,
           'customer', r.customer_id, r.region_id, r.id
    FROM receipts r WHERE r.document_number LIKE 'BCR-%';
  -- The lots' expiry dates from 90 days ago (expired stock is written off within the quarter) to two years ahead:
  -- about a tenth of the lots expired, a tenth within 90 days.
  UPDATE inventory SET date_expiry = current_date - 90 + (id * 7919) % 820;
  ANALYZE;
`;

const seedSql = () =>
  [salesVolumeSql(volume.lines), agingVolumeSql(volume.invoices), stockVolumeSql(volume.lots * 2, volume.lots), chequesSql(volume.cheques)].join('\n');

async function seed(engine: string, env: Record<string, string>): Promise<void> {
  if (engine === 'pglite') {
    const db = await PGlite.create(env.DATA_DIR!, { extensions: { pg_trgm, btree_gist } });
    await db.exec(seedSql());
    await db.exec('VACUUM (ANALYZE)');
    await db.close();
    return;
  }
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  await client.query(seedSql());
  await client.query('VACUUM (ANALYZE)');
  await client.end();
}

async function measure(engine: 'pglite' | 'postgres'): Promise<Record<string, { p50: number; p95: number; figures: number }>> {
  const env = await freshEngineEnv(engine, 'erp_bench_dashboard', 'dashboard');
  const serverEnv = { PORT: String(port), ADMIN_PASSWORD: password, LOG_LEVEL: 'warn', ...env };
  await stopProcess(await startProcess(serverEntry, serverEnv, `${base}/api/health`));
  const started = Date.now();
  await seed(engine, env);
  console.log(`[${engine}] seeded ${JSON.stringify(volume)} in ${Math.round((Date.now() - started) / 1000)} s`);
  const server = await startProcess(serverEntry, serverEnv, `${base}/api/health`);
  try {
    const token = await adminToken(base, password);
    const results: Record<string, { p50: number; p95: number; figures: number }> = {};
    for (const board of boards) {
      const get = async () => {
        const response = await fetch(`${base}/api/dashboard?board=${board}`, { headers: { authorization: `Bearer ${token}` } });
        const body = (await response.json()) as { figures: Array<{ error?: string }> };
        if (response.status !== 200 || body.figures.some((f) => f.error)) throw new Error(`${board}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
        return body.figures.length;
      };
      const figures = await get();
      await get();
      const times: number[] = [];
      for (let i = 0; i < requests; i += 1) times.push(await timeMs(get));
      const sorted = [...times].sort((a, b) => a - b);
      results[board] = { p50: sorted[Math.floor(sorted.length / 2)]!, p95: p95(times), figures };
      console.log(`[${engine}] ${board}: ${figures} figures, p50 ${results[board].p50.toFixed(1)} ms, p95 ${results[board].p95.toFixed(1)} ms (${requests} requests)`);
    }
    return results;
  } finally {
    await stopProcess(server);
  }
}

const engines = process.argv[2] ? [process.argv[2] as 'pglite' | 'postgres'] : (['postgres', 'pglite'] as const);
const lines: string[] = [];
for (const engine of engines) {
  const results = await measure(engine);
  for (const board of boards) lines.push(`| ${engine === 'pglite' ? 'PGlite' : 'PostgreSQL'} | ${board} | ${results[board]!.figures} | ${results[board]!.p50.toFixed(1)} ms | ${results[board]!.p95.toFixed(1)} ms |`);
}
console.log(['', `Volume: ${JSON.stringify(volume)}`, '| Engine | Board | Figures | p50 | p95 |', '|---|---|---|---|---|', ...lines].join('\n'));
