// `npm run bench:fbr-reconciliation [-- pglite|postgres]`: the FBR reconciliation (issue 30,
// section 10: "the reconciliation of a month of 100,000 invoices < 1 s") over a month of 100,000
// posted sale invoices beside their submissions, and the month before it (fbr-reconciliation-volume.ts),
// on a fresh database per engine, without the rest of `npm run bench`. Both engines unless one is named.
// BENCH_FBR_RECONCILIATION_INVOICES: the month's invoices (100,000). BENCH_FBR_RECONCILIATION_PORT (3431).
//
// Measured over HTTP as admin, each request timed from its sending to the answer's last byte (the
// body read, not parsed: the parse is the client's), one after the other:
// - the screen's first page, GET /api/fbr/reconciliation?month=... (100 rows; the counts over the whole month): 2 warm-ups, then 10;
// - a later page (&page=900: the rows from 89,901, an OFFSET deep in the month): 1 warm-up, then 5;
// - the file of the whole month (&format=csv): 1 warm-up, then 3.
// Every kind of answer is checked once: the counts against the tables (documents = the month's
// invoices, missing = 0), each page's rows, the file's lines. The bench fails otherwise.
import type { FbrReconciliation } from '@erp/domain';
import { join } from 'node:path';
import { median, p95 } from './measure.ts';
import { adminToken, root, startProcess, stopProcess } from './processes.ts';
import { freshEngineEnv, seedBySql } from './seed-volume.ts';
import { reconciliationFactsSql, type ReconciliationFactsRow, reconciliationInvoices, reconciliationMonth, reconciliationVolumeSql } from './fbr-reconciliation-volume.ts';

/** One request's figures over its samples. */
export interface Timing {
  medianMs: number;
  p95Ms: number;
  samples: number;
  /** Each sample, in the order taken: a slow one among quick ones is the machine, a slow run the statement. */
  timesMs: number[];
  /** The answer's size, MB. */
  megabytes: number;
}

export interface FbrReconciliationFigures {
  /** Documents of the month, as the answer counts them. */
  documents: number;
  accepted: number;
  awaiting: number;
  notReported: number;
  missing: number;
  cancelled: number;
  loadSeconds: number;
  firstPage: Timing;
  laterPage: Timing & { page: number };
  csv: Timing & { lines: number };
}

const port = Number(process.env.BENCH_FBR_RECONCILIATION_PORT ?? 3431);
const base = `http://127.0.0.1:${port}`;
const password = 'Bench@12345';
const serverEntry = join(root, 'apps/server/src/main.ts');
const database = 'erp_bench_fbr_reconciliation';
const pageSize = 100;
/** Deep in the month (rows 89,901-90,000 of 100,000): what OFFSET costs. */
const laterPage = Math.max(1, Math.floor((reconciliationInvoices * 0.9) / pageSize));

const seed = (engine: string, env: Record<string, string>) => seedBySql<ReconciliationFactsRow>(engine, env, reconciliationVolumeSql(reconciliationInvoices), reconciliationFactsSql());

/** One request, to the answer's last byte. */
async function fetchTimed(token: string, query: string): Promise<{ ms: number; body: Buffer }> {
  const start = performance.now();
  const response = await fetch(`${base}/api/fbr/reconciliation?month=${reconciliationMonth}${query}`, { headers: { authorization: `Bearer ${token}` } });
  const body = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - start;
  if (!response.ok) throw new Error(`reconciliation ${query}: ${response.status} ${body.toString('utf8').slice(0, 500)}`);
  return { ms, body };
}

/** `warmUps` requests, the last one's body kept for its check, then `samples` timed. */
async function timed(token: string, query: string, warmUps: number, samples: number): Promise<{ timing: Timing; body: Buffer }> {
  let last = await fetchTimed(token, query);
  for (let i = 1; i < warmUps; i++) last = await fetchTimed(token, query);
  const times: number[] = [];
  for (let i = 0; i < samples; i++) times.push((await fetchTimed(token, query)).ms);
  return { timing: { medianMs: median(times), p95Ms: p95(times), samples, timesMs: times, megabytes: Math.round((last.body.length / 1e6) * 100) / 100 }, body: last.body };
}

/** The answer as the route sends it, with the envelope's rows' total. */
type Answer = FbrReconciliation & { total: number };

/** The answer says what the tables hold, or the bench stops: a fast wrong answer measures nothing. */
function check(engine: string, what: string, answer: Answer, facts: ReconciliationFactsRow, rows: number): void {
  const wrong: string[] = [];
  const expect = (name: string, got: unknown, want: unknown) => got !== want && wrong.push(`${name} ${String(got)}, not ${String(want)}`);
  expect('documents', answer.documents, reconciliationInvoices);
  expect('documents (the tables)', answer.documents, facts.documents);
  expect('missing', answer.missing, 0);
  expect('accepted', answer.accepted, facts.accepted);
  expect('awaiting', answer.awaiting, facts.awaiting);
  expect('notReported', answer.notReported, facts.not_reported);
  expect('total', answer.total, facts.documents);
  expect('rows', answer.rows.length, rows);
  // A row without FBR's number has its reason; one with it has none.
  const unexplained = answer.rows.filter((row) => (row.fbrInvoiceNumber === null) === (row.reason === null));
  if (unexplained.length > 0) wrong.push(`${unexplained.length} rows with both or neither of a number and a reason (${unexplained[0]!.documentNumber})`);
  if (wrong.length > 0) throw new Error(`[${engine}] the reconciliation's ${what} is wrong: ${wrong.join('; ')}`);
}

/** The bench on a fresh database of its own: `pglite` or `postgres` (run.ts calls it after the main volume). */
export async function measureFbrReconciliationEngine(engine: 'pglite' | 'postgres'): Promise<FbrReconciliationFigures> {
  const env = await freshEngineEnv(engine, database, 'fbr-reconciliation');
  const serverEnv = { PORT: String(port), ADMIN_PASSWORD: password, ...env };
  // The first start migrates and creates the admin; the rows go in while it is stopped.
  await stopProcess(await startProcess(serverEntry, serverEnv, `${base}/api/health`, 120_000));
  const started = performance.now();
  const facts = await seed(engine, env);
  const loadSeconds = Math.round((performance.now() - started) / 1000);
  console.log(
    `[${engine}] ${facts.documents} invoices in ${reconciliationMonth} (${facts.accepted} accepted, ${facts.awaiting} awaiting, ${facts.not_reported} not reported, ` +
      `${facts.cancelled} cancelled; ${facts.invoices} invoices and ${facts.submissions} submissions over two months) loaded in ${loadSeconds} s`,
  );
  const server = await startProcess(serverEntry, serverEnv, `${base}/api/health`, 120_000);
  try {
    const token = await adminToken(base, password);
    const first = await timed(token, '', 2, 10);
    const answer = JSON.parse(first.body.toString('utf8')) as Answer;
    check(engine, 'first page', answer, facts, Math.min(pageSize, reconciliationInvoices));
    const later = await timed(token, `&page=${laterPage}&pageSize=${pageSize}`, 1, 5);
    const laterAnswer = JSON.parse(later.body.toString('utf8')) as Answer;
    check(engine, `page ${laterPage}`, laterAnswer, facts, Math.max(0, Math.min(pageSize, reconciliationInvoices - (laterPage - 1) * pageSize)));
    const csv = await timed(token, '&format=csv', 1, 3);
    // A header, then a line per document: no field of this month holds a line break.
    const lines = csv.body.toString('utf8').split('\r\n').length - 2;
    if (lines !== facts.documents) throw new Error(`[${engine}] the CSV has ${lines} rows for ${facts.documents} documents`);
    return {
      documents: answer.documents,
      accepted: answer.accepted,
      awaiting: answer.awaiting,
      notReported: answer.notReported,
      missing: answer.missing,
      cancelled: facts.cancelled,
      loadSeconds,
      firstPage: first.timing,
      laterPage: { ...later.timing, page: laterPage },
      csv: { ...csv.timing, lines },
    };
  } finally {
    await stopProcess(server);
  }
}

export function fbrReconciliationTable(results: ReadonlyArray<{ engine: string; figures: FbrReconciliationFigures }>): string {
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  return [
    '| engine | documents | accepted / awaiting / not reported | missing | first page: median | p95 | later page: median | p95 | CSV of the month: median | p95 | CSV | < 1 s (first page, p95) |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...results.map(
      ({ engine, figures: f }) =>
        `| ${engine} | ${f.documents.toLocaleString('en-US')} | ${f.accepted.toLocaleString('en-US')} / ${f.awaiting.toLocaleString('en-US')} / ${f.notReported.toLocaleString('en-US')} | ${f.missing} | ` +
        `${ms(f.firstPage.medianMs)} | ${ms(f.firstPage.p95Ms)} | ${ms(f.laterPage.medianMs)} | ${ms(f.laterPage.p95Ms)} | ${ms(f.csv.medianMs)} | ${ms(f.csv.p95Ms)} | ` +
        `${f.csv.megabytes} MB | ${f.firstPage.p95Ms < 1000 ? 'yes' : 'no'} |`,
    ),
  ].join('\n');
}

export const fbrReconciliationCaption = () =>
  `FBR reconciliation for ${reconciliationMonth} over ${reconciliationInvoices.toLocaleString('en-US')} posted sale invoices beside their submissions, and the month before ` +
  `(over HTTP as admin, to the answer's last byte; the first page of ${pageSize}: 2 warm-ups, then 10 requests; page ${laterPage}: 1 then 5; the CSV of the month: 1 then 3; aim < 1 s):`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const named = process.argv[2];
  if (named !== undefined && named !== 'pglite' && named !== 'postgres') throw new Error(`Engine ${named}: pglite or postgres`);
  const engines: ReadonlyArray<'pglite' | 'postgres'> = named ? [named] : ['pglite', 'postgres'];
  const results: Array<{ engine: string; figures: FbrReconciliationFigures }> = [];
  for (const engine of engines) {
    console.log(`[${engine}] FBR reconciliation: ${reconciliationInvoices} invoices in ${reconciliationMonth}`);
    const figures = await measureFbrReconciliationEngine(engine);
    console.log(
      `[${engine}] first page median ${figures.firstPage.medianMs.toFixed(1)} ms, p95 ${figures.firstPage.p95Ms.toFixed(1)} ms; ` +
        `page ${figures.laterPage.page} median ${figures.laterPage.medianMs.toFixed(1)} ms; CSV median ${figures.csv.medianMs.toFixed(1)} ms (${figures.csv.megabytes} MB)`,
    );
    const each = (timing: Timing) => timing.timesMs.map((value) => value.toFixed(0)).join(', ');
    console.log(`[${engine}] each (ms): first page ${each(figures.firstPage)}; page ${figures.laterPage.page} ${each(figures.laterPage)}; CSV ${each(figures.csv)}`);
    results.push({ engine: engine === 'pglite' ? 'PGlite' : 'PostgreSQL', figures });
  }
  console.log(`\n${fbrReconciliationCaption()}\n\n${fbrReconciliationTable(results)}`);
}
