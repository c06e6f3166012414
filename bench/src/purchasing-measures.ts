import { call, timed } from './accounting-measures.ts';
import { load } from './measure.ts';
import type { StockVolume } from './stock-volume.ts';

export interface PurchasingFigures {
  receipt200Ms: number;
  receiptsPerSecondConcurrent: number;
}

// Receipts may not be dated after today, nor before their order.
const today = new Date().toISOString().slice(0, 10);
const receiptDate = today;
const expiry = `${Number(today.slice(0, 4)) + 3}-06-30`;
// Large enough that no run of the bench receives an order in full.
const ordered = 1_000_000_000;

type Order = { id: number; lineIds: number[] };

/** An approved order of `itemIds` for the bench region, each line `ordered` units at 10.00. */
async function approvedOrder(base: string, token: string, vendorId: number, regionId: number, itemIds: readonly number[]): Promise<Order> {
  const saved = (await call(base, token, 'POST', '/api/purchase-orders', {
    orderDate: today,
    vendorId,
    regionId,
    expectedDate: `${Number(today.slice(0, 4)) + 1}-01-31`,
    notes: 'Bench order',
    lines: itemIds.map((itemId) => ({ itemId, quantity: ordered, unitCost: '10.00' })),
  })) as { data: { id: number } };
  const approved = (await call(base, token, 'POST', `/api/purchase-orders/${saved.data.id}/approve`)) as { data: { lines: Array<{ id: number }> } };
  return { id: saved.data.id, lineIds: approved.data.lines.map((l) => l.id) };
}

/** A receipt of one unit per order line into the line's own lot (the same lot each time: it grows). */
const receipt = (order: Order, lotPrefix: string) => ({
  purchaseOrderId: order.id,
  receiptDate,
  notes: '',
  acceptNearExpiry: false,
  post: true,
  lines: order.lineIds.map((purchaseOrderLineId, i) => ({ purchaseOrderLineId, quantity: 1, lotNumber: `${lotPrefix}-${i}`, dateExpiry: expiry })),
});

async function benchItems(base: string, token: string): Promise<number[]> {
  const ids: number[] = [];
  for (const page of [1, 2]) {
    const list = (await call(base, token, 'GET', `/api/items?search=BR-&isApproved=true&page=${page}&pageSize=200&sort=articleNumber&order=asc`)) as { data: Array<{ id: number }> };
    ids.push(...list.data.map((i) => i.id));
  }
  return ids;
}

/**
 * Goods receipts on the stock volume: a 200-line receipt saved and posted in one request
 * (stock in, Dr Inventory / Cr the vendor's account, the order's received quantities), and
 * 3-line receipts posted by 8 clients over 16 orders, as a receiving team would.
 */
export async function measurePurchasing(base: string, token: string, volume: StockVolume): Promise<PurchasingFigures> {
  const vendor = (await call(base, token, 'POST', '/api/vendors', { vendorName: `Bench Vendor ${Date.now()}`, paymentTermsDays: 30, active: true })) as { data: { id: number } };
  const items = await benchItems(base, token);
  if (items.length < 248) throw new Error(`the bench needs 248 approved items, found ${items.length}`);
  const big = await approvedOrder(base, token, vendor.data.id, volume.regionId, items.slice(0, 200));
  let run = 0;
  const receipt200Ms = await timed(() => call(base, token, 'POST', '/api/goods-receipts', receipt(big, `BIG${(run += 1)}`)), 10);

  const small: Order[] = [];
  for (let n = 0; n < 16; n++) small.push(await approvedOrder(base, token, vendor.data.id, volume.regionId, items.slice(200 + n * 3, 203 + n * 3)));
  let next = 0;
  const result = await load('goods receipts, 8 clients', `${base}/api/goods-receipts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    setupBody: () => {
      next += 1;
      return JSON.stringify(receipt(small[next % small.length]!, `S${next % small.length}`));
    },
    connections: 8,
    durationSeconds: Number(process.env.BENCH_POSTING_SECONDS ?? 5),
  });
  if (result.errors > 0 || result.non2xx > 0) throw new Error(`goods receipts: ${result.errors} errors, ${result.non2xx} refused`);
  return { receipt200Ms, receiptsPerSecondConcurrent: result.requestsPerSecond };
}
