// `npm run bench:bank [-- pglite|postgres]`: bank statements (issue 33, section 8: "auto-matching
// 10,000 statement lines against 50,000 book entries < 5 s; importing 10,000 lines < 5 s") over
// the books of bank-volume.ts, on a fresh database per engine, without the rest of `npm run bench`.
// Both engines unless one is named. BENCH_BANK_LINES (10,000), BENCH_BANK_ENTRIES (50,000),
// BENCH_BANK_RUNS (5), BENCH_BANK_PORT (3434). The PostgreSQL database (erp_bench_bank) is dropped
// after the run; BENCH_KEEP_DATABASE keeps it (to EXPLAIN the book's read).
//
// Measured over HTTP as admin, each request timed from its sending to the answer's last byte, one
// after the other. Each run is one bank account of its own with its 50,000 entries, so every run
// matches a statement against the same volume: the statement file (CSV as banks print it: day-first
// dates, debit and credit columns with thousands separators, a running balance) uploaded as a real
// one is, POST /api/imports/bank-statement/preview?bankAccountId= (the upload, every row parsed and
// checked, the account's held lines looked up) then POST .../:jobId/run {mode: validOnly} (checked
// again, stored as one statement); the import's figure is their sum. Then POST
// /api/bank-statements/:id/auto-match under the three default rules. The warm-up account (a tenth
// of the size) goes first and is not recorded; its file is then imported again (every line skipped).
// Each answer is checked: every row valid and imported; matched, suggested and unmatched as the file
// was made (90% matched, 10% unmatched of which 5% suggested), the cheques among the matched cleared. The bench fails otherwise.
import { join } from 'node:path';
import { type BankBooks, bankBookSql, bankEntries, bankLines, bankRuns, type BankShape, bankShapes, bankVolumeSql, statementFile } from './bank-volume.ts';
import { median, p95 } from './measure.ts';
import { adminToken, root, startProcess, stopProcess } from './processes.ts';
import { dropPostgresDatabase, freshEngineEnv, seedBySql } from './seed-volume.ts';

export interface Timing {
  medianMs: number;
  p95Ms: number;
  timesMs: number[];
}

export interface BankFigures {
  lines: number;
  entries: number;
  megabytes: number;
  loadSeconds: number;
  matched: number;
  suggested: number;
  unmatched: number;
  cheques: number;
  preview: Timing;
  run: Timing;
  importTotal: Timing;
  match: Timing;
}

const port = Number(process.env.BENCH_BANK_PORT ?? 3434);
const base = `http://127.0.0.1:${port}`;
const password = 'Bench@12345';
const serverEntry = join(root, 'apps/server/src/main.ts');
const postgresServer = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = 'erp_bench_bank';

const timing = (times: number[]): Timing => ({ medianMs: median(times), p95Ms: p95(times), timesMs: times });

async function timed<T>(token: string, path: string, init: { body?: FormData | string; json?: boolean } = {}): Promise<{ ms: number; data: T }> {
  const start = performance.now();
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(init.json ? { 'content-type': 'application/json' } : {}) },
    body: init.body,
  });
  const text = await response.text();
  const ms = performance.now() - start;
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${text.slice(0, 1000)}`);
  return { ms, data: JSON.parse(text) as T };
}

interface ImportAnswer {
  jobId: number;
  validRows: number;
  invalidRows: number;
}
interface RunAnswer {
  imported: number;
  skipped: number;
  rejected: number;
  statementId: number | null;
}
interface MatchAnswer {
  matched: number;
  suggested: number;
  unmatched: number;
  data: { lines: Array<{ status: string; matches: Array<{ chequeId: number | null }> }> };
}

/** Uploads and runs one statement file: the preview's and the run's times, and the run's answer. */
async function importStatement(token: string, accountId: number, csv: string, name: string) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), name);
  const preview = await timed<ImportAnswer>(token, `/api/imports/bank-statement/preview?bankAccountId=${accountId}`, { body: form });
  const run = await timed<RunAnswer>(token, `/api/imports/bank-statement/${preview.data.jobId}/run`, { body: JSON.stringify({ mode: 'validOnly' }), json: true });
  return { previewMs: preview.ms, runMs: run.ms, preview: preview.data, run: run.data };
}

function checkRun(engine: string, shape: BankShape, file: ReturnType<typeof statementFile>, imported: Awaited<ReturnType<typeof importStatement>>, matched: MatchAnswer): void {
  const wrong: string[] = [];
  if (imported.preview.validRows !== file.lines || imported.preview.invalidRows !== 0) wrong.push(`previewed ${JSON.stringify(imported.preview)}`);
  if (imported.run.imported !== file.lines || imported.run.statementId === null) wrong.push(`imported ${JSON.stringify(imported.run)}`);
  if (matched.matched !== file.matched || matched.suggested !== file.suggested || matched.unmatched !== file.unmatched) {
    wrong.push(`${matched.matched} matched, ${matched.suggested} suggested, ${matched.unmatched} unmatched, not ${file.matched}, ${file.suggested}, ${file.unmatched}`);
  }
  const cleared = matched.data.lines.filter((l) => l.matches.some((m) => m.chequeId !== null)).length;
  if (cleared !== file.cheques) wrong.push(`${cleared} cheques matched, not ${file.cheques}`);
  if (matched.data.lines.filter((l) => l.status === 'matched').length !== file.matched) wrong.push('the statement\'s matched lines differ from the count');
  if (wrong.length > 0) throw new Error(`[${engine}] account ${shape.account} is wrong: ${wrong.join('; ')}`);
}

/** The bench on a fresh database of its own: `pglite` or `postgres` (run.ts calls it after the main volume). */
export async function measureBankEngine(engine: 'pglite' | 'postgres'): Promise<BankFigures> {
  const env = await freshEngineEnv(engine, database, 'bank');
  const serverEnv = { PORT: String(port), ADMIN_PASSWORD: password, ...env };
  // The first start migrates and creates the admin; the books go in while it is stopped.
  await stopProcess(await startProcess(serverEntry, serverEnv, `${base}/api/health`, 120_000));
  const shapes = bankShapes();
  const started = performance.now();
  const { ids, books } = await seedBySql<BankBooks>(engine, env, bankVolumeSql(shapes), bankBookSql());
  const loadSeconds = Math.round((performance.now() - started) / 1000);
  const files = shapes.map((shape) => statementFile(shape, books[String(shape.account)] ?? []));
  const entries = (books['1'] ?? []).length;
  if (entries !== shapes[1]!.entries) throw new Error(`[${engine}] account 1 holds ${entries} book entries, not ${shapes[1]!.entries}`);
  console.log(`[${engine}] ${shapes.length} bank accounts of ${entries} book entries (the first a tenth), loaded in ${loadSeconds} s`);
  const server = await startProcess(serverEntry, serverEnv, `${base}/api/health`, 120_000);
  try {
    const token = await adminToken(base, password);
    const samples = { preview: [] as number[], run: [] as number[], total: [] as number[], match: [] as number[] };
    for (const [k, shape] of shapes.entries()) {
      const accountId = ids[String(k)]!;
      const imported = await importStatement(token, accountId, files[k]!.csv, `statement-BBK-${k}.csv`);
      const matched = await timed<MatchAnswer>(token, `/api/bank-statements/${imported.run.statementId}/auto-match`);
      checkRun(engine, shape, files[k]!, imported, matched.data);
      if (k === 0) {
        const again = await importStatement(token, accountId, files[k]!.csv, 'statement-again.csv');
        if (again.run.imported !== 0 || again.run.skipped !== files[k]!.lines) throw new Error(`[${engine}] the file imported again: ${JSON.stringify(again.run)}`);
        continue;
      }
      samples.preview.push(imported.previewMs);
      samples.run.push(imported.runMs);
      samples.total.push(imported.previewMs + imported.runMs);
      samples.match.push(matched.ms);
      console.log(`[${engine}] run ${k}: import ${(imported.previewMs + imported.runMs).toFixed(0)} ms (preview ${imported.previewMs.toFixed(0)}, run ${imported.runMs.toFixed(0)}), auto-match ${matched.ms.toFixed(0)} ms`);
    }
    const file = files[1]!;
    return {
      lines: file.lines,
      entries,
      megabytes: Math.round((Buffer.byteLength(file.csv) / 1e6) * 100) / 100,
      loadSeconds,
      matched: file.matched,
      suggested: file.suggested,
      unmatched: file.unmatched,
      cheques: file.cheques,
      preview: timing(samples.preview),
      run: timing(samples.run),
      importTotal: timing(samples.total),
      match: timing(samples.match),
    };
  } finally {
    await stopProcess(server);
    if (engine === 'postgres') await dropPostgresDatabase(postgresServer, database);
  }
}

export function bankTable(results: ReadonlyArray<{ engine: string; figures: BankFigures }>): string {
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const each = (t: Timing) => t.timesMs.map((v) => v.toFixed(0)).join(', ');
  return [
    '| engine | lines | book entries | import: median (preview + run) | p95 | each (ms) | < 5 s | auto-match: median | p95 | each (ms) | < 5 s |',
    '|---|---:|---:|---:|---:|---|---|---:|---:|---|---|',
    ...results.map(
      ({ engine, figures: f }) =>
        `| ${engine} | ${f.lines.toLocaleString('en-US')} | ${f.entries.toLocaleString('en-US')} | ${ms(f.importTotal.medianMs)} (${ms(f.preview.medianMs)} + ${ms(f.run.medianMs)}) | ${ms(f.importTotal.p95Ms)} | ${each(f.importTotal)} | ` +
        `${f.importTotal.p95Ms < 5000 ? 'yes' : 'no'} | ${ms(f.match.medianMs)} | ${ms(f.match.p95Ms)} | ${each(f.match)} | ${f.match.p95Ms < 5000 ? 'yes' : 'no'} |`,
    ),
  ].join('\n');
}

export const bankCaption = () =>
  `Bank statements: a file of ${bankLines.toLocaleString('en-US')} lines imported (upload and preview, then run) and auto-matched against ${bankEntries.toLocaleString('en-US')} book entries ` +
  `(ledger rows of the account and open cheques; 90% matched, a tenth of them cheques cleared, 5% suggested), over HTTP as admin, ${bankRuns} runs each on an account of its own after a warm-up; aims < 5 s each:`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const named = process.argv[2];
  if (named !== undefined && named !== 'pglite' && named !== 'postgres') throw new Error(`Engine ${named}: pglite or postgres`);
  const engines: ReadonlyArray<'pglite' | 'postgres'> = named ? [named] : ['pglite', 'postgres'];
  const results: Array<{ engine: string; figures: BankFigures }> = [];
  for (const engine of engines) {
    console.log(`[${engine}] bank statements: ${bankLines} lines against ${bankEntries} book entries, ${bankRuns} runs`);
    const figures = await measureBankEngine(engine);
    console.log(
      `[${engine}] import median ${figures.importTotal.medianMs.toFixed(0)} ms, p95 ${figures.importTotal.p95Ms.toFixed(0)} ms; ` +
        `auto-match median ${figures.match.medianMs.toFixed(0)} ms, p95 ${figures.match.p95Ms.toFixed(0)} ms (aims < 5,000 ms)`,
    );
    results.push({ engine: engine === 'pglite' ? 'PGlite' : 'PostgreSQL', figures });
  }
  console.log(`\n${bankCaption()}\n\n${bankTable(results)}`);
}
