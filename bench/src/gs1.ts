// `npm run bench:gs1 [-- pglite|postgres]`: GS1 scans (issue 32, section 7): `parseGs1` over
// 100,000 scans in this process (aim < 1 s), and `POST /api/gs1/lookup` over 50,000 GTINs and
// 200,000 lots (aim p95 < 20 ms), on a fresh database per engine, without the rest of `npm run
// bench`. Both engines unless one is named. BENCH_GS1_PORT (3434). The PostgreSQL database
// (erp_bench_gs1) is dropped after the run; BENCH_KEEP_DATABASE keeps it.
//
// The volume, bulk-loaded by SQL while the server is stopped: 10 regions; 25,000 items, each with
// two GTINs (its each, and a case of 12: 50,000 GTIN-14s with their check digits); 8 lots of each
// item (200,000 warehouse rows), lot k of item n in region (n + k) mod 10. The scans: GS1
// DataMatrix element strings (]d2, GTIN, expiry, lot, a GS, serial), a GS1-128 with a count, the
// human-readable form and bare GTIN-13s, every fifth scan written another way. The lookups: 1,000
// requests one after the other as admin (after 20 warm-ups), each a random pack of a random lot
// with that lot's region (one in ten of an unknown GTIN), timed to the answer's last byte; each
// answer checked (the item, the quantity, the lot and its expiry; the unknown: item null).
import { join } from 'node:path';
import { groupSeparator, gtinCheckDigit, parseGs1 } from '@erp/domain';
import { median, p95 } from './measure.ts';
import { adminToken, root, startProcess, stopProcess } from './processes.ts';
import { dropPostgresDatabase, freshEngineEnv, seedBySql } from './seed-volume.ts';

export const gs1Items = Number(process.env.BENCH_GS1_ITEMS ?? 25_000);
const lotsPerItem = 8;
const regions = 10;
const caseUnits = 12;
const parseScans = 100_000;
const lookups = 1_000;
const warmUps = 20;
const port = Number(process.env.BENCH_GS1_PORT ?? 3434);
const base = `http://127.0.0.1:${port}`;
const password = 'Bench@12345';
const serverEntry = join(root, 'apps/server/src/main.ts');
const postgresServer = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = 'erp_bench_gs1';

/** Item n's GTIN: indicator 0 (its each) or 1 (its case), company prefix 8961234, item reference n; then the check digit. */
export function benchGtin(n: number, indicator: 0 | 1): string {
  const body = `${indicator}8961234${String(n).padStart(5, '0')}`;
  return body + gtinCheckDigit(body);
}
const lotNumber = (n: number, k: number) => `GL-${n}-${k}`;
const expiryOf = (k: number) => `2027-${String(k + 1).padStart(2, '0')}-28`;

// The check digit in SQL (weights 3, 1, 3, ... from the right of the 13 digits).
const checkDigitSql = (body: string) =>
  `((10 - (SELECT sum(substr(${body}, i, 1)::int * CASE WHEN i % 2 = 1 THEN 3 ELSE 1 END) FROM generate_series(1, 13) AS i) % 10) % 10)::text`;

const volumeSql = () => `
  INSERT INTO regions (region_name, region_code) SELECT 'GS1 Region ' || i, 'GS' || i FROM generate_series(1, ${regions}) AS i;
  CREATE TEMP TABLE g_regions AS
    SELECT r.id, row_number() OVER (ORDER BY r.id) - 1 AS n, l.id AS location_id
    FROM regions r JOIN stock_locations l ON l.region_id = r.id AND l.kind = 'warehouse' WHERE r.region_code LIKE 'GS%';
  ALTER TABLE g_regions ADD PRIMARY KEY (n);
  INSERT INTO categories (category_name) VALUES ('GS1 Bench Category');
  INSERT INTO items (item_name, article_number, category_id, unit, cost_price, sale_price, lot_tracked, storage_condition, is_approved)
    SELECT 'GS1 reagent ' || lpad(n::text, 5, '0'), 'GSI-' || lpad(n::text, 5, '0'), (SELECT id FROM categories WHERE category_name = 'GS1 Bench Category'),
           'kit', 10.00, 20.00, true, 'ambient', true
    FROM generate_series(0, ${gs1Items - 1}) AS n;
  CREATE TEMP TABLE g_items AS SELECT id, substr(article_number, 5)::int AS n FROM items WHERE article_number LIKE 'GSI-%';
  ALTER TABLE g_items ADD PRIMARY KEY (n);
  INSERT INTO item_gtins (item_id, gtin, pack_level, units_per_pack)
    SELECT i.id, b.body || ${checkDigitSql('b.body')}, CASE WHEN b.indicator = 0 THEN 'each' ELSE 'case' END, CASE WHEN b.indicator = 0 THEN 1 ELSE ${caseUnits} END
    FROM g_items i CROSS JOIN LATERAL (SELECT x AS indicator, x::text || '8961234' || lpad(i.n::text, 5, '0') AS body FROM generate_series(0, 1) AS x) b;
  -- No lot is recalled: the trigger's per-row advisory lock (200,000 in one transaction) is stood aside as a restore does.
  SELECT set_config('erp.restoring', 'on', true);
  INSERT INTO inventory (item_id, lot_number, date_expiry, location_id, region_id, quantity, unit_cost)
    SELECT i.id, 'GL-' || i.n || '-' || k, make_date(2027, k + 1, 28), r.location_id, r.id, 0, 10.00
    FROM g_items i CROSS JOIN generate_series(0, ${lotsPerItem - 1}) AS k JOIN g_regions r ON r.n = (i.n + k) % ${regions};
  SELECT set_config('erp.restoring', '', true);
`;

const factsSql = () => `SELECT (SELECT count(*)::int FROM item_gtins) AS gtins, (SELECT count(*)::int FROM inventory WHERE lot_number LIKE 'GL-%') AS lots,
  (SELECT json_agg(id ORDER BY n) FROM g_regions) AS region_ids`;

interface Gs1Facts {
  gtins: number;
  lots: number;
  region_ids: number[] | string;
}

export interface Gs1Figures {
  parseMs: number;
  parseCpuMs: number;
  gtins: number;
  lots: number;
  loadSeconds: number;
  lookupMedianMs: number;
  lookupP95Ms: number;
}

/** A seeded PRNG (mulberry32): the same scans every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One scan of item n's lot k: the pack's GTIN, the lot's expiry and number, in one of the written forms. */
function scanOf(n: number, k: number, form: number, caseCount?: number): string {
  const expiry = expiryOf(k).replaceAll('-', '').slice(2);
  if (form === 1) return `]C1${'01' + benchGtin(n, 1)}37${caseCount ?? 2}${groupSeparator}17${expiry}10${lotNumber(n, k)}`;
  if (form === 2) return `(01)${benchGtin(n, 0)}(17)${expiry}(10)${lotNumber(n, k)}(21)S${n}`;
  if (form === 3) return benchGtin(n, 0).slice(1);
  return `]d201${benchGtin(n, 0)}17${expiry}10${lotNumber(n, k)}${groupSeparator}21S${n}-${k}`;
}

/**
 * parseGs1 over 100,000 scans of the four forms (the first 1,000 once before, as a warm-up): the
 * time of the whole loop, and the CPU time this process spent in it (on a shared machine the wall
 * time is what the other processes leave of a core).
 */
export function measureParse(): { wallMs: number; cpuMs: number } {
  const next = random(32);
  const scans = Array.from({ length: parseScans }, (_, i) => scanOf(Math.floor(next() * gs1Items), Math.floor(next() * lotsPerItem), i % 5 === 4 ? 1 + (i % 3) : 0));
  for (const scan of scans.slice(0, 1_000)) parseGs1(scan, { today: '2026-12-01' });
  const cpu = process.cpuUsage();
  const start = performance.now();
  let read = 0;
  for (const scan of scans) if (parseGs1(scan, { today: '2026-12-01' }).ok) read += 1;
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  if (read !== parseScans) throw new Error(`parseGs1 read ${read} of ${parseScans} scans`);
  return { wallMs, cpuMs: (used.user + used.system) / 1000 };
}

interface LookupAnswer {
  data?: { item: { articleNumber: string } | null; quantity: number | null; lot: { lotNumber: string; dateExpiry: string; expiryMatches: boolean | null } | null };
}

export async function measureGs1Engine(engine: 'pglite' | 'postgres', parse: { wallMs: number; cpuMs: number }): Promise<Gs1Figures> {
  const env = await freshEngineEnv(engine, database, 'gs1');
  const serverEnv = { PORT: String(port), ADMIN_PASSWORD: password, ...env };
  await stopProcess(await startProcess(serverEntry, serverEnv, `${base}/api/health`, 120_000));
  const started = performance.now();
  const facts = await seedBySql<Gs1Facts>(engine, env, volumeSql(), factsSql());
  const loadSeconds = Math.round((performance.now() - started) / 1000);
  const regionIds = (typeof facts.region_ids === 'string' ? JSON.parse(facts.region_ids) : facts.region_ids) as number[];
  if (facts.gtins !== gs1Items * 2 || facts.lots !== gs1Items * lotsPerItem) throw new Error(`[${engine}] the volume is wrong: ${JSON.stringify(facts)}`);
  console.log(`[${engine}] ${facts.gtins} GTINs, ${facts.lots} lots, loaded in ${loadSeconds} s`);
  const server = await startProcess(serverEntry, serverEnv, `${base}/api/health`, 120_000);
  try {
    const token = await adminToken(base, password);
    const next = random(7);
    const times: number[] = [];
    for (let i = 0; i < warmUps + lookups; i += 1) {
      const n = Math.floor(next() * gs1Items);
      const k = Math.floor(next() * lotsPerItem);
      const unknown = i % 10 === 9;
      const cased = i % 4 === 1;
      const scan = unknown ? `]d201${benchGtin(n, 0).replace('8961234', '8969999').slice(0, 13)}${gtinCheckDigit(benchGtin(n, 0).replace('8961234', '8969999').slice(0, 13))}10X` : scanOf(n, k, cased ? 1 : 0, 3);
      const body = JSON.stringify({ scan, regionId: regionIds[(n + k) % regions] });
      const start = performance.now();
      const response = await fetch(`${base}/api/gs1/lookup`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body });
      const text = await response.text();
      const elapsed = performance.now() - start;
      const answer = JSON.parse(text) as LookupAnswer;
      const data = answer.data;
      const right = unknown
        ? response.ok && data?.item === null
        : response.ok &&
          data?.item?.articleNumber === `GSI-${String(n).padStart(5, '0')}` &&
          data.quantity === (cased ? caseUnits * 3 : 1) &&
          data.lot?.lotNumber === lotNumber(n, k) &&
          data.lot.dateExpiry === expiryOf(k) &&
          data.lot.expiryMatches === true;
      if (!right) throw new Error(`[${engine}] lookup of ${JSON.stringify(scan)}: ${response.status} ${text.slice(0, 500)}`);
      if (i >= warmUps) times.push(elapsed);
    }
    return { parseMs: parse.wallMs, parseCpuMs: parse.cpuMs, gtins: facts.gtins, lots: facts.lots, loadSeconds, lookupMedianMs: median(times), lookupP95Ms: p95(times) };
  } finally {
    await stopProcess(server);
    if (engine === 'postgres') await dropPostgresDatabase(postgresServer, database);
  }
}

export const gs1Caption = () =>
  `GS1 scans: parseGs1 over ${parseScans.toLocaleString('en-US')} scans in process (aim < 1 s); POST /api/gs1/lookup over HTTP as admin, ` +
  `${lookups.toLocaleString('en-US')} requests one after the other after ${warmUps} warm-ups (one in ten of an unknown GTIN; aim p95 < 20 ms):`;

export function gs1Table(results: ReadonlyArray<{ engine: string; figures: Gs1Figures }>): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return [
    '| engine | parseGs1 100,000 scans | its CPU time | < 1 s | GTINs | lots | lookup: median | p95 | p95 < 20 ms |',
    '|---|---:|---:|---|---:|---:|---:|---:|---|',
    ...results.map(
      ({ engine, figures: f }) =>
        `| ${engine} | ${f.parseMs.toFixed(0)} ms | ${f.parseCpuMs.toFixed(0)} ms | ${f.parseMs < 1000 ? 'yes' : 'no'} | ${f.gtins.toLocaleString('en-US')} | ${f.lots.toLocaleString('en-US')} | ` +
        `${ms(f.lookupMedianMs)} | ${ms(f.lookupP95Ms)} | ${f.lookupP95Ms < 20 ? 'yes' : 'no'} |`,
    ),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const named = process.argv[2];
  if (named !== undefined && named !== 'pglite' && named !== 'postgres') throw new Error(`Engine ${named}: pglite or postgres`);
  const engines: ReadonlyArray<'pglite' | 'postgres'> = named ? [named] : ['pglite', 'postgres'];
  const results: Array<{ engine: string; figures: Gs1Figures }> = [];
  for (const engine of engines) {
    const parse = measureParse();
    console.log(`[${engine}] parseGs1: ${parseScans} scans in ${parse.wallMs.toFixed(0)} ms, ${parse.cpuMs.toFixed(0)} ms of CPU (aim < 1,000 ms)`);
    const figures = await measureGs1Engine(engine, parse);
    console.log(`[${engine}] lookup: median ${figures.lookupMedianMs.toFixed(1)} ms, p95 ${figures.lookupP95Ms.toFixed(1)} ms (aim p95 < 20 ms)`);
    results.push({ engine: engine === 'pglite' ? 'PGlite' : 'PostgreSQL', figures });
  }
  console.log(`\n${gs1Caption()}\n\n${gs1Table(results)}`);
}
