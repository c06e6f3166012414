import type { ItemSalesResponse, SalesReportResponse } from '@erp/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { salesSummary } from '../../db/schema/index.ts';
import { type PurchasingFixtures, purchasingFixtures } from '../../test/purchasing-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let f: PurchasingFixtures;
const ids = { hospital: 0, lab: 0, clinic: 0, ali: 0, sara: 0 };

const get = (url: string, token = t.adminToken) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const report = async (query: string, token = t.adminToken) => {
  const response = await get(`/api/sales/reports?${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SalesReportResponse>();
};
const items = async (query: string, token = t.adminToken) => {
  const response = await get(`/api/items/sales?${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ItemSalesResponse>();
};
const year = 'from=2026-01-01&to=2026-12-31';

async function customer(customerName: string, regionId: number, salespersonId: number | null) {
  const response = await f.call('POST', '/api/customers', { customerName, customerType: 'hospital', regionId, creditLimit: '0.00', paymentTermsDays: 30, salespersonId, active: true });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

async function userWith(role: Parameters<TestApp['userWithRole']>[0], permissions: Record<string, number[]>) {
  const user = await t.userWithRole(role);
  await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify(permissions)}::jsonb WHERE id = ${user.id}`);
  return user;
}

/**
 * The summary as posted invoices and returns would leave it (written here directly: the
 * postings that keep it have their own tests):
 * - January: the hospital (north, Ali) bought 10 reagents for 1,000.10 at cost 600.05 and 5 gloves
 *   for 0.10 at cost 0.05; the lab (south, Sara) 4 reagents for 400.20 at cost 240.00.
 * - February: the hospital returned 2 reagents (200.02, cost 120.01) and bought 1 more
 *   (100.01, cost 60.01): net -1 reagent, -100.01, cost -60.00.
 * - March: nothing. April: the clinic (south, no salesperson) bought 3 gloves for 0.20, cost 0.30.
 * - Last year's December: 100 reagents for the hospital, outside every period asked below.
 */
beforeAll(async () => {
  t = await createTestApp();
  f = await purchasingFixtures(t, 'Reports');
  ids.ali = (await t.userWithRole('salesExecutive')).id;
  ids.sara = (await t.userWithRole('salesManager')).id;
  await t.database.db.execute(sql`UPDATE users SET name = 'Ali' WHERE id = ${ids.ali}`);
  await t.database.db.execute(sql`UPDATE users SET name = 'Sara' WHERE id = ${ids.sara}`);
  ids.hospital = await customer('Reports Hospital', f.north, ids.ali);
  ids.lab = await customer('Reports Lab', f.south, ids.sara);
  ids.clinic = await customer('Reports Clinic', f.south, null);
  const row = (month: string, itemId: number, regionId: number, customerId: number, salespersonId: number | null, figures: [number, string, string, number, string]) => ({
    month,
    itemId,
    regionId,
    customerId,
    salespersonId,
    quantity: figures[0],
    value: figures[1],
    cost: figures[2],
    returnedQuantity: figures[3],
    returnedValue: figures[4],
  });
  await t.database.db.insert(salesSummary).values([
    row('2026-01-01', f.reagent, f.north, ids.hospital, ids.ali, [10, '1000.10', '600.05', 0, '0.00']),
    row('2026-01-01', f.gloves, f.north, ids.hospital, ids.ali, [5, '0.10', '0.05', 0, '0.00']),
    row('2026-01-01', f.reagent, f.south, ids.lab, ids.sara, [4, '400.20', '240.00', 0, '0.00']),
    row('2026-02-01', f.reagent, f.north, ids.hospital, ids.ali, [-1, '-100.01', '-60.00', 2, '200.02']),
    row('2026-04-01', f.gloves, f.south, ids.clinic, null, [3, '0.20', '0.30', 0, '0.00']),
    row('2025-12-01', f.reagent, f.north, ids.hospital, ids.ali, [100, '9999.00', '5000.00', 0, '0.00']),
  ]);
});
afterAll(async () => t?.close());

const yearTotals = {
  quantity: 21,
  value: '1300.59',
  cost: '780.40',
  margin: '520.19',
  marginPercent: '40.0',
  returnedQuantity: 2,
  returnedValue: '200.02',
};

describe('GET /api/sales/reports', () => {
  it('groups the year by month, every month listed, returns netted in their own month', async () => {
    const body = await report(`${year}&groupBy=month`);
    expect(body).toMatchObject({ status: 200, groupBy: 'month', from: '2026-01-01', to: '2026-12-31', total: 12, totals: yearTotals });
    expect(body.rows.map((r) => r.key)).toEqual(Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}-01`));
    expect(body.rows[0]).toEqual({ key: '2026-01-01', label: 'Jan 2026', quantity: 19, value: '1400.40', cost: '840.10', margin: '560.30', marginPercent: '40.0', returnedQuantity: 0, returnedValue: '0.00' });
    expect(body.rows[1]).toEqual({ key: '2026-02-01', label: 'Feb 2026', quantity: -1, value: '-100.01', cost: '-60.00', margin: '-40.01', marginPercent: '40.0', returnedQuantity: 2, returnedValue: '200.02' });
    expect(body.rows[2]).toMatchObject({ key: '2026-03-01', quantity: 0, value: '0.00', marginPercent: null });
    expect(body.rows[3]).toMatchObject({ key: '2026-04-01', quantity: 3, value: '0.20', cost: '0.30', margin: '-0.10', marginPercent: '-50.0' });
  });

  it('groups by region, customer, salesperson and item, largest value first, with exact sums', async () => {
    const byRegion = await report(`${year}&groupBy=region`);
    expect(byRegion.rows).toEqual([
      { key: f.north, label: 'Reports North', quantity: 14, value: '900.19', cost: '540.10', margin: '360.09', marginPercent: '40.0', returnedQuantity: 2, returnedValue: '200.02' },
      { key: f.south, label: 'Reports South', quantity: 7, value: '400.40', cost: '240.30', margin: '160.10', marginPercent: '40.0', returnedQuantity: 0, returnedValue: '0.00' },
    ]);
    expect(byRegion.totals).toEqual(yearTotals);

    const byCustomer = await report(`${year}&groupBy=customer`);
    expect(byCustomer.rows.map((r) => [r.label, r.value])).toEqual([
      ['Reports Hospital', '900.19'],
      ['Reports Lab', '400.20'],
      ['Reports Clinic', '0.20'],
    ]);

    const bySalesperson = await report(`${year}&groupBy=salesperson`);
    expect(bySalesperson.rows.map((r) => [r.key, r.label, r.quantity])).toEqual([
      [ids.ali, 'Ali', 14],
      [ids.sara, 'Sara', 4],
      [null, 'No salesperson', 3],
    ]);

    const byItem = await report(`${year}&groupBy=item`);
    expect(byItem.rows.map((r) => [r.key, r.label, r.quantity, r.value, r.margin])).toEqual([
      [f.reagent, 'REPORTS-REPORTS-CBC-REAGENT · Reports CBC Reagent', 13, '1300.29', '520.24'],
      [f.gloves, 'REPORTS-REPORTS-GLOVES · Reports Gloves', 8, '0.30', '-0.05'],
    ]);
    expect(byItem.totals).toEqual(yearTotals);
  });

  it('widens from and to to whole months and says so', async () => {
    const body = await report('from=2026-02-15&to=2026-04-03&groupBy=region');
    expect(body).toMatchObject({ from: '2026-02-01', to: '2026-04-30' });
    expect(body.totals).toMatchObject({ quantity: 2, value: '-99.81', returnedQuantity: 2 });
    // Last year's December is outside the period, and included when asked.
    expect((await report('from=2025-12-31&to=2025-12-31&groupBy=month')).totals).toMatchObject({ quantity: 100, value: '9999.00' });
  });

  it('filters by region, customer, salesperson and item, together', async () => {
    expect((await report(`${year}&groupBy=customer&regionId=${f.south}`)).rows.map((r) => r.label)).toEqual(['Reports Lab', 'Reports Clinic']);
    expect((await report(`${year}&groupBy=item&customerId=${ids.hospital}`)).totals).toMatchObject({ quantity: 14, value: '900.19' });
    expect((await report(`${year}&groupBy=region&salespersonId=${ids.sara}`)).rows).toMatchObject([{ key: f.south, quantity: 4 }]);
    expect((await report(`${year}&groupBy=region&itemId=${f.gloves}`)).rows.map((r) => [r.key, r.quantity])).toEqual([
      [f.south, 3],
      [f.north, 5],
    ]);
    const none = await report(`${year}&groupBy=region&itemId=${f.gloves}&customerId=${ids.lab}`);
    expect(none).toMatchObject({ rows: [], total: 0, totals: { quantity: 0, value: '0.00', marginPercent: null } });
  });

  it('pages and sorts the groups; the totals are of every group', async () => {
    const first = await report(`${year}&groupBy=customer&sort=label&order=asc&pageSize=2`);
    expect(first.rows.map((r) => r.label)).toEqual(['Reports Clinic', 'Reports Hospital']);
    expect(first).toMatchObject({ total: 3, totals: yearTotals });
    const second = await report(`${year}&groupBy=customer&sort=label&order=asc&pageSize=2&page=2`);
    expect(second.rows.map((r) => r.label)).toEqual(['Reports Lab']);
    const byMargin = await report(`${year}&groupBy=customer&sort=marginPercent&order=desc`);
    expect(byMargin.rows.map((r) => r.label)).toEqual(['Reports Lab', 'Reports Hospital', 'Reports Clinic']);
    const months = await report(`${year}&groupBy=month&sort=label&order=desc&pageSize=1`);
    expect(months.rows.map((r) => r.key)).toEqual(['2026-12-01']);
  });

  it('narrows to permissions.regions (rows and totals); an empty list is every region', async () => {
    const north = await userWith('accountant', { regions: [f.north] });
    const body = await report(`${year}&groupBy=customer`, north.token);
    expect(body.rows.map((r) => r.label)).toEqual(['Reports Hospital']);
    expect(body.totals).toMatchObject({ quantity: 14, value: '900.19' });
    // Asking for another region does not widen the scope.
    expect((await report(`${year}&groupBy=customer&regionId=${f.south}`, north.token)).rows).toEqual([]);
    const all = await userWith('accountant', { regions: [] });
    expect((await report(`${year}&groupBy=region`, all.token)).totals).toEqual(yearTotals);
  });

  it("narrows to permissions.categories by the item's category, as stock does", async () => {
    const other = (await f.call('POST', '/api/categories', { categoryName: 'Reports other category' })).json().data.id as number;
    const outside = await userWith('accountant', { categories: [other] });
    expect(await report(`${year}&groupBy=item`, outside.token)).toMatchObject({ rows: [], total: 0, totals: { quantity: 0 } });
    const inside = await userWith('accountant', { categories: [f.category] });
    expect((await report(`${year}&groupBy=item`, inside.token)).totals).toEqual(yearTotals);
  });

  it('answers 403 to a role without /sales/reports and 401 without a token', async () => {
    const executive = await t.userWithRole('salesExecutive');
    const refused = await get(`/api/sales/reports?${year}`, executive.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Access to the route is restricted');
    const operations = await t.userWithRole('operationManager');
    expect((await get(`/api/sales/reports?${year}`, operations.token)).statusCode).toBe(403);
    expect((await get(`/api/items/sales?${year}`, operations.token)).statusCode).toBe(200);
    expect((await get(`/api/items/sales?${year}`, executive.token)).statusCode).toBe(403);
    const auditor = await t.userWithRole('auditor');
    expect((await get(`/api/sales/reports?${year}`, auditor.token)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/sales/reports?${year}` })).statusCode).toBe(401);
  });

  it('answers 400 naming the field for a bad query', async () => {
    const cases: Array<[string, string, string]> = [
      ['to=2026-12-31', 'from', 'From is required'],
      ['from=2026-12-31&to=2026-01-01', 'to', 'To cannot be earlier than From'],
      [`${year}&groupBy=week`, 'groupBy', 'Group by must be one of month, region, customer, salesperson, item'],
      [`${year}&regionId=abc`, 'regionId', 'Region must be an id'],
      [`${year}&itemId=2147483648`, 'itemId', 'Item must be at most 2147483647'],
      [`${year}&pageSize=0`, 'pageSize', 'Page size must be 1 to 1000'],
      [`${year}&sort=name`, 'sort', 'Sort must be one of key, label, quantity, value, cost, margin, marginPercent, returnedQuantity, returnedValue'],
      [`${year}&format=pdf`, 'format', 'Format must be json, csv or xlsx'],
      ['from=2026-02-30&to=2026-03-01', 'from', 'From must be a real date'],
    ];
    for (const [query, field, message] of cases) {
      const response = await get(`/api/sales/reports?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors, query).toMatchObject({ [field]: message });
    }
  });

  it('exports every row and a totals row as CSV and Excel', async () => {
    const csv = await get(`/api/sales/reports?${year}&groupBy=region&format=csv&pageSize=1`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="sales-report-region-2026-01-2026-12.csv"');
    expect(csv.body.replace('\uFEFF', '').trim().split('\r\n')).toEqual([
      'Region,Quantity,Value,Cost,Margin,Margin %,Returned quantity,Returned value',
      'Reports North,14,900.19,540.10,360.09,40.0,2,200.02',
      'Reports South,7,400.40,240.30,160.10,40.0,0,0.00',
      'Total,21,1300.59,780.40,520.19,40.0,2,200.02',
    ]);
    const xlsx = await get(`/api/sales/reports?${year}&groupBy=salesperson&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Sales Report');
    expect(sheet.getRow(1).getCell(1).value).toBe('Salesperson');
    expect(sheet.getRow(4).getCell(1).value).toBe('No salesperson');
    expect([sheet.getRow(5).getCell(1).value, sheet.getRow(5).getCell(2).value, sheet.getRow(5).getCell(3).value]).toEqual(['Total', 21, '1300.59']);
  });
});

describe('GET /api/items/sales', () => {
  it('lists each item with its article number, by item name', async () => {
    const body = await items(year);
    expect(body).toMatchObject({ groupBy: 'item', total: 2, totals: yearTotals });
    expect(body.rows).toEqual([
      {
        key: String(f.reagent),
        itemId: f.reagent,
        articleNumber: 'REPORTS-REPORTS-CBC-REAGENT',
        itemName: 'Reports CBC Reagent',
        label: 'REPORTS-REPORTS-CBC-REAGENT · Reports CBC Reagent',
        group: null,
        quantity: 13,
        value: '1300.29',
        cost: '780.05',
        margin: '520.24',
        marginPercent: '40.0',
        returnedQuantity: 2,
        returnedValue: '200.02',
      },
      expect.objectContaining({ itemId: f.gloves, quantity: 8, value: '0.30', group: null }),
    ]);
  });

  it('splits each item by region, customer or salesperson, and filters', async () => {
    const byRegion = await items(`${year}&groupBy=region`);
    expect(byRegion.rows.map((r) => [r.key, r.itemName, r.group?.label, r.quantity])).toEqual([
      [`${f.reagent}:${f.north}`, 'Reports CBC Reagent', 'Reports North', 9],
      [`${f.reagent}:${f.south}`, 'Reports CBC Reagent', 'Reports South', 4],
      [`${f.gloves}:${f.north}`, 'Reports Gloves', 'Reports North', 5],
      [`${f.gloves}:${f.south}`, 'Reports Gloves', 'Reports South', 3],
    ]);
    expect(byRegion.totals).toEqual(yearTotals);
    const bySalesperson = await items(`${year}&groupBy=salesperson&itemId=${f.gloves}`);
    expect(bySalesperson.rows.map((r) => [r.group, r.quantity])).toEqual([
      [{ key: ids.ali, label: 'Ali' }, 5],
      [{ key: null, label: 'No salesperson' }, 3],
    ]);
    const south = await items(`${year}&groupBy=customer&regionId=${f.south}`);
    expect(south.rows.map((r) => [r.itemName, r.group?.label])).toEqual([
      ['Reports CBC Reagent', 'Reports Lab'],
      ['Reports Gloves', 'Reports Clinic'],
    ]);
    const months = await items(`${year}&groupBy=month&itemId=${f.reagent}`);
    expect(months.rows.map((r) => [r.group?.key, r.quantity])).toEqual([
      ['2026-01-01', 14],
      ['2026-02-01', -1],
    ]);
  });

  it('exports the items with article number, item and group columns', async () => {
    const csv = await get(`/api/items/sales?${year}&groupBy=region&format=csv&itemId=${f.gloves}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="item-sales-region-2026-01-2026-12.csv"');
    expect(csv.body.replace('\uFEFF', '').trim().split('\r\n')).toEqual([
      'Article number,Item,Region,Quantity,Value,Cost,Margin,Margin %,Returned quantity,Returned value',
      'REPORTS-REPORTS-GLOVES,Reports Gloves,Reports North,5,0.10,0.05,0.05,50.0,0,0.00',
      'REPORTS-REPORTS-GLOVES,Reports Gloves,Reports South,3,0.20,0.30,-0.10,-50.0,0,0.00',
      'Total,,,8,0.30,0.35,-0.05,-16.7,0,0.00',
    ]);
  });

  it('answers 400 for a bad query', async () => {
    const response = await get('/api/items/sales?from=2026-01-01&to=2025-01-01');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({ to: 'To cannot be earlier than From' });
  });
});

describe('the rollups of the summary (0015)', () => {
  const grouped = async (table: string, keys: string) =>
    queryRows(
      t.database.db,
      sql.raw(`SELECT ${keys}, sum(quantity)::text AS q, sum(value)::text AS v, sum(cost)::text AS c, sum(returned_quantity)::text AS rq, sum(returned_value)::text AS rv
               FROM ${table} GROUP BY ${keys}
               HAVING sum(quantity) <> 0 OR sum(value) <> 0 OR sum(cost) <> 0 OR sum(returned_quantity) <> 0 OR sum(returned_value) <> 0
               ORDER BY ${keys}`),
    );

  it('follow every insert, upsert and delete of the summary, and every source answers alike', async () => {
    const delta = (date: string, itemId: number, customerId: number, regionId: number, salespersonId: number | null, quantity: number, value: string, cost: string) => ({
      date,
      itemId,
      regionId,
      customerId,
      salespersonId,
      quantity,
      value,
      cost,
      returnedQuantity: quantity < 0 ? -quantity : 0,
      returnedValue: quantity < 0 ? value.replace('-', '') : '0.00',
    });
    // A posting, a second one on the same rows (the upsert's update), a return and a cancel, as the postings write them.
    const { salesSummaryStatement } = await import('./sales-summary.ts');
    const apply = (deltas: Parameters<typeof salesSummaryStatement>[0]) => t.database.db.execute(salesSummaryStatement(deltas)!(sql`'TEST'`));
    await apply([delta('2027-03-05', f.reagent, ids.hospital, f.north, ids.ali, 4, '400.04', '240.00'), delta('2027-03-05', f.gloves, ids.hospital, f.north, ids.ali, 2, '0.20', '0.10')]);
    await apply([delta('2027-03-20', f.reagent, ids.hospital, f.north, ids.ali, 1, '100.01', '60.00'), delta('2027-03-20', f.reagent, ids.clinic, f.south, null, 6, '600.06', '360.00')]);
    await apply([delta('2027-04-02', f.reagent, ids.hospital, f.north, ids.ali, -2, '-200.02', '-120.00')]);
    await apply([delta('2027-03-20', f.reagent, ids.clinic, f.south, null, -6, '-600.06', '-360.00')].map((d) => ({ ...d, returnedQuantity: 0, returnedValue: '0.00' })));
    await t.database.db.execute(sql`DELETE FROM sales_summary WHERE month = '2027-03-01' AND item_id = ${f.gloves}`);

    expect(await grouped('sales_summary_by_item', 'month, item_id')).toEqual(await grouped('sales_summary', 'month, item_id'));
    expect(await grouped('sales_summary_by_customer', 'month, region_id, customer_id, salesperson_id')).toEqual(
      await grouped('sales_summary', 'month, region_id, customer_id, salesperson_id'),
    );

    const period = 'from=2027-01-01&to=2027-12-31';
    const expected = { quantity: 3, value: '300.03', cost: '180.00', returnedQuantity: 2, returnedValue: '200.02' };
    expect((await report(`${period}&groupBy=item`)).totals).toMatchObject(expected);
    expect((await report(`${period}&groupBy=customer`)).totals).toMatchObject(expected);
    expect((await items(`${period}&groupBy=region`)).totals).toMatchObject(expected);
    expect((await report(`${period}&groupBy=month`)).rows.slice(2, 4).map((r) => [r.key, r.quantity, r.value])).toEqual([
      ['2027-03-01', 5, '500.05'],
      ['2027-04-01', -2, '-200.02'],
    ]);
  });
});
