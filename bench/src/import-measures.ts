// Imports (issue 7, sections 5 and 7): 10,000 item rows uploaded, previewed and imported over
// HTTP, aim < 10 s. Part of `npm run bench` (run.ts); alone, on a fresh PGlite server:
//   npx tsx bench/src/import-measures.ts            (BENCH_IMPORT_ROWS: another row count)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { call } from './accounting-measures.ts';
import { timeMs } from './measure.ts';
import { adminToken, root, startProcess, stopProcess } from './processes.ts';

export const importRows = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);

export interface ImportFigures {
  rows: number;
  /** Upload, parse, map and check every row, keep the file. */
  previewMs: number;
  /** Check again and write every row in one transaction. */
  runMs: number;
}

/** A catalogue of `rows` items in one new category, every row valid, as a CSV file. */
function catalogue(rows: number, category: string, run: string): string {
  const lines = ['Item,Article number,Category,Unit,Cost price,Sale price,Reorder level,Lot and expiry tracked,Storage'];
  for (let i = 0; i < rows; i++) lines.push(`Bench reagent ${i},IMP-${run}-${i},${category},kit,${(i % 900) + 10}.50,${(i % 900) + 20}.00,${i % 50},yes,Refrigerated (2-8 °C)`);
  return lines.join('\r\n');
}

export async function measureImport(base: string, token: string, rows = importRows): Promise<ImportFigures> {
  const run = Date.now().toString(36);
  const category = `Bench import ${run}`;
  await call(base, token, 'POST', '/api/categories', { categoryName: category });
  const form = new FormData();
  form.append('file', new Blob([catalogue(rows, category, run)], { type: 'text/csv' }), 'catalogue.csv');
  let jobId = 0;
  const previewMs = await timeMs(async () => {
    const response = await fetch(`${base}/api/imports/items/preview`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const body = (await response.json()) as { jobId?: number; validRows?: number; message?: string };
    if (!response.ok || body.validRows !== rows) throw new Error(`import preview: ${response.status} ${body.message} (${body.validRows} valid rows)`);
    jobId = body.jobId!;
  });
  const runMs = await timeMs(async () => {
    const result = await call(base, token, 'POST', `/api/imports/items/${jobId}/run`, { mode: 'allOrNothing' });
    if (result.imported !== rows) throw new Error(`import run: ${String(result.imported)} of ${rows} rows imported`);
  });
  return { rows, previewMs, runMs };
}

/** Alone: a fresh PGlite server, the admin signed in, one import measured. */
async function measureAlone(): Promise<void> {
  const port = 3410;
  const base = `http://127.0.0.1:${port}`;
  const password = 'Bench@12345';
  const dataDir = mkdtempSync(join(tmpdir(), 'erp-bench-import-'));
  const server = await startProcess(join(root, 'apps/server/src/main.ts'), { PORT: String(port), ADMIN_PASSWORD: password, DATA_DIR: dataDir }, `${base}/api/health`);
  try {
    const token = await adminToken(base, password);
    const figures = await measureImport(base, token);
    console.log(`import of ${figures.rows} items: preview ${Math.round(figures.previewMs)} ms, run ${Math.round(figures.runMs)} ms, total ${Math.round(figures.previewMs + figures.runMs)} ms (aim < 10,000 ms)`);
  } finally {
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await measureAlone();
