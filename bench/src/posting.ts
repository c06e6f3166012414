// `npm run bench:posting [-- pglite]`: only the posting throughput, on a fresh database, for
// working on the posting path without the million-row load of `npm run bench`.
import { join } from 'node:path';
import { throughput } from './accounting-measures.ts';
import { root, startProcess, stopProcess } from './processes.ts';
import { recreatePostgresDatabase } from './seed-volume.ts';

const port = 3401;
const base = `http://127.0.0.1:${port}`;
const password = 'Bench@12345';
const engine = process.argv[2] === 'pglite' ? 'pglite' : 'postgres';
const postgresServer = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function json(path: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}${path}`, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  return (await response.json()) as Record<string, unknown>;
}

let env: Record<string, string>;
if (engine === 'postgres') {
  if (!(await recreatePostgresDatabase(postgresServer, 'erp_bench_posting'))) throw new Error(`No PostgreSQL at ${postgresServer}`);
  env = { DATABASE_URL: postgresServer.replace(/\/[^/]*$/, '/erp_bench_posting') };
} else {
  env = { DATA_DIR: join(root, 'bench/.data/posting') };
  const { rmSync } = await import('node:fs');
  rmSync(env.DATA_DIR!, { recursive: true, force: true });
}
const server = await startProcess(join(root, 'apps/server/src/main.ts'), { PORT: String(port), ADMIN_PASSWORD: password, ...env }, `${base}/api/health`);
try {
  const { token } = (await json('/api/login', { method: 'POST', body: JSON.stringify({ username: 'admin', password }) })) as { token: string };
  const { options } = (await json('/api/accounts/options?limit=3', { headers: { authorization: `Bearer ${token}` } })) as { options: Array<{ id: number }> };
  const accounts = options.map((o) => o.id);
  const single = await throughput(base, token, accounts, 1);
  const concurrent = await throughput(base, token, accounts, 8);
  console.log(`${engine}: 3-line journals/s, 1 client ${single}, 8 clients ${concurrent}`);
} finally {
  await stopProcess(server);
}
