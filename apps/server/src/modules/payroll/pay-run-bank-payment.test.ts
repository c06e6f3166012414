import { addDecimals, type PaySlipDetail, roundToStep, fromMinorUnits, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { documentServices } from '../../lib/document/document-services.ts';
import { countStatements } from '../../test/count-statements.ts';
import { pdfTextLines } from '../../test/pdf-text.ts';
import { type PayrollFixtures, payrollFixtures } from '../../test/payroll-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { payRunBinding } from './pay-runs.binding.ts';

/**
 * Issue 20: a pay run as a user limited to regions sees it (the runs with slips of their
 * regions, totals, PDFs and bank file over those slips only); paying a run from its bank file
 * (one payment per employee, set-based); the net rounding of the settings.
 */
let t: TestApp;
let f: PayrollFixtures;
let bank = 0;
const people = { northBank: 0, northCash: 0, southOne: 0, southTwo: 0 };
let southUser = { id: 0, token: '' };

beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
  f = await payrollFixtures(t, 'PB');
  bank = f.account('1010');
  people.northBank = await f.employee({ name: 'Nadia North', regionId: f.north, departmentId: f.sales });
  people.northCash = await f.employee({ name: 'Cash North', regionId: f.north, departmentId: f.lab, bank: false });
  people.southOne = await f.employee({ name: 'Saima South', regionId: f.south, departmentId: f.sales });
  people.southTwo = await f.employee({ name: 'Sohail South', regionId: f.south, departmentId: f.lab });
  for (const [id, basic] of [
    [people.northBank, '61000'],
    [people.northCash, '42000'],
    [people.southOne, '53000'],
    [people.southTwo, '47000'],
  ] as const) {
    await f.assign(id, '2025-01-01', basic);
  }
  const user = await t.userWithRole('accountant');
  await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions: [f.south] })}::jsonb WHERE id = ${user.id}::int`);
  southUser = user;
});
afterAll(async () => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

const generate = (body: Record<string, unknown>) => f.generate(body);
const post = (id: number) => f.post(id);
const slipsOf = async (runId: number, token = t.adminToken): Promise<PaySlipDetail[]> => (await f.call('GET', `/api/pay-slips?payRunId=${runId}`, undefined, token)).json().data;
const bankRows = (body: string) => body.replace(/^\uFEFF/, '').trim().split('\r\n').slice(1).map((l) => l.split(',')[1]).sort();
const netOf = (slips: PaySlipDetail[], ...ids: number[]) => addDecimals(slips.filter((s) => ids.includes(s.employeeId)).map((s) => s.net));

let allRun = 0;
let northRun = 0;

describe('pay runs for a user limited to regions', () => {
  it('lists, reads, prints and writes the bank file of a run over their regions’ slips only; another region’s run is not theirs', async () => {
    allRun = await generate({ month: '2026-04' });
    northRun = await generate({ month: '2026-05', regionIds: [f.north] });
    const slips = await slipsOf(allRun);
    expect(slips).toHaveLength(4);
    const southNet = netOf(slips, people.southOne, people.southTwo);

    const list = (await f.call('GET', '/api/pay-runs', undefined, southUser.token)).json().data as Array<{ id: number; slips: number; net: string; gross: string }>;
    expect(list.map((r) => r.id)).toEqual([allRun]);
    expect(list[0]).toMatchObject({ slips: 2, net: southNet });
    const one = await f.call('GET', `/api/pay-runs/${allRun}`, undefined, southUser.token);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ slips: 2, net: southNet, gross: addDecimals(slips.filter((s) => s.regionId === f.south).map((s) => s.gross)) });
    // The admin sees the whole run.
    expect((await f.call('GET', `/api/pay-runs/${allRun}`)).json().data).toMatchObject({ slips: 4, net: addDecimals(slips.map((s) => s.net)) });

    const file = await f.call('GET', `/api/pay-runs/${allRun}/bank-file`, undefined, southUser.token);
    expect(file.statusCode).toBe(200);
    expect(bankRows(file.body)).toEqual(['Saima South', 'Sohail South']);
    expect(bankRows((await f.call('GET', `/api/pay-runs/${allRun}/bank-file`)).body)).toEqual(['Nadia North', 'Saima South', 'Sohail South']);
    const pdf = await f.call('GET', `/api/pay-runs/${allRun}/pdf`, undefined, southUser.token);
    expect(pdf.statusCode).toBe(200);

    for (const path of ['', '/pdf', '/bank-file']) expect((await f.call('GET', `/api/pay-runs/${northRun}${path}`, undefined, southUser.token)).statusCode).toBe(404);
  });

  it('runs payroll for their regions only: a run names regions, all theirs; a company-wide run is not theirs to approve', async () => {
    const create = (body: object) => f.call('POST', '/api/pay-runs', body, southUser.token);
    for (const body of [{ month: '2026-09' }, { month: '2026-09', regionIds: [f.north] }, { month: '2026-09', regionIds: [f.south, f.north] }]) {
      const refused = await create(body);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(Object.keys(refused.json().errors)).toEqual(['regionIds']);
    }
    const approve = await f.call('POST', `/api/pay-runs/${allRun}/approve`, undefined, southUser.token);
    expect(approve.statusCode, approve.body).toBe(403);
    const own = await create({ month: '2026-09', regionIds: [f.south] });
    expect(own.statusCode, own.body).toBe(201);
    await t.app.ctx.jobs.runUntilIdle();
    expect((await f.call('DELETE', `/api/pay-runs/${own.json().data.id}`, undefined, southUser.token)).statusCode).toBe(200);
  });
});

describe('paying a run from its bank file', () => {
  it('refuses a run not posted, bad input (400 naming the field) and an auditor', async () => {
    expect((await f.call('POST', `/api/pay-runs/${allRun}/pay`, { paymentDate: '2026-05-03', accountId: bank })).statusCode).toBe(409);
    await post(allRun);
    // Issue 27: the scope is checked before the state: a posted company-wide run is still not theirs (403, not 409).
    for (const action of ['approve', 'recompute', 'post']) {
      const refused = await f.call('POST', `/api/pay-runs/${allRun}/${action}`, undefined, southUser.token);
      expect(refused.statusCode, `${action}: ${refused.body}`).toBe(403);
    }
    const missing = await f.call('POST', `/api/pay-runs/${allRun}/pay`, { paymentDate: '2026-05-03' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toContain('accountId');
    const cash = await f.call('POST', `/api/pay-runs/${allRun}/pay`, { paymentDate: '2026-05-03', accountId: f.account('1000') });
    expect(cash.statusCode, cash.body).toBe(400);
    expect(Object.keys(cash.json().errors)).toEqual(['accountId']);
    // Issue 27: salaries are not paid before the month's last day (the balance sheet of that day would show Salaries payable below zero).
    const early = await f.call('POST', `/api/pay-runs/${allRun}/pay`, { paymentDate: '2026-04-29', accountId: bank });
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().errors).toEqual({ paymentDate: "Salaries are paid on or after the month's last day (2026-04-30)" });
    const auditor = await t.userWithRole('auditor');
    expect((await f.call('POST', `/api/pay-runs/${allRun}/pay`, { paymentDate: '2026-05-03', accountId: bank }, auditor.token)).statusCode).toBe(403);
    // The command palette finds the posted runs as the list shows them: another region's is not the regional user's.
    await post(northRun);
    const found = async (token: string) =>
      ((await f.call('GET', '/api/search?q=PR-2026&types=pay-runs', undefined, token)).json().results as Array<{ id: number }>).map((r) => Number(r.id)).sort();
    expect(await found(t.adminToken)).toEqual([allRun, northRun].sort());
    expect(await found(southUser.token)).toEqual([allRun]);
  });

  it('pays what the bank file lists, in full, one posted payment per employee allocated to the slip; a regional user pays their region only', async () => {
    const before = await slipsOf(allRun);
    const paid = await f.call('POST', `/api/pay-runs/${allRun}/pay`, { paymentDate: '2026-05-03', accountId: bank }, southUser.token);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'posted', paymentState: 'paid', slips: 2 });
    // The bank held nothing: paid all the same, with a warning and the balance after (issue 27).
    const southNet = netOf(before, people.southOne, people.southTwo);
    expect(paid.json().data.paidBy).toMatchObject({ total: southNet, bankBalanceAfter: `-${southNet}` });
    expect(paid.json().data.paidBy.warning).toMatch(/^The bank account goes below zero: its balance after these payments is -[\d,]+\.\d\d$/);
    expect((await f.call('GET', `/api/pay-runs/${allRun}`)).json().data.paymentState).toBe('partlyPaid');

    const payments = (await f.call('GET', '/api/payments?pageSize=100')).json().data as Array<{ id: number }>;
    expect(payments).toHaveLength(2);
    for (const { id } of payments) {
      const payment = (await f.call('GET', `/api/payments/${id}`)).json().data;
      const slip = before.find((s) => s.employeeId === payment.employeeId)!;
      expect(slip.regionId).toBe(f.south);
      expect(payment).toMatchObject({
        status: 'posted',
        payeeType: 'employee',
        method: 'bank',
        accountId: bank,
        amount: slip.net,
        allocatedAmount: slip.net,
        documentNumber: expect.stringMatching(/^PV-2026-\d{6}$/),
      });
      expect(payment.allocations).toEqual([expect.objectContaining({ paySlipId: slip.id, amount: slip.net, released: false })]);
      // Its voucher names the slip it paid.
      const voucher = pdfTextLines((await f.call('GET', `/api/payments/${id}/pdf`)).rawPayload).join('\n');
      expect(voucher).toContain('Pay slip');
      expect(voucher).toContain(`${slip.payRunNumber} 2026-04`);
    }
    // The admin pays the rest of the file: the north bank slip; the cash slip is not in it.
    // No date given: today on the server's clock, as it is after the run's last day.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 4, 3, 12));
    const rest = await f.call('POST', `/api/pay-runs/${allRun}/pay`, { accountId: bank, reference: 'April salaries' });
    vi.useRealTimers();
    expect(rest.statusCode, rest.body).toBe(200);
    const [restPayment] = await queryRows<{ d: string }>(t.database.db, sql`SELECT document_date::text AS d FROM payments WHERE employee_id = ${people.northBank}::int`);
    expect(restPayment!.d).toBe('2026-05-03');
    expect(rest.json().data.paymentState).toBe('partlyPaid');
    expect(bankRows((await f.call('GET', `/api/pay-runs/${allRun}/bank-file`)).body)).toEqual([]);
    expect((await f.call('POST', `/api/pay-runs/${allRun}/pay`, { paymentDate: '2026-05-03', accountId: bank })).statusCode).toBe(409);
    const after = await slipsOf(allRun);
    expect(after.map((s) => [s.employeeName, s.status]).sort()).toEqual([
      ['Cash North', 'posted'],
      ['Nadia North', 'paid'],
      ['Saima South', 'paid'],
      ['Sohail South', 'paid'],
    ]);

    // The ledger: each payment Dr Salaries payable (party the employee), Cr the bank, balanced; what the slips were paid is settled.
    const rows = await queryRows<{ debit: string; credit: string; accountId: number; partyId: number | null }>(
      t.database.db,
      sql`SELECT debit::text, credit::text, account_id AS "accountId", party_id AS "partyId" FROM gl_entries WHERE document_type = 'payments'`,
    );
    expect(rows).toHaveLength(6);
    expect(addDecimals(rows.map((r) => r.debit))).toBe(addDecimals(rows.map((r) => r.credit)));
    // Issue 27: each file posts ONE bank line, on the run, for the file's total: the bank statement's one debit meets one ledger row.
    const bankLines = await queryRows<{ credit: string; debit: string }>(
      t.database.db,
      sql`SELECT credit::text, debit::text FROM gl_entries WHERE account_id = ${bank}::int AND document_type = 'pay-runs' AND document_id = ${allRun}::int ORDER BY id`,
    );
    expect(bankLines.map((r) => r.credit)).toEqual([netOf(before, people.southOne, people.southTwo), netOf(before, people.northBank)]);
    expect(addDecimals(bankLines.map((r) => r.credit))).toBe(netOf(before, people.northBank, people.southOne, people.southTwo));
    expect(rows.filter((r) => r.accountId === bank)).toEqual([]);
    const [balance] = await queryRows<{ b: string }>(
      t.database.db,
      sql`SELECT coalesce(sum(credit - debit), 0)::text AS b FROM gl_entries WHERE account_id = ${f.account('2200')}::int AND party_id = ${people.southOne}::int`,
    );
    expect(Number(balance!.b)).toBe(0);
    // The cash slip is paid by an ordinary payment; then the run is paid.
    const cashSlip = after.find((s) => s.employeeId === people.northCash)!;
    const cash = await f.call('POST', '/api/payments', {
      payeeType: 'employee',
      employeeId: people.northCash,
      paymentDate: '2026-05-03',
      method: 'cash',
      amount: cashSlip.net,
      allocations: [{ paySlipId: cashSlip.id, amount: cashSlip.net }],
      post: true,
    });
    expect(cash.statusCode, cash.body).toBe(201);
    expect((await f.call('GET', `/api/pay-runs/${allRun}`)).json().data.paymentState).toBe('paid');
    // Found by the command palette like any payment.
    const [indexed] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM search_index WHERE entity_type = 'payments'`);
    expect(indexed!.n).toBe(4);
  });

  it('takes the same number of statements for 5 employees as for 300', async () => {
    const admin: Actor = { userId: 1, role: 'admin', scopes: [], permissions: {} };
    const services = documentServices(payRunBinding);
    const counts: number[] = [];
    for (const [index, headcount] of [5, 300].entries()) {
      const region = Number(
        (await queryRows<{ id: number }>(t.database.db, sql`INSERT INTO regions (region_name, region_code) VALUES (${`Pay ${headcount}`}, ${`P${headcount}`}) RETURNING id`))[0]!.id,
      );
      await t.database.db.execute(sql`WITH e AS (
          INSERT INTO employees (employee_code, employee_name, region_id, department_id, join_date, status, pay_mode, bank_name, bank_account)
          SELECT 'P' || ${headcount}::int || '-' || g, 'Payee ' || g, ${region}::int, ${f.sales}::int, '2020-01-01', 'active', 'bank', 'HBL', 'PK' || g
          FROM generate_series(1, ${headcount}::int) g RETURNING id)
        INSERT INTO salary_assignments (employee_id, effective_from, basic) SELECT id, '2020-01-01', 40000 + id FROM e`);
      const id = await generate({ month: `2026-0${index + 6}`, regionIds: [region] });
      await post(id);
      const count = await t.database.db.transaction(async (tx) => {
        const counter = countStatements(tx);
        const run = await services.run(tx, admin, id, 'pay', { paymentDate: `2026-0${index + 7}-02`, accountId: bank });
        expect(run.paymentState).toBe('paid');
        return counter.count;
      });
      const [made] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM payments WHERE region_id = ${region}::int AND status = 'posted'`);
      expect(made!.n).toBe(headcount);
      counts.push(count);
    }
    expect(counts[1]).toBe(counts[0]);
    expect(counts[0]).toBeLessThanOrEqual(12);
  }, 120_000);
});

describe('the net rounding of the settings', () => {
  it('rounds each net to the nearest 10, or not at all at 0.01, or up to 1 (the default) posted to the rounding account; the difference is the slip’s rounding', async () => {
    const region = Number((await queryRows<{ id: number }>(t.database.db, sql`INSERT INTO regions (region_name, region_code) VALUES ('Rounding', 'RND') RETURNING id`))[0]!.id);
    for (const [name, basic] of [
      ['Round One', '45678.40'],
      ['Round Two', '51234.56'],
      ['Round Three', '38765.05'],
    ] as const) {
      await f.assign(await f.employee({ name, regionId: region, departmentId: f.sales }), '2025-01-01', basic);
    }
    const setting = async (step: string, mode: string) => {
      const response = await f.call('PUT', '/api/settings', { netRoundingStep: step, netRoundingMode: mode });
      expect(response.statusCode, response.body).toBe(200);
    };
    expect((await f.call('PUT', '/api/settings', { netRoundingStep: '5' })).json().errors).toHaveProperty('netRoundingStep');

    await setting('0.01', 'up');
    const id = await generate({ month: '2026-10', regionIds: [region] });
    const exact = await slipsOf(id);
    expect(exact).toHaveLength(3);
    for (const slip of exact) {
      expect(slip.rounding).toBe('0.00');
      expect(slip.net).toBe(addDecimals([slip.gross, `-${slip.deductions}`]));
    }
    expect(exact.some((s) => !s.net.endsWith('0.00'))).toBe(true);

    await setting('10', 'nearest');
    expect((await f.call('POST', `/api/pay-runs/${id}/recompute`)).statusCode).toBe(200);
    await t.app.ctx.jobs.runUntilIdle();
    const tens = await slipsOf(id);
    for (const slip of tens) {
      const unrounded = exact.find((s) => s.employeeId === slip.employeeId)!.net;
      const expected = fromMinorUnits(roundToStep(toMinorUnits(unrounded), 1000n, 'nearest'));
      expect(slip.net).toBe(expected);
      expect(slip.rounding).toBe(fromMinorUnits(toMinorUnits(expected) - toMinorUnits(unrounded)));
      expect(addDecimals([slip.gross, `-${slip.deductions}`, slip.rounding])).toBe(slip.net);
    }
    expect(tens.some((s) => s.rounding !== '0.00')).toBe(true);

    // Back to the default, up to 1: posted, the roundings go to the payroll rounding account.
    await setting('1', 'up');
    expect((await f.call('POST', `/api/pay-runs/${id}/recompute`)).statusCode).toBe(200);
    await t.app.ctx.jobs.runUntilIdle();
    const ones = await slipsOf(id);
    for (const slip of ones) {
      const unrounded = exact.find((s) => s.employeeId === slip.employeeId)!.net;
      expect(slip.net).toBe(fromMinorUnits(roundToStep(toMinorUnits(unrounded), 100n, 'up')));
    }
    await post(id);
    const [rounding] = await queryRows<{ amount: string }>(
      t.database.db,
      sql`SELECT coalesce(sum(debit - credit), 0)::numeric(18, 2)::text AS amount FROM gl_entries
          WHERE document_type = 'pay-runs' AND document_id = ${id}::int AND account_id = (SELECT account_id FROM posting_accounts WHERE key = 'payrollRounding')`,
    );
    expect(rounding!.amount).toBe(addDecimals(ones.map((s) => s.rounding)));
    expect(toMinorUnits(rounding!.amount) > 0n).toBe(true);
  });
});
