import { median, timeMs } from './measure.ts';
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

async function call(base: string, token: string, method: string, path: string, body?: unknown): Promise<Json> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await response.json()) as Json;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${String(json.message)}`);
  return json;
}

async function timed(run: () => Promise<unknown>, times: number): Promise<number> {
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

/** A 3-line journal created and posted through the API: what a user's Post does. */
async function postJournal(base: string, token: string, accounts: number[], day: number): Promise<void> {
  const [a, b, c] = accounts as [number, number, number];
  const draft = (await call(base, token, 'POST', '/api/journals', {
    journalDate: `${benchYear}-12-${String(1 + (day % 28)).padStart(2, '0')}`,
    narration: 'Bench journal',
    lines: [
      { accountId: a, debit: '10.00', credit: '0.00' },
      { accountId: b, debit: '0.00', credit: '6.25' },
      { accountId: c, debit: '0.00', credit: '3.75' },
    ],
  })) as { data: { id: number } };
  await call(base, token, 'POST', `/api/journals/${draft.data.id}/post`);
}

async function throughput(base: string, token: string, accounts: number[], clients: number, perClient: number): Promise<number> {
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = 0; i < perClient; i++) await postJournal(base, token, accounts, client * perClient + i);
    }),
  );
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return Math.round((clients * perClient) / seconds);
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
  const journalsPerSecondSingle = await throughput(base, token, accounts, 1, 150);
  const journalsPerSecondConcurrent = await throughput(base, token, accounts, 8, 50);
  return { ledgerFirstPageMs, ledgerDeepPageMs, deepPageRowsBefore: deep.rowsBefore, trialBalanceMs, journalsPerSecondSingle, journalsPerSecondConcurrent };
}
