// `npm run bench:cold-chain [-- pglite|postgres]`: the cold chain (issue 31, section 6: "importing
// 100,000 readings with excursions computed < 10 s"): a logger file of 100,000 readings of the 10
// regions' default fridges (cold-chain-volume.ts) uploaded, previewed and run through the import
// API, on a fresh database per engine, without the rest of `npm run bench`. Both engines unless one
// is named. BENCH_COLD_CHAIN_READINGS: the file's rows (100,000). BENCH_COLD_CHAIN_PORT (3433). The PostgreSQL
// database (erp_bench_cold_chain) is dropped after the run; BENCH_KEEP_DATABASE keeps it.
//
// Measured over HTTP as admin: a warm-up import first (1,000 readings of a fridge that holds no
// lots, not recorded), then the file: POST /api/imports/temperature-readings/preview (the upload,
// every row parsed and checked) and POST .../:jobId/run {mode: allOrNothing} (checked again, stored
// unit by unit, each unit's excursions computed and their lots held, one transaction), each timed
// to the answer's last byte; the aim is on their sum. Checked after: every row valid and imported,
// the excursions the file holds (runs of out-of-range readings, counted while it was written) are
// the API's, each region's fridge in excursion, and every cold lot with stock quarantined by one.
// The bench fails otherwise.
import { join } from 'node:path';
import { adminToken, root, startProcess, stopProcess } from './processes.ts';
import { dropPostgresDatabase, freshEngineEnv, seedBySql } from './seed-volume.ts';
import { coldChainFactsSql, type ColdChainFactsRow, coldChainReadings, coldChainSerials, coldChainVolumeSql, coldRegions, loggerFile, warmUpSerial } from './cold-chain-volume.ts';

export interface ColdChainFigures {
  rows: number;
  megabytes: number;
  excursions: number;
  outOfRange: number;
  /** Lots held by the excursions (quarantined). */
  heldLots: number;
  loadSeconds: number;
  previewMs: number;
  runMs: number;
  totalMs: number;
}

const port = Number(process.env.BENCH_COLD_CHAIN_PORT ?? 3433);
const base = `http://127.0.0.1:${port}`;
const password = 'Bench@12345';
const serverEntry = join(root, 'apps/server/src/main.ts');
const postgresServer = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = 'erp_bench_cold_chain';
const warmUpRows = 1_000;

interface PreviewAnswer {
  jobId?: number;
  validRows?: number;
  invalidRows?: number;
  message?: string;
  errors?: unknown;
}

/** Preview then run one file; each step timed to its answer's last byte. */
async function importFile(token: string, csv: string, rows: number, name: string): Promise<{ previewMs: number; runMs: number }> {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), name);
  let start = performance.now();
  const preview = await fetch(`${base}/api/imports/temperature-readings/preview`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const previewText = await preview.text();
  const previewMs = performance.now() - start;
  const previewed = JSON.parse(previewText) as PreviewAnswer;
  if (!preview.ok || previewed.validRows !== rows) throw new Error(`${name} preview: ${preview.status} ${previewText.slice(0, 1000)}`);
  start = performance.now();
  const run = await fetch(`${base}/api/imports/temperature-readings/${previewed.jobId}/run`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ mode: 'allOrNothing' }),
  });
  const runText = await run.text();
  const runMs = performance.now() - start;
  const result = JSON.parse(runText) as { imported?: number; rejected?: number };
  if (!run.ok || result.imported !== rows) throw new Error(`${name} run: ${run.status} ${runText.slice(0, 1000)}`);
  return { previewMs, runMs };
}

async function get<T>(token: string, path: string): Promise<T> {
  const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

/** The bench on a fresh database of its own: `pglite` or `postgres` (run.ts calls it after the main volume). */
export async function measureColdChainEngine(engine: 'pglite' | 'postgres'): Promise<ColdChainFigures> {
  const env = await freshEngineEnv(engine, database, 'cold-chain');
  const serverEnv = { PORT: String(port), ADMIN_PASSWORD: password, ...env };
  // The first start migrates and creates the admin; the rows go in while it is stopped.
  await stopProcess(await startProcess(serverEntry, serverEnv, `${base}/api/health`, 120_000));
  const started = performance.now();
  const facts = await seedBySql<ColdChainFactsRow>(engine, env, coldChainVolumeSql(), coldChainFactsSql());
  const loadSeconds = Math.round((performance.now() - started) / 1000);
  if (facts.units !== coldRegions + 1 || facts.negative_rows > 0) throw new Error(`[${engine}] the volume is wrong: ${JSON.stringify(facts)}`);
  console.log(`[${engine}] ${facts.units} storage units, ${facts.cold_rows} cold lots with stock, ${facts.moves} stock moves, loaded in ${loadSeconds} s`);
  const file = loggerFile(coldChainReadings, coldChainSerials());
  const warmUp = loggerFile(warmUpRows, [warmUpSerial]);
  const server = await startProcess(serverEntry, serverEnv, `${base}/api/health`, 120_000);
  try {
    const token = await adminToken(base, password);
    await importFile(token, warmUp.csv, warmUpRows, 'warm-up.csv');
    const before = await get<{ total: number }>(token, '/api/temperature-excursions?pageSize=1');
    if (before.total !== warmUp.excursions) throw new Error(`[${engine}] the warm-up made ${before.total} excursions, not ${warmUp.excursions}`);
    const { previewMs, runMs } = await importFile(token, file.csv, coldChainReadings, 'logger-export.csv');

    const wrong: string[] = [];
    const excursions = (await get<{ total: number }>(token, '/api/temperature-excursions?pageSize=1')).total - before.total;
    if (excursions !== file.excursions) wrong.push(`${excursions} excursions, not ${file.excursions}`);
    const inExcursion = (await get<{ total: number }>(token, '/api/storage-units?inExcursion=true&pageSize=1')).total;
    if (inExcursion !== coldRegions + (warmUp.excursions > 0 ? 1 : 0)) wrong.push(`${inExcursion} units in excursion`);
    const held = (await get<{ total: number }>(token, '/api/inventory?lotStatus=quarantined&pageSize=1')).total;
    if (held !== facts.cold_rows) wrong.push(`${held} lots quarantined, not the ${facts.cold_rows} cold lots`);
    const readings = await get<{ data: unknown[] }>(token, `/api/temperature-readings?pageSize=1000`);
    if (readings.data.length !== 1000) wrong.push(`the readings' first page has ${readings.data.length} rows`);
    if (wrong.length > 0) throw new Error(`[${engine}] the import is wrong: ${wrong.join('; ')}`);
    return {
      rows: coldChainReadings,
      megabytes: Math.round((Buffer.byteLength(file.csv) / 1e6) * 100) / 100,
      excursions,
      outOfRange: file.outOfRange,
      heldLots: held,
      loadSeconds,
      previewMs,
      runMs,
      totalMs: previewMs + runMs,
    };
  } finally {
    await stopProcess(server);
    if (engine === 'postgres') await dropPostgresDatabase(postgresServer, database);
  }
}

export function coldChainTable(results: ReadonlyArray<{ engine: string; figures: ColdChainFigures }>): string {
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  return [
    '| engine | readings | file | out of range | excursions | lots held | upload and preview | run (stored, excursions computed) | total | < 10 s |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...results.map(
      ({ engine, figures: f }) =>
        `| ${engine} | ${f.rows.toLocaleString('en-US')} | ${f.megabytes} MB | ${f.outOfRange.toLocaleString('en-US')} | ${f.excursions} | ${f.heldLots} | ` +
        `${ms(f.previewMs)} | ${ms(f.runMs)} | ${ms(f.totalMs)} | ${f.totalMs < 10_000 ? 'yes' : 'no'} |`,
    ),
  ].join('\n');
}

export const coldChainCaption = () =>
  `Cold chain: a logger file of ${coldChainReadings.toLocaleString('en-US')} readings of ${coldRegions} fridges imported over HTTP as admin ` +
  `(preview, then run all or nothing; after a 1,000-row warm-up import; aim < 10 s):`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const named = process.argv[2];
  if (named !== undefined && named !== 'pglite' && named !== 'postgres') throw new Error(`Engine ${named}: pglite or postgres`);
  const engines: ReadonlyArray<'pglite' | 'postgres'> = named ? [named] : ['pglite', 'postgres'];
  const results: Array<{ engine: string; figures: ColdChainFigures }> = [];
  for (const engine of engines) {
    console.log(`[${engine}] cold chain: ${coldChainReadings} readings`);
    const figures = await measureColdChainEngine(engine);
    console.log(
      `[${engine}] ${figures.rows} readings (${figures.excursions} excursions, ${figures.heldLots} lots held): preview ${figures.previewMs.toFixed(0)} ms, ` +
        `run ${figures.runMs.toFixed(0)} ms, total ${figures.totalMs.toFixed(0)} ms (aim < 10,000 ms)`,
    );
    results.push({ engine: engine === 'pglite' ? 'PGlite' : 'PostgreSQL', figures });
  }
  console.log(`\n${coldChainCaption()}\n\n${coldChainTable(results)}`);
}
