// `npm run bench:department-statement [-- pglite|postgres]` (default postgres): the profit and
// loss and a ledger narrowed to a department or a region (issue 20), read from the entries
// (day totals carry neither), over 1,000,000 general-ledger rows on a fresh database. The rows
// are balanced pairs, an expense against cash, dated through 2026, every row stamped with one of
// 5 regions and the expense side with one of 4 departments (a department: 125,000 rows, the
// heavy case; a payroll's share of a real ledger is far smaller). The load ends with VACUUM ANALYZE.
// BENCH_PORT, BENCH_DB_SUFFIX: as bench:invoices. BENCH_DEPARTMENT_ROWS: the number of rows.

import { serveLoaded } from './loaded-server.ts';

const port = Number(process.env.BENCH_PORT ?? 3405);
const rows = Number(process.env.BENCH_DEPARTMENT_ROWS ?? 1_000_000);
const engines = process.argv[2] ? [process.argv[2]] : ['postgres'];

const loadSql = `
  INSERT INTO regions (region_name, region_code) SELECT 'Bench region ' || i, 'BR' || i FROM generate_series(1, 5) AS i;
  INSERT INTO departments (department_name) SELECT 'Bench department ' || i FROM generate_series(1, 4) AS i;
  CREATE TEMP TABLE bench_regions AS SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM regions WHERE region_code LIKE 'BR%';
  CREATE TEMP TABLE bench_departments AS SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM departments WHERE department_name LIKE 'Bench department %';
  CREATE TEMP TABLE bench_expenses AS
    SELECT a.id, row_number() OVER (ORDER BY a.account_code) - 1 AS n FROM accounts a JOIN account_heads h ON h.id = a.head_id WHERE h.head_type = 'expense';
  INSERT INTO gl_entries (account_id, entry_date, document_type, document_id, document_number, narration, memo, debit, credit, region_id, department_id)
    SELECT CASE WHEN i % 2 = 0 THEN (SELECT id FROM bench_expenses WHERE n = (i / 2) % (SELECT count(*) FROM bench_expenses))
                ELSE (SELECT account_id FROM posting_accounts WHERE key = 'cash') END,
           DATE '2026-01-01' + ((i::bigint * 364) / ${rows})::int,
           'bench', i / 2, 'BN-2026-' || lpad((i / 2)::text, 6, '0'), 'Bench entry', '',
           CASE WHEN i % 2 = 0 THEN (100 + (i / 2) % 900)::numeric / 100 ELSE 0 END,
           CASE WHEN i % 2 = 1 THEN (100 + (i / 2) % 900)::numeric / 100 ELSE 0 END,
           (SELECT id FROM bench_regions WHERE n = (i / 2) % 5),
           CASE WHEN i % 2 = 0 THEN (SELECT id FROM bench_departments WHERE n = (i / 2) % 4) END
    FROM generate_series(0, ${rows - 1}) AS i;
  ANALYZE;
`;

async function measure(engine: string): Promise<string[]> {
  // What autovacuum does to an insert-only table soon after (PostgreSQL 13+): the visibility map lets the covering index answer alone.
  const { base, token, loadedSeconds: loaded, stop } = await serveLoaded({ engine, name: 'departments', port, after: ['VACUUM ANALYZE gl_entries'], loadSql });
  try {
    const get = async (path: string) => {
      const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await response.json()) as Record<string, unknown>;
      if (response.status !== 200) throw new Error(`${path}: ${JSON.stringify(body)}`);
      return body;
    };
    const options = async (resource: string) => ((await get(`/api/${resource}/options?search=Bench`)) as { options: { id: number }[] }).options[0]!.id;
    const department = await options('departments');
    const region = await options('regions');
    const pl = (await get('/api/accounting/profit-and-loss?from=2026-01-01&to=2026-12-31')) as { expenses: { children?: { accountId: number }[] }[] };
    const account = pl.expenses[0]!.children![0]!.accountId;
    const range = 'from=2026-01-01&to=2026-12-31';
    const cases = [
      ['P&L, unfiltered (day totals)', `/api/accounting/profit-and-loss?${range}`],
      ['P&L, one department', `/api/accounting/profit-and-loss?${range}&departmentId=${department}`],
      ['P&L, one region', `/api/accounting/profit-and-loss?${range}&regionId=${region}`],
      ['P&L, department and region', `/api/accounting/profit-and-loss?${range}&departmentId=${department}&regionId=${region}`],
      ['P&L by department (4 columns, none, total)', `/api/accounting/profit-and-loss/by-department?${range}`],
      ['ledger first page, one department', `/api/ledger/${account}?${range}&departmentId=${department}&pageSize=100`],
    ] as const;
    const lines: string[] = [];
    for (const [label, path] of cases) {
      const times: number[] = [];
      let answer: Record<string, unknown> = {};
      for (let run = 0; run < 11; run++) {
        const start = performance.now();
        answer = await get(path);
        times.push(performance.now() - start);
      }
      const warm = times.slice(1).sort((a, b) => a - b);
      const expenses = answer.totalExpenses;
      const figure = String(Array.isArray(expenses) ? expenses.at(-1) : (expenses ?? (answer.totals as { debit?: string } | undefined)?.debit));
      lines.push(`| ${engine === 'postgres' ? 'PostgreSQL' : 'PGlite'} | ${label} | ${loaded} s | ${times[0]!.toFixed(1)} ms | ${warm[Math.floor(warm.length / 2)]!.toFixed(1)} ms | ${warm.at(-1)!.toFixed(1)} ms | ${figure} |`);
    }
    return lines;
  } finally {
    await stop();
  }
}

const lines = ['| engine | read | load | first | median of 10 | slowest | expenses (ledger: debit) |', '|---|---|---:|---:|---:|---:|---:|'];
for (const engine of engines) {
  console.log(`[${engine}] the P&L and a ledger narrowed to a department or region over ${rows} rows`);
  lines.push(...(await measure(engine)));
}
console.log(`\nThe P&L for a year and a ledger's first page, narrowed to a department or region (HTTP included), over ${rows.toLocaleString('en')} GL rows.\n\n${lines.join('\n')}`);
