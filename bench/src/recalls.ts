// `npm run bench:recalls [-- pglite|postgres]`: recalls (issue 31, section 6: "the trace of a lot
// over 1,000,000 stock moves (500 customers, 5,000 invoices of the lot) < 1 s; opening a recall of
// 20 lots held in every region < 1 s") over the stock ledger of recall-volume.ts, on a fresh
// database per engine, without the rest of `npm run bench`. Both engines unless one is named.
// BENCH_RECALL_MOVES: the stock moves (1,000,000). BENCH_RECALLS_PORT (3432). The PostgreSQL database
// (erp_bench_recalls) is dropped after the run; BENCH_KEEP_DATABASE keeps it (to EXPLAIN the trace).
//
// Measured over HTTP as admin (every region), each request timed from its sending to the answer's
// last byte (the body read, not parsed), one after the other:
// - the trace of the lot, GET /api/inventory/trace?itemId&lotNumber: 2 warm-ups, then 10;
// - the same through a recall of the lot, GET /api/recalls/:id/trace (a draft): 1 warm-up, then 5;
// - opening recalls of 20 lots held in every region's warehouse, POST /api/recalls/:id/open: one
//   recall opened first and not recorded (a warm-up), then 5, each of other lots, each timed
//   (the drafts are created before, untimed).
// The trace's answer is checked against the tables (received, sold, returned, written off, on
// hand, difference 0, 500 customers, 5,000 invoices...), each opening's answer (open, numbered,
// its lines) and, at the end, the recalled rows (20 lots x every region per recall). The bench
// fails otherwise: a fast wrong answer measures nothing.
import { join } from 'node:path';
import { median, p95 } from './measure.ts';
import { adminToken, root, startProcess, stopProcess } from './processes.ts';
import { dropPostgresDatabase, freshEngineEnv, seedBySql } from './seed-volume.ts';
import { lotsPerRecall, recallCustomers, recallFactsSql, type RecallFactsRow, recallMoves, recallRegions, recallShape, recallsOpened, recallVolumeSql, tracedLot } from './recall-volume.ts';

/** One request's figures over its samples. */
export interface Timing {
  medianMs: number;
  p95Ms: number;
  samples: number;
  /** Each sample, in the order taken. */
  timesMs: number[];
}

export interface RecallFigures {
  moves: number;
  lotMoves: number;
  invoices: number;
  invoiceLines: number;
  customers: number;
  tracedInvoices: number;
  loadSeconds: number;
  /** The trace's totals as answered (checked against the tables). */
  totals: TraceTotals;
  trace: Timing & { kilobytes: number };
  recallTrace: Timing;
  /** Each recall opened: its lots' rows recalled, and the time. */
  open: Timing & { rowsPerRecall: number };
}

interface TraceTotals {
  received: number;
  transferredIn: number;
  transferredOut: number;
  sold: number;
  returned: number;
  onHand: number;
  destroyed: number;
  returnedToSupplier: number;
  writtenOff: number;
  difference: number;
}

interface TraceAnswer {
  receipts: { quantity: number; vendorName: string | null }[];
  customers: { customerId: number; sold: number; returned: number; onSite: number }[];
  invoices: { invoiceId: number; quantity: number; returnedQuantity: number }[];
  returns: { quantity: number; condition: string }[];
  transfers: unknown[];
  consignments: unknown[];
  onHand: { quantity: number; lotStatus: string }[];
  totals: TraceTotals;
  lines: unknown[];
}

const port = Number(process.env.BENCH_RECALLS_PORT ?? 3432);
const base = `http://127.0.0.1:${port}`;
const password = 'Bench@12345';
const serverEntry = join(root, 'apps/server/src/main.ts');
const postgresServer = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = 'erp_bench_recalls';

/** The volume's invoices of the lot, its returns (5,000 and 200 at 1,000,000 moves; fewer in a trial with fewer moves). */
const shape = recallShape(recallMoves);

const seed = (engine: string, env: Record<string, string>) => seedBySql<RecallFactsRow>(engine, env, recallVolumeSql(recallMoves), recallFactsSql());

async function request(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ ms: number; status: number; text: string }> {
  const start = performance.now();
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { ms: performance.now() - start, status: response.status, text };
}

async function ok<T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ ms: number; data: T; bytes: number }> {
  const answer = await request(token, method, path, body);
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 500)}`);
  return { ms: answer.ms, data: (JSON.parse(answer.text) as { data: T }).data, bytes: answer.text.length };
}

/** `warmUps` requests, the last answer kept for its check, then `samples` timed. */
async function timed<T>(token: string, path: string, warmUps: number, samples: number): Promise<{ timing: Timing; data: T; bytes: number }> {
  let last = await ok<T>(token, 'GET', path);
  for (let i = 1; i < warmUps; i++) last = await ok<T>(token, 'GET', path);
  const times: number[] = [];
  for (let i = 0; i < samples; i++) times.push((await ok<T>(token, 'GET', path)).ms);
  return { timing: { medianMs: median(times), p95Ms: p95(times), samples, timesMs: times }, data: last.data, bytes: last.bytes };
}

/** The trace says what the tables hold, or the bench stops. */
function checkTrace(engine: string, what: string, trace: TraceAnswer, facts: RecallFactsRow): void {
  const wrong: string[] = [];
  const expect = (name: string, got: unknown, want: unknown) => got !== want && wrong.push(`${name} ${String(got)}, not ${String(want)}`);
  const sum = <T>(rows: readonly T[], of: (row: T) => number) => rows.reduce((total, row) => total + of(row), 0);
  const t = trace.totals;
  expect('totals.received', t.received, facts.received);
  expect('totals.sold', t.sold, facts.sold);
  expect('totals.returned', t.returned, facts.returned);
  expect('totals.writtenOff', t.writtenOff, facts.written_off);
  expect('totals.onHand', t.onHand, facts.on_hand);
  expect('totals.onHand (received - sold + restocked)', t.onHand, facts.received - facts.sold + facts.returned - facts.written_off);
  expect('totals.transferredIn', t.transferredIn, 0);
  expect('totals.transferredOut', t.transferredOut, 0);
  expect('totals.destroyed', t.destroyed, 0);
  expect('totals.difference', t.difference, 0);
  expect('customers', trace.customers.length, facts.customers);
  expect('customers', trace.customers.length, Math.min(recallCustomers, shape.traced));
  expect("customers' sold", sum(trace.customers, (c) => c.sold), facts.sold);
  expect("customers' returned", sum(trace.customers, (c) => c.returned), facts.returned);
  expect('invoices', trace.invoices.length, facts.invoices);
  expect('invoices', trace.invoices.length, shape.traced);
  expect("invoices' quantity", sum(trace.invoices, (i) => i.quantity), facts.sold);
  expect("invoices' returned quantity", sum(trace.invoices, (i) => i.returnedQuantity), facts.returned);
  expect('returns', trace.returns.length, facts.returns);
  expect('returns', trace.returns.length, shape.returns);
  expect("returns' quantity", sum(trace.returns, (r) => r.quantity), facts.returned);
  expect('receipts', trace.receipts.length, facts.receipts);
  expect("receipts' quantity", sum(trace.receipts, (r) => r.quantity), facts.received);
  expect('receipts with their vendor', trace.receipts.filter((r) => r.vendorName === 'Recall Bench Vendor').length, facts.receipts);
  expect('onHand rows', trace.onHand.length, facts.on_hand_rows);
  expect("onHand rows' quantity", sum(trace.onHand, (r) => r.quantity), facts.on_hand);
  expect('transfers', trace.transfers.length, 0);
  expect('consignments', trace.consignments.length, 0);
  expect('lines', trace.lines.length, 1);
  if (wrong.length > 0) throw new Error(`[${engine}] the ${what} is wrong: ${wrong.join('; ')}`);
}

interface RecallRow {
  id: number;
  status: string;
  documentNumber: string | null;
  lines: { itemId: number; lotNumber: string; onHand: number; received: number }[];
}

const recallBody = (lots: readonly { itemId: number; lotNumber: string }[], n: number) => ({
  recallClass: 'II',
  source: 'drapAlert',
  sourceReference: `DRAP/QA/RA-2026/${String(n).padStart(3, '0')}`,
  sourceDate: '2026-12-01',
  reason: `Bench recall ${n}: out-of-specification results in stability testing of ${lots.length} lots.`,
  lines: lots,
});

/** The bench on a fresh database of its own: `pglite` or `postgres` (run.ts calls it after the main volume). */
export async function measureRecallsEngine(engine: 'pglite' | 'postgres'): Promise<RecallFigures> {
  const env = await freshEngineEnv(engine, database, 'recalls');
  const serverEnv = { PORT: String(port), ADMIN_PASSWORD: password, ...env };
  // The first start migrates and creates the admin; the rows go in while it is stopped.
  await stopProcess(await startProcess(serverEntry, serverEnv, `${base}/api/health`, 120_000));
  const started = performance.now();
  const facts = await seed(engine, env);
  const loadSeconds = Math.round((performance.now() - started) / 1000);
  console.log(
    `[${engine}] ${facts.moves} stock moves (${facts.lot_moves} of lot ${tracedLot}), ${facts.invoices_all} invoices of ${facts.invoice_lines_all} lines ` +
      `(${facts.invoices} of the lot, to ${facts.customers} customers), ${facts.returns} returns of it, loaded in ${loadSeconds} s`,
  );
  if (facts.negative_rows > 0) throw new Error(`[${engine}] the volume left ${facts.negative_rows} lots below zero`);
  const server = await startProcess(serverEntry, serverEnv, `${base}/api/health`, 120_000);
  try {
    const token = await adminToken(base, password);

    const trace = await timed<TraceAnswer>(token, `/api/inventory/trace?itemId=${facts.item_id}&lotNumber=${encodeURIComponent(tracedLot)}`, 2, 10);
    checkTrace(engine, 'trace of the lot', trace.data, facts);

    const ofLot = await ok<RecallRow>(token, 'POST', '/api/recalls', recallBody([{ itemId: Number(facts.item_id), lotNumber: tracedLot }], 0));
    const recallTrace = await timed<TraceAnswer>(token, `/api/recalls/${ofLot.data.id}/trace`, 1, 5);
    checkTrace(engine, "recall's trace", recallTrace.data, facts);

    // Opening: the drafts first (untimed), a warm-up opened and not recorded, then each timed.
    const lots = JSON.parse(facts.recall_lots) as { itemId: number; lotNumber: string }[];
    if (lots.length !== lotsPerRecall * (recallsOpened + 1)) throw new Error(`[${engine}] ${lots.length} lots to recall, not ${lotsPerRecall * (recallsOpened + 1)}`);
    const drafts: RecallRow[] = [];
    for (let r = 0; r <= recallsOpened; r++) drafts.push((await ok<RecallRow>(token, 'POST', '/api/recalls', recallBody(lots.slice(r * lotsPerRecall, (r + 1) * lotsPerRecall), r + 1))).data);
    const times: number[] = [];
    for (const [index, draft] of drafts.entries()) {
      const opened = await ok<RecallRow>(token, 'POST', `/api/recalls/${draft.id}/open`, {});
      const wrong: string[] = [];
      if (opened.data.status !== 'open') wrong.push(`status ${opened.data.status}`);
      if (!/^RCL-\d{4}-\d{6}$/.test(opened.data.documentNumber ?? '')) wrong.push(`number ${opened.data.documentNumber}`);
      if (opened.data.lines.length !== lotsPerRecall) wrong.push(`${opened.data.lines.length} lines`);
      const short = opened.data.lines.filter((line) => line.received !== 1000 * recallRegions);
      if (short.length > 0) wrong.push(`line ${short[0]!.lotNumber} received ${short[0]!.received}`);
      if (wrong.length > 0) throw new Error(`[${engine}] recall ${draft.id} opened wrong: ${wrong.join('; ')}`);
      if (index > 0) times.push(opened.ms);
    }
    // Every row of the opened lots is recalled, in every region: none left out, none beside them.
    const recalled = await request(token, 'GET', '/api/inventory?lotStatus=recalled&pageSize=1');
    const recalledRows = (JSON.parse(recalled.text) as { total: number }).total;
    const rowsPerRecall = Number(facts.rows_per_recall);
    if (rowsPerRecall !== lotsPerRecall * recallRegions) throw new Error(`[${engine}] a recall's lots have ${rowsPerRecall} rows, not ${lotsPerRecall * recallRegions}`);
    if (recalledRows !== rowsPerRecall * (recallsOpened + 1)) throw new Error(`[${engine}] ${recalledRows} rows recalled after ${recallsOpened + 1} recalls of ${rowsPerRecall} rows`);
    return {
      moves: facts.moves,
      lotMoves: facts.lot_moves,
      invoices: facts.invoices_all,
      invoiceLines: facts.invoice_lines_all,
      customers: trace.data.customers.length,
      tracedInvoices: trace.data.invoices.length,
      loadSeconds,
      totals: trace.data.totals,
      trace: { ...trace.timing, kilobytes: Math.round(trace.bytes / 1000) },
      recallTrace: recallTrace.timing,
      open: { medianMs: median(times), p95Ms: p95(times), samples: times.length, timesMs: times, rowsPerRecall },
    };
  } finally {
    await stopProcess(server);
    if (engine === 'postgres') await dropPostgresDatabase(postgresServer, database);
  }
}

export function recallsTable(results: ReadonlyArray<{ engine: string; figures: RecallFigures }>): string {
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const yes = (timing: Timing) => (timing.p95Ms < 1000 ? 'yes' : 'no');
  return [
    '| engine | stock moves | lot: invoices / customers | received / sold / returned / on hand | trace: median | p95 | recall trace: median | p95 | trace < 1 s | open 20 lots (200 rows): median | p95 | open < 1 s |',
    '|---|---:|---|---|---:|---:|---:|---:|---|---:|---:|---|',
    ...results.map(({ engine, figures: f }) => {
      const t = f.totals;
      return (
        `| ${engine} | ${f.moves.toLocaleString('en-US')} | ${f.tracedInvoices.toLocaleString('en-US')} / ${f.customers} | ${t.received.toLocaleString('en-US')} / ${t.sold.toLocaleString('en-US')} / ${t.returned} / ${t.onHand.toLocaleString('en-US')} | ` +
        `${ms(f.trace.medianMs)} | ${ms(f.trace.p95Ms)} | ${ms(f.recallTrace.medianMs)} | ${ms(f.recallTrace.p95Ms)} | ${yes(f.trace)} | ${ms(f.open.medianMs)} | ${ms(f.open.p95Ms)} | ${yes(f.open)} |`
      );
    }),
  ].join('\n');
}

export const recallsCaption = () =>
  `Recalls over ${recallMoves.toLocaleString('en-US')} stock moves: the trace of one lot sold by ${shape.traced.toLocaleString('en-US')} invoices to ${Math.min(recallCustomers, shape.traced)} customers ` +
  `(over HTTP as admin, to the answer's last byte; GET /api/inventory/trace: 2 warm-ups, then 10; GET /api/recalls/:id/trace: 1 then 5), and opening ${recallsOpened} recalls ` +
  `of ${lotsPerRecall} lots held in every region (after one not recorded; aims < 1 s):`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const named = process.argv[2];
  if (named !== undefined && named !== 'pglite' && named !== 'postgres') throw new Error(`Engine ${named}: pglite or postgres`);
  const engines: ReadonlyArray<'pglite' | 'postgres'> = named ? [named] : ['pglite', 'postgres'];
  const results: Array<{ engine: string; figures: RecallFigures }> = [];
  for (const engine of engines) {
    console.log(`[${engine}] recalls: ${recallMoves} stock moves`);
    const figures = await measureRecallsEngine(engine);
    const each = (timing: Timing) => timing.timesMs.map((value) => value.toFixed(0)).join(', ');
    console.log(
      `[${engine}] trace median ${figures.trace.medianMs.toFixed(1)} ms, p95 ${figures.trace.p95Ms.toFixed(1)} ms (${figures.trace.kilobytes} kB; aim < 1,000 ms); ` +
        `recall trace median ${figures.recallTrace.medianMs.toFixed(1)} ms; open median ${figures.open.medianMs.toFixed(1)} ms, p95 ${figures.open.p95Ms.toFixed(1)} ms (aim < 1,000 ms)`,
    );
    console.log(`[${engine}] each (ms): trace ${each(figures.trace)}; recall trace ${each(figures.recallTrace)}; open ${each(figures.open)}`);
    results.push({ engine: engine === 'pglite' ? 'PGlite' : 'PostgreSQL', figures });
  }
  console.log(`\n${recallsCaption()}\n\n${recallsTable(results)}`);
}
