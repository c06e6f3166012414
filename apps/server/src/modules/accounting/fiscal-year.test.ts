import type { BalanceSheet, LedgerResponse, ProfitAndLoss, TrialBalance } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { accounts } from '../../db/schema/index.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

// Issue 27, section 7: a fiscal year (July to June here, the default) opens income and expense at
// zero, the earlier years' result in retained earnings; the year-end close posts it explicitly.
let t: TestApp;
const code = new Map<string, number>();
const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, token = t.adminToken) =>
  t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: bearer(token) });
const journal = async (journalDate: string, debitCode: string, creditCode: string, amount: string, post = true) => {
  const lines = [
    { accountId: code.get(debitCode)!, debit: amount, credit: '0' },
    { accountId: code.get(creditCode)!, debit: '0', credit: amount },
  ];
  const response = await inject('POST', '/api/journals', { journalDate, narration: `${debitCode}/${creditCode}`, lines, post });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
};
const read = async <T>(url: string, token = t.adminToken): Promise<T> => {
  const response = await inject('GET', url, undefined, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};
const trialBalance = (from: string, to: string) => read<TrialBalance>(`/api/accounting/trial-balance?from=${from}&to=${to}`);
const rowOf = (tb: TrialBalance, accountCode: string) => tb.rows.find((r) => r.accountCode === accountCode);
const ledger = (accountCode: string, from: string, to: string, token = t.adminToken) =>
  read<LedgerResponse>(`/api/ledger/${code.get(accountCode)}?from=${from}&to=${to}&pageSize=1000`, token);
/** An accountant kept to the North region: a North income account of their own, company-wide accounts through North's stamps. */
let northToken: string;
const fy2026 = { from: '2025-07-01', to: '2026-06-30' };
const close = (fiscalYear: unknown, token = t.adminToken) => inject('POST', '/api/accounting/year-end-close', { fiscalYear }, token);

beforeAll(async () => {
  t = await createTestApp();
  for (const a of await t.database.db.select({ id: accounts.id, code: accounts.accountCode }).from(accounts)) code.set(a.code, a.id);
  // Fiscal year 2025 (to June 2025): a result of 4,000.10.
  await journal('2025-03-10', '6100', '1000', '1000.00');
  await journal('2025-03-15', '1000', '4000', '5000.10');
  // Fiscal year 2026: 5,800.25, of which 800.00 on North's own income account.
  await journal('2025-09-10', '6100', '1000', '2000.00');
  await journal('2026-02-20', '1000', '4000', '7000.25');
  const [north] = await queryRows<{ id: number }>(t.database.db, sql`INSERT INTO regions (region_name, region_code) VALUES ('FY North', 'FYN') RETURNING id`);
  const [income] = await queryRows<{ id: number }>(
    t.database.db,
    sql`INSERT INTO accounts (account_code, account_name, head_id, sub_head_id, region_id, kind)
        SELECT '4950', 'North other income', head_id, sub_head_id, ${north!.id}, 'income' FROM accounts WHERE account_code = '4000' RETURNING id`,
  );
  code.set('4950', Number(income!.id));
  await journal('2026-01-10', '1000', '4950', '800.00');
  const northUser = await t.userWithRole('accountant');
  await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions: [Number(north!.id)] })}::jsonb WHERE id = ${northUser.id}`);
  northToken = northUser.token;
  // Fiscal year 2027.
  await journal('2026-08-05', '6100', '1000', '300.00');
  // The server's clock in fiscal year 2027 (only Date is faked): the test reads no wall clock.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 8, 15, 12));
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

describe('a fiscal year opens its income and expense accounts at zero', () => {
  it('the trial balance from the first day: Salaries and Sales open at 0.00, retained earnings carries the earlier result', async () => {
    const tb = await trialBalance(fy2026.from, fy2026.to);
    expect(rowOf(tb, '6100')).toMatchObject({ opening: '0.00', debit: '2000.00', credit: '0.00', closing: '2000.00' });
    expect(rowOf(tb, '4000')).toMatchObject({ opening: '0.00', credit: '7000.25', closing: '-7000.25' });
    expect(rowOf(tb, '3100')).toMatchObject({ opening: '-4000.10', debit: '0.00', credit: '0.00', closing: '-4000.10' });
    expect(tb.totals.opening).toBe('0.00');
    expect(tb.totals.debit).toBe(tb.totals.credit);
  });

  it("from a day within the year, the year's own entries before it open the accounts", async () => {
    const tb = await trialBalance('2025-10-01', '2026-06-30');
    expect(rowOf(tb, '6100')).toMatchObject({ opening: '2000.00', debit: '0.00' });
    expect(rowOf(tb, '3100')).toMatchObject({ opening: '-4000.10' });
    // The next year: both earlier years' results.
    expect(rowOf(await trialBalance('2026-07-01', '2026-09-15'), '3100')).toMatchObject({ opening: '-9800.35' });
    expect(rowOf(await trialBalance('2026-07-01', '2026-09-15'), '6100')).toMatchObject({ opening: '0.00', debit: '300.00' });
  });

  it('the balance sheet balances, retained earnings holding the earlier years and the period its profit', async () => {
    const bs = await read<BalanceSheet>('/api/accounting/balance-sheet?to=2026-06-30');
    expect(bs.totalAssets).toBe(bs.totalLiabilitiesAndEquity);
    expect(bs.profit).toBe('5800.25');
    const labels = bs.equity.map((line) => line.label);
    expect(labels).not.toContain('Profit of earlier years');
    expect(bs.equity.find((line) => line.label === 'Retained earnings')?.amount).toBe('4000.10');
  });

  it("an account's ledger opens the same way", async () => {
    expect((await ledger('6100', fy2026.from, fy2026.to)).openingBalance).toBe('0.00');
    expect((await ledger('6100', '2025-10-01', fy2026.to)).openingBalance).toBe('2000.00');
    expect((await ledger('3100', fy2026.from, fy2026.to)).openingBalance).toBe('-4000.10');
    expect((await ledger('3100', '2026-07-01', '2026-09-15')).openingBalance).toBe('-9800.35');
  });

  it('a reader kept to a region: their own result opens their retained earnings', async () => {
    const tb = await read<TrialBalance>('/api/accounting/trial-balance?from=2026-07-01&to=2026-09-15', northToken);
    expect(rowOf(tb, '3100')).toMatchObject({ opening: '-800.00' });
    expect(rowOf(tb, '4950')).toBeUndefined();
    expect((await ledger('3100', '2026-07-01', '2026-09-15', northToken)).openingBalance).toBe('-800.00');
    expect((await ledger('4950', '2026-07-01', '2026-09-15', northToken)).openingBalance).toBe('0.00');
  });
});

describe('the year-end close', () => {
  it('is the admin’s: 403 for the accountant; 400 naming fiscalYear for a body without a year', async () => {
    const accountant = await t.userWithRole('accountant');
    expect((await close(2026, accountant.token)).statusCode).toBe(403);
    for (const body of [undefined, 'x', 26.5, 1899]) {
      const response = await close(body);
      expect(response.statusCode, String(body)).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual(['fiscalYear']);
    }
  });

  it('is refused (409) while a period of the year is open, naming the open months and the drafts dated in it', async () => {
    const draft = await journal('2026-02-01', '6100', '1000', '10.00', false);
    const refused = await close(2026);
    expect(refused.statusCode, refused.body).toBe(409);
    const errors = refused.json().errors as Record<string, string>;
    expect(errors.periods).toContain('2025-07');
    expect(errors.periods).toContain('2026-06');
    expect(errors.drafts).toContain(`Journals 1 (id ${draft})`);
    expect((await inject('POST', '/api/accounting/period-close', { closedThrough: '2026-05-31' })).statusCode).toBe(200);
    const stillJune = (await close(2026)).json().errors as Record<string, string>;
    expect(stillJune.periods).toBe('Close every period of the year first; still open: 2026-06');
    expect((await inject('DELETE', `/api/journals/${draft}`)).statusCode).toBe(200);
    // A year that has not ended.
    expect((await close(2027)).json().errors.fiscalYear).toBe('The fiscal year ends on 2027-06-30: close it after that day');
  });

  it('posts the closing journal; every statement reads as before it', async () => {
    expect((await inject('POST', '/api/accounting/period-close', { closedThrough: '2026-06-30' })).statusCode).toBe(200);
    const urls = [
      `/api/accounting/trial-balance?from=${fy2026.from}&to=${fy2026.to}`,
      '/api/accounting/trial-balance?from=2026-01-01&to=2026-09-15',
      '/api/accounting/trial-balance?from=2026-07-01&to=2026-09-15',
      `/api/accounting/profit-and-loss?from=${fy2026.from}&to=${fy2026.to}`,
      `/api/accounting/profit-and-loss/by-department?from=${fy2026.from}&to=${fy2026.to}`,
      '/api/accounting/balance-sheet?to=2026-06-30',
      '/api/accounting/balance-sheet?to=2026-09-15',
    ];
    // The North reader's too: the closing journal stamps each region's share.
    const northUrls = [urls[0]!, urls[2]!, urls[5]!, urls[6]!, `/api/ledger/${code.get('3100')}?from=2026-07-01&to=2026-09-15`];
    const readAll = () => Promise.all([...urls.map((url) => read<unknown>(url)), ...northUrls.map((url) => read<unknown>(url, northToken))]);
    const before = await readAll();
    const closed = await close(2026);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({ fiscalYear: 2026, from: fy2026.from, to: fy2026.to, documentNumber: 'YE-2026-000001', profit: '5800.25' });
    expect(await readAll()).toEqual(before);
    expect((await read<ProfitAndLoss>(`/api/accounting/profit-and-loss?from=${fy2026.from}&to=${fy2026.to}`)).profit).toBe('5800.25');
    // The joint ventures' reconciliation leaves it out as the P&L does.
    expect((await read<{ difference: string }>(`/api/joint-ventures/reconciliation?from=${fy2026.from}&to=${fy2026.to}`)).difference).toBe('0.00');
    // The journal: each result account turned back, retained earnings taking the profit.
    const rows = await queryRows<{ accountId: number; debit: string; credit: string; entryDate: string; stamped: boolean }>(
      t.database.db,
      sql`SELECT account_id AS "accountId", debit::text, credit::text, entry_date::text AS "entryDate", region_id IS NOT NULL AS stamped
          FROM gl_entries WHERE document_type = 'year-end-close' ORDER BY id`,
    );
    expect(rows.map((r) => [Number(r.accountId), r.debit, r.credit, r.entryDate, r.stamped])).toEqual([
      [code.get('4000'), '7000.25', '0.00', '2026-06-30', false],
      [code.get('6100'), '0.00', '2000.00', '2026-06-30', false],
      [code.get('4950'), '800.00', '0.00', '2026-06-30', true],
      [code.get('3100'), '0.00', '5000.25', '2026-06-30', false],
      [code.get('3100'), '0.00', '800.00', '2026-06-30', true],
    ]);
    // The ledger lists it: Salaries ends the year at zero and opens the next at zero.
    const salaries = await ledger('6100', fy2026.from, fy2026.to);
    expect(salaries.closingBalance).toBe('0.00');
    expect(salaries.rows.at(-1)).toMatchObject({ documentType: 'year-end-close', documentNumber: 'YE-2026-000001', credit: '2000.00' });
    expect((await ledger('3100', fy2026.from, fy2026.to)).closingBalance).toBe('-9800.35');
    expect((await ledger('3100', '2026-07-01', '2026-09-15')).openingBalance).toBe('-9800.35');
    expect(await read<unknown>('/api/accounting/year-end-close')).toMatchObject({
      data: [{ fiscalYear: 2026, from: fy2026.from, to: fy2026.to, documentNumber: 'YE-2026-000001', profit: '5800.25' }],
      fiscalYearStartMonth: 7,
      lastEnded: 2026,
    });
  });

  it('is done once; the closed year refuses postings and stays closed', async () => {
    const again = await close(2026);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Fiscal year 2026 is closed already (YE-2026-000001)');
    const late = await inject('POST', '/api/journals', {
      journalDate: '2026-06-15',
      narration: 'Late bill',
      post: true,
      lines: [{ accountId: code.get('6100'), debit: '5.00', credit: '0' }, { accountId: code.get('1000'), debit: '0', credit: '5.00' }],
    });
    expect(late.statusCode).toBe(400);
    expect(Object.keys(late.json().errors)).toEqual(['journalDate']);
    for (const closedThrough of ['2026-05-31', null]) {
      const reopen = await inject('POST', '/api/accounting/period-reopen', { closedThrough });
      expect(reopen.statusCode).toBe(400);
      expect(reopen.json().errors.closedThrough).toBe('Fiscal year 2026 is closed (year-end close): the books stay closed through 2026-06-30 at least');
    }
  });
});
