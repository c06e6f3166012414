// `npm run bench:sales-plan [-- pglite|postgres]` (build the web first: `npm run build`): issue 19,
// section 5. Saving a 2,000-line sales plan (24,000 cells) < 2 s, on PGlite and PostgreSQL; and,
// in Chromium, the plan form's grid of those 2,000 lines painted < 1.5 s. Both engines unless
// one is named. BENCH_PLAN_PORT (3512) is the server's port; BENCH_POSTGRES_URL the PostgreSQL
// server, whose database BENCH_PLAN_DATABASE (erp_bench_plans) is dropped and made again.
//
// The volume, loaded by SQL while the server is stopped: one region, one category and 2,000
// approved items (plus 3,000 more that no plan names), and 40 earlier plans of 500 lines each
// over those items, so items.plans is kept against lines that are there. Each save is timed
// over HTTP from the request to its answer: POST a new draft of 2,000 lines (every month
// random), PUT it whole again, submit it, approve it (the prices of 2,000 lines frozen).
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { chromium, type Page } from 'playwright-core';
import { call } from './accounting-measures.ts';
import { median, timeMs } from './measure.ts';
import { adminToken, root, startProcess, stopProcess } from './processes.ts';
import { freshEngineEnv } from './seed-volume.ts';

type Engine = 'pglite' | 'postgres';

const port = Number(process.env.BENCH_PLAN_PORT ?? 3512);
const base = `http://127.0.0.1:${port}`;
const password = 'Bench@12345';
const serverEntry = join(root, 'apps/server/src/main.ts');
const databaseName = process.env.BENCH_PLAN_DATABASE ?? 'erp_bench_plans';
const lineCount = 2000;
const runs = Number(process.env.BENCH_PLAN_RUNS ?? 5);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const volumeSql = `
  INSERT INTO regions (region_name, region_code) VALUES ('Bench Region', 'BRG');
  INSERT INTO categories (category_name) VALUES ('Bench reagents');
  INSERT INTO items (item_name, article_number, category_id, is_approved, sale_price, cost_price)
    SELECT 'Bench reagent ' || i, 'PLN-' || lpad(i::text, 5, '0'), (SELECT id FROM categories WHERE category_name = 'Bench reagents'), true, 10 + i % 90, 5
    FROM generate_series(1, 5000) AS i;
  INSERT INTO sales_plans (document_date, year, region_id, notes, status, document_number)
    SELECT make_date(1999 + p, 1, 1), 1999 + p, (SELECT id FROM regions WHERE region_code = 'BRG'), 'earlier', 'draft', 'SP-' || (1999 + p) || '-000001'
    FROM generate_series(1, 40) AS p;
  INSERT INTO sales_plan_lines (sales_plan_id, line_no, item_id, months)
    SELECT s.id, n, (SELECT min(id) FROM items) + ((s.id * 37 + n) % ${lineCount}), ARRAY[n % 7, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
    FROM sales_plans s CROSS JOIN generate_series(1, 500) AS n;
  -- Approved once their lines are in: the lines of an approved plan are not added to.
  UPDATE sales_plans SET status = 'approved';
  ANALYZE;
`;

async function seed(engine: Engine, env: Record<string, string>): Promise<void> {
  if (engine === 'pglite') {
    const db = await PGlite.create(env.DATA_DIR!, { extensions: { pg_trgm, btree_gist } });
    await db.exec(volumeSql);
    await db.close();
    return;
  }
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  await client.query(volumeSql);
  await client.end();
}

export interface PlanFigures {
  createMs: number[];
  replaceMs: number[];
  submitMs: number[];
  approveMs: number[];
  /** From the click on Edit to the first frame with the grid's rows and its 2,000-line total. */
  paintMs: number[];
  /** From a jump to the grid's end (scrollTop) to the first frame showing the last line. */
  scrollMs: number[];
}

/** A one-shot timer in the page, from the next event of `type` to the first frame once `selector` is present. */
async function armTimer(page: Page, type: 'click' | 'scroll', selector: string): Promise<void> {
  // A string, not a function: tsx would wrap a function's inner functions in a helper the page lacks.
  await page.evaluate(`(() => {
    window.benchResult = new Promise((resolve) => {
      document.addEventListener(${JSON.stringify(type)}, (event) => {
        const start = event.timeStamp;
        const frame = () => (document.querySelector(${JSON.stringify(selector)}) ? setTimeout(() => resolve(performance.now() - start), 0) : requestAnimationFrame(frame));
        requestAnimationFrame(frame);
      }, { capture: true, once: true });
    });
  })()`);
}

async function measureGrid(planId: number): Promise<Pick<PlanFigures, 'paintMs' | 'scrollMs'>> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  const paintMs: number[] = [];
  const scrollMs: number[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, baseURL: base });
    await page.goto('/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: /log in/i }).click();
    await page.waitForURL((url) => !/\/(login)?$/.test(url.pathname));
    for (let run = 0; run < runs + 1; run++) {
      await page.goto('/planning/form?status=draft');
      const edit = page.getByRole('row').filter({ hasText: 'Draft' }).first().getByRole('button', { name: 'Edit' });
      await edit.waitFor();
      await page.waitForLoadState('networkidle');
      // The grid with its total of every line: the whole plan read, the visible rows painted.
      await armTimer(page, 'click', '[role="grid"] [aria-rowindex="2"] input');
      await edit.click();
      const ms = await page.evaluate<number>('window.benchResult');
      await page.getByText(`Total (${lineCount.toLocaleString('en-US')} lines)`).waitFor();
      if (run > 0) paintMs.push(ms);
      // A jump to the end: the rows there are rendered in the next frames.
      const grid = page.getByRole('grid', { name: /Plan lines/ });
      await armTimer(page, 'scroll', `[role="grid"] [aria-rowindex="${lineCount + 1}"]`);
      await grid.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      const scrolled = await page.evaluate<number>('window.benchResult');
      if (run > 0) scrollMs.push(scrolled);
      if (paintMs.length === 0 && run > 0) throw new Error('no paint measured');
      if (planId <= 0) throw new Error('no plan');
    }
  } finally {
    await browser.close();
  }
  return { paintMs, scrollMs };
}

const randomMonths = (seed: number) => Array.from({ length: 12 }, (_, m) => (seed * 7919 + m * 104_729) % 500);

export async function measurePlans(engine: Engine, withGrid: boolean): Promise<PlanFigures> {
  const env = await freshEngineEnv(engine, databaseName, 'sales-plan');
  const serverEnv = { PORT: String(port), ADMIN_PASSWORD: password, WEB_DIST: join(root, 'apps/web/dist'), ...env };
  await stopProcess(await startProcess(serverEntry, serverEnv, `${base}/api/health`));
  await seed(engine, env);
  const server = await startProcess(serverEntry, serverEnv, `${base}/api/health`);
  try {
    const token = await adminToken(base, password);
    const { options: regions } = (await call(base, token, 'GET', '/api/regions/options?search=Bench')) as unknown as { options: { id: number }[] };
    const regionId = regions[0]!.id;
    const { options: items } = (await call(base, token, 'GET', '/api/items/options?search=PLN-0&limit=1000')) as unknown as { options: { id: number }[] };
    const firstItem = Math.min(...items.map((i) => i.id));
    const lines = (seed: number) => Array.from({ length: lineCount }, (_, n) => ({ itemId: firstItem + n, months: randomMonths(seed + n) }));
    const figures: PlanFigures = { createMs: [], replaceMs: [], submitMs: [], approveMs: [], paintMs: [], scrollMs: [] };
    let lastDraft = 0;
    // One unrecorded round warms up the server (statements planned, code paths compiled).
    for (let run = 0; run < runs + 1; run++) {
      const year = 2100 + run;
      let id = 0;
      const created = await timeMs(async () => {
        id = ((await call(base, token, 'POST', '/api/sales-plans', { year, regionId, lines: lines(run) })) as unknown as { data: { id: number } }).data.id;
      });
      const replaced = await timeMs(() => call(base, token, 'PUT', `/api/sales-plans/${id}`, { year, regionId, notes: 'again', lines: lines(run + 1) }));
      if (run === runs) {
        lastDraft = id;
        break;
      }
      const submitted = await timeMs(() => call(base, token, 'POST', `/api/sales-plans/${id}/submit`));
      const approved = await timeMs(() => call(base, token, 'POST', `/api/sales-plans/${id}/approve`));
      if (run > 0) {
        figures.createMs.push(created);
        figures.replaceMs.push(replaced);
        figures.submitMs.push(submitted);
        figures.approveMs.push(approved);
      }
    }
    if (withGrid) Object.assign(figures, await measureGrid(lastDraft));
    return figures;
  } finally {
    await stopProcess(server);
  }
}

export function planTable(results: ReadonlyArray<{ engine: string; figures: PlanFigures }>): string {
  const ms = (values: number[]) => (values.length === 0 ? '-' : `${median(values).toFixed(0)} ms (max ${Math.max(...values).toFixed(0)})`);
  return [
    '| Engine | Save new 2,000-line plan | Save it whole again | Submit | Approve (2,000 prices frozen) | Grid of 2,000 lines painted | Jump to its end painted |',
    '|---|---|---|---|---|---|---|',
    ...results.map(({ engine, figures: f }) => `| ${engine} | ${ms(f.createMs)} | ${ms(f.replaceMs)} | ${ms(f.submitMs)} | ${ms(f.approveMs)} | ${ms(f.paintMs)} | ${ms(f.scrollMs)} |`),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const engines = process.argv[2] ? [process.argv[2] as Engine] : (['pglite', 'postgres'] as const);
  const results: Array<{ engine: string; figures: PlanFigures }> = [];
  for (const engine of engines) results.push({ engine: engine === 'pglite' ? 'PGlite' : 'PostgreSQL', figures: await measurePlans(engine, true) });
  console.log(`\n${planTable(results)}`);
}
