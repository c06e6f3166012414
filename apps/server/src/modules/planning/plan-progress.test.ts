import { achievedPercentOf, type DashboardFigure, type DashboardResponse, forecastOf, type PlanProgressResponse, type PlanProgressRow, toMinorUnits } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { planProgress } from './plan-progress.service.ts';

let t: TestApp;
let f: SalesFixtures;
/** Last year: every month of it is behind us, so sales may be posted in March and April of it. */
let year: number;
let customer: { id: number };
let salesperson: number;
const day = (month: number, d: number) => `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/**
 * An approved plan as the plans' document leaves it (status approved, prices frozen), written
 * directly: these tests are of progress, which reads the tables, not of the plan form.
 */
async function approvedPlan(
  plan: { regionId: number; customerId?: number; salespersonId?: number; revisionOf?: number; version?: number },
  lines: { itemId: number; months: number[]; unitPrice: string }[],
  planYear = year,
) {
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`INSERT INTO sales_plans (document_number, document_date, status, year, region_id, customer_id, salesperson_id, version, revision_of)
        VALUES (${`SP-${planYear}-T${Math.random().toString(36).slice(2, 8)}`}, ${`${planYear}-01-01`}::date, 'draft', ${planYear}, ${plan.regionId}, ${plan.customerId ?? null}, ${plan.salespersonId ?? null},
                ${plan.version ?? 1}, ${plan.revisionOf ?? null})
        RETURNING id`,
  );
  for (const [index, line] of lines.entries()) {
    await t.database.db.execute(
      sql`INSERT INTO sales_plan_lines (sales_plan_id, line_no, item_id, months, unit_price)
          VALUES (${row!.id}, ${index + 1}, ${line.itemId}, ${`{${line.months.join(',')}}`}::integer[], ${line.unitPrice}::numeric)`,
    );
  }
  // Lines go in while it is a draft (the lines trigger refuses them after), then it is approved.
  await t.database.db.execute(sql`UPDATE sales_plans SET status = 'approved' WHERE id = ${row!.id}`);
  return row!.id;
}

const march = (qty: number) => [0, 0, qty, 0, 0, 0, 0, 0, 0, 0, 0, 0];

async function invoice(date: string, lines: { itemId: number; quantity: number; price: string }[], customerId = customer.id) {
  const response = await f.call('POST', '/api/invoices', { customerId, regionId: f.north, invoiceDate: date, lines, post: true });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; lines: { id: number; itemId: number }[] };
}

async function salesReturn(date: string, of: { id: number; lines: { id: number }[] }, quantity: number) {
  const response = await f.call('POST', '/api/sales-returns', { invoiceId: of.id, returnDate: date, lines: [{ invoiceLineId: of.lines[0]!.id, quantity, condition: 'restock' }], post: true });
  expect(response.statusCode, response.body).toBe(201);
}

const progress = async (query: string, token = t.adminToken, ofYear: number | string = year) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/planning/progress?year=${ofYear}&${query}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PlanProgressResponse>();
};
const rowOf = (body: PlanProgressResponse, key: string | number) => body.rows.find((r) => r.key === key) as PlanProgressRow;

beforeAll(async () => {
  t = await createTestApp();
  f = await salesFixtures(t, 'Prog');
  year = Number(f.today.slice(0, 4)) - 1;
  salesperson = (await t.userWithRole('salesExecutive')).id;
  customer = await f.newCustomer('Plan Hospital', { salespersonId: salesperson });
  await f.receive([
    { itemId: f.reagent, lotNumber: 'PROG-1', expiresIn: 400, quantity: 100, unitCost: '12.50' },
    { itemId: f.gloves, lotNumber: 'PROG-2', expiresIn: 400, quantity: 100, unitCost: '2.00' },
  ]);
}, 120_000);
afterAll(async () => t?.close());

describe('plan progress', () => {
  it('nets a return in its own month: plan 20 in March, invoice 10, return 2 in March -> 8, 40 %; a return in April counts in April', async () => {
    await approvedPlan({ regionId: f.north }, [{ itemId: f.reagent, months: march(20), unitPrice: '40.00' }]);
    const sold = await invoice(day(3, 10), [{ itemId: f.reagent, quantity: 10, price: '40.00' }]);
    await salesReturn(day(3, 20), sold, 2);

    const byItem = await progress(`groupBy=item&regionId=${f.north}`);
    expect(byItem.plans).toBe('region');
    expect(rowOf(byItem, f.reagent)).toMatchObject({ planQty: 20, planValue: '800.00', actualQty: 8, actualValue: '320.00', achievedPercent: '40.0' });
    // A past year: year to date is all of it, and the forecast is what was sold.
    expect(byItem.ytdThrough).toBe(`${year}-12`);
    expect(rowOf(byItem, f.reagent)).toMatchObject({ ytdPlanQty: 20, ytdActualQty: 8, forecastQty: 8 });

    // One more back in April, of the March sale: April's actual, March unchanged.
    await salesReturn(day(4, 5), sold, 1);
    const byMonth = await progress(`groupBy=month&regionId=${f.north}`);
    expect(byMonth.rows.map((r) => r.key)).toEqual(Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`));
    expect(rowOf(byMonth, `${year}-03`)).toMatchObject({ planQty: 20, actualQty: 8, achievedPercent: '40.0', label: `Mar ${year}` });
    expect(rowOf(byMonth, `${year}-04`)).toMatchObject({ planQty: 0, actualQty: -1, achievedPercent: null });
    expect(byMonth.totals).toMatchObject({ planQty: 20, actualQty: 7, actualValue: '280.00', achievedPercent: '35.0' });
    // The month filter narrows plan and actual alike.
    const marchOnly = await progress(`groupBy=region&month=${year}-03`);
    expect(rowOf(marchOnly, f.north)).toMatchObject({ planQty: 20, actualQty: 8 });

    // The drill-down the screen asks for: the invoices and the returns posted in the row's period, with its filters.
    const filters = `regionId=${f.north}&salespersonId=${salesperson}&itemId=${f.reagent}&customerId=${customer.id}`;
    const drill = async (list: string, from: string, to: string) => {
      const response = await f.call('GET', `/api/${list}?status=posted&from=${from}&to=${to}&${filters}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data as { id: number }[]).length;
    };
    expect(await drill('invoices', day(3, 1), day(3, 31))).toBe(1);
    expect(await drill('sales-returns', day(3, 1), day(3, 31))).toBe(1);
    expect(await drill('sales-returns', day(4, 1), day(4, 30))).toBe(1);
    const otherItem = await f.call('GET', `/api/sales-returns?status=posted&from=${day(1, 1)}&to=${day(12, 31)}&itemId=${f.gloves}`);
    expect(otherItem.json().data).toEqual([]);
  });

  it('puts sales nobody planned apart, and reads customer plans for a customer view', async () => {
    await invoice(day(3, 12), [{ itemId: f.gloves, quantity: 5, price: '3.00' }]);
    const byItem = await progress(`groupBy=item&regionId=${f.north}`);
    expect(byItem.rows.map((r) => r.key)).toEqual([f.reagent]);
    expect(byItem.unplanned).toMatchObject({ key: null, label: 'Sales nobody planned', planQty: 0, actualQty: 5, actualValue: '15.00' });
    expect(byItem.totals).toMatchObject({ planQty: 20, actualQty: 7 });

    // No customer plan yet: every sale to the customer is unplanned in a customer view.
    const before = await progress(`groupBy=customer`);
    expect(before.plans).toBe('customer');
    expect(before.rows).toEqual([]);
    expect(before.unplanned.actualQty).toBe(12);

    await approvedPlan({ regionId: f.north, customerId: customer.id }, [{ itemId: f.reagent, months: march(5), unitPrice: '40.00' }]);
    const byCustomer = await progress(`groupBy=customer`);
    expect(byCustomer.rows).toMatchObject([{ key: customer.id, label: 'Prog Plan Hospital', planQty: 5, actualQty: 7, achievedPercent: '140.0' }]);
    expect(byCustomer.unplanned.actualQty).toBe(5);
    // A filter by customer reads the customer plans too, whatever the grouping; the region view is unchanged.
    expect(rowOf(await progress(`groupBy=item&customerId=${customer.id}`), f.reagent)).toMatchObject({ planQty: 5, actualQty: 7 });
    expect(rowOf(await progress(`groupBy=item`), f.reagent)).toMatchObject({ planQty: 20, actualQty: 7 });
    // Salesperson plans: none, so the salesperson's sales are all unplanned there.
    const bySalesperson = await progress(`groupBy=salesperson`);
    expect(bySalesperson.plans).toBe('salesperson');
    expect(bySalesperson.unplanned.actualQty).toBe(12);
  });

  it('reads the approved version only: a revision approved supersedes the first', async () => {
    const [first] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM sales_plans WHERE region_id = ${f.north} AND customer_id IS NULL AND status = 'approved'`);
    await t.database.db.execute(sql`UPDATE sales_plans SET status = 'superseded' WHERE id = ${first!.id}`);
    await approvedPlan({ regionId: f.north, revisionOf: first!.id, version: 2 }, [{ itemId: f.reagent, months: march(16), unitPrice: '40.00' }]);
    const byItem = await progress(`groupBy=item&regionId=${f.north}`);
    expect(rowOf(byItem, f.reagent)).toMatchObject({ planQty: 16, actualQty: 7, achievedPercent: '43.8' });
  });

  it('reads v2 once a revision made through the plans document is approved; v1 stays readable, superseded', async () => {
    const run = async (id: number, action: string) => {
      const response = await f.call('POST', `/api/sales-plans/${id}/${action}`);
      expect(response.statusCode, `${action}: ${response.body}`).toBe(200);
      return response.json().data as { id: number; status: string; version: number };
    };
    // The year before, so the other tests' views stay the north's alone.
    const earlier = year - 1;
    const view = async () => {
      const response = await f.call('GET', `/api/planning/progress?year=${earlier}&groupBy=region&regionId=${f.south}`);
      expect(response.statusCode, response.body).toBe(200);
      return rowOf(response.json<PlanProgressResponse>(), f.south);
    };
    const created = await f.call('POST', '/api/sales-plans', { year: earlier, regionId: f.south, lines: [{ itemId: f.reagent, months: march(30) }] });
    expect(created.statusCode, created.body).toBe(201);
    const v1 = created.json().data.id as number;
    await run(v1, 'submit');
    await run(v1, 'approve');
    expect(await view()).toMatchObject({ planQty: 30 });
    const draft = await run(v1, 'revise');
    expect(draft).toMatchObject({ status: 'draft', version: 2 });
    // The revision's draft and submission change nothing: the approved version is still read.
    const edited = await f.call('PUT', `/api/sales-plans/${draft.id}`, { year: earlier, regionId: f.south, lines: [{ itemId: f.reagent, months: march(45) }] });
    expect(edited.statusCode, edited.body).toBe(200);
    await run(draft.id, 'submit');
    expect(await view()).toMatchObject({ planQty: 30 });
    await run(draft.id, 'approve');
    expect(await view()).toMatchObject({ planQty: 45 });
    const first = await f.call('GET', `/api/sales-plans/${v1}`);
    expect(first.json().data).toMatchObject({ status: 'superseded', version: 1 });
  });

  it('forecasts the year at the rate achieved to date, clamped to 0.5-1.5, and sorts and pages on the server', async () => {
    const admin = { permissions: {} };
    // Seen from mid-April of the plan's year: the plan to date is March's (16), the actual to date 7 (ratio 0.4375 -> 0.5).
    const april = await planProgress(t.database.db, admin, { year, groupBy: 'item', regionId: f.north, page: 1, pageSize: 100 }, day(4, 15));
    expect(april.ytdThrough).toBe(`${year}-04`);
    expect(rowOf(april, f.reagent)).toMatchObject({ ytdPlanQty: 16, ytdActualQty: 7, forecastQty: 7 });
    // From February: nothing planned to date, so the rest of the plan counts as it stands.
    const february = await planProgress(t.database.db, admin, { year, groupBy: 'item', regionId: f.north, page: 1, pageSize: 100 }, day(2, 1));
    expect(rowOf(february, f.reagent)).toMatchObject({ ytdPlanQty: 0, ytdActualQty: 0, forecastQty: 16 });
    // A salesperson's plan of 2 a month: from mid-April, 8 planned and 7 sold to date (ratio 0.875), 16 to come -> 7 + 14.
    await approvedPlan({ regionId: f.north, salespersonId: salesperson }, [{ itemId: f.reagent, months: Array.from({ length: 12 }, () => 2), unitPrice: '40.00' }]);
    const theirs = await planProgress(t.database.db, admin, { year, groupBy: 'salesperson', page: 1, pageSize: 100 }, day(4, 15));
    expect(rowOf(theirs, salesperson)).toMatchObject({ planQty: 24, ytdPlanQty: 8, ytdActualQty: 7, forecastQty: 21 });
    expect(forecastOf({ planQty: 24, ytdPlanQty: 8, ytdActualQty: 7 })).toBe(21);
    const fromDay = async (date: string) => rowOf(await planProgress(t.database.db, admin, { year, groupBy: 'salesperson', page: 1, pageSize: 100 }, date), salesperson).forecastQty;
    // From mid-March: 6 planned, 8 sold (ratio 1.33), 18 to come -> 8 + 24. From mid-February: 4 planned, none sold,
    // the ratio clamped up to 0.5 -> 0 + 20 x 0.5.
    expect(await fromDay(day(3, 15))).toBe(8 + 24);
    expect(await fromDay(day(2, 15))).toBe(10);
    // By month, a future month runs at the view's rate to date: May 2 x 0.875 -> 2; a past month is what sold.
    const months = await planProgress(t.database.db, admin, { year, groupBy: 'month', salespersonId: salesperson, page: 1, pageSize: 100 }, day(4, 15));
    expect(rowOf(months, `${year}-03`)).toMatchObject({ planQty: 2, actualQty: 8, forecastQty: 8 });
    expect(rowOf(months, `${year}-05`)).toMatchObject({ planQty: 2, actualQty: 0, ytdPlanQty: 0, forecastQty: 2 });
    // The domain's reference formula agrees, at both clamps and between.
    expect(forecastOf({ planQty: 120, ytdPlanQty: 60, ytdActualQty: 30 })).toBe(60);
    expect(forecastOf({ planQty: 120, ytdPlanQty: 60, ytdActualQty: 45 })).toBe(90);
    expect(forecastOf({ planQty: 120, ytdPlanQty: 60, ytdActualQty: 200 })).toBe(290);
    expect(forecastOf({ planQty: 16, ytdPlanQty: 16, ytdActualQty: 7 })).toBe(7);

    // A third version plans the gloves too (100 in March at 3.00; 5 sold), to sort and page.
    const [current] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM sales_plans WHERE region_id = ${f.north} AND customer_id IS NULL AND status = 'approved'`);
    await t.database.db.execute(sql`UPDATE sales_plans SET status = 'superseded' WHERE id = ${current!.id}`);
    await approvedPlan({ regionId: f.north, revisionOf: current!.id, version: 3 }, [
      { itemId: f.reagent, months: march(16), unitPrice: '40.00' },
      { itemId: f.gloves, months: march(100), unitPrice: '3.00' },
    ]);
    const planned = await progress(`groupBy=item&regionId=${f.north}`);
    expect(planned.unplanned.actualQty).toBe(0);
    // Default: plan value, largest first (gloves 300.00 < reagent 640.00).
    expect(planned.rows.map((r) => r.key)).toEqual([f.reagent, f.gloves]);
    expect((await progress(`groupBy=item&sort=achievedPercent&order=asc`)).rows.map((r) => r.key)).toEqual([f.gloves, f.reagent]);
    const second = await progress(`groupBy=item&sort=planQty&order=desc&pageSize=1&page=2`);
    expect(second.total).toBe(2);
    expect(second.rows.map((r) => r.key)).toEqual([f.reagent]);
    expect(second.totals).toMatchObject({ planQty: 116, actualQty: 12 });
  });

  it('keeps a user to their regions, and refuses roles without the route and bad input', async () => {
    const southOnly = await t.userWithRole('salesExecutive');
    await t.database.db.update(users).set({ permissions: { regions: [f.south] } }).where(eq(users.id, southOnly.id));
    const theirs = await progress('groupBy=region', southOnly.token);
    expect(theirs.rows).toEqual([]);
    expect(theirs.unplanned.actualQty).toBe(0);
    for (const role of ['accountant', 'serviceManager', 'asm', 'salesManager'] as const) {
      const user = await t.userWithRole(role);
      expect((await progress('groupBy=region', user.token)).rows.map((r) => r.key), role).toEqual([f.north]);
    }
    const engineer = await t.userWithRole('serviceEngineer');
    const refused = await t.app.inject({ method: 'GET', url: `/api/planning/progress?year=${year}`, headers: bearer(engineer.token) });
    expect(refused.statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'GET', url: `/api/planning/progress?groupBy=nope&month=${year + 1}-01&regionId=x`, headers: bearer(t.adminToken) });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['year', 'groupBy', 'regionId']));
    const outside = await t.app.inject({ method: 'GET', url: `/api/planning/progress?year=${year}&month=${year + 1}-01`, headers: bearer(t.adminToken) });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors).toHaveProperty('month');
  });

  it('exports every row, the unplanned row and the totals as CSV and Excel', async () => {
    const csv = await t.app.inject({ method: 'GET', url: `/api/planning/progress/export?year=${year}&groupBy=item&format=csv`, headers: bearer(t.adminToken) });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`plan-progress-${year}-item.csv`);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Item,Plan quantity,Plan value,Actual quantity,Actual value,Achieved %,YTD plan quantity,YTD actual quantity,Forecast quantity');
    expect(lines).toHaveLength(1 + 2 + 2);
    expect(lines.at(-2)).toMatch(/^Sales nobody planned,0,0.00,0,0.00,,0,0,0$/);
    expect(lines.at(-1)).toMatch(/^Total,116,/);
    const xlsx = await t.app.inject({ method: 'GET', url: `/api/planning/progress/export?year=${year}&groupBy=month&format=xlsx`, headers: bearer(t.adminToken) });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });

  it('shows this month against plan on the sales board, equal to progress for the month by region', async () => {
    const thisYear = Number(f.today.slice(0, 4));
    const thisMonth = Number(f.today.slice(5, 7));
    const months = Array.from({ length: 12 }, (_, i) => (i + 1 === thisMonth ? 10 : 0));
    await approvedPlan({ regionId: f.north }, [{ itemId: f.reagent, months, unitPrice: '40.00' }], thisYear);
    await invoice(f.today, [{ itemId: f.reagent, quantity: 4, price: '40.00' }]);
    const board = await t.app.inject({ method: 'GET', url: '/api/dashboard?board=sales', headers: bearer(t.adminToken) });
    const figure = (board.json().figures as { id: string; value: string; compare: { value: string }; rows: { label: string; value: string; percent: string }[]; drill: { route: string; query: Record<string, string> } }[]).find(
      (x) => x.id === 'sales-against-plan',
    )!;
    expect(figure).toMatchObject({ value: '160.00', compare: { label: 'Plan value this month', value: '400.00' }, rows: [{ label: 'Prog North', value: '160.00', percent: '40.0' }] });
    expect(figure.drill).toEqual({ route: '/planning/progress', query: { year: String(thisYear), groupBy: 'region', month: f.today.slice(0, 7) } });
    const list = await t.app.inject({ method: 'GET', url: `/api/planning/progress?year=${thisYear}&groupBy=region&month=${f.today.slice(0, 7)}`, headers: bearer(t.adminToken) });
    expect(list.json().totals.actualValue).toBe(figure.value);
    // On the owner's board too (it holds every figure).
    const owner = await t.app.inject({ method: 'GET', url: '/api/dashboard?board=owner', headers: bearer(t.adminToken) });
    expect(owner.json().figures.find((x: { id: string }) => x.id === 'sales-against-plan').value).toBe('160.00');
  });

  it('measures Sales against plan and the progress it opens the same way (values, by region), and names it', async () => {
    // Sold dearer than planned: 6 of 10 planned (60 % of the quantity) for 360.00 of 400.00 (90 % of the value).
    await invoice(f.today, [{ itemId: f.reagent, quantity: 2, price: '100.00' }]);
    const board = await t.app.inject({ method: 'GET', url: '/api/dashboard?board=sales', headers: bearer(t.adminToken) });
    const figure = (board.json<DashboardResponse>().figures as DashboardFigure[]).find((x) => x.id === 'sales-against-plan')!;
    const opened = await progress(new URLSearchParams(figure.drill.query).toString().replace(/^year=\d+&?/, ''), t.adminToken, figure.drill.query.year);
    expect(figure.label).toBe('Sales this month against plan (value)');
    expect(opened.totals).toMatchObject({ actualQty: 6, planQty: 10, actualValue: '360.00', planValue: '400.00', achievedPercent: '90.0' });
    // The card's percentage (figure-card.tsx) and each region's are the progress screen's own % achieved.
    expect(achievedPercentOf(toMinorUnits(figure.value!), toMinorUnits(figure.compare!.value))).toBe(opened.totals.achievedPercent);
    expect(figure.rows).toEqual(opened.rows.map((row) => ({ label: row.label, value: row.actualValue, percent: row.achievedPercent })));
    // By item the view measures quantities, named so on screen.
    const byItem = await progress(`groupBy=item&month=${f.today.slice(0, 7)}`, t.adminToken, figure.drill.query.year);
    expect(rowOf(byItem, f.reagent).achievedPercent).toBe('60.0');
  });
});
