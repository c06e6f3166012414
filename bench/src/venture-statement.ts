// `npm run bench:venture-statement [-- pglite|postgres]`: a joint venture's statement for a year
// over 1,000,000 general-ledger rows stamped with it (issue 21, section 5: < 200 ms), on a fresh
// database per engine. The rows are bulk-loaded by SQL while the server is stopped: balanced
// pairs of Sales / receivable, Cost of sales / Inventory, Sales returns and an expense, dated
// through 2026, every row stamped with the venture; the share changes on 1 July.
// BENCH_PORT, BENCH_DB_SUFFIX: as bench:invoices. BENCH_VENTURE_ROWS: the number of rows.

import { serveLoaded } from './loaded-server.ts';

const port = Number(process.env.BENCH_PORT ?? 3404);
const rows = Number(process.env.BENCH_VENTURE_ROWS ?? 1_000_000);
const engines = process.argv[2] ? [process.argv[2]] : ['pglite', 'postgres'];

const loadSql = `
  INSERT INTO joint_ventures (document_number, document_date, status, venture_name, partner_type, partner_id, customer_ids, basis, fee_percent, loss_rule)
    VALUES ('JVN-2026-000001', '2026-01-01', 'draft', 'Bench venture', 'vendor', 1, '{1}', 'netProfit', 2, 'share');
  INSERT INTO joint_venture_shares (joint_venture_id, line_no, effective_from, partner_percent)
    SELECT id, 1, DATE '2026-01-01', 40 FROM joint_ventures UNION ALL SELECT id, 2, DATE '2026-07-01', 35 FROM joint_ventures;
  -- Shares are written while the venture is a draft (its trigger keeps them after).
  UPDATE joint_ventures SET status = 'active';
  CREATE TEMP TABLE bench_pairs AS
    SELECT k.n, (SELECT account_id FROM posting_accounts WHERE key = k.pl) AS pl, (SELECT account_id FROM posting_accounts WHERE key = k.bs) AS bs, k.pl_debit
    FROM (VALUES (0, 'sales', 'receivables', false), (1, 'costOfSales', 'inventory', true), (2, 'salesReturns', 'receivables', true), (3, 'bankCharges', 'cash', true)) AS k (n, pl, bs, pl_debit);
  INSERT INTO gl_entries (account_id, entry_date, document_type, document_id, document_number, narration, memo, debit, credit, joint_venture_id)
    SELECT CASE WHEN i % 2 = 0 THEN p.pl ELSE p.bs END,
           DATE '2026-01-01' + ((i::bigint * 364) / ${rows})::int,
           'bench', i / 2, 'BN-2026-' || lpad((i / 2)::text, 6, '0'), 'Bench venture entry', '',
           CASE WHEN (i % 2 = 0) = p.pl_debit THEN (100 + (i / 2) % 900)::numeric / 100 ELSE 0 END,
           CASE WHEN (i % 2 = 0) <> p.pl_debit THEN (100 + (i / 2) % 900)::numeric / 100 ELSE 0 END,
           (SELECT id FROM joint_ventures LIMIT 1)
    FROM generate_series(0, ${rows - 1}) AS i JOIN bench_pairs p ON p.n = (i / 2) % 4;
  ANALYZE;
`;

async function measure(engine: string): Promise<string> {
  const { base, token, loadedSeconds: loaded, stop } = await serveLoaded({ engine, name: 'ventures', port, loadSql });
  try {
    const times: number[] = [];
    let answer: Record<string, unknown> = {};
    for (let run = 0; run < 11; run++) {
      const start = performance.now();
      const response = await fetch(`${base}/api/joint-ventures/1/statement?from=2026-01-01&to=2026-12-31`, { headers: { authorization: `Bearer ${token}` } });
      answer = (await response.json()) as Record<string, unknown>;
      if (response.status !== 200) throw new Error(JSON.stringify(answer));
      times.push(performance.now() - start);
    }
    const warm = times.slice(1).sort((a, b) => a - b);
    const median = warm[Math.floor(warm.length / 2)]!.toFixed(1);
    return `| ${engine === 'postgres' ? 'PostgreSQL' : 'PGlite'} | ${rows.toLocaleString('en')} | ${loaded} s | ${times[0]!.toFixed(1)} ms | ${median} ms | ${warm.at(-1)!.toFixed(1)} ms | ${String(answer.profit)} / ${String(answer.partnerShare)} |`;
  } finally {
    await stop();
  }
}

const lines = ['| engine | stamped GL rows | load | first statement | median of 10 | slowest | profit / partner share |', '|---|---:|---:|---:|---:|---:|---|'];
for (const engine of engines) {
  console.log(`[${engine}] a venture statement for 2026 over ${rows} stamped rows`);
  lines.push(await measure(engine));
}
console.log(`\nA joint venture's statement for a year (GET /api/joint-ventures/:id/statement, HTTP included). Aim: < 200 ms over 1,000,000 rows.\n\n${lines.join('\n')}`);
