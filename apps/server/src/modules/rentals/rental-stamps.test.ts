import { addDays } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 21: relocation of a placed unit (section 1: "ends one agreement's use and starts
 * another's; depreciation splits by days") and the stamping order of every posting (section 3:
 * "set on the document or line, else from the rental agreement, else the scope rule").
 */
let t: TestApp;
let f: SalesFixtures;
let analyser: number;
let cash: number;
let expense: number;

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);

const ok = async (method: 'GET' | 'POST', url: string, body?: object, status = method === 'POST' && !url.match(/\/\d+\/\w+$/) ? 201 : 200) => {
  const response = await f.call(method, url, body);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.json();
};

async function receiveSerial(serial: string, cost = '3000000.00'): Promise<{ inventoryId: number; rentalAssetId: number }> {
  const [inventoryId] = await f.receive([{ itemId: analyser, lotNumber: serial, quantity: 1, unitCost: cost }]);
  const [asset] = await rows<{ id: number }>(sql`SELECT id FROM rental_assets WHERE serial_number = ${serial}`);
  return { inventoryId: inventoryId!, rentalAssetId: Number(asset!.id) };
}

async function approvedAgreement(customerId: number, rentalAssetId: number, startDate: string, extra: Record<string, unknown> = {}): Promise<{ id: number; documentNumber: string }> {
  const created = await ok('POST', '/api/rental-agreements', {
    customerId,
    regionId: f.north,
    rentalAssetId,
    startDate,
    termMonths: 60,
    billingModel: 'minimumPurchase',
    monthlyCommitment: '150000.00',
    eligibleItemIds: [f.reagent],
    shortfallMode: 'gap',
    settlementPeriod: 'month',
    downtimeWaiver: true,
    autoRenew: false,
    ...extra,
  });
  return (await ok('POST', `/api/rental-agreements/${created.data.id}/approve`)).data;
}

async function place(agreementId: number, inventoryId: number, placementDate: string): Promise<{ id: number; assetId: number }> {
  return (await ok('POST', '/api/placements', { rentalAgreementId: agreementId, inventoryId, placementDate, post: true })).data;
}

async function depreciate(month: string): Promise<number> {
  const run = await ok('POST', '/api/depreciation-runs', { month, post: true });
  await t.app.ctx.jobs.runUntilIdle();
  return run.data.id as number;
}

/** A document's ledger rows with their posting key and stamps, in order. */
const ledgerOf = (documentType: string, documentId: number) =>
  rows<{ key: string | null; debit: string; credit: string; agreement: number | null; venture: number | null; party: number | null }>(
    sql`SELECT p.key, g.debit::text AS debit, g.credit::text AS credit, g.rental_agreement_id AS agreement, g.joint_venture_id AS venture, g.party_id AS party
        FROM gl_entries g LEFT JOIN posting_accounts p ON p.account_id = g.account_id
        WHERE g.document_type = ${documentType} AND g.document_id = ${documentId}::int ORDER BY g.id`,
  );

beforeAll(async () => {
  t = await createTestApp();
  f = await salesFixtures(t, 'RS');
  const item = await ok('POST', '/api/items', {
    itemName: 'RS Analyser',
    articleNumber: 'RS-AN-1',
    categoryId: f.category,
    unit: 'pack',
    costPrice: '0.00',
    salePrice: '0.00',
    lotTracked: false,
    serialTracked: true,
    storageCondition: 'ambient',
    active: true,
  });
  analyser = item.data.id;
  await f.call('POST', `/api/items/${analyser}/approve`);
  const account = async (code: string) => Number((await rows<{ id: number }>(sql`SELECT id FROM accounts WHERE account_code = ${code}`))[0]!.id);
  cash = await account('1000');
  expense = await account('6050');
}, 120_000);
afterAll(async () => t?.close());

describe('relocation (issue 21, section 1)', () => {
  let unit: { inventoryId: number; rentalAssetId: number };
  let from: { id: number; documentNumber: string };
  let to: { id: number; documentNumber: string };
  let first: { id: number; assetId: number };
  let relocation: { id: number; assetId: number; relocatedFromId: number; documentNumber: string };
  let hospitalA: { id: number };
  let hospitalB: { id: number };

  it('refuses an agreement naming another unit, a date before the other agreement starts, and an agreement with nothing placed', async () => {
    hospitalA = await f.newCustomer('Relocation Hospital A', { creditLimit: '100000000.00' });
    hospitalB = await f.newCustomer('Relocation Hospital B', { creditLimit: '100000000.00' });
    unit = await receiveSerial('RS-SN-REL-1');
    from = await approvedAgreement(hospitalA.id, unit.rentalAssetId, '2024-04-01');
    to = await approvedAgreement(hospitalB.id, unit.rentalAssetId, '2024-07-01');
    const other = await approvedAgreement(hospitalB.id, (await receiveSerial('RS-SN-REL-2')).rentalAssetId, '2024-07-01');
    const unplaced = await f.call('POST', `/api/rental-agreements/${from.id}/relocate`, { toAgreementId: to.id, date: '2024-07-11' });
    expect(unplaced.statusCode, unplaced.body).toBe(409);
    first = await place(from.id, unit.inventoryId, '2024-04-01');
    const wrongUnit = await f.call('POST', `/api/rental-agreements/${from.id}/relocate`, { toAgreementId: other.id, date: '2024-07-11' });
    expect(wrongUnit.statusCode).toBe(400);
    expect(wrongUnit.json()).toMatchObject({ status: 400, errors: { toAgreementId: expect.any(String) } });
    const early = await f.call('POST', `/api/rental-agreements/${from.id}/relocate`, { toAgreementId: to.id, date: '2024-06-30' });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toHaveProperty('placementDate');
    const auditor = await t.userWithRole('auditor');
    expect((await f.call('POST', `/api/rental-agreements/${from.id}/relocate`, { toAgreementId: to.id, date: '2024-07-11' }, auditor.token)).statusCode).toBe(403);
    const bad = await f.call('POST', `/api/rental-agreements/${from.id}/relocate`, { toAgreementId: 'x', date: '2024-13-01' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['date', 'toAgreementId']);
  });

  it('moves the unit from site A to site B (2 stock-ledger rows, no warehouse), keeps the fixed asset, ends A, activates B, moves cost and depreciation to B’s stamps', async () => {
    for (const month of ['2024-04', '2024-05', '2024-06']) await depreciate(month);
    const moved = await ok('POST', `/api/rental-agreements/${from.id}/relocate`, { toAgreementId: to.id, date: '2024-07-11' }, 201);
    relocation = moved.data;
    expect(relocation).toMatchObject({ status: 'posted', documentNumber: expect.stringMatching(/^PLC-2024-\d{6}$/), relocatedFromId: first.id, assetId: first.assetId, rentalAgreementId: to.id });
    const moves = await rows<{ quantityIn: number; quantityOut: number; kind: string; customer: number }>(
      sql`SELECT m.quantity_in AS "quantityIn", m.quantity_out AS "quantityOut", l.kind, l.customer_id AS customer FROM stock_moves m JOIN stock_locations l ON l.id = m.location_id
          WHERE m.document_type = 'placements' AND m.document_id = ${relocation.id}::int ORDER BY m.id`,
    );
    expect(moves).toEqual([
      { quantityIn: 0, quantityOut: 1, kind: 'customer', customer: hospitalA.id },
      { quantityIn: 1, quantityOut: 0, kind: 'customer', customer: hospitalB.id },
    ]);
    expect((await ledgerOf('placements', relocation.id)).map((l) => [l.key, l.debit, l.credit, l.agreement])).toEqual([
      ['placedInstruments', '3000000.00', '0.00', to.id],
      ['placedInstruments', '0.00', '3000000.00', from.id],
      ['accumulatedDepreciation', '150000.00', '0.00', from.id],
      ['accumulatedDepreciation', '0.00', '150000.00', to.id],
    ]);
    const [assets] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM assets WHERE placement_id IN (${first.id}::int, ${relocation.id}::int)`);
    expect(assets!.n).toBe(1);
    expect((await ok('GET', `/api/rental-agreements/${from.id}`)).data).toMatchObject({ status: 'ended', endDate: '2024-07-10' });
    expect((await ok('GET', `/api/rental-agreements/${to.id}`)).data).toMatchObject({ status: 'active', assetAgreementId: to.id });
    const [asset] = await rows<{ status: string; customer: number; agreement: number }>(
      sql`SELECT status, customer_id AS customer, rental_agreement_id AS agreement FROM rental_assets WHERE id = ${unit.rentalAssetId}::int`,
    );
    expect(asset).toEqual({ status: 'placed', customer: hospitalB.id, agreement: to.id });
    // Not twice, and not undone by a cancel (relocate again or return).
    expect((await f.call('POST', `/api/rental-agreements/${from.id}/relocate`, { toAgreementId: to.id, date: '2024-07-12' })).statusCode).toBe(409);
    expect((await f.call('POST', `/api/placements/${relocation.id}/cancel`)).statusCode).toBe(409);
  });

  it('splits July’s depreciation by days: 10 days to A (16,129.03) and 21 to B (33,870.97), each with its agreement and customer, summing to 50,000.00', async () => {
    const run = await depreciate('2024-07');
    const charged = (await ledgerOf('depreciation-runs', run)).filter((l) => l.key === 'placementDepreciation' && l.agreement !== null && [from.id, to.id].includes(l.agreement));
    expect(charged.map((l) => [l.agreement, l.party, l.debit])).toEqual([
      [from.id, hospitalA.id, '16129.03'],
      [to.id, hospitalB.id, '33870.97'],
    ]);
    // August is B's alone.
    const august = (await ledgerOf('depreciation-runs', await depreciate('2024-08'))).filter((l) => l.key === 'placementDepreciation' && [from.id, to.id].includes(l.agreement ?? 0));
    expect(august.map((l) => [l.agreement, l.debit])).toEqual([[to.id, '50000.00']]);
  });

  it('a return under B posts the whole asset stamped with B; each agreement’s placed instruments and accumulated depreciation net to zero', async () => {
    const ret = await ok('POST', '/api/rental-returns', { rentalAgreementId: to.id, returnDate: '2024-09-02', condition: 'ok', post: true });
    expect(ret.data).toMatchObject({ cost: '3000000.00', accumulatedDepreciation: '250000.00', bookValue: '2750000.00', placementId: relocation.id });
    const balances = await rows<{ agreement: number; key: string; net: string }>(
      sql`SELECT g.rental_agreement_id AS agreement, p.key, sum(g.debit - g.credit)::text AS net FROM gl_entries g JOIN posting_accounts p ON p.account_id = g.account_id
          WHERE g.rental_agreement_id IN (${from.id}::int, ${to.id}::int) AND p.key IN ('placedInstruments', 'accumulatedDepreciation')
          GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    expect(balances.every((b) => Number(b.net) === 0), JSON.stringify(balances)).toBe(true);
  });
});

describe('stamping order (issue 21, section 3)', () => {
  let start: string;
  let yesterday: string;
  let lot: number;
  let gloves: number;
  let c1: { id: number }; // agreement P, no venture of its own; venture S scoped by agreement P
  let c2: { id: number }; // agreement Q with venture V2 of its own; venture W scoped by customer c2
  let c3: { id: number }; // no agreement, no scope
  let p: { id: number };
  let q: { id: number };
  let s: { id: number };
  let v2: { id: number };
  let w: { id: number };
  let placementP: { id: number };

  const venture = async (name: string, scope: Record<string, unknown>) => {
    const created = await ok('POST', '/api/joint-ventures', {
      ventureName: name,
      partnerType: 'vendor',
      partnerId: f.vendor.id,
      startDate: start,
      basis: 'netProfit',
      lossRule: 'share',
      shares: [{ effectiveFrom: start, partnerPercent: '40' }],
      ...scope,
    });
    return (await ok('POST', `/api/joint-ventures/${created.data.id}/activate`)).data as { id: number };
  };
  const sell = async (customerId: number, lines: Array<{ itemId: number; inventoryId: number; quantity: number; price: string }>) =>
    (await ok('POST', '/api/invoices', { customerId, regionId: f.north, invoiceDate: yesterday, lines, post: true })).data as { id: number; lines: Array<{ id: number; itemId: number }> };

  beforeAll(async () => {
    start = addDays(f.today, -10);
    yesterday = addDays(f.today, -1);
    c1 = await f.newCustomer('Stamp Hospital 1', { creditLimit: '100000000.00' });
    c2 = await f.newCustomer('Stamp Hospital 2', { creditLimit: '100000000.00' });
    c3 = await f.newCustomer('Stamp Hospital 3', { creditLimit: '100000000.00' });
    const c4 = await f.newCustomer('Stamp Hospital 4');
    v2 = await venture('Q own venture', { customerIds: [c4.id] });
    p = await approvedAgreement(c1.id, (await receiveSerial('RS-SN-ST-1', '600000.00')).rentalAssetId, start, { deposit: '1000.00' });
    q = await approvedAgreement(c2.id, (await receiveSerial('RS-SN-ST-2', '600000.00')).rentalAssetId, start, { jointVentureId: v2.id });
    s = await venture('Agreement P venture', { customerIds: [c1.id], rentalAgreementIds: [p.id] });
    w = await venture('Customer 2 venture', { customerIds: [c2.id] });
    const [inP] = await rows<{ id: number }>(sql`SELECT a.inventory_id AS id FROM rental_assets a JOIN rental_agreements r ON r.rental_asset_id = a.id WHERE r.id = ${p.id}::int`);
    const [inQ] = await rows<{ id: number }>(sql`SELECT a.inventory_id AS id FROM rental_assets a JOIN rental_agreements r ON r.rental_asset_id = a.id WHERE r.id = ${q.id}::int`);
    placementP = await place(p.id, Number(inP!.id), start);
    await place(q.id, Number(inQ!.id), start);
    [lot, gloves] = await f.receive([
      { itemId: f.reagent, quantity: 100, unitCost: '400.00', expiresIn: 900 },
      { itemId: f.gloves, quantity: 100, unitCost: '100.00' },
    ]) as [number, number];
  }, 120_000);

  it('the rentals’ own postings (placement, deposit, service visit parts) of an agreement a venture scopes by agreement carry that venture', async () => {
    expect((await ledgerOf('placements', placementP.id)).map((l) => [l.agreement, l.venture])).toEqual([
      [p.id, s.id],
      [p.id, s.id],
    ]);
    await ok('POST', `/api/rental-agreements/${p.id}/deposit`, { accountId: cash, date: yesterday }, 200);
    expect((await ledgerOf('rental-deposits', p.id)).map((l) => [l.agreement, l.venture])).toEqual([
      [p.id, s.id],
      [p.id, s.id],
    ]);
    const visit = await ok('POST', '/api/service-visits', { rentalAgreementId: p.id, visitDate: yesterday, visitKind: 'preventive', parts: [{ inventoryId: gloves, quantity: 1 }] });
    expect((await ledgerOf('service-visits', visit.data.id)).map((l) => [l.key, l.agreement, l.venture])).toEqual([
      ['placementServiceCost', p.id, s.id],
      ['inventory', p.id, s.id],
    ]);
  });

  it('a per-test agreement counts no sales: its customer’s reagent invoice carries no agreement', async () => {
    const c5 = await f.newCustomer('Stamp Hospital 5', { creditLimit: '100000000.00' });
    const unit = await receiveSerial('RS-SN-ST-3', '600000.00');
    const perTest = await approvedAgreement(c5.id, unit.rentalAssetId, start, { billingModel: 'perTest', monthlyCommitment: '0.00', pricePerTest: '95.00' });
    await place(perTest.id, unit.inventoryId, start);
    const invoice = await sell(c5.id, [{ itemId: f.reagent, inventoryId: lot, quantity: 1, price: '1000.00' }]);
    expect((await ledgerOf('invoice', invoice.id)).every((l) => l.agreement === null)).toBe(true);
  });

  it('an invoice of eligible items stamps revenue and cost of sales with the agreement and its venture; a non-eligible line stamps neither; its return reverses the same stamps', async () => {
    const invoice = await sell(c1.id, [
      { itemId: f.reagent, inventoryId: lot, quantity: 10, price: '1000.00' },
      { itemId: f.gloves, inventoryId: gloves, quantity: 2, price: '500.00' },
    ]);
    const lines = await ledgerOf('invoice', invoice.id);
    const stamped = (key: string) => lines.filter((l) => l.key === key).map((l) => [l.debit, l.credit, l.agreement, l.venture]);
    expect(stamped('sales')).toEqual([
      ['0.00', '10000.00', p.id, s.id],
      ['0.00', '1000.00', null, null],
    ]);
    expect(stamped('costOfSales')).toEqual([
      ['4000.00', '0.00', p.id, s.id],
      ['200.00', '0.00', null, null],
    ]);
    const reagentLine = invoice.lines.find((l) => l.itemId === f.reagent)!.id;
    const ret = await ok('POST', '/api/sales-returns', { invoiceId: invoice.id, returnDate: f.today, lines: [{ invoiceLineId: reagentLine, quantity: 2, condition: 'restock' }], post: true });
    const back = await ledgerOf('sales-return', ret.data.id);
    expect(back.filter((l) => l.key === 'salesReturns' || l.key === 'costOfSales').map((l) => [l.key, l.debit, l.credit, l.agreement, l.venture])).toEqual([
      ['salesReturns', '2000.00', '0.00', p.id, s.id],
      ['costOfSales', '0.00', '800.00', p.id, s.id],
    ]);
  });

  it('the agreement’s own venture beats a scope rule; a line out of the agreement falls to the scope rule; an invoice out of every agreement and scope stamps nothing', async () => {
    const invoice = await sell(c2.id, [
      { itemId: f.reagent, inventoryId: lot, quantity: 1, price: '1000.00' },
      { itemId: f.gloves, inventoryId: gloves, quantity: 1, price: '500.00' },
    ]);
    expect((await ledgerOf('invoice', invoice.id)).filter((l) => l.key === 'sales').map((l) => [l.agreement, l.venture])).toEqual([
      [q.id, v2.id],
      [null, w.id],
    ]);
    const outside = await sell(c3.id, [{ itemId: f.reagent, inventoryId: lot, quantity: 1, price: '1000.00' }]);
    const rowsOut = await ledgerOf('invoice', outside.id);
    expect(rowsOut.length).toBeGreaterThan(0);
    expect(rowsOut.every((l) => l.agreement === null && l.venture === null)).toBe(true);
  });

  it('a journal line’s own venture beats its agreement’s; a line naming only the agreement takes the agreement’s venture', async () => {
    const journal = await ok('POST', '/api/journals', {
      journalDate: yesterday,
      narration: 'Stamped expenses',
      lines: [
        { accountId: expense, debit: '100.00', jointVentureId: w.id, rentalAgreementId: q.id },
        { accountId: expense, debit: '50.00', rentalAgreementId: q.id },
        { accountId: cash, credit: '150.00' },
      ],
      post: true,
    });
    const lines = await rows<{ agreement: number | null; venture: number | null }>(
      sql`SELECT rental_agreement_id AS agreement, joint_venture_id AS venture FROM gl_entries WHERE document_type = 'journal' AND document_id = ${journal.data.id}::int ORDER BY id`,
    );
    expect(lines).toEqual([
      { agreement: q.id, venture: w.id },
      { agreement: q.id, venture: v2.id },
      { agreement: null, venture: null },
    ]);
  });

  it('a journal line naming a venture or an agreement that does not exist is a 400 naming the field', async () => {
    const refused = await f.call('POST', '/api/journals', {
      journalDate: yesterday,
      narration: 'Unknown stamps',
      lines: [
        { accountId: expense, debit: '1.00', jointVentureId: 999999 },
        { accountId: cash, credit: '1.00', rentalAgreementId: 999998 },
      ],
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ status: 400, message: expect.any(String), errors: { 'lines.0.jointVentureId': expect.any(String), 'lines.1.rentalAgreementId': expect.any(String) } });
  });

  it('the agreement’s P&L reagent margin and profit equal the ledger rows stamped with it', async () => {
    const pnl = (await ok('GET', `/api/rental-agreements/${p.id}/pnl`)).data;
    const [gl] = await rows<{ revenue: string; cost: string; net: string }>(
      sql`SELECT coalesce(sum(g.credit - g.debit) FILTER (WHERE k.key IN ('sales', 'salesReturns')), 0)::text AS revenue,
                 coalesce(sum(g.debit - g.credit) FILTER (WHERE k.key = 'costOfSales'), 0)::text AS cost,
                 coalesce(sum(g.credit - g.debit) FILTER (WHERE h.head_type IN ('income', 'expense')), 0)::text AS net
          FROM gl_entries g JOIN accounts a ON a.id = g.account_id JOIN account_heads h ON h.id = a.head_id LEFT JOIN posting_accounts k ON k.account_id = g.account_id
          WHERE g.rental_agreement_id = ${p.id}::int`,
    );
    expect(pnl.totals).toMatchObject({ reagentRevenue: Number(gl!.revenue).toFixed(2), reagentCost: Number(gl!.cost).toFixed(2) });
    expect(pnl.totals.reagentRevenue).toBe('8000.00');
    expect(pnl.totals.reagentMargin).toBe('4800.00');
    expect(pnl.ledgerProfit).toBe(Number(gl!.net).toFixed(2));
    expect(pnl.totals.profit).toBe(pnl.ledgerProfit);
  });
});
