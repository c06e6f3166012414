import { addDecimals, type LedgerResponse, type PaySlipDetail, type ProfitAndLoss, type ProfitAndLossByDepartment } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type PayrollFixtures, payrollFixtures } from '../../test/payroll-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Issue 20: the P&L and the ledger narrowed to a department (or a region) of the entries.
let t: TestApp;
let f: PayrollFixtures;
const period = 'from=2026-04-01&to=2026-04-30';
const departmentOf = new Map<number, number>();
const regionOf = new Map<number, number>();
let slips: PaySlipDetail[] = [];

beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
  f = await payrollFixtures(t, 'DIM');
  const staff = [
    { name: 'North Sales', regionId: f.north, departmentId: f.sales, basic: '60000' },
    { name: 'North Lab', regionId: f.north, departmentId: f.lab, basic: '45000' },
    { name: 'South Sales', regionId: f.south, departmentId: f.sales, basic: '52000.50' },
    { name: 'South Lab', regionId: f.south, departmentId: f.lab, basic: '38000' },
  ];
  for (const person of staff) {
    const id = await f.employee(person);
    departmentOf.set(id, person.departmentId);
    regionOf.set(id, person.regionId);
    await f.assign(id, '2025-01-01', person.basic);
  }
  const created = await f.call('POST', '/api/pay-runs', { month: '2026-04' });
  expect(created.statusCode, created.body).toBe(201);
  await t.app.ctx.jobs.runUntilIdle();
  const run = created.json().data.id as number;
  expect((await f.call('POST', `/api/pay-runs/${run}/approve`)).statusCode).toBe(200);
  const posted = await f.call('POST', `/api/pay-runs/${run}/post`);
  expect(posted.statusCode, posted.body).toBe(200);
  slips = (await f.call('GET', `/api/pay-slips?payRunId=${run}`)).json().data;
  expect(slips).toHaveLength(4);
});
afterAll(async () => t?.close());

const profitAndLoss = async (query = ''): Promise<ProfitAndLoss> => {
  const response = await f.call('GET', `/api/accounting/profit-and-loss?${period}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ProfitAndLoss;
};
/** Each account's figure, by id. */
const figures = (pl: ProfitAndLoss) => new Map([...pl.income, ...pl.expenses].flatMap((g) => g.children ?? []).map((c) => [c.accountId!, c.amount]));
/** Earnings and employer contributions: what a slip costs the P&L (its employer cost: gross + contributions). */
const costOf = (chosen: PaySlipDetail[]) => {
  for (const s of chosen) expect(s.employerCost).toBe(addDecimals([s.gross, ...s.lines.filter((l) => l.code === 'PF_EMPLOYER').map((l) => l.amount)]));
  return addDecimals(chosen.map((s) => s.employerCost));
};

describe('the profit and loss by department', () => {
  it("shows a department's expense: its slips' earnings and employer contributions", async () => {
    for (const department of [f.sales, f.lab]) {
      const pl = await profitAndLoss(`&departmentId=${department}`);
      expect(pl.totalExpenses).toBe(costOf(slips.filter((s) => departmentOf.get(s.employeeId) === department)));
      expect(pl.totalIncome).toBe('0.00');
    }
  });

  it('adds up: every department and the rows of none give the unfiltered figure of each account', async () => {
    // A journal of no department (company-wide expense, no region) beside the payroll.
    const journal = await f.call('POST', '/api/journals', {
      journalDate: '2026-04-20', narration: 'Office rent', post: true,
      lines: [{ accountId: f.account('6100'), debit: '1234.56', credit: '0' }, { accountId: f.account('1000'), debit: '0', credit: '1234.56' }],
    });
    expect(journal.statusCode, journal.body).toBe(201);
    const all = figures(await profitAndLoss());
    const sales = figures(await profitAndLoss(`&departmentId=${f.sales}`));
    const lab = figures(await profitAndLoss(`&departmentId=${f.lab}`));
    const none = new Map(
      (await queryRows<{ accountId: number; amount: string }>(
        t.database.db,
        sql`SELECT account_id AS "accountId", sum(debit - credit)::text AS amount FROM gl_entries
            WHERE department_id IS NULL AND entry_date BETWEEN '2026-04-01' AND '2026-04-30' GROUP BY account_id`,
      )).map((r) => [Number(r.accountId), r.amount]),
    );
    expect(all.size).toBeGreaterThan(0);
    for (const [accountId, amount] of all) {
      // Expense accounts only here (no income posted): Dr-signed sums.
      expect(addDecimals([sales.get(accountId) ?? '0', lab.get(accountId) ?? '0', none.get(accountId) ?? '0'])).toBe(amount);
    }
    expect(none.get(f.account('6100'))).toBe('1234.56');
  });

  it("narrows to a region's stamped entries too; the ledger of an account agrees with the narrowed figure", async () => {
    const northSlips = slips.filter((s) => regionOf.get(s.employeeId) === f.north);
    const north = await profitAndLoss(`&regionId=${f.north}`);
    // North's payroll rows: earnings, employer contributions and the run's rounding of North.
    const [rounding] = await queryRows<{ amount: string }>(
      t.database.db,
      sql`SELECT coalesce(sum(g.debit - g.credit), 0)::text AS amount FROM gl_entries g JOIN accounts a ON a.id = g.account_id JOIN account_heads h ON h.id = a.head_id
          WHERE g.region_id = ${f.north}::int AND g.department_id IS NULL AND h.head_type = 'expense' AND g.entry_date BETWEEN '2026-04-01' AND '2026-04-30'`,
    );
    expect(north.totalExpenses).toBe(addDecimals([costOf(northSlips), rounding!.amount]));
    const both = figures(await profitAndLoss(`&regionId=${f.north}&departmentId=${f.sales}`));
    expect(addDecimals([...both.values()])).toBe(costOf(northSlips.filter((s) => departmentOf.get(s.employeeId) === f.sales)));

    const basic = f.account('6100');
    const sales = figures(await profitAndLoss(`&departmentId=${f.sales}`));
    const response = await f.call('GET', `/api/ledger/${basic}?${period}&departmentId=${f.sales}`);
    expect(response.statusCode, response.body).toBe(200);
    const ledger = response.json() as LedgerResponse;
    expect(ledger.openingBalance).toBe('0.00');
    expect(addDecimals([ledger.totals.debit, `-${ledger.totals.credit}`])).toBe(sales.get(basic));
    expect(ledger.rows.length).toBe(ledger.totals.count);
    const stamped = await queryRows<{ id: string }>(t.database.db, sql`SELECT id::text FROM gl_entries WHERE account_id = ${basic}::int AND department_id = ${f.sales}::int`);
    expect(ledger.rows.map((r) => String(r.entryId)).sort()).toEqual(stamped.map((r) => r.id).sort());
    const exported = await f.call('GET', `/api/ledger/${basic}/export?${period}&departmentId=${f.sales}&format=csv`);
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toContain('Office rent');
  });

  it("keeps a region-limited user's scope: a department within their regions, another region narrows to nothing", async () => {
    const user = await t.userWithRole('accountant');
    await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions: [f.north] })}::jsonb WHERE id = ${user.id}`);
    const read = async (query: string) => {
      const response = await f.call('GET', `/api/accounting/profit-and-loss?${period}${query}`, undefined, user.token);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as ProfitAndLoss;
    };
    const northSales = slips.filter((s) => regionOf.get(s.employeeId) === f.north && departmentOf.get(s.employeeId) === f.sales);
    expect((await read(`&departmentId=${f.sales}`)).totalExpenses).toBe(costOf(northSales));
    expect((await read(`&regionId=${f.south}`)).totalExpenses).toBe('0.00');
  });

  it('shows a column per department, one for none and the total, adding up to the unfiltered P&L', async () => {
    const response = await f.call('GET', `/api/accounting/profit-and-loss/by-department?${period}`);
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json() as ProfitAndLossByDepartment;
    expect(view.departments).toEqual([f.sales, f.lab].sort((a, b) => a - b));
    const all = await profitAndLoss();
    for (const [index, department] of view.departments.entries()) {
      expect(view.totalExpenses[index]).toBe(costOf(slips.filter((s) => departmentOf.get(s.employeeId) === department)));
      expect(view.totalExpenses[index]).toBe((await profitAndLoss(`&departmentId=${department}`)).totalExpenses);
    }
    const [none, total] = view.totalExpenses.slice(-2);
    expect(total).toBe(all.totalExpenses);
    expect(view.profit.at(-1)).toBe(all.profit);
    expect(addDecimals([...view.totalExpenses.slice(0, -2), none!])).toBe(total);
    // The rent journal of no department and the run's rounding sit in "none".
    const basic = view.rows.find((r) => r.accountId === f.account('6100'))!;
    expect(basic.amounts.at(-2)).toBe('1234.56');
    for (const row of view.rows) expect(addDecimals(row.amounts.slice(0, -1))).toBe(row.amounts.at(-1));
  });

  it('refuses a department that is not a number (400 naming departmentId)', async () => {
    const response = await f.call('GET', `/api/accounting/profit-and-loss?departmentId=sales`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('departmentId');
  });
});
