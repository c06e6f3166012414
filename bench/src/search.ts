// `npm run bench:search [-- pglite|postgres]`: GET /api/search (issue 18, section 4; aim on
// PostgreSQL at 1,000,000 index rows: p95 <= 50 ms for text, <= 10 ms for an exact document
// number; on PGlite at 100,000 rows: <= 150 ms) on a fresh database per engine. Both engines
// unless one is named. BENCH_SEARCH_ROWS overrides the index rows of both; BENCH_SEARCH_PORT
// the server's port (3420); BENCH_POSTGRES_URL the PostgreSQL server, whose database
// BENCH_SEARCH_DATABASE (erp_bench_search) is dropped and made again.
//
// The volume, bulk-loaded into search_index by SQL while the server is stopped (the index is
// the only table the search reads for an unscoped user): 90 % invoices numbered
// INV-<year>-<6 digits> titled with one of 5,000 customer names, the rest spread over
// customers, vendors, items (with article numbers), receipts and purchase orders.
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { call } from './accounting-measures.ts';
import { timeMs } from './measure.ts';
import { adminToken, root, startProcess, stopProcess } from './processes.ts';
import { freshEngineEnv } from './seed-volume.ts';

type Engine = 'pglite' | 'postgres';

export interface SearchFigures {
  rows: number;
  /** p95 and median of text queries (names, fragments, code prefixes), in ms. */
  textP95: number;
  textMedian: number;
  /** p95 and median of whole document numbers (the exact path), in ms. */
  exactP95: number;
  exactMedian: number;
  samples: number;
}

const port = Number(process.env.BENCH_SEARCH_PORT ?? 3420);
const base = `http://127.0.0.1:${port}`;
const password = 'Bench@12345';
const serverEntry = join(root, 'apps/server/src/main.ts');
const databaseName = process.env.BENCH_SEARCH_DATABASE ?? 'erp_bench_search';
const defaultRows: Record<Engine, number> = { postgres: 1_000_000, pglite: 100_000 };
const rowsOf = (engine: Engine) => Number(process.env.BENCH_SEARCH_ROWS ?? defaultRows[engine]);
const samplesPerKind = 200;
const year = new Date().getFullYear();

const first = ['Aga Khan', 'Chughtai', 'Shifa', 'Indus', 'Liaquat', 'Services', 'Excel', 'Sindh', 'Pakistan', 'Medicare'];
const second = ['Hospital', 'Laboratory', 'Clinic', 'Diagnostics', 'Medical Centre', 'Labs', 'Blood Bank', 'Institute'];
const third = ['Karachi', 'Lahore', 'Islamabad', 'Peshawar', 'Quetta', 'Multan', 'Sukkur', 'Hyderabad', 'Faisalabad', 'Sialkot'];
const sqlArray = (words: readonly string[]) => `ARRAY[${words.map((w) => `'${w}'`).join(', ')}]`;
// Customer n's name: 5,000 distinct, sharing words as real names do.
const nameOf = (n: string) =>
  `(${sqlArray(first)})[1 + ${n} % 10] || ' ' || (${sqlArray(second)})[1 + (${n} / 10) % 8] || ' ' || (${sqlArray(third)})[1 + (${n} / 80) % 10] || ' ' || (${n} / 800 + 1)`;

const volumeSql = (rows: number) => `
  INSERT INTO search_index (entity_type, entity_id, region_id, code, title, subtitle, status, search_text)
  SELECT t.type, i, 1 + i % 10, t.code, t.title, t.subtitle, t.status, concat_ws(' ', t.code, t.title)
  FROM generate_series(1, ${rows}) AS i
  CROSS JOIN LATERAL (SELECT i % 5000 AS customer, CASE WHEN i % 20 < 18 THEN 'invoices' ELSE (ARRAY['customers', 'vendors', 'items', 'receipts', 'purchase-orders'])[1 + (i / 20) % 5] END AS type) k
  CROSS JOIN LATERAL (
    SELECT k.type,
      CASE k.type WHEN 'invoices' THEN 'INV-${year}-' || lpad(i::text, 6, '0') WHEN 'items' THEN 'ART-' || i WHEN 'receipts' THEN 'RCT-${year}-' || lpad(i::text, 6, '0')
           WHEN 'purchase-orders' THEN 'PO-${year}-' || lpad(i::text, 6, '0') END AS code,
      CASE k.type WHEN 'vendors' THEN 'Vendor ' || ${nameOf('k.customer')} WHEN 'items' THEN 'Reagent kit ' || i ELSE ${nameOf('k.customer')} END AS title,
      'Bench' AS subtitle, CASE WHEN i % 10 = 0 THEN 'cancelled' ELSE 'posted' END AS status
  ) t;
  ANALYZE search_index;
`;

async function seed(engine: Engine, env: Record<string, string>, rows: number): Promise<void> {
  if (engine === 'pglite') {
    const db = await PGlite.create(env.DATA_DIR!, { extensions: { pg_trgm, btree_gist } });
    await db.exec(volumeSql(rows));
    await db.exec('VACUUM (ANALYZE)');
    await db.close();
    return;
  }
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  await client.query(volumeSql(rows));
  await client.query('VACUUM (ANALYZE)');
  await client.end();
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/** What people type: names and their fragments, several words, code prefixes. */
function textQueries(rows: number): string[] {
  const fixed = ['aga khan', 'chughtai lab', 'Shifa Clinic Lahore', 'indus hosp', 'diagnostics karachi', 'medicare', 'blood bank sukkur', 'Excel Labs', `INV-${year}-0001`, 'ART-12', 'vendor sindh', 'reagent kit 12'];
  return Array.from({ length: samplesPerKind }, (_, i) => (i % 3 === 2 ? `Liaquat Institute Multan ${1 + (i % 6)}` : fixed[i % fixed.length]!)).map((q, i) =>
    i % 7 === 6 ? `#INV-${year}-${String(1 + ((i * 7919) % rows)).padStart(6, '0').slice(0, 4)}` : q,
  );
}

export async function measureSearch(token: string, rows: number): Promise<Omit<SearchFigures, 'rows'>> {
  const ask = (q: string) => call(base, token, 'GET', `/api/search?q=${encodeURIComponent(q)}`);
  const exact = Array.from({ length: samplesPerKind }, (_, i) => {
    let n = 1 + ((i * 104_729) % rows);
    while (n % 20 >= 18) n += 1; // an invoice
    return `INV-${year}-${String(n).padStart(6, '0')}`;
  });
  const text = textQueries(rows);
  for (const q of [...text.slice(0, 10), ...exact.slice(0, 10)]) await ask(q); // warm up
  const textTimes: number[] = [];
  for (const q of text) textTimes.push(await timeMs(() => ask(q)));
  const exactTimes: number[] = [];
  for (const q of exact) {
    let found = 0;
    exactTimes.push(await timeMs(async () => (found = ((await ask(q)) as { results: unknown[] }).results.length)));
    if (found !== 1) throw new Error(`${q} was not found`);
  }
  return {
    textP95: percentile(textTimes, 95),
    textMedian: percentile(textTimes, 50),
    exactP95: percentile(exactTimes, 95),
    exactMedian: percentile(exactTimes, 50),
    samples: samplesPerKind,
  };
}

export function searchTable(results: ReadonlyArray<{ engine: string; figures: SearchFigures }>): string {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  return [
    '| Engine | Index rows | Text p95 (median) | Exact number p95 (median) | Samples each |',
    '|---|---|---|---|---|',
    ...results.map(({ engine, figures: f }) => `| ${engine} | ${f.rows.toLocaleString('en')} | ${ms(f.textP95)} (${ms(f.textMedian)}) | ${ms(f.exactP95)} (${ms(f.exactMedian)}) | ${f.samples} |`),
  ].join('\n');
}

export async function measureSearchEngine(engine: Engine): Promise<SearchFigures> {
  const rows = rowsOf(engine);
  const env = await freshEngineEnv(engine, databaseName, 'search');
  const serverEnv = { PORT: String(port), ADMIN_PASSWORD: password, ...env };
  // The first start migrates and creates the admin; the rows go in while it is stopped.
  await stopProcess(await startProcess(serverEntry, serverEnv, `${base}/api/health`));
  const started = Date.now();
  await seed(engine, env, rows);
  console.log(`[${engine}] ${rows} index rows seeded in ${Math.round((Date.now() - started) / 1000)} s`);
  const server = await startProcess(serverEntry, serverEnv, `${base}/api/health`);
  try {
    const token = await adminToken(base, password);
    return { rows, ...(await measureSearch(token, rows)) };
  } finally {
    await stopProcess(server);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const engines = process.argv[2] ? [process.argv[2] as Engine] : (['pglite', 'postgres'] as const);
  const results: Array<{ engine: string; figures: SearchFigures }> = [];
  for (const engine of engines) results.push({ engine: engine === 'pglite' ? 'PGlite' : 'PostgreSQL', figures: await measureSearchEngine(engine) });
  console.log(`\n${searchTable(results)}`);
}
