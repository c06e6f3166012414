import { addDays, addDecimals } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import { csvOf, importClient } from '../../test/import-upload.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let imports: ReturnType<typeof importClient>;
const today = todayIso();
const expiry = addDays(today, 400);
const ids = { north: 0, south: 0, cbc: 0, cbcRoche: 0, gloves: 0 };
const header = ['Article number', 'Vendor', 'Region', 'Lot number', 'Expiry', 'Quantity', 'Unit cost'];

function call(method: 'GET' | 'POST', url: string, payload?: object, token = t.adminToken) {
  return t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: bearer(token) });
}

beforeAll(async () => {
  t = await createTestApp();
  imports = importClient(t.app, 'opening-stock');
  ids.north = (await call('POST', '/api/regions', { regionName: 'Open North', regionCode: 'ONO' })).json().data.id;
  ids.south = (await call('POST', '/api/regions', { regionName: 'Open South', regionCode: 'OSO' })).json().data.id;
  const category = (await call('POST', '/api/categories', { categoryName: 'Open reagents' })).json().data.id;
  const sysmex = (await call('POST', '/api/vendors', { vendorName: 'Open Sysmex', paymentTermsDays: 30, active: true })).json().data.id;
  const roche = (await call('POST', '/api/vendors', { vendorName: 'Open Roche', paymentTermsDays: 30, active: true })).json().data.id;
  const item = async (itemName: string, articleNumber: string, lotTracked: boolean, vendorId: number | null) => {
    const created = await call('POST', '/api/items', { itemName, articleNumber, vendorId, categoryId: category, unit: 'kit', costPrice: '0.00', salePrice: '0.00', lotTracked, storageCondition: 'ambient', active: true });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().data.id as number;
  };
  ids.cbc = await item('CBC Reagent', 'OPN-CBC', true, sysmex);
  ids.cbcRoche = await item('CBC Reagent (Roche)', 'OPN-CBC', true, roche);
  ids.gloves = await item('Gloves', 'OPN-GLV', false, null);
  // A lot already held: opening stock may not bring it in again.
  const held = await call('POST', '/api/stock-adjustments', {
    adjustmentDate: today,
    reason: 'openingStock',
    post: true,
    lines: [{ itemId: ids.gloves, regionId: ids.south, lotNumber: '', dateExpiry: null, quantity: 3, unitCost: '1.00' }],
  });
  expect(held.statusCode, held.body).toBe(201);
});
afterAll(async () => t?.close());

async function inventoryAgrees(): Promise<{ ledger: string; lots: string }> {
  const [row] = await queryRows<{ ledger: string; lots: string }>(
    t.database.db,
    sql`SELECT (SELECT coalesce(sum(g.debit - g.credit), 0) FROM gl_entries g JOIN posting_accounts p ON p.account_id = g.account_id AND p.key = 'inventory')::text AS ledger,
               (SELECT coalesce(sum(quantity * unit_cost), 0) FROM inventory)::text AS lots`,
  );
  return { ledger: addDecimals([row!.ledger]), lots: addDecimals([row!.lots]) };
}

describe('opening stock import', () => {
  it('checks each row (item by article number and vendor, region, lot rules, duplicates) and posts the valid ones as opening-stock adjustments', async () => {
    const file = csvOf([
      header,
      ['OPN-CBC', 'Open Sysmex', 'Open North', 'L1', expiry, '10', '12.50'],
      ['OPN-CBC', '', 'Open North', 'L2', expiry, '5', '12.50'],
      ['OPN-CBC', 'open roche', 'Open North', 'L1', expiry, '4', '11.00'],
      ['OPN-GLV', '', 'Open North', '', '', '100', '0.75'],
      ['NOPE-1', '', 'Open North', 'L9', expiry, '1', '1.00'],
      ['OPN-CBC', 'Open Sysmex', 'Nowhere', 'L3', expiry, '1', '1.00'],
      ['OPN-CBC', 'Open Sysmex', 'Open North', 'L4', '', '1', '1.00'],
      ['OPN-CBC', 'Open Sysmex', 'Open North', 'L1', expiry, '2', '12.50'],
      ['OPN-GLV', '', 'Open South', '', '', '7', '1.00'],
      ['OPN-CBC', 'Open Sysmex', 'Open South', 'L5', expiry, '0', '1.00'],
      ['OPN-CBC', 'Open Sysmex', 'Open South', 'L6', expiry, '3', ''],
    ]);
    const previewed = await imports.preview(file, t.adminToken, 'stock.csv');
    expect(previewed.statusCode, previewed.body).toBe(200);
    const preview = previewed.json();
    const errors = Object.fromEntries(preview.preview.map((r: { rowNumber: number; errors: object }) => [r.rowNumber, r.errors]));
    expect(errors).toEqual({
      2: {},
      3: { articleNumber: `Several vendors' items have article number "OPN-CBC": give the vendor` },
      4: {},
      5: {},
      6: { articleNumber: 'No item has article number "NOPE-1"' },
      7: { regionName: 'Region "Nowhere" does not exist' },
      8: { dateExpiry: 'CBC Reagent is lot tracked: an expiry date is required' },
      9: { lotNumber: 'Lot "L1" of this item and region is already in row 2 of the file' },
      10: { lotNumber: 'Stock of this item is already held in region "Open South"' },
      11: { quantity: 'Quantity must not be 0' },
      12: { unitCost: 'Unit cost is required for a new lot' },
    });
    expect(preview).toMatchObject({ totalRows: 11, validRows: 3, invalidRows: 8 });

    const refused = await imports.run(preview.jobId, { mode: 'allOrNothing' }, t.adminToken);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toMatchObject({ 'rows.6.articleNumber': 'No item has article number "NOPE-1"' });
    const [none] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM inventory WHERE region_id = ${ids.north}`);
    expect(none!.n).toBe(0);

    const ran = await imports.run(preview.jobId, { mode: 'validOnly' }, t.adminToken);
    expect(ran.statusCode, ran.body).toBe(200);
    // Rows, not adjustments (issue 17): the three valid rows are one adjustment.
    expect(ran.json()).toMatchObject({ imported: 3, rejected: 8, job: { status: 'done', importedRows: 3, rejectedRows: 8 } });
    const [audited] = await queryRows<{ after: { imported: number; rejected: number; ids: number[] } }>(
      t.database.db,
      sql`SELECT after FROM audit_log WHERE action = 'import' AND record_id = ${`import-${preview.jobId}`}`,
    );
    expect(audited!.after).toMatchObject({ imported: 3, rejected: 8, ids: [expect.any(Number)] });
    const lots = await queryRows<{ itemId: number; lotNumber: string; quantity: number; unitCost: string; dateExpiry: string | null }>(
      t.database.db,
      sql`SELECT item_id AS "itemId", lot_number AS "lotNumber", quantity, unit_cost::text AS "unitCost", date_expiry::text AS "dateExpiry"
          FROM inventory WHERE region_id = ${ids.north} ORDER BY item_id, lot_number`,
    );
    expect(lots).toEqual([
      { itemId: ids.cbc, lotNumber: 'L1', quantity: 10, unitCost: '12.50', dateExpiry: expiry },
      { itemId: ids.cbcRoche, lotNumber: 'L1', quantity: 4, unitCost: '11.00', dateExpiry: expiry },
      { itemId: ids.gloves, lotNumber: '', quantity: 100, unitCost: '0.75', dateExpiry: null },
    ]);
    const [adjustment] = await queryRows<{ reason: string; status: string; number: string; narration: string; lines: number; total: string }>(
      t.database.db,
      sql`SELECT a.reason, a.status, a.document_number AS number, a.narration, a.total_value::text AS total,
                 (SELECT count(*)::int FROM stock_adjustment_lines l WHERE l.stock_adjustment_id = a.id) AS lines
          FROM stock_adjustments a WHERE a.narration LIKE 'Opening stock imported from stock.csv%'`,
    );
    expect(adjustment).toMatchObject({ reason: 'openingStock', status: 'posted', number: expect.stringMatching(/^SA-\d{4}-\d{6}$/), lines: 3, total: '244.00' });
    const agreed = await inventoryAgrees();
    expect(agreed.ledger).toBe(agreed.lots);
  });

  it('posts more than 500 rows as several adjustments of at most 500 lines, in one transaction', async () => {
    const rows = Array.from({ length: 501 }, (_, i) => ['OPN-CBC', 'Open Sysmex', 'Open South', `B${i}`, expiry, '1', '2.00']);
    const preview = (await imports.preview(csvOf([header, ...rows]), t.adminToken, 'big.csv')).json();
    expect(preview.validRows).toBe(501);
    const ran = await imports.run(preview.jobId, { mode: 'allOrNothing' }, t.adminToken);
    expect(ran.json()).toMatchObject({ imported: 501, rejected: 0, job: { importedRows: 501 } });
    const counts = await queryRows<{ lines: number }>(
      t.database.db,
      sql`SELECT (SELECT count(*)::int FROM stock_adjustment_lines l WHERE l.stock_adjustment_id = a.id) AS lines
          FROM stock_adjustments a WHERE a.narration LIKE 'Opening stock imported from big.csv%' ORDER BY a.id`,
    );
    expect(counts.map((c) => c.lines)).toEqual([500, 1]);
    const agreed = await inventoryAgrees();
    expect(agreed.ledger).toBe(agreed.lots);
  });

  it('is for those who may post stock adjustments: the inventory supervisor may, a service manager and the auditor may not', async () => {
    const file = csvOf([header, ['OPN-GLV', '', 'Open North', 'X', '', '1', '1.00']]);
    const supervisor = await t.userWithRole('inventorySupervisor');
    expect((await imports.preview(file, supervisor.token)).statusCode).toBe(200);
    const serviceManager = await t.userWithRole('serviceManager');
    expect((await imports.preview(file, serviceManager.token)).statusCode).toBe(403);
    // The template is a read: anyone with the screen may have it.
    expect((await imports.template('csv', serviceManager.token)).statusCode).toBe(200);
    const auditor = await t.userWithRole('auditor');
    expect((await imports.preview(file, auditor.token)).statusCode).toBe(403);
    const template = await imports.template('csv', supervisor.token);
    expect(template.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(header.join(','));
  });
});
