import { call, timed } from './accounting-measures.ts';
import { type CpuSample, cpuPerRequest, sampleCpu } from './cpu.ts';
import { load } from './measure.ts';

export interface InvoiceFigures {
  invoice200Ms: number;
  invoicesPerSecondSingle: number;
  invoicesPerSecondConcurrent: number;
  /** 8 clients all invoicing one customer: its row lock (the credit check) serialises them. */
  invoicesPerSecondOneCustomer: number;
  /** CPU per invoice during the 8-client load over 40 customers: server, PostgreSQL, load generator. */
  cpuPerInvoice: CpuSample;
  items: number;
  lotsPerItem: number;
  customers: number;
}

// Invoices may be dated today (the server's date; UTC here, as the other measures).
const today = new Date().toISOString().slice(0, 10);
const items = 240;
const lotsPerItem = 8;
const unitsPerLot = 60;
const customerCount = 40;
/** Line quantities in turn: lots of 60 then run out mid-line now and then, so a line splits over two lots. */
const quantities = [2, 3, 5];

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export interface SalesBench {
  regionId: number;
  itemIds: number[];
  customerIds: number[];
  /**
   * The last invoice's number across loads: a load goes on from the one before, so the requests
   * a load left in flight when it ended (autocannon stops waiting, the server still posts them)
   * never take the same items as the next load's first ones (they met on a lot now and then: a
   * 409 "Only 0 of ... are available", and the run stopped).
   */
  invoicesMade: number;
}

/**
 * Issue 29: the items' tax facts cycle 18 %, a reduced 5 % and exempt, so each 3-line invoice
 * (consecutive items) carries three rates, and its unregistered buyer further tax on two lines.
 * With an FBR unit, and the buyers with a province: what reporting to FBR needs (fbr-posting.ts).
 */
const taxFactsOf = (i: number) =>
  [
    { saleType: 'standardRate', rate: '18.00', hsCode: '3822.1900', fbrUom: 'Numbers, pieces, units' },
    { saleType: 'reducedRate', rate: '5.00', hsCode: '3821.0000', fbrUom: 'Numbers, pieces, units', sroScheduleNo: 'Eighth Schedule', sroItemSerialNo: '81' },
    { saleType: 'exempt', hsCode: '3822.1900', fbrUom: 'Numbers, pieces, units', sroScheduleNo: 'Sixth Schedule', sroItemSerialNo: '105' },
  ][i % 3];

/**
 * BENCH_OMIT (e.g. `taxFacts,province`): fields the seed leaves out of its bodies, for an earlier
 * server (BENCH_SERVER_ROOT) that refuses them; its invoices then sell at the company's one rate.
 */
const omitted = new Set((process.env.BENCH_OMIT ?? '').split(',').filter(Boolean));
const withoutOmitted = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).filter(([key]) => !omitted.has(key)));

/**
 * What the invoices sell, made through the API as an admin would: a region, 240 approved
 * lot-tracked reagents at 100.00, each in 8 lots of 60 in the region's warehouse expiring a month
 * apart (opening stock adjustments of 480 lines), and 40 hospitals with room on their credit limit.
 */
export async function seedSalesBench(base: string, token: string): Promise<SalesBench> {
  const tag = Date.now().toString(36).toUpperCase();
  const created = async (path: string, body: Record<string, unknown>) =>
    ((await call(base, token, 'POST', path, withoutOmitted(body))) as { data: { id: number } }).data.id;
  const regionId = await created('/api/regions', { regionName: `Sales Bench ${tag}`, regionCode: `S${tag.slice(-8)}` });
  const categoryId = await created('/api/categories', { categoryName: `Sales Bench Reagents ${tag}` });
  const itemIds: number[] = [];
  for (let i = 0; i < items; i++) {
    const id = await created('/api/items', {
      itemName: `Sales bench reagent ${tag} ${i}`,
      articleNumber: `SB${tag}-${String(i).padStart(3, '0')}`,
      categoryId,
      unit: 'kit',
      costPrice: '60.00',
      salePrice: '100.00',
      lotTracked: true,
      storageCondition: 'refrigerated',
      active: true,
      taxFacts: taxFactsOf(i),
    });
    await call(base, token, 'POST', `/api/items/${id}/approve`);
    itemIds.push(id);
  }
  const lines = itemIds.flatMap((itemId, i) =>
    Array.from({ length: lotsPerItem }, (_, lot) => ({
      itemId,
      regionId,
      lotNumber: `SB${i}-${lot}`,
      dateExpiry: addDays(today, 200 + lot * 30 + (i % 7)),
      quantity: unitsPerLot,
      unitCost: `${55 + lot}.00`,
    })),
  );
  for (let start = 0; start < lines.length; start += 480) {
    await call(base, token, 'POST', '/api/stock-adjustments', {
      adjustmentDate: today,
      reason: 'openingStock',
      narration: 'Sales bench stock',
      post: true,
      lines: lines.slice(start, start + 480),
    });
  }
  const customerIds: number[] = [];
  for (let c = 0; c < customerCount; c++) {
    customerIds.push(
      await created('/api/customers', {
        customerName: `Sales Bench Hospital ${tag} ${c}`,
        customerType: 'hospital',
        regionId,
        creditLimit: '9000000000.00',
        paymentTermsDays: 30,
        province: 'punjab',
        active: true,
      }),
    );
  }
  return { regionId, itemIds, customerIds, invoicesMade: 0 };
}

/** A 3-line invoice, saved and posted in one request; lines without lots, filled first-expiry-first-out. */
function invoice(bench: SalesBench, n: number, customerId: number): string {
  return JSON.stringify({
    customerId,
    regionId: bench.regionId,
    invoiceDate: today,
    post: true,
    // Consecutive requests take consecutive items: 8 requests in flight never share a lot.
    lines: [0, 1, 2].map((i) => ({ itemId: bench.itemIds[(n * 3 + i) % bench.itemIds.length]!, quantity: quantities[(n + i) % quantities.length]! })),
  });
}

export async function throughput(
  base: string,
  token: string,
  bench: SalesBench,
  clients: number,
  customer: (n: number) => number,
  serverPid?: number,
): Promise<{ perSecond: number; cpu: CpuSample }> {
  const before = sampleCpu(serverPid);
  const result = await load(`invoices, ${clients} clients`, `${base}/api/invoices`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    setupBody: () => {
      bench.invoicesMade += 1;
      return invoice(bench, bench.invoicesMade, customer(bench.invoicesMade));
    },
    connections: clients,
    durationSeconds: Number(process.env.BENCH_POSTING_SECONDS ?? 5),
  });
  const cpu = cpuPerRequest(before, sampleCpu(serverPid), result.total);
  if (result.errors > 0 || result.non2xx > 0) throw new Error(`invoices: ${result.errors} errors, ${result.non2xx} refused (stock run out? lower BENCH_POSTING_SECONDS)`);
  return { perSecond: result.requestsPerSecond, cpu };
}

/**
 * Invoices (issue 8, section 6), saved and posted over HTTP in one request (`post: true`): lots
 * filled first-expiry-first-out over 8 lots an item, stock out, Dr receivable / Cr Sales / Cr Tax
 * payable / Dr Cost of sales / Cr Inventory, the monthly sales summary. A 200-line invoice (200
 * items, median of 10), then 3-line invoices for 5 s by 1 client and by 8 clients spread over 40
 * customers, and by 8 clients all for one customer.
 */
export async function measureInvoices(base: string, token: string, serverPid?: number, afterSeed?: () => Promise<void>): Promise<InvoiceFigures> {
  const bench = await seedSalesBench(base, token);
  await afterSeed?.();
  let big = 0;
  const invoice200Ms = await timed(
    () =>
      call(base, token, 'POST', '/api/invoices', {
        customerId: bench.customerIds[(big += 1) % bench.customerIds.length],
        regionId: bench.regionId,
        invoiceDate: today,
        post: true,
        lines: bench.itemIds.slice(0, 200).map((itemId) => ({ itemId, quantity: 1 })),
      }),
    10,
  );
  const spread = (n: number) => bench.customerIds[n % bench.customerIds.length]!;
  const invoicesPerSecondSingle = (await throughput(base, token, bench, 1, spread)).perSecond;
  const concurrent = await throughput(base, token, bench, 8, spread, serverPid);
  const invoicesPerSecondOneCustomer = (await throughput(base, token, bench, 8, () => bench.customerIds[0]!)).perSecond;
  return {
    invoice200Ms,
    invoicesPerSecondSingle,
    invoicesPerSecondConcurrent: concurrent.perSecond,
    invoicesPerSecondOneCustomer,
    cpuPerInvoice: concurrent.cpu,
    items,
    lotsPerItem,
    customers: customerCount,
  };
}

/** The invoices' table for RESULTS.md, one row per engine. */
export function invoiceTable(results: ReadonlyArray<{ engine: string; figures: InvoiceFigures }>): string {
  const first = results[0]?.figures;
  const rows = [
    `Invoices saved and posted in one request (\`post: true\`): lots filled first-expiry-first-out over ${first?.lotsPerItem ?? lotsPerItem} lots an item, stock out, ` +
      'Dr receivable / Cr Sales / Cr Tax payable / Dr Cost of sales / Cr Inventory, the monthly sales summary. ' +
      'Aims: 3-line invoices >= 300/s with 8 clients on PostgreSQL, a 200-line invoice < 1 s. ' +
      'Tryton 6.0 on this kind of machine: 0.53 to 0.69 lot-tracked 3-line invoices posted per second.',
    '',
    `| engine | 200-line invoice | 3-line invoices/s, 1 client | 3-line invoices/s, 8 clients over ${first?.customers ?? customerCount} customers | 3-line invoices/s, 8 clients, one customer | CPU ms per invoice, 8 clients: server / database / load generator |`,
    '|---|---:|---:|---:|---:|---|',
  ];
  for (const { engine, figures: f } of results) {
    const cpu = f.cpuPerInvoice;
    // PGlite runs inside the server process: its database time is the server's.
    const database = engine === 'PGlite' ? 'in the server' : cpu.postgresMs.toFixed(2);
    rows.push(
      `| ${engine} | ${f.invoice200Ms.toFixed(1)} ms | ${f.invoicesPerSecondSingle} | ${f.invoicesPerSecondConcurrent} | ${f.invoicesPerSecondOneCustomer} | ${cpu.serverMs.toFixed(2)} / ${database} / ${cpu.benchMs.toFixed(2)} |`,
    );
  }
  return rows.join('\n');
}
