// `npm run bench:receipts [-- pglite|postgres]`: allocating one receipt over 1,000 open invoices
// (issue 9, section 6; aim < 200 ms) on a fresh database per engine. Both engines unless one is
// named. BENCH_OPEN_INVOICES: the open invoices (1,000).
import { join } from 'node:path';
import { call, timed } from './accounting-measures.ts';
import { timeMs } from './measure.ts';
import { adminToken, root, startProcess, stopProcess } from './processes.ts';
import { freshEngineEnv } from './seed-volume.ts';

export interface ReceiptAllocationFigures {
  openInvoices: number;
  /** `POST /api/receipts/:id/allocate` of a posted receipt's advance, one allocation per open invoice (median of 5). */
  allocateMs: number;
  /** A receipt saved and posted with its allocations proposed oldest due first over every open invoice (once: it pays them all). */
  proposeAndPostMs: number;
}

const port = 3404;
const base = `http://127.0.0.1:${port}`;
const password = 'Bench@12345';
export const openInvoices = Number(process.env.BENCH_OPEN_INVOICES ?? 1000);
const today = new Date().toISOString().slice(0, 10);
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

type Data = { data: { id: number; [key: string]: unknown } };

/** A customer with `openInvoices` posted invoices of one kit at 100.00 (117.00 with tax), due on different days. */
async function seed(token: string): Promise<{ customerId: number; invoiceIds: number[] }> {
  const tag = Date.now().toString(36).toUpperCase();
  const created = async (path: string, body: unknown) => ((await call(base, token, 'POST', path, body)) as Data).data.id;
  const regionId = await created('/api/regions', { regionName: `Receipts Bench ${tag}`, regionCode: `R${tag.slice(-8)}` });
  const categoryId = await created('/api/categories', { categoryName: `Receipts Bench ${tag}` });
  const itemId = await created('/api/items', {
    itemName: `Receipts bench kit ${tag}`,
    articleNumber: `RB${tag}`,
    categoryId,
    unit: 'kit',
    costPrice: '60.00',
    salePrice: '100.00',
    lotTracked: false,
    storageCondition: 'ambient',
    active: true,
  });
  await call(base, token, 'POST', `/api/items/${itemId}/approve`);
  await call(base, token, 'POST', '/api/stock-adjustments', {
    adjustmentDate: today,
    reason: 'openingStock',
    narration: 'Receipts bench stock',
    post: true,
    lines: [{ itemId, regionId, lotNumber: `RB-${tag}`, dateExpiry: null, quantity: openInvoices + 10, unitCost: '60.00' }],
  });
  const customerId = await created('/api/customers', {
    customerName: `Receipts Bench Hospital ${tag}`,
    customerType: 'hospital',
    regionId,
    creditLimit: '9000000000.00',
    paymentTermsDays: 30,
    active: true,
  });
  const invoiceIds: number[] = [];
  for (let i = 0; i < openInvoices; i++) {
    invoiceIds.push(
      await created('/api/invoices', { customerId, regionId, invoiceDate: today, dueDate: addDays(today, i % 90), post: true, lines: [{ itemId, quantity: 1 }] }),
    );
  }
  return { customerId, invoiceIds };
}

/**
 * Receipts (issue 9, section 1): the open invoices locked in id order, each allocation checked
 * against its open amount, the rows written and the invoices updated in one statement each.
 */
export async function measureReceiptAllocation(token: string): Promise<ReceiptAllocationFigures> {
  const { customerId, invoiceIds } = await seed(token);
  const receipt = { customerId, receiptDate: today, method: 'cash', reference: 'Bench' };
  // Each run allocates 1.00 to every open invoice from a fresh advance of 1,000.00.
  const allocateMs = await timed(async () => {
    const advance = (await call(base, token, 'POST', '/api/receipts', { ...receipt, amount: `${invoiceIds.length}.00`, allocations: [], post: true })) as Data;
    await call(base, token, 'POST', `/api/receipts/${advance.data.id}/allocate`, { allocations: invoiceIds.map((invoiceId) => ({ invoiceId, amount: '1.00' })) });
  }, 5);
  // timed's figure includes the advance's own posting; take it out by timing one alone.
  const postOnlyMs = await timed(() => call(base, token, 'POST', '/api/receipts', { ...receipt, amount: '1.00', allocations: [], post: true }), 5);
  const open = ((await call(base, token, 'GET', `/api/receipts/open-invoices?customerId=${customerId}`)) as { data: Array<{ openAmount: string }> }).data;
  const cents = open.reduce((sum, d) => sum + BigInt(d.openAmount.replace('.', '')), 0n);
  const amount = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
  const proposeAndPostMs = await timeMs(() => call(base, token, 'POST', '/api/receipts', { ...receipt, amount, post: true }));
  return { openInvoices: invoiceIds.length, allocateMs: Math.max(allocateMs - postOnlyMs, 0), proposeAndPostMs };
}

export function receiptAllocationTable(results: ReadonlyArray<{ engine: string; figures: ReceiptAllocationFigures }>): string {
  const rows = results.map(
    ({ engine, figures }) => `| ${engine} | ${figures.openInvoices} | ${figures.allocateMs.toFixed(1)} ms | ${figures.proposeAndPostMs.toFixed(1)} ms |`,
  );
  return ['| Engine | Open invoices | Allocate an advance over all (median of 5) | Save and post, proposed oldest first |', '|---|---|---|---|', ...rows].join('\n');
}

/** On a fresh database of its own (`pglite` or `postgres`), with a server of its own. */
export async function measureReceiptAllocationEngine(engine: string): Promise<ReceiptAllocationFigures> {
  const env = await freshEngineEnv(engine, 'erp_bench_receipts', 'receipts');
  const server = await startProcess(join(root, 'apps/server/src/main.ts'), { PORT: String(port), ADMIN_PASSWORD: password, ...env }, `${base}/api/health`);
  try {
    const token = await adminToken(base, password);
    return await measureReceiptAllocation(token);
  } finally {
    await stopProcess(server);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const engines = process.argv[2] ? [process.argv[2]] : ['pglite', 'postgres'];
  const results: Array<{ engine: string; figures: ReceiptAllocationFigures }> = [];
  for (const engine of engines) {
    console.log(`[${engine}] receipts: ${openInvoices} open invoices, one receipt allocated over all`);
    results.push({ engine: engine === 'pglite' ? 'PGlite' : 'PostgreSQL', figures: await measureReceiptAllocationEngine(engine) });
  }
  console.log(`\n${receiptAllocationTable(results)}`);
}
