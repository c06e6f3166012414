import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

/** Issue 21, sections 1, 2 and 4 (rentals): placements, returns, months and the month-end run, through the API. */
let t: TestApp;
let f: SalesFixtures;
let analyser: number;
let customer: { id: number; accountId: number };

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);

async function receiveSerial(serial: string, cost = '3000000.00'): Promise<{ inventoryId: number; rentalAssetId: number }> {
  const [inventoryId] = await f.receive([{ itemId: analyser, lotNumber: serial, quantity: 1, unitCost: cost }]);
  const [asset] = await rows<{ id: number }>(sql`SELECT id FROM rental_assets WHERE serial_number = ${serial}`);
  return { inventoryId: inventoryId!, rentalAssetId: Number(asset!.id) };
}

function agreementBody(rentalAssetId: number, extra: Record<string, unknown> = {}) {
  return {
    customerId: customer.id,
    regionId: f.north,
    rentalAssetId,
    startDate: '2024-04-01',
    termMonths: 60,
    billingModel: 'minimumPurchase',
    monthlyCommitment: '150000.00',
    eligibleItemIds: [f.reagent],
    shortfallMode: 'gap',
    settlementPeriod: 'month',
    downtimeWaiver: true,
    autoRenew: false,
    earlyExitPercent: '100',
    ...extra,
  };
}

async function approvedAgreement(rentalAssetId: number, extra: Record<string, unknown> = {}): Promise<{ id: number; documentNumber: string }> {
  const created = await f.call('POST', '/api/rental-agreements', agreementBody(rentalAssetId, extra));
  if (created.statusCode !== 201) throw new Error(created.body);
  const approved = await f.call('POST', `/api/rental-agreements/${created.json().data.id}/approve`);
  if (approved.statusCode !== 200) throw new Error(approved.body);
  return approved.json().data;
}

async function runMonthEnd(month: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const started = await f.call('POST', '/api/rental-agreements/month-end', { month });
  if (started.statusCode !== 202) return { status: started.statusCode, body: started.json() };
  await t.app.ctx.jobs.runUntilIdle();
  const progress = await f.call('GET', `/api/rental-agreements/month-end/${started.json().jobId}`);
  return { status: 202, body: progress.json().data };
}

beforeAll(async () => {
  t = await createTestApp();
  f = await salesFixtures(t, 'RN');
  customer = await f.newCustomer('Rental Hospital', { creditLimit: '100000000.00' });
  const item = await f.call('POST', '/api/items', {
    itemName: 'RN Analyser XN-1000',
    articleNumber: 'RN-XN-1000',
    categoryId: f.category,
    unit: 'pack',
    costPrice: '0.00',
    salePrice: '0.00',
    lotTracked: false,
    serialTracked: true,
    storageCondition: 'ambient',
    active: true,
  });
  expect(item.statusCode, item.body).toBe(201);
  analyser = item.json().data.id;
  await f.call('POST', `/api/items/${analyser}/approve`);
}, 120_000);
afterAll(async () => t?.close());

describe('rental assets and placement (issue 21, section 1)', () => {
  let x: { inventoryId: number; rentalAssetId: number };
  let agreement: { id: number; documentNumber: string };

  it('a serial-tracked unit received is a rental asset in stock, with the spec option keys', async () => {
    x = await receiveSerial('RN-SN-0001');
    const options = (await f.call('GET', '/api/rental-assets/options')).json().options as Array<Record<string, unknown>>;
    expect(options).toContainEqual(expect.objectContaining({ rentalAssetId: x.rentalAssetId, inventory: expect.objectContaining({ item: { itemName: 'RN Analyser XN-1000' } }), customer: null, status: 'inStock' }));
  });

  it('placing X (cost 3,000,000) writes 2 stock-ledger rows and 1 balanced journal stamped with the agreement; X moves to the customer', async () => {
    agreement = await approvedAgreement(x.rentalAssetId);
    expect(agreement.documentNumber).toMatch(/^RRA-2024-\d{6}$/);
    const early = await f.call('POST', '/api/placements', { rentalAgreementId: agreement.id, inventoryId: x.inventoryId, placementDate: '2024-03-31', post: true });
    expect(early.statusCode).toBe(400);
    const placed = await f.call('POST', '/api/placements', { rentalAgreementId: agreement.id, inventoryId: x.inventoryId, placementDate: '2024-04-16', post: true });
    expect(placed.statusCode, placed.body).toBe(201);
    const placement = placed.json().data;
    expect(placement).toMatchObject({ status: 'posted', documentNumber: expect.stringMatching(/^PLC-2024-\d{6}$/), unitCost: '3000000.00' });
    const moves = await rows<{ quantityIn: number; quantityOut: number; kind: string }>(
      sql`SELECT m.quantity_in AS "quantityIn", m.quantity_out AS "quantityOut", l.kind FROM stock_moves m JOIN stock_locations l ON l.id = m.location_id
          WHERE m.document_type = 'placements' AND m.document_id = ${placement.id}::int ORDER BY m.id`,
    );
    expect(moves).toEqual([
      { quantityIn: 0, quantityOut: 1, kind: 'warehouse' },
      { quantityIn: 1, quantityOut: 0, kind: 'customer' },
    ]);
    const gl = await rows<{ debit: string; credit: string; agreement: number; party: number; numbers: number }>(
      sql`SELECT sum(debit)::text AS debit, sum(credit)::text AS credit, min(rental_agreement_id) AS agreement, min(party_id) AS party, count(DISTINCT document_number)::int AS numbers
          FROM gl_entries WHERE document_type = 'placements' AND document_id = ${placement.id}::int HAVING bool_and(rental_agreement_id IS NOT NULL)`,
    );
    expect(gl).toEqual([{ debit: '3000000.00', credit: '3000000.00', agreement: agreement.id, party: customer.id, numbers: 1 }]);
    const options = (await f.call('GET', '/api/rental-assets/options')).json().options as Array<Record<string, unknown>>;
    expect(options).toContainEqual(expect.objectContaining({ rentalAssetId: x.rentalAssetId, status: 'placed', customer: { customerName: 'RN Rental Hospital' } }));
    const lots = await f.call('GET', `/api/invoices/lots?itemId=${analyser}&regionId=${f.north}&quantity=1`);
    expect(JSON.stringify(lots.json())).not.toContain('RN-SN-0001');
    const read = (await f.call('GET', `/api/rental-agreements/${agreement.id}`)).json().data;
    expect(read).toMatchObject({ status: 'active', placementDate: '2024-04-16' });
    const [asset] = await rows<{ cost: string; status: string }>(sql`SELECT cost::text, status FROM assets WHERE placement_id = ${placement.id}::int`);
    expect(asset).toEqual({ cost: '3000000.00', status: 'active' });
  });

  it('a unit cannot be placed twice: two agreements naming it, placed at the same instant, one 2xx and one 409', async () => {
    const y = await receiveSerial('RN-SN-0002', '2000000.00');
    const a = await approvedAgreement(y.rentalAssetId);
    const b = await approvedAgreement(y.rentalAssetId);
    const drafts = await Promise.all([a, b].map((g) => f.call('POST', '/api/placements', { rentalAgreementId: g.id, inventoryId: y.inventoryId, placementDate: '2024-05-02' })));
    const results = await Promise.all(drafts.map((d) => f.call('POST', `/api/placements/${d.json().data.id}/post`)));
    expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join(' ')).toEqual([200, 409]);
    const [count] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM placements WHERE rental_asset_id = ${y.rentalAssetId}::int AND status = 'posted'`);
    expect(count!.n).toBe(1);
    // And again on an agreement already placed.
    const again = await f.call('POST', '/api/placements', { rentalAgreementId: agreement.id, inventoryId: x.inventoryId, placementDate: '2024-05-02', post: true });
    expect(again.statusCode).toBe(409);
  });

  it('months: 75,000 for the second half of April; May short by 30,000 (130,000 eligible, 10,000 returned, 20,000 not eligible); 135,000 in June with 3 days down', async () => {
    await f.receive([
      { itemId: f.reagent, quantity: 50, unitCost: '4000.00', expiresIn: 900 },
      { itemId: f.gloves, quantity: 50, unitCost: '1000.00' },
    ]);
    const sale = await f.call('POST', '/api/invoices', {
      customerId: customer.id,
      regionId: f.north,
      invoiceDate: '2024-05-10',
      post: true,
      lines: [
        { itemId: f.reagent, quantity: 13, price: '10000.00' },
        { itemId: f.gloves, quantity: 2, price: '10000.00' },
      ],
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const reagentLine = (sale.json().data.lines as Array<{ id: number; itemId: number }>).find((l) => l.itemId === f.reagent)!.id;
    const returned = await f.call('POST', '/api/sales-returns', { invoiceId: sale.json().data.id, returnDate: '2024-05-20', post: true, lines: [{ invoiceLineId: reagentLine, quantity: 1, condition: 'restock' }] });
    expect(returned.statusCode, returned.body).toBe(201);
    const visit = await f.call('POST', '/api/service-visits', { rentalAgreementId: agreement.id, visitDate: '2024-06-12', visitKind: 'breakdown', downFrom: '2024-06-10', downTo: '2024-06-12' });
    expect(visit.statusCode, visit.body).toBe(201);
    const periods = (await f.call('GET', `/api/rental-agreements/${agreement.id}/periods`)).json().data as Array<Record<string, unknown>>;
    expect(periods.slice(0, 3)).toEqual([
      expect.objectContaining({ month: '2024-04', commitment: '75000.00', eligible: '0.00', shortfall: '75000.00', status: 'open' }),
      expect.objectContaining({ month: '2024-05', commitment: '150000.00', eligible: '120000.00', shortfall: '30000.00', status: 'open' }),
      expect.objectContaining({ month: '2024-06', commitment: '135000.00' }),
    ]);
  });

  it('the month-end run raises one shortfall invoice (Dr receivable, Cr rental shortfall income, stamped); a second run raises none; cancelling it reopens the month', async () => {
    const refused = await runMonthEnd('2999-01');
    expect(refused.status).toBe(409);
    const first = await runMonthEnd('2024-05');
    // The second unit's agreement (placed on 2 May, same customer) is short too: 145,161.29 - 120,000.
    expect(first.body).toMatchObject({ status: 'done', processed: 2, invoices: 2, invoiced: '55161.29' });
    const invoices = await rows<{ id: number; kind: string; grandTotal: string; status: string }>(
      sql`SELECT id, kind, grand_total::text AS "grandTotal", status FROM invoices WHERE rental_agreement_id = ${agreement.id}::int`,
    );
    expect(invoices).toEqual([{ id: expect.any(Number), kind: 'rentalShortfall', grandTotal: '30000.00', status: 'posted' }]);
    const gl = await rows<{ key: string | null; debit: string; credit: string; stamped: boolean }>(
      sql`SELECT p.key, g.debit::text, g.credit::text, g.rental_agreement_id = ${agreement.id}::int AS stamped
          FROM gl_entries g LEFT JOIN posting_accounts p ON p.account_id = g.account_id WHERE g.document_type = 'invoice' AND g.document_id = ${invoices[0]!.id}::int ORDER BY g.id`,
    );
    expect(gl).toEqual([
      { key: null, debit: '30000.00', credit: '0.00', stamped: true },
      { key: 'rentalShortfallIncome', debit: '0.00', credit: '30000.00', stamped: true },
    ]);
    const second = await runMonthEnd('2024-05');
    expect(second.body).toMatchObject({ status: 'done', invoices: 0 });
    let may = ((await f.call('GET', `/api/rental-agreements/${agreement.id}/periods`)).json().data as Array<Record<string, unknown>>)[1];
    expect(may).toMatchObject({ status: 'invoiced', invoiceId: invoices[0]!.id });
    const cancelled = await f.call('POST', `/api/invoices/${invoices[0]!.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    may = ((await f.call('GET', `/api/rental-agreements/${agreement.id}/periods`)).json().data as Array<Record<string, unknown>>)[1];
    expect(may).toMatchObject({ status: 'open', invoiceId: null });
    const third = await runMonthEnd('2024-05');
    expect(third.body).toMatchObject({ invoices: 1, invoiced: '30000.00' });
  });

  it('depreciation runs charge the placed asset 50,000 a month stamped with the agreement; a return after 24 months posts book value 1,800,000 and accumulated depreciation 1,200,000', async () => {
    for (let i = 0; i < 24; i++) {
      const month = `${2024 + Math.floor((3 + i) / 12)}-${String(((3 + i) % 12) + 1).padStart(2, '0')}`;
      const run = await f.call('POST', '/api/depreciation-runs', { month, post: true });
      expect(run.statusCode, run.body).toBe(201);
      await t.app.ctx.jobs.runUntilIdle();
    }
    const [charged] = await rows<{ total: string; months: number; unstamped: number }>(
      sql`SELECT sum(g.debit)::text AS total, count(DISTINCT g.document_id)::int AS months, count(*) FILTER (WHERE g.rental_agreement_id IS DISTINCT FROM ${agreement.id}::int)::int AS unstamped
          FROM gl_entries g JOIN posting_accounts p ON p.account_id = g.account_id AND p.key = 'placementDepreciation'
          WHERE g.document_type = 'depreciation-runs' AND (g.rental_agreement_id = ${agreement.id}::int OR g.rental_agreement_id IS NULL)`,
    );
    expect(charged).toEqual({ total: '1200000.00', months: 24, unstamped: 0 });
    const ret = await f.call('POST', '/api/rental-returns', { rentalAgreementId: agreement.id, returnDate: '2026-04-05', condition: 'ok', post: true });
    expect(ret.statusCode, ret.body).toBe(201);
    expect(ret.json().data).toMatchObject({ documentNumber: expect.stringMatching(/^RRT-2026-/), bookValue: '1800000.00', accumulatedDepreciation: '1200000.00', cost: '3000000.00' });
    const lines = await rows<{ key: string; debit: string; credit: string }>(
      sql`SELECT p.key, g.debit::text, g.credit::text FROM gl_entries g JOIN posting_accounts p ON p.account_id = g.account_id
          WHERE g.document_type = 'rental-returns' AND g.document_id = ${ret.json().data.id}::int ORDER BY g.id`,
    );
    expect(lines).toEqual([
      { key: 'inventory', debit: '1800000.00', credit: '0.00' },
      { key: 'accumulatedDepreciation', debit: '1200000.00', credit: '0.00' },
      { key: 'placedInstruments', debit: '0.00', credit: '3000000.00' },
    ]);
    const [unit] = await rows<{ status: string; quantity: number; unitCost: string }>(
      sql`SELECT a.status, i.quantity, i.unit_cost::text AS "unitCost" FROM rental_assets a JOIN inventory i ON i.id = a.inventory_id WHERE a.id = ${x.rentalAssetId}::int`,
    );
    expect(unit).toEqual({ status: 'inStock', quantity: 1, unitCost: '1800000.00' });
    expect((await f.call('GET', `/api/rental-agreements/${agreement.id}`)).json().data).toMatchObject({ status: 'ended', endDate: '2026-04-05' });
    const pnl = (await f.call('GET', `/api/rental-agreements/${agreement.id}/pnl`)).json().data;
    const [ledger] = await rows<{ net: string }>(
      sql`SELECT coalesce(sum(g.credit - g.debit), 0)::text AS net FROM gl_entries g JOIN accounts a ON a.id = g.account_id JOIN account_heads h ON h.id = a.head_id
          WHERE g.rental_agreement_id = ${agreement.id}::int AND h.head_type IN ('income', 'expense')`,
    );
    expect(pnl.ledgerProfit).toBe(Number(ledger!.net).toFixed(2));
    expect(pnl.totals.depreciation).toBe('1200000.00');
  });
});

describe('per test, early exit, deposit and roles', () => {
  it('per test: 4,000 tests x 95 invoiced at month end; early exit at month 36 of 60 at 100 % of 100,000 -> 2,400,000', async () => {
    const z = await receiveSerial('RN-SN-0003', '1000000.00');
    const perTest = await approvedAgreement(z.rentalAssetId, { billingModel: 'perTest', pricePerTest: '95.00', monthlyCommitment: '100000.00', startDate: '2023-01-01', eligibleItemIds: [] });
    const placed = await f.call('POST', '/api/placements', { rentalAgreementId: perTest.id, inventoryId: z.inventoryId, placementDate: '2023-01-01', post: true });
    expect(placed.statusCode, placed.body).toBe(201);
    for (const [readingDate, reading] of [['2023-01-31', 1000], ['2023-02-28', 5000]] as const) {
      const r = await f.call('POST', '/api/meter-readings', { rentalAgreementId: perTest.id, readingDate, reading });
      expect(r.statusCode, r.body).toBe(201);
    }
    const run = await runMonthEnd('2023-02');
    expect(run.body).toMatchObject({ status: 'done' });
    const [tests] = await rows<{ grandTotal: string; kind: string }>(sql`SELECT grand_total::text AS "grandTotal", kind FROM invoices WHERE rental_agreement_id = ${perTest.id}::int AND kind = 'rentalTests'`);
    expect(tests).toEqual({ grandTotal: '380000.00', kind: 'rentalTests' });
    const ended = await f.call('POST', `/api/rental-agreements/${perTest.id}/end`, { endDate: '2025-12-15', earlyExit: true });
    expect(ended.statusCode, ended.body).toBe(200);
    const [exit] = await rows<{ grandTotal: string }>(sql`SELECT grand_total::text AS "grandTotal" FROM invoices WHERE rental_agreement_id = ${perTest.id}::int AND kind = 'rentalEarlyExit'`);
    expect(exit).toEqual({ grandTotal: '2400000.00' });
  });

  it('the deposit: Dr bank, Cr customer deposits, once', async () => {
    const w = await receiveSerial('RN-SN-0004', '500000.00');
    const g = await approvedAgreement(w.rentalAssetId, { deposit: '50000.00' });
    const [bank] = await rows<{ id: number }>(sql`SELECT id FROM accounts WHERE kind = 'bank' ORDER BY id LIMIT 1`);
    const paid = await f.call('POST', `/api/rental-agreements/${g.id}/deposit`, { accountId: Number(bank!.id), date: '2024-04-02' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await f.call('POST', `/api/rental-agreements/${g.id}/deposit`, { accountId: Number(bank!.id), date: '2024-04-02' })).statusCode).toBe(409);
    const [credit] = await rows<{ credit: string }>(
      sql`SELECT sum(g.credit)::text AS credit FROM gl_entries g JOIN posting_accounts p ON p.account_id = g.account_id AND p.key = 'customerDeposits' WHERE g.rental_agreement_id = ${g.id}::int`,
    );
    expect(credit!.credit).toBe('50000.00');
  });

  it('the auditor gets 403 on every write; service roles have no route; the operation manager records visits and readings', async () => {
    const auditor = await t.userWithRole('auditor');
    const engineer = await t.userWithRole('serviceEngineer');
    const operations = await t.userWithRole('operationManager');
    const [g] = await rows<{ id: number }>(sql`SELECT id FROM rental_agreements ORDER BY id LIMIT 1`);
    const writes: Array<[string, object]> = [
      ['/api/rental-agreements', agreementBody(1)],
      ['/api/placements', { rentalAgreementId: g!.id, inventoryId: 1, placementDate: '2024-05-01' }],
      ['/api/rental-returns', { rentalAgreementId: g!.id, returnDate: '2024-05-01', condition: 'ok' }],
      ['/api/service-visits', { rentalAgreementId: g!.id, visitDate: '2024-05-01', visitKind: 'preventive' }],
      ['/api/meter-readings', { rentalAgreementId: g!.id, readingDate: '2024-05-01', reading: 1 }],
      ['/api/rental-agreements/month-end', { month: '2024-05' }],
      [`/api/rental-agreements/${g!.id}/suspend`, {}],
      [`/api/rental-agreements/${g!.id}/deposit`, { accountId: 1, date: '2024-05-01' }],
    ];
    for (const [url, payload] of writes) {
      const probe = await f.call('POST', url, payload, auditor.token);
      expect(probe.statusCode, `${url} ${probe.body}`).toBe(403);
      expect((await f.call('POST', url, payload, auditor.token)).statusCode, url).toBe(403);
      const byEngineer = await f.call('POST', url, payload, engineer.token);
      expect(byEngineer.statusCode, `${url} ${byEngineer.body}`).toBe(403);
    }
    expect((await f.call('GET', '/api/rental-agreements', undefined, auditor.token)).statusCode).toBe(200);
    for (const url of ['/api/rental-agreements', '/api/rental-assets', '/api/placements', '/api/service-visits']) {
      expect((await f.call('GET', url, undefined, engineer.token)).statusCode, url).toBe(403);
    }
    const visit = await f.call('POST', '/api/service-visits', { rentalAgreementId: g!.id, visitDate: '2024-07-01', visitKind: 'preventive' }, operations.token);
    expect(visit.statusCode, visit.body).toBe(201);
    const reading = await t.app.inject({ method: 'POST', url: '/api/meter-readings', payload: { rentalAgreementId: g!.id, readingDate: '2024-07-01', reading: 10 }, headers: bearer(operations.token) });
    expect(reading.statusCode, reading.body).toBe(201);
  });
});
