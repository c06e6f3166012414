import { load, median, timeMs } from './measure.ts';
import { benchYear } from './ledger-volume.ts';

export interface AccountingFigures {
  ledgerFirstPageMs: number;
  ledgerDeepPageMs: number;
  deepPageRowsBefore: number;
  trialBalanceMs: number;
  journalsPerSecondSingle: number;
  journalsPerSecondConcurrent: number;
}

type Json = Record<string, unknown>;

export async function call(base: string, token: string, method: string, path: string, body?: unknown): Promise<Json> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await response.json()) as Json;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${String(json.message)}`);
  return json;
}

export async function timed(run: () => Promise<unknown>, times: number): Promise<number> {
  await run();
  const samples: number[] = [];
  for (let i = 0; i < times; i++) samples.push(await timeMs(run));
  return median(samples);
}

/** The deepest account's id and the keyset cursor 900,000 rows into its year. */
export interface DeepLedger {
  accountId: number;
  cursor: string;
  rowsBefore: number;
}

/**
 * 3-line journals saved and posted through the API, one request each (what a user's Post
 * does), for 5 s over `clients` connections. autocannon generates the load: a fetch loop
 * costs the 2 shared cores more than the server does.
 */
export async function throughput(base: string, token: string, accounts: number[], clients: number): Promise<number> {
  const [a, b, c] = accounts as [number, number, number];
  const body = JSON.stringify({
    journalDate: `${benchYear}-12-15`,
    narration: 'Bench journal',
    lines: [
      { accountId: a, debit: '10.00', credit: '0.00' },
      { accountId: b, debit: '0.00', credit: '6.25' },
      { accountId: c, debit: '0.00', credit: '3.75' },
    ],
    post: true,
  });
  const result = await load(`journals, ${clients} clients`, `${base}/api/journals`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
    connections: clients,
    durationSeconds: Number(process.env.BENCH_POSTING_SECONDS ?? 5),
  });
  if (result.errors > 0 || result.non2xx > 0) throw new Error(`posting: ${result.errors} errors, ${result.non2xx} refused`);
  return result.requestsPerSecond;
}

export async function measureAccounting(base: string, token: string, deep: DeepLedger): Promise<AccountingFigures> {
  const range = `from=${benchYear}-01-01&to=${benchYear}-12-31`;
  const ledgerFirstPageMs = await timed(() => call(base, token, 'GET', `/api/ledger/${deep.accountId}?${range}&pageSize=100`), 20);
  const ledgerDeepPageMs = await timed(
    () => call(base, token, 'GET', `/api/ledger/${deep.accountId}?${range}&pageSize=100&after=${encodeURIComponent(deep.cursor)}`),
    20,
  );
  const trialBalanceMs = await timed(() => call(base, token, 'GET', `/api/accounting/trial-balance?${range}`), 5);
  const options = (await call(base, token, 'GET', '/api/accounts/options?search=Bench%20account%2049&limit=3')) as { options: Array<{ id: number }> };
  const accounts = options.options.map((o) => o.id);
  if (accounts.length < 3) throw new Error('bench accounts not found');
  const journalsPerSecondSingle = await throughput(base, token, accounts, 1);
  const journalsPerSecondConcurrent = await throughput(base, token, accounts, 8);
  return { ledgerFirstPageMs, ledgerDeepPageMs, deepPageRowsBefore: deep.rowsBefore, trialBalanceMs, journalsPerSecondSingle, journalsPerSecondConcurrent };
}
