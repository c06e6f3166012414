// `npm run bench`: the HTTP ceiling of this machine, then the API on PGlite and on PostgreSQL
// with 10,000 rows per Setup resource, 1,000,000 ledger rows and 1,000,000 stock ledger rows
// over 10,000 lots, then the web bundle. Figures go to bench/RESULTS.md.
// Knobs (smaller volumes for trying the bench out): BENCH_ROWS, BENCH_LEDGER_ROWS,
// BENCH_STOCK_ROWS, BENCH_STOCK_LOTS, BENCH_SALES_LINES, BENCH_TAX_RETURN_LINES, BENCH_FBR_RECONCILIATION_INVOICES, BENCH_RECALL_MOVES, BENCH_COLD_CHAIN_READINGS, BENCH_BANK_LINES, BENCH_BANK_ENTRIES, BENCH_BANK_RUNS, BENCH_SECONDS (each load), BENCH_POSTING_SECONDS,
// BENCH_RESULTS (the file written), BENCH_POSTGRES_URL, BENCH_NODE_ARGS, BENCH_IMPORT_ROWS.
// One group alone, on fresh databases: `npm run bench:posting`, `bench:aging`, `bench:order-generation`, `bench:receipts`, `bench:depreciation`, `bench:invoices`, `bench:sales-report`, `bench:sales-tax-return`, `bench:fbr-reconciliation`, `bench:recalls`, `bench:landed-costs`, `bench:bank`, `bench:cold-chain`, `bench:gs1`,
// `bench:invoice-form` (the 200-line invoice form in Chromium, on the demo company).
import { mkdirSync, rmSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { agingInvoices, type AgingFigures, agingTable, measureAgingEngine } from './aging.ts';
import { measureOrderGenerationEngine, type OrderGenerationFigures, orderGenerationTable } from './order-generation.ts';
import { depreciationAssets, type DepreciationFigures, depreciationTable, measureDepreciationEngine } from './depreciation.ts';
import { measurePayrollEngine, payrollEmployees, type PayrollFigures, payrollTable } from './payroll.ts';
import { measureReceiptAllocationEngine, openInvoices, type ReceiptAllocationFigures, receiptAllocationTable } from './receipt-allocation.ts';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { measureBundle, type BundleSizes } from './bundle-size.ts';
import { invoiceFormLines, measureInvoiceFormOnDemo } from './invoice-form-measures.ts';
import { load, median, timeMs, type Measurement } from './measure.ts';
import { root, startProcess, stopProcess } from './processes.ts';
import { measureAccounting, type AccountingFigures } from './accounting-measures.ts';
import { ledgerRows } from './ledger-volume.ts';
import { recreatePostgresDatabase, rowsPerResource, type Seeded, seedPglite, seedPostgres } from './seed-volume.ts';
import { measureStock, type StockFigures } from './stock-measures.ts';
import { importRows, measureImport, type ImportFigures } from './import-measures.ts';
import { measurePurchasing, type PurchasingFigures } from './purchasing-measures.ts';
import { invoiceTable, type InvoiceFigures, measureInvoices } from './sales-measures.ts';
import { measureSalesReports, type SalesReportFigures } from './sales-report-measures.ts';
import { measureSalesTaxReturnEngine, type SalesTaxReturnFigures, salesTaxReturnTable } from './sales-tax-return.ts';
import { taxReturnLines, taxReturnMonth } from './tax-return-volume.ts';
import { fbrReconciliationCaption, type FbrReconciliationFigures, fbrReconciliationTable, measureFbrReconciliationEngine } from './fbr-reconciliation.ts';
import { measureRecallsEngine, recallsCaption, type RecallFigures, recallsTable } from './recalls.ts';
import { type LandedCostFigures, landedCostsCaption, landedCostsTable, measureLandedCostsEngine } from './landed-costs.ts';
import { type BankFigures, bankCaption, bankTable, measureBankEngine } from './bank.ts';
import { coldChainCaption, type ColdChainFigures, coldChainTable, measureColdChainEngine } from './cold-chain.ts';
import { gs1Caption, type Gs1Figures, gs1Table, measureGs1Engine, measureParse } from './gs1.ts';
import { measurePlanProgress, type PlanProgressFigures, planProgressTable } from './plan-progress-measures.ts';
import { salesLines } from './sales-volume.ts';
import { stockLots, stockRows } from './stock-volume.ts';

const port = 3400;
const base = `http://127.0.0.1:${port}`;
const password = 'Bench@12345';
const serverEntry = join(root, 'apps/server/src/main.ts');
const postgresServer = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface EngineResult {
  engine: string;
  measurements: Measurement[];
  loginMedianMs: number;
  listPageMedianMs: number;
  accounting: AccountingFigures;
  stock: StockFigures;
  purchasing: PurchasingFigures;
  imports: ImportFigures;
  invoices: InvoiceFigures;
  sales: SalesReportFigures;
  planProgress: PlanProgressFigures;
}

async function login(): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  const body = (await response.json()) as { token?: string; message?: string };
  if (!body.token) throw new Error(`login failed: ${body.message}`);
  return body.token;
}

async function measureEngine(engine: string, env: Record<string, string>, seed: () => Promise<Seeded>): Promise<EngineResult> {
  const serverEnv = { PORT: String(port), ADMIN_PASSWORD: password, ...env };
  // First start migrates and creates the admin; the rows go in while it is stopped.
  await stopProcess(await startProcess(serverEntry, serverEnv, `${base}/api/health`));
  console.log(`[${engine}] seeding ${rowsPerResource} rows per Setup resource, ${ledgerRows} ledger rows and ${stockRows} stock ledger rows over ${stockLots} lots`);
  const seedStart = Date.now();
  const { deep, stock: stockVolume } = await seed();
  console.log(`[${engine}] seeded in ${Math.round((Date.now() - seedStart) / 1000)} s`);
  const server = await startProcess(serverEntry, serverEnv, `${base}/api/health`);
  try {
    const token = await login();
    const auth = { authorization: `Bearer ${token}` };
    const loginTimes: number[] = [];
    for (let i = 0; i < 15; i++) loginTimes.push(await timeMs(login));
    const listUrl = `${base}/api/cities?page=1&pageSize=50&search=City%2012`;
    const listTimes: number[] = [];
    for (let i = 0; i < 50; i++) listTimes.push(await timeMs(() => fetch(listUrl, { headers: auth }).then((r) => r.json())));

    const measurements: Measurement[] = [];
    console.log(`[${engine}] load: verify-token, regions/options, cities list`);
    measurements.push(await load('POST /api/verify-token', `${base}/api/verify-token`, { method: 'POST', headers: auth }));
    measurements.push(await load('GET /api/regions/options', `${base}/api/regions/options`, { headers: auth }));
    measurements.push(await load('GET /api/cities?page=1&search=City 12', `${base}/api/cities?page=1&search=City%2012`, { headers: auth }));
    console.log(`[${engine}] accounting: ledger pages, trial balance, posting throughput`);
    const accounting = await measureAccounting(base, token, deep);
    console.log(`[${engine}] stock: inventory page, inventory ledger deep page, adjustments`);
    const stock = await measureStock(base, token, stockVolume);
    console.log(`[${engine}] purchasing: a 200-line goods receipt, goods receipts by 8 clients`);
    const purchasing = await measurePurchasing(base, token, stockVolume);
    console.log(`[${engine}] imports: ${importRows} item rows previewed and imported`);
    const imports = await measureImport(base, token);
    console.log(`[${engine}] sales reports: a year by region and by item over ${salesLines} invoice lines' summary`);
    const sales = await measureSalesReports(base, token);
    console.log(`[${engine}] plan progress: a region's year by item over the same summary`);
    const planProgress = await measurePlanProgress(base, token);
    console.log(`[${engine}] invoices: a 200-line invoice, 3-line invoices by 1 and 8 clients`);
    const invoices = await measureInvoices(base, token, server.pid);
    return { engine, measurements, loginMedianMs: median(loginTimes), listPageMedianMs: median(listTimes), accounting, stock, purchasing, imports, sales, planProgress, invoices };
  } finally {
    await stopProcess(server);
  }
}

function table(ceiling: Measurement, results: EngineResult[]): string {
  const rows = [
    '| engine | endpoint | req/s | p50 ms | p99 ms | of ceiling | errors / non-2xx |',
    '|---|---|---:|---:|---:|---:|---:|',
    `| - | bare Fastify (ceiling) | ${ceiling.requestsPerSecond} | ${ceiling.p50} | ${ceiling.p99} | 100% | ${ceiling.errors} / ${ceiling.non2xx} |`,
  ];
  for (const r of results) {
    for (const m of r.measurements) {
      const ratio = Math.round((m.requestsPerSecond / ceiling.requestsPerSecond) * 100);
      rows.push(`| ${r.engine} | ${m.name} | ${m.requestsPerSecond} | ${m.p50} | ${m.p99} | ${ratio}% | ${m.errors} / ${m.non2xx} |`);
    }
  }
  rows.push('', '| engine | login, median of 15 | 50-row list page with search, median of 50 |', '|---|---:|---:|');
  for (const r of results) rows.push(`| ${r.engine} | ${r.loginMedianMs.toFixed(1)} ms | ${r.listPageMedianMs.toFixed(1)} ms |`);
  rows.push(
    '',
    `Accounting, ${ledgerRows} ledger rows over 500 accounts (medians over HTTP; pages of 100 rows with opening and running balance):`,
    '',
    '| engine | ledger first page | ledger deep page (after row 900,000) | trial balance, one year | 3-line journals/s, 1 client | 3-line journals/s, 8 clients |',
    '|---|---:|---:|---:|---:|---:|',
  );
  for (const { engine, accounting: a } of results) {
    rows.push(
      `| ${engine} | ${a.ledgerFirstPageMs.toFixed(1)} ms | ${a.ledgerDeepPageMs.toFixed(1)} ms | ${a.trialBalanceMs.toFixed(1)} ms | ${a.journalsPerSecondSingle} | ${a.journalsPerSecondConcurrent} |`,
    );
  }
  rows.push(
    '',
    `Stock, ${stockRows} stock ledger rows over ${stockLots} lots (medians over HTTP; 20 lots a page with totals of the filter; ledger pages of 100 rows with running balance):`,
    '',
    `| engine | /inventory first page with filters | inventory ledger page (after row ${Math.floor(stockRows * 0.9).toLocaleString('en-US')}) | 200-line adjustment saved and posted | 3-line adjustments/s, 8 clients |`,
    '|---|---:|---:|---:|---:|',
  );
  for (const { engine, stock: s } of results) {
    rows.push(`| ${engine} | ${s.inventoryPageMs.toFixed(1)} ms | ${s.ledgerDeepPageMs.toFixed(1)} ms | ${s.adjustment200Ms.toFixed(1)} ms | ${s.adjustmentsPerSecondConcurrent} |`);
  }
  rows.push('', 'Goods receipts on the same volume (saved and posted in one request: stock in, Dr Inventory / Cr the vendor, the order received; aim < 500 ms for 200 lines):', '', '| engine | 200-line goods receipt | 3-line goods receipts/s, 8 clients over 16 orders |', '|---|---:|---:|');
  for (const { engine, purchasing: p } of results) rows.push(`| ${engine} | ${p.receipt200Ms.toFixed(1)} ms | ${p.receiptsPerSecondConcurrent} |`);
  rows.push('', `Imports, ${importRows.toLocaleString('en-US')} item rows from a CSV over HTTP (aim < 10 s):`, '', '| engine | upload and preview (every row checked) | run (checked again, written in one transaction) | total |', '|---|---:|---:|---:|');
  for (const { engine, imports: i } of results) {
    rows.push(`| ${engine} | ${i.previewMs.toFixed(0)} ms | ${i.runMs.toFixed(0)} ms | ${(i.previewMs + i.runMs).toFixed(0)} ms |`);
  }
  rows.push(
    '',
    `Sales reports for a year over the monthly summary of ${salesLines.toLocaleString('en-US')} invoice lines (medians over HTTP; aim < 300 ms):`,
    '',
    '| engine | by region | by item (page of 100, totals of all) | /items/sales split by region |',
    '|---|---:|---:|---:|',
  );
  for (const { engine, sales: r } of results) rows.push(`| ${engine} | ${r.byRegionMs.toFixed(1)} ms | ${r.byItemMs.toFixed(1)} ms | ${r.itemsByRegionMs.toFixed(1)} ms |`);
  rows.push('', planProgressTable(results.map(({ engine, planProgress }) => ({ engine, figures: planProgress })), salesLines));
  rows.push('', invoiceTable(results.map(({ engine, invoices }) => ({ engine, figures: invoices }))));
  return rows.join('\n');
}

function bundleTable(sizes: BundleSizes): string {
  return [
    '| web bundle (gzip) | KB |',
    '|---|---:|',
    `| login page JavaScript (${sizes.loginPageFiles.length} files) | ${sizes.loginPageKb} |`,
    `| largest lazy chunk (${sizes.largestLazyChunk.file}) | ${sizes.largestLazyChunk.kb} |`,
    `| command palette, first open (${sizes.paletteFiles.length} files) | ${sizes.paletteKb} |`,
  ].join('\n');
}

const workDir = join(root, 'bench/.data');
rmSync(workDir, { recursive: true, force: true });
mkdirSync(workDir, { recursive: true });

console.log('ceiling: bare Fastify route');
const ceilingServer = await startProcess(join(root, 'bench/src/ceiling-server.ts'), { PORT: String(port) }, `${base}/fixed`);
const ceiling = await load('bare Fastify', `${base}/fixed`);
await stopProcess(ceilingServer);

const results: EngineResult[] = [];
const pgliteDir = join(workDir, 'pglite');
results.push(await measureEngine('PGlite', { DATA_DIR: pgliteDir }, () => seedPglite(pgliteDir)));
const benchDatabase = postgresServer.replace(/\/[^/]*$/, '/erp_bench');
if (await recreatePostgresDatabase(postgresServer, 'erp_bench')) {
  results.push(await measureEngine('PostgreSQL', { DATABASE_URL: benchDatabase }, () => seedPostgres(benchDatabase)));
} else {
  console.log(`No PostgreSQL at ${postgresServer}: PostgreSQL figures skipped`);
}

// Aging over 100,000 open invoices (issue 9: aim < 300 ms), each engine on a database of its own.
const aging: Array<{ engine: string; figures: AgingFigures }> = [{ engine: 'PGlite', figures: await measureAgingEngine('pglite') }];
if (results.some((r) => r.engine === 'PostgreSQL')) aging.push({ engine: 'PostgreSQL', figures: await measureAgingEngine('postgres') });
// The sales tax return for a month of 100,000 invoice lines (issue 29, section 11: aim < 1 s), each engine on a database of its own.
const salesTaxReturn: Array<{ engine: string; figures: SalesTaxReturnFigures }> = [{ engine: 'PGlite', figures: await measureSalesTaxReturnEngine('pglite') }];
if (results.some((r) => r.engine === 'PostgreSQL')) salesTaxReturn.push({ engine: 'PostgreSQL', figures: await measureSalesTaxReturnEngine('postgres') });
// The FBR reconciliation of a month of 100,000 invoices (issue 30, section 10: aim < 1 s), each engine on a database of its own.
const fbrReconciliation: Array<{ engine: string; figures: FbrReconciliationFigures }> = [{ engine: 'PGlite', figures: await measureFbrReconciliationEngine('pglite') }];
if (results.some((r) => r.engine === 'PostgreSQL')) fbrReconciliation.push({ engine: 'PostgreSQL', figures: await measureFbrReconciliationEngine('postgres') });
// Recalls: the trace of a lot over 1,000,000 stock moves and opening recalls of 20 lots held in every region (issue 31, section 6: aims < 1 s), each engine on a database of its own.
const recalls: Array<{ engine: string; figures: RecallFigures }> = [{ engine: 'PGlite', figures: await measureRecallsEngine('pglite') }];
if (results.some((r) => r.engine === 'PostgreSQL')) recalls.push({ engine: 'PostgreSQL', figures: await measureRecallsEngine('postgres') });
// Landed costs: posting a shipment of 500 order lines received into 2,000 lots with 6 charges (issue 33, section 8: aim < 2 s on PostgreSQL).
const landedCosts: Array<{ engine: string; figures: LandedCostFigures }> = [{ engine: 'PGlite', figures: await measureLandedCostsEngine('pglite') }];
if (results.some((r) => r.engine === 'PostgreSQL')) landedCosts.push({ engine: 'PostgreSQL', figures: await measureLandedCostsEngine('postgres') });
// Bank statements: a file of 10,000 lines imported and auto-matched against 50,000 book entries (issue 33, section 8: aims < 5 s each), each engine on a database of its own.
const bank: Array<{ engine: string; figures: BankFigures }> = [{ engine: 'PGlite', figures: await measureBankEngine('pglite') }];
if (results.some((r) => r.engine === 'PostgreSQL')) bank.push({ engine: 'PostgreSQL', figures: await measureBankEngine('postgres') });
// The cold chain: a logger file of 100,000 readings imported with excursions computed (issue 31, section 6: aim < 10 s), each engine on a database of its own.
const coldChain: Array<{ engine: string; figures: ColdChainFigures }> = [{ engine: 'PGlite', figures: await measureColdChainEngine('pglite') }];
if (results.some((r) => r.engine === 'PostgreSQL')) coldChain.push({ engine: 'PostgreSQL', figures: await measureColdChainEngine('postgres') });
// GS1 scans: parseGs1 over 100,000 scans, and the lookup over 50,000 GTINs and 200,000 lots (issue 32, section 7: aims < 1 s, p95 < 20 ms), each engine on a database of its own.
const gs1: Array<{ engine: string; figures: Gs1Figures }> = [{ engine: 'PGlite', figures: await measureGs1Engine('pglite', measureParse()) }];
if (results.some((r) => r.engine === 'PostgreSQL')) gs1.push({ engine: 'PostgreSQL', figures: await measureGs1Engine('postgres', measureParse()) });
// One receipt allocated over 1,000 open invoices (issue 9: aim < 200 ms), each engine on a database of its own.
const receiptAllocation: Array<{ engine: string; figures: ReceiptAllocationFigures }> = [{ engine: 'PGlite', figures: await measureReceiptAllocationEngine('pglite') }];
if (results.some((r) => r.engine === 'PostgreSQL')) receiptAllocation.push({ engine: 'PostgreSQL', figures: await measureReceiptAllocationEngine('postgres') });
// One depreciation run over 10,000 assets end to end (issue 9: aim < 10 s), each engine on a database of its own.
const depreciation: Array<{ engine: string; figures: DepreciationFigures }> = [{ engine: 'PGlite', figures: await measureDepreciationEngine('pglite') }];
if (results.some((r) => r.engine === 'PostgreSQL')) depreciation.push({ engine: 'PostgreSQL', figures: await measureDepreciationEngine('postgres') });
// A month's payroll for 2,000 employees x 15 components (issue 20: generate and post <= 10 s each, the PDF of all slips <= 90 s).
const payroll: Array<{ engine: string; figures: PayrollFigures }> = [{ engine: 'PGlite', figures: await measurePayrollEngine('pglite') }];
if (results.some((r) => r.engine === 'PostgreSQL')) payroll.push({ engine: 'PostgreSQL', figures: await measurePayrollEngine('postgres') });
// Generate Order over 10,000 items, 50,000 lots, 2,000,000 sales lines (issue 19: aim <= 5 s), then 40 draft orders.
const orderGeneration: Array<{ engine: string; figures: OrderGenerationFigures }> = [{ engine: 'PGlite', figures: await measureOrderGenerationEngine('pglite') }];
if (results.some((r) => r.engine === 'PostgreSQL')) orderGeneration.push({ engine: 'PostgreSQL', figures: await measureOrderGenerationEngine('postgres') });

const dist = join(root, 'apps/web/dist');
const bundle = existsSync(join(dist, 'index.html')) ? measureBundle(dist) : undefined;
// The 200-line invoice form in Chromium (issue 8: adding line 201 in < 50 ms), on a demo server of its own.
console.log('web: the 200-line invoice form in Chromium');
// A browser that fails to start must not lose the hour of figures above.
const invoiceForm = bundle ? await measureInvoiceFormOnDemo().then(invoiceFormLines, (error: unknown) => `- not measured: ${String(error)}`) : undefined;

const date = new Date().toISOString().slice(0, 10);
const section = [
  `## ${date} — Setup API (${rowsPerResource} rows per resource), accounting (${ledgerRows} ledger rows) and stock (${stockRows} stock ledger rows), ${cpus().length} cores, Node ${process.version}`,
  '',
  'autocannon, 50 connections, 10 s each; server and load generator in separate processes on the same machine.',
  '',
  table(ceiling, results),
  '',
  `Receivables aging over ${agingInvoices.toLocaleString('en-US')} open invoices (medians over HTTP; aim < 300 ms):`,
  '',
  agingTable(aging),
  '',
  `Sales tax return for ${taxReturnMonth} over ${taxReturnLines.toLocaleString('en-US')} posted invoice lines and the month before (over HTTP, to the answer's last byte; 2 warm-ups, then 10 requests; aim < 1 s):`,
  '',
  salesTaxReturnTable(salesTaxReturn),
  '',
  fbrReconciliationCaption(),
  '',
  fbrReconciliationTable(fbrReconciliation),
  '',
  recallsCaption(),
  '',
  recallsTable(recalls),
  '',
  landedCostsCaption(),
  '',
  landedCostsTable(landedCosts),
  '',
  bankCaption(),
  '',
  bankTable(bank),
  '',
  coldChainCaption(),
  '',
  coldChainTable(coldChain),
  '',
  gs1Caption(),
  '',
  gs1Table(gs1),
  '',
  `Receipts: one receipt allocated over ${openInvoices.toLocaleString('en-US')} open invoices (over HTTP; aim < 200 ms):`,
  '',
  receiptAllocationTable(receiptAllocation),
  '',
  `Depreciation: one run over ${depreciationAssets.toLocaleString('en-US')} active assets, the job's chunks and its posting (over HTTP; aim < 10 s):`,
  '',
  depreciationTable(depreciation),
  '',
  `Payroll: ${payrollEmployees.toLocaleString('en-US')} employees x 15 components over 5 regions, a regular run generated, posted and printed (over HTTP; aims: 10 s, 10 s, 90 s, one slip 1.5 s, no request over 2 s):`,
  '',
  payrollTable(payroll),
  'Generate Order: one run computing and saving every item (over HTTP; aim <= 5 s on PostgreSQL, <= 15 SQL statements), then its 40 draft purchase orders in one transaction (aim <= 5 s):',
  '',
  orderGenerationTable(orderGeneration),
  '',
  bundle ? bundleTable(bundle) : 'web bundle: apps/web/dist not built',
  '',
  ...(invoiceForm ? ['Invoice form in Chromium (1280 px, demo company; from the click or keystroke to the next frame painted):', '', invoiceForm, ''] : []),
].join('\n');
console.log(`\n${section}`);

// BENCH_RESULTS: another file, for trial runs with small volumes that must not land in the record.
const resultsFile = process.env.BENCH_RESULTS ?? join(root, 'bench/RESULTS.md');
const previous = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8').replace(/^# Benchmark results\n+/, '') : '';
writeFileSync(resultsFile, `# Benchmark results\n\n${section}\n${previous}`);
