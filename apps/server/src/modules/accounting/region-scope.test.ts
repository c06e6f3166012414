import { accountMessages, type BalanceSheet, type ProfitAndLoss, type TrialBalance, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type MoneyFixtures, moneyFixtures } from '../../test/money-fixtures.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createTestApp } from '../../test/test-app.ts';

// Issue 17, section 2: statements, the audit log and account writes follow permissions.regions.
let t: TestApp;
let f: MoneyFixtures;
const ids = { southCustomerAccount: 0, northCustomerAccount: 0, southInvoice: 0, northInvoice: 0, northCash: 0 };
let north: { token: string; admin: string };

async function userOf(role: 'accountant' | 'admin', regions: number[]): Promise<string> {
  const user = await t.userWithRole(role);
  await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions })}::jsonb WHERE id = ${user.id}`);
  return user.token;
}

beforeAll(async () => {
  t = await createTestApp();
  f = await moneyFixtures(t, 'Scope');
  const southCustomer = await f.newCustomer('South Clinic', { regionId: f.south });
  ids.southCustomerAccount = southCustomer.accountId;
  ids.northCustomerAccount = f.customer.accountId;
  await f.receive([{ itemId: f.gloves, quantity: 1000, unitCost: '0.10' }], f.south);
  await f.invoice(f.customer.id, '100.00');
  const south = await f.call('POST', '/api/invoices', {
    customerId: southCustomer.id, regionId: f.south, invoiceDate: f.today, post: true, lines: [{ itemId: f.gloves, quantity: 1, price: '300.00' }],
  });
  expect(south.statusCode, south.body).toBe(201);
  ids.southInvoice = south.json().data.id;
  ids.northInvoice = Number((await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM invoices WHERE region_id = ${f.north} ORDER BY id LIMIT 1`))[0]!.id);
  // North's own cash account, paid into from a company-wide one: only the North line carries a region.
  const heads = (await f.call('GET', '/api/account-heads?pageSize=100')).json().data as { id: number; headName: string }[];
  const cash = await f.call('POST', '/api/accounts', { accountCode: 'SC-1001', accountName: 'North petty cash', headId: heads.find((h) => h.headName === 'Assets')!.id, regionId: f.north, kind: 'cash', active: true });
  expect(cash.statusCode, cash.body).toBe(201);
  ids.northCash = cash.json().data.id;
  const journal = await f.call('POST', '/api/journals', {
    journalDate: f.today, narration: 'Float to North', post: true,
    lines: [{ accountId: ids.northCash, debit: '25.00', credit: '0' }, { accountId: f.accounts.cash, debit: '0', credit: '25.00' }],
  });
  expect(journal.statusCode, journal.body).toBe(201);
  north = { token: await userOf('accountant', [f.north]), admin: await userOf('admin', [f.north]) };
});
afterAll(async () => t?.close());

const statement = async <T>(path: string, token?: string): Promise<T> => {
  const response = await f.call('GET', `/api/accounting/${path}`, undefined, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};
const rowOf = (tb: TrialBalance, accountId: number) => tb.rows.find((r) => r.accountId === accountId);
const salesOf = (pl: ProfitAndLoss) => pl.income.flatMap((g) => g.children ?? []).find((c) => c.label.endsWith(' Sales'));

describe('statements of a user limited to regions', () => {
  it("show no other region's account; company-wide accounts hold only the rows stamped with their regions", async () => {
    const everyone = await statement<TrialBalance>('trial-balance');
    const mine = await statement<TrialBalance>('trial-balance', north.token);
    // The customers' accounts roll up into the receivables control account's line (issue 17, section 5):
    // the company's holds both customers, North's only its own.
    const [control] = await queryRows<{ id: number }>(t.database.db, sql`SELECT account_id AS id FROM posting_accounts WHERE key = 'receivables'`);
    const balanceOf = async (id: number) =>
      toMinorUnits((await queryRows<{ balance: string }>(t.database.db, sql`SELECT account_balance(${id}::int)::numeric(18, 2)::text AS balance`))[0]!.balance);
    const [northOwes, southOwes] = [await balanceOf(ids.northCustomerAccount), await balanceOf(ids.southCustomerAccount)];
    expect(southOwes).toBeGreaterThan(0n);
    for (const tb of [everyone, mine]) expect(rowOf(tb, ids.southCustomerAccount) ?? rowOf(tb, ids.northCustomerAccount)).toBeUndefined();
    expect(toMinorUnits(rowOf(everyone, Number(control!.id))!.closing)).toBe(northOwes + southOwes);
    expect(toMinorUnits(rowOf(mine, Number(control!.id))!.closing)).toBe(northOwes);
    expect(mine.rows.some((r) => r.accountName.includes('South Clinic'))).toBe(false);
    expect(rowOf(mine, ids.northCash)?.closing).toBe('25.00');
    // Sales: the company's 400.00; North's 100.00.
    expect(salesOf(await statement<ProfitAndLoss>('profit-and-loss'))?.amount).toBe('400.00');
    expect(salesOf(await statement<ProfitAndLoss>('profit-and-loss', north.token))?.amount).toBe('100.00');
    // The company-wide cash account's other side of the float carries no region: not North's.
    expect(rowOf(mine, f.accounts.cash)).toBeUndefined();
  });

  it('balance: the balance sheet shows the balance with the rest of the company and still balances', async () => {
    const mine = await statement<BalanceSheet>('balance-sheet', north.token);
    expect(mine.totalAssets).toBe(mine.totalLiabilitiesAndEquity);
    expect(mine.equity.find((l) => l.label === 'Balance with other regions')?.amount).toBe('25.00');
    const everyone = await statement<BalanceSheet>('balance-sheet');
    expect(everyone.totalAssets).toBe(everyone.totalLiabilitiesAndEquity);
    expect(everyone.equity.some((l) => l.label === 'Balance with other regions')).toBe(false);
    expect(toMinorUnits(mine.totalAssets)).toBeLessThan(toMinorUnits(everyone.totalAssets));
    const tb = await statement<TrialBalance>('trial-balance', north.token);
    // Every document stamps all its lines with its region: only the float's North line stands alone.
    expect(toMinorUnits(tb.totals.debit) - toMinorUnits(tb.totals.credit)).toBe(2500n);
  });
});

describe('the ledger of a company-wide account for a user limited to regions', () => {
  it("lists the entries stamped with their regions, as the statements total them; another region's are not shown", async () => {
    const [sales] = await queryRows<{ id: number }>(t.database.db, sql`SELECT account_id AS id FROM posting_accounts WHERE key = 'sales'`);
    const ledger = async (token?: string) => {
      const response = await f.call('GET', `/api/ledger/${sales!.id}?pageSize=2`, undefined, token);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { rows: Array<{ documentId: number; balance: string }>; closingBalance: string; openingBalance: string; totals: { count: number }; nextCursor: string | null };
    };
    expect((await ledger()).closingBalance).toBe('-400.00');
    const mine = await ledger(north.token);
    expect(mine).toMatchObject({ openingBalance: '0.00', closingBalance: '-100.00', totals: { count: 1 }, nextCursor: null });
    expect(mine.rows.map((r) => [r.documentId, r.balance])).toEqual([[ids.northInvoice, '-100.00']]);
    const tb = await statement<TrialBalance>('trial-balance', north.token);
    expect(rowOf(tb, Number(sales!.id))?.closing).toBe(mine.closingBalance);
    const exported = await f.call('GET', `/api/ledger/${sales!.id}/export?format=csv`, undefined, north.token);
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toContain('South Clinic');
  });

  it("the receivables control account's ledger lists their regions' customers' rows, as its trial balance line totals them", async () => {
    const [control] = await queryRows<{ id: number }>(t.database.db, sql`SELECT account_id AS id FROM posting_accounts WHERE key = 'receivables'`);
    const ledger = async (token?: string) => {
      const response = await f.call('GET', `/api/ledger/${control!.id}?from=2000-01-01&to=2099-12-31&pageSize=1000`, undefined, token);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { rows: Array<{ account: { id: number } }>; closingBalance: string };
    };
    const everyone = await ledger();
    expect(new Set(everyone.rows.map((r) => r.account.id))).toEqual(new Set([ids.northCustomerAccount, ids.southCustomerAccount]));
    const mine = await ledger(north.token);
    expect(new Set(mine.rows.map((r) => r.account.id))).toEqual(new Set([ids.northCustomerAccount]));
    const tb = await statement<TrialBalance>('trial-balance', north.token);
    expect(rowOf(tb, Number(control!.id))?.closing).toBe(mine.closingBalance);
  });
});

describe('the audit log of a user limited to regions', () => {
  it("hides another region's documents and accounts; an admin of every region sees them", async () => {
    const read = async (query: string, token?: string) => {
      const response = await f.call('GET', `/api/audit-log?pageSize=200&${query}`, undefined, token);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { data: Array<{ resource: string; recordId: string }>; total: number };
    };
    const records = (page: { data: Array<{ recordId: string }> }) => new Set(page.data.map((r) => Number(r.recordId)));
    const all = await read('resource=invoices');
    expect(records(all)).toEqual(new Set([ids.northInvoice, ids.southInvoice]));
    const mine = await read('resource=invoices', north.admin);
    expect(records(mine)).toEqual(new Set([ids.northInvoice]));
    expect(mine.total).toBe(mine.data.length);
    const accounts = await read('resource=customers', north.admin);
    expect(accounts.data.length).toBeGreaterThan(0);
    expect(accounts.data.every((r) => JSON.stringify(r).includes('South Clinic') === false)).toBe(true);
    // Records without a row scope (users, settings) stay readable.
    expect((await read('resource=settings', north.admin)).total).toBe((await read('resource=settings')).total);
  });
});

describe('company-wide accounts', () => {
  it('are written only by users of every region; a user limited to regions writes their own', async () => {
    const heads = (await f.call('GET', '/api/account-heads?pageSize=100')).json().data as { id: number; headName: string }[];
    const body = { headId: heads.find((h) => h.headName === 'Assets')!.id, kind: 'other', active: true };
    const companyWide = f.accounts.expense;
    // Seen, as today, but neither changed nor deleted.
    expect((await f.call('GET', `/api/accounts/${companyWide}`, undefined, north.token)).statusCode).toBe(200);
    for (const change of [{ accountName: 'Renamed by North' }, { regionId: f.north }]) {
      const refused = await f.call('PUT', `/api/accounts/${companyWide}`, change, north.token);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().message).toBe(accountMessages.companyWide);
    }
    expect((await f.call('DELETE', `/api/accounts/${companyWide}`, undefined, north.token)).statusCode).toBe(403);
    const refused = await f.call('POST', '/api/accounts', { ...body, accountCode: 'SC-2001', accountName: 'No region' }, north.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ regionId: accountMessages.chooseOwnRegion });
    const own = await f.call('POST', '/api/accounts', { ...body, accountCode: 'SC-2002', accountName: 'North float', regionId: f.north }, north.token);
    expect(own.statusCode, own.body).toBe(201);
    const ownId = own.json().data.id as number;
    expect((await f.call('PUT', `/api/accounts/${ownId}`, { regionId: null }, north.token)).statusCode).toBe(400);
    expect((await f.call('PUT', `/api/accounts/${ownId}`, { accountName: 'North float 2' }, north.token)).statusCode).toBe(200);
    expect((await f.call('DELETE', `/api/accounts/${ownId}`, undefined, north.token)).statusCode).toBe(200);
    const everyRegion = (await t.userWithRole('accountant')).token;
    expect((await f.call('PUT', `/api/accounts/${companyWide}`, { accountName: 'Office expenses' }, everyRegion)).statusCode).toBe(200);
  });
});
