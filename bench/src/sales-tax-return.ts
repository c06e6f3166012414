// `npm run bench:sales-tax-return [-- pglite|postgres]`: the sales tax return (issue 29,
// section 11: "the return for a month of 100,000 invoice lines < 1 s") over a month of 100,000
// posted invoice lines and the month before it (tax-return-volume.ts), on a fresh database per
// engine, without the rest of `npm run bench`. Both engines unless one is named.
// BENCH_TAX_RETURN_LINES: the month's lines (100,000). BENCH_TAX_RETURN_PORT (3429).
//
// Measured over HTTP: GET /api/accounting/sales-tax-return?month=...&page=1&pageSize=50 (the screen's first page; the sums over the whole month), 2 warm-ups then 10
// requests one after the other, each timed from the request to the last byte of the answer
// (the body read, not parsed: the parse is the client's); the answer is parsed once to check
// it: its rows, and `difference` (the rows' tax less the ledger's) must be '0.00'.
import { join } from 'node:path';
import { median, p95 } from './measure.ts';
import { adminToken, root, startProcess, stopProcess } from './processes.ts';
import { freshEngineEnv, seedBySql } from './seed-volume.ts';
import { taxReturnFactsSql, type TaxReturnFactsRow, taxReturnLines, taxReturnMonth, taxReturnVolumeSql } from './tax-return-volume.ts';

export interface SalesTaxReturnFigures {
  /** Invoice lines dated in the month. */
  lines: number;
  /** Rows of the answer (one per document and HS code, sale type, rate and schedule). */
  rows: number;
  difference: string;
  /** The answer's size, MB. */
  megabytes: number;
  loadSeconds: number;
  medianMs: number;
  p95Ms: number;
  /** To the answer's headers (the server's work, its JSON included; Fastify sends them with the body), median. */
  headersMedianMs: number;
  samples: number;
}

const port = Number(process.env.BENCH_TAX_RETURN_PORT ?? 3429);
const base = `http://127.0.0.1:${port}`;
const password = 'Bench@12345';
const serverEntry = join(root, 'apps/server/src/main.ts');
const warmUps = 2;
const samples = 10;

const seed = (engine: string, env: Record<string, string>) => seedBySql<TaxReturnFactsRow>(engine, env, taxReturnVolumeSql(taxReturnLines), taxReturnFactsSql());

/** One request, to the answer's last byte. */
async function fetchReturn(token: string): Promise<{ ms: number; headersMs: number; body: Buffer }> {
  const start = performance.now();
  const response = await fetch(`${base}/api/accounting/sales-tax-return?month=${taxReturnMonth}&page=1&pageSize=50`, { headers: { authorization: `Bearer ${token}` } });
  const headersMs = performance.now() - start;
  const body = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - start;
  if (!response.ok) throw new Error(`sales tax return: ${response.status} ${body.toString('utf8').slice(0, 500)}`);
  return { ms, headersMs, body };
}

/** The bench on a fresh database of its own: `pglite` or `postgres` (run.ts calls it after the main volume). */
export async function measureSalesTaxReturnEngine(engine: 'pglite' | 'postgres'): Promise<SalesTaxReturnFigures> {
  const env = await freshEngineEnv(engine, 'erp_bench_tax_return', 'tax-return');
  const serverEnv = { PORT: String(port), ADMIN_PASSWORD: password, ...env };
  // The first start migrates and creates the admin; the rows go in while it is stopped.
  await stopProcess(await startProcess(serverEntry, serverEnv, `${base}/api/health`, 120_000));
  const started = performance.now();
  const facts = await seed(engine, env);
  const loadSeconds = Math.round((performance.now() - started) / 1000);
  console.log(
    `[${engine}] ${facts.lines} invoice lines in ${taxReturnMonth} (${facts.invoices} invoices over two months, ${facts.returns} returns, ${facts.gl_rows} ledger rows) loaded in ${loadSeconds} s`,
  );
  const server = await startProcess(serverEntry, serverEnv, `${base}/api/health`, 120_000);
  try {
    const token = await adminToken(base, password);
    let last = await fetchReturn(token);
    for (let i = 1; i < warmUps; i++) last = await fetchReturn(token);
    const answer = JSON.parse(last.body.toString('utf8')) as { rows: unknown[]; total: number; difference: string; totals: Record<string, string>; gl: Record<string, string> };
    if (answer.difference !== '0.00') {
      throw new Error(`[${engine}] the return's difference is ${answer.difference}, not 0.00: totals ${JSON.stringify(answer.totals)}, ledger ${JSON.stringify(answer.gl)}`);
    }
    if (answer.total < facts.lines * 0.9) throw new Error(`[${engine}] ${answer.total} rows for ${facts.lines} lines: the month was not read`);
    const times: number[] = [];
    const headerTimes: number[] = [];
    for (let i = 0; i < samples; i++) {
      const { ms, headersMs } = await fetchReturn(token);
      times.push(ms);
      headerTimes.push(headersMs);
    }
    return {
      lines: facts.lines,
      rows: answer.total,
      difference: answer.difference,
      megabytes: Math.round((last.body.length / 1e6) * 10) / 10,
      loadSeconds,
      medianMs: median(times),
      p95Ms: p95(times),
      headersMedianMs: median(headerTimes),
      samples,
    };
  } finally {
    await stopProcess(server);
  }
}

export function salesTaxReturnTable(results: ReadonlyArray<{ engine: string; figures: SalesTaxReturnFigures }>): string {
  return [
    '| engine | invoice lines in the month | rows | answer | difference | median | p95 | median to the headers | < 1 s (p95) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...results.map(
      ({ engine, figures: f }) =>
        `| ${engine} | ${f.lines.toLocaleString('en-US')} | ${f.rows.toLocaleString('en-US')} | ${f.megabytes} MB | ${f.difference} | ${f.medianMs.toFixed(0)} ms | ${f.p95Ms.toFixed(0)} ms | ${f.headersMedianMs.toFixed(0)} ms | ${f.p95Ms < 1000 ? 'yes' : 'no'} |`,
    ),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const engines = process.argv[2] ? [process.argv[2] as 'pglite' | 'postgres'] : (['pglite', 'postgres'] as const);
  const results: Array<{ engine: string; figures: SalesTaxReturnFigures }> = [];
  for (const engine of engines) {
    console.log(`[${engine}] sales tax return: ${taxReturnLines} invoice lines in ${taxReturnMonth}`);
    const figures = await measureSalesTaxReturnEngine(engine);
    console.log(`[${engine}] ${figures.rows} rows, difference ${figures.difference}, median ${figures.medianMs.toFixed(1)} ms, p95 ${figures.p95Ms.toFixed(1)} ms`);
    results.push({ engine: engine === 'pglite' ? 'PGlite' : 'PostgreSQL', figures });
  }
  console.log(`\nThe sales tax return for ${taxReturnMonth} over HTTP (${warmUps} warm-ups, then ${samples} requests; aim < 1 s):\n\n${salesTaxReturnTable(results)}`);
}
