import { addDecimals, formatBalance, fromMinorUnits, type LedgerResponse, type LedgerRow, toMinorUnits } from '@erp/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  const heads = (await inject('GET', '/api/account-heads?pageSize=100')).json().data as { id: number; headName: string }[];
  const head = (name: string) => heads.find((h) => h.headName === name)!.id;
  const create = async (key: string, body: Record<string, unknown>) => {
    const response = await inject('POST', '/api/accounts', { kind: 'other', active: true, ...body });
    expect(response.statusCode, response.body).toBe(201);
    ids[key] = response.json().data.id;
  };
  // An opening balance of 1,000.00 Dr brought forward, balanced by equity's 1,000.00 Cr.
  await create('till', { accountCode: 'L-100', accountName: 'Ledger till', headId: head('Assets'), subHeadId: head('Cash & Bank'), openingBalance: '1000.00', openingDate: '2024-07-01' });
  await create('owner', { accountCode: 'L-300', accountName: 'Ledger owner', headId: head('Equity'), openingBalance: '-1000.00' });
  await create('fees', { accountCode: 'L-400', accountName: 'Ledger fees', headId: head('Income'), subHeadId: head('Sales') });
  await create('rent', { accountCode: 'L-600', accountName: 'Ledger rent', headId: head('Expenses'), subHeadId: head('Operating expenses') });
  // One entry before the range, then 23 in it, several on one day (the cursor must split a day).
  await postJournal('2024-12-31', [['till', '50.00', ''], ['fees', '', '50.00']]);
  const days = ['2025-01-03', '2025-01-03', '2025-01-03', '2025-01-04', '2025-02-10', '2025-02-10', '2025-03-01'];
  for (let i = 0; i < 23; i++) {
    const date = days[i % days.length]!;
    const amount = fromMinorUnits(BigInt(1000 + i * 137));
    if (i % 3 === 2) await postJournal(date, [['rent', amount, ''], ['till', '', amount]]);
    else await postJournal(date, [['till', amount, ''], ['fees', '', amount]]);
  }
});
afterAll(async () => t?.close());

function inject(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: bearer(t.adminToken) });
}

async function postJournal(journalDate: string, lines: [string, string, string][]): Promise<void> {
  const created = await inject('POST', '/api/journals', {
    journalDate,
    narration: `Entry of ${journalDate}`,
    lines: lines.map(([key, debit, credit]) => ({ accountId: ids[key], debit, credit })),
  });
  expect(created.statusCode, created.body).toBe(201);
  const posted = await inject('POST', `/api/journals/${created.json().data.id}/post`);
  expect(posted.statusCode, posted.body).toBe(200);
}

const range = 'from=2025-01-01&to=2025-12-31';

describe('an account ledger', () => {
  it('shows the opening (opening balance + entries before), every row with its running balance, totals and closing', async () => {
    const ledger = (await inject('GET', `/api/ledger/${ids.till}?${range}&pageSize=1000`)).json();
    expect(ledger.account).toMatchObject({ id: ids.till, accountCode: 'L-100', accountName: 'Ledger till', headType: 'asset' });
    expect(ledger.openingBalance).toBe('1050.00');
    expect(ledger.rows).toHaveLength(23);
    let running = toMinorUnits(ledger.openingBalance);
    for (const row of ledger.rows as LedgerRow[]) {
      running += toMinorUnits(row.debit) - toMinorUnits(row.credit);
      expect(row.balance).toBe(fromMinorUnits(running));
      expect(row.documentNumber).toMatch(/^JV-2025-\d{6}$/);
      expect(row.documentType).toBe('journal');
    }
    const debit = addDecimals(ledger.rows.map((r: LedgerRow) => r.debit));
    const credit = addDecimals(ledger.rows.map((r: LedgerRow) => r.credit));
    expect(ledger.totals).toEqual({ debit, credit, count: 23 });
    expect(ledger.closingBalance).toBe(fromMinorUnits(running));
    expect(ledger.nextCursor).toBeNull();
    expect(formatBalance(ledger.closingBalance)).toMatch(/^[\d,]+\.\d{2} Dr$/);
    expect(formatBalance((await inject('GET', `/api/ledger/${ids.fees}?${range}`)).json().closingBalance)).toMatch(/ Cr$/);
  });

  it('pages by keyset: the pages join into the whole ledger, balances and totals unchanged', async () => {
    const whole = (await inject('GET', `/api/ledger/${ids.till}?${range}&pageSize=1000`)).json();
    const pages: LedgerRow[] = [];
    let cursor: string | null = null;
    let count = 0;
    do {
      const page: LedgerResponse = (await inject('GET', `/api/ledger/${ids.till}?${range}&pageSize=4${cursor ? `&after=${cursor}` : ''}`)).json();
      expect(page.openingBalance).toBe(whole.openingBalance);
      expect(page.closingBalance).toBe(whole.closingBalance);
      expect(page.totals).toEqual(whole.totals);
      pages.push(...page.rows);
      cursor = page.nextCursor;
      count += 1;
    } while (cursor);
    expect(count).toBe(6);
    expect(pages).toEqual(whole.rows);
    expect((await inject('GET', `/api/ledger/${ids.till}?after=not-a-cursor`)).statusCode).toBe(400);
  });

  it('defaults to the fiscal year of today, and answers 404 for an unknown account', async () => {
    const ledger = (await inject('GET', `/api/ledger/${ids.till}`)).json();
    expect(ledger.from).toMatch(/^\d{4}-07-01$/);
    expect(ledger.to).toMatch(/^\d{4}-06-30$/);
    expect((await inject('GET', '/api/ledger/999999')).statusCode).toBe(404);
  });

  it('exports CSV and Excel with the opening and closing lines', async () => {
    const csv = await inject('GET', `/api/ledger/${ids.till}/export?format=csv&${range}`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Date,Document,Narration,Memo,Debit,Credit,Balance');
    expect(lines[1]).toContain('Opening balance');
    expect(lines[1]).toContain('"1,050.00 Dr"');
    expect(lines).toHaveLength(1 + 1 + 23 + 1);
    expect(lines.at(-1)).toContain('Closing balance');
    const xlsx = await inject('GET', `/api/ledger/${ids.till}/export?format=xlsx&${range}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as never);
    expect(workbook.worksheets[0]!.rowCount).toBe(26);
  });
});

describe('statements', () => {
  it('the trial balance balances and shows openings, movements and closings', async () => {
    const trial = (await inject('GET', `/api/accounting/trial-balance?${range}`)).json();
    expect(trial.totals.debit).toBe(trial.totals.credit);
    expect(trial.totals.opening).toBe('0.00');
    expect(trial.totals.closing).toBe('0.00');
    const till = trial.rows.find((r: { accountId: number }) => r.accountId === ids.till);
    const ledger = (await inject('GET', `/api/ledger/${ids.till}?${range}`)).json();
    expect(till).toMatchObject({ opening: ledger.openingBalance, debit: ledger.totals.debit, credit: ledger.totals.credit, closing: ledger.closingBalance, headName: 'Assets', subHeadName: 'Cash & Bank' });
  });

  it('profit and loss groups income and expenses by sub-head', async () => {
    const pl = (await inject('GET', `/api/accounting/profit-and-loss?${range}`)).json();
    expect(pl.income).toEqual([{ label: 'Sales', amount: pl.totalIncome, children: [{ label: 'L-400 Ledger fees', accountId: ids.fees, amount: pl.totalIncome }] }]);
    expect(pl.expenses[0]).toMatchObject({ label: 'Operating expenses', amount: pl.totalExpenses });
    expect(pl.profit).toBe(fromMinorUnits(toMinorUnits(pl.totalIncome) - toMinorUnits(pl.totalExpenses)));
  });

  it('the balance sheet balances, with the period profit and the earlier years\' profit in retained earnings (issue 27)', async () => {
    const settings = await inject('PUT', '/api/settings', { ...(await inject('GET', '/api/settings')).json().settings, companyName: 'Ledger Co', fiscalYearStartMonth: 1 });
    expect(settings.statusCode, settings.body).toBe(200);
    const sheet = (await inject('GET', '/api/accounting/balance-sheet?to=2025-12-31')).json();
    expect(sheet.totalAssets).toBe(sheet.totalLiabilitiesAndEquity);
    const pl = (await inject('GET', `/api/accounting/profit-and-loss?${range}`)).json();
    expect(sheet.equity).toEqual(
      expect.arrayContaining([
        { label: 'Profit for the period', amount: pl.profit },
        expect.objectContaining({ label: 'Retained earnings', amount: '50.00' }),
      ]),
    );
    expect(sheet.equity.map((line: { label: string }) => line.label)).not.toContain('Profit of earlier years');
    const till = (await inject('GET', `/api/ledger/${ids.till}?${range}`)).json();
    expect(sheet.assets).toEqual([{ label: 'Cash & Bank', amount: till.closingBalance, children: [{ label: 'L-100 Ledger till', accountId: ids.till, amount: till.closingBalance }] }]);
  });
});
