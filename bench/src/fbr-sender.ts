// `npm run bench:fbr-sender`: issue 30, section 10's first figure: 1,000 invoices reported to a
// local FBR that takes 50 ms per request (aim < 60 s). The real server on PostgreSQL sends them
// with its own worker; the outbox rows are written by SQL (posting's cost is the invoices bench's),
// and the fake here answers FBR's valid shape after its latency. BENCH_FBR_ROWS, BENCH_FBR_LATENCY_MS.
import { join } from 'node:path';
import pg from 'pg';
import { benchSecretsKey, startFakeFbr } from './fbr-fake.ts';
import { adminToken, root, startProcess, stopProcess } from './processes.ts';
import { recreatePostgresDatabase } from './seed-volume.ts';

const rows = Number(process.env.BENCH_FBR_ROWS ?? 1000);
const latencyMs = Number(process.env.BENCH_FBR_LATENCY_MS ?? 50);
const port = Number(process.env.BENCH_PORT ?? 3405);
const base = `http://127.0.0.1:${port}`;
const password = 'Bench@12345';
const postgresServer = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = 'erp_bench_fbr';

const payload = (n: number) => ({
  invoiceType: 'Sale Invoice', invoiceDate: '2026-12-03', sellerNTNCNIC: '7000007', sellerBusinessName: 'Bench Supplies', sellerProvince: 'PUNJAB', sellerAddress: 'Lahore',
  buyerNTNCNIC: '0711234', buyerBusinessName: `Buyer ${n}`, buyerProvince: 'PUNJAB', buyerAddress: 'Lahore', buyerRegistrationType: 'Registered', invoiceRefNo: '', scenarioId: 'SN001',
  items: [1, 2, 3].map((line) => ({ hsCode: '3822.1900', productDescription: `Reagent ${line}`, rate: '18%', uoM: 'Numbers, pieces, units', quantity: 1, totalValues: 118, valueSalesExcludingST: 100, fixedNotifiedValueOrRetailPrice: 0, salesTaxApplicable: 18, salesTaxWithheldAtSource: 0, extraTax: 0, furtherTax: 0, sroScheduleNo: '', fedPayable: 0, discount: 0, saleType: 'Goods at standard rate (default)', sroItemSerialNo: '' })),
});

async function call(method: string, url: string, token: string, json?: unknown) {
  const response = await fetch(`${base}${url}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: json === undefined ? undefined : JSON.stringify(json) });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function main(): Promise<void> {
  if (!(await recreatePostgresDatabase(postgresServer, database))) throw new Error(`No PostgreSQL at ${postgresServer}`);
  const databaseUrl = postgresServer.replace(/\/[^/]*$/, `/${database}`);
  const fake = await startFakeFbr(latencyMs);
  const server = await startProcess(join(root, 'apps/server/src/main.ts'), {
    PORT: String(port), ADMIN_PASSWORD: password, DATABASE_URL: databaseUrl, FBR_BASE_URL: fake.url, SECRETS_KEY: benchSecretsKey, FBR_POLL_MS: '100',
  }, `${base}/api/health`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const token = await adminToken(base, password);
    await call('PUT', '/api/settings', token, { companyName: 'Bench Supplies', ntn: '7000007', province: 'punjab', businessActivity: 'distributor' });
    const figures: string[] = ['| concurrency | submissions | requests | time to all accepted | per second | posts, distinct numbers |', '|---:|---:|---:|---:|---:|---|'];
    for (const concurrency of [8, 32]) {
      await call('PUT', '/api/fbr/settings', token, { sandboxToken: 'bench-token', enabled: true, concurrency });
      fake.posted.clear();
      const before = fake.requests();
      await client.query('DELETE FROM fbr_submissions');
      const started = performance.now();
      await client.query(
        `INSERT INTO fbr_submissions (document_type, document_id, document_number, document_date, customer_name, region_id, invoice_type, environment, payload)
         SELECT 'invoice', g, 'INV-BENCH-' || g, DATE '2026-12-03', 'Buyer ' || g, 1, 'Sale Invoice', 'sandbox', p.payload::jsonb
         FROM generate_series(1, $1::int) g JOIN LATERAL (SELECT $2::text AS payload) p ON true`,
        [rows, JSON.stringify(payload(0))],
      );
      for (;;) {
        const { rows: left } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM fbr_submissions WHERE status <> 'accepted'`);
        if (left[0]!.n === 0) break;
        if (performance.now() - started > 600_000) throw new Error(`${left[0]!.n} not accepted after 10 minutes`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const seconds = (performance.now() - started) / 1000;
      figures.push(`| ${concurrency} | ${rows} | ${fake.requests() - before} | ${seconds.toFixed(1)} s | ${(rows / seconds).toFixed(0)} | ${fake.posted.size} of ${rows}${fake.posted.size === rows ? '' : ' (NOT ONE EACH)'} |`);
    }
    console.log(`\nFBR sender, ${rows} submissions to a fake with ${latencyMs} ms per request (aim < 60 s), PostgreSQL:\n\n${figures.join('\n')}`);
  } finally {
    await client.end();
    await stopProcess(server);
    await fake.close();
  }
}

await main();
