import { call, timed } from './accounting-measures.ts';
import { benchYear } from './ledger-volume.ts';
import { load } from './measure.ts';
import type { StockVolume } from './stock-volume.ts';

export interface StockFigures {
  inventoryPageMs: number;
  ledgerDeepPageMs: number;
  deepPageRowsBefore: number;
  adjustment200Ms: number;
  adjustmentsPerSecondConcurrent: number;
}

const adjustmentDate = `${benchYear}-12-15`;

/**
 * Lines over distinct lots, alternately +1 and -1 (a count correction), so a run never
 * empties a lot and each posting locks and checks what it draws. `start` walks the lots.
 */
function adjustment(volume: StockVolume, start: number, lines: number): string {
  return JSON.stringify({
    adjustmentDate,
    reason: 'countCorrection',
    narration: 'Bench count',
    post: true,
    lines: Array.from({ length: lines }, (_, i) => ({
      inventoryId: volume.firstLotId + ((start + i) % volume.lotCount),
      quantity: i % 2 === 0 ? 1 : -1,
    })),
  });
}

/**
 * 3-line adjustments saved and posted (one request each) for 5 s over `clients` connections,
 * each request on the next three lots, so the clients contend as a team would (day totals,
 * number sequence, accounts), not all on one lot.
 */
async function throughput(base: string, token: string, volume: StockVolume, clients: number): Promise<number> {
  let next = 0;
  const result = await load(`stock adjustments, ${clients} clients`, `${base}/api/stock-adjustments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    setupBody: () => adjustment(volume, (next += 3), 3),
    connections: clients,
    durationSeconds: Number(process.env.BENCH_POSTING_SECONDS ?? 5),
  });
  if (result.errors > 0 || result.non2xx > 0) throw new Error(`stock adjustments: ${result.errors} errors, ${result.non2xx} refused`);
  return result.requestsPerSecond;
}

export async function measureStock(base: string, token: string, volume: StockVolume): Promise<StockFigures> {
  const filters = `regionId=${volume.regionId}&categoryId=${volume.categoryId}&status=usable&sort=dateExpiry&order=asc&page=1&pageSize=20`;
  const inventoryPageMs = await timed(() => call(base, token, 'GET', `/api/inventory?${filters}`), 20);
  const range = `from=${benchYear}-01-01&to=${benchYear}-12-31`;
  const ledgerDeepPageMs = await timed(
    () => call(base, token, 'GET', `/api/inventory-ledger?${range}&pageSize=100&after=${encodeURIComponent(volume.cursor)}`),
    20,
  );
  let start = 0;
  const adjustment200Ms = await timed(() => call(base, token, 'POST', '/api/stock-adjustments', JSON.parse(adjustment(volume, (start += 200), 200))), 10);
  const adjustmentsPerSecondConcurrent = await throughput(base, token, volume, 8);
  return { inventoryPageMs, ledgerDeepPageMs, deepPageRowsBefore: volume.rowsBefore, adjustment200Ms, adjustmentsPerSecondConcurrent };
}
