import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDecimals, type PaySlipDetail } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { documentServices } from '../../lib/document/document-services.ts';
import { countStatements } from '../../test/count-statements.ts';
import { type PayrollFixtures, payrollFixtures } from '../../test/payroll-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { payRunJob } from './pay-run-job.ts';
import { payRunBinding } from './pay-runs.binding.ts';

let t: TestApp;
let f: PayrollFixtures;
const people = { ayesha: 0, bilal: 0, ahmad: 0, left: 0 };
const urduName = 'احمد علی';

beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
  f = await payrollFixtures(t, 'PR');
  people.ayesha = await f.employee({ name: 'Ayesha Khan', regionId: f.north, departmentId: f.sales, joinDate: '2026-04-16' });
  await f.assign(people.ayesha, '2026-04-16', '60000');
  people.bilal = await f.employee({ name: 'Bilal Ahmed', regionId: f.north, departmentId: f.lab });
  await f.assign(people.bilal, '2025-01-01', '50000');
  await f.assign(people.bilal, '2026-04-16', '60000');
  people.ahmad = await f.employee({ name: urduName, regionId: f.south, departmentId: f.sales, bank: false });
  // Paid overtime (a line of OVERTIME, whose formula reads the month's hours): his month needs inputs.
  await f.assign(people.ahmad, '2025-01-01', '40000', [{ code: 'OVERTIME' }]);
  people.left = await f.employee({ name: 'Gone Before', regionId: f.south, departmentId: f.lab, exitDate: '2026-03-31' });
  await f.assign(people.left, '2025-01-01', '40000');
});
afterAll(async () => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

const runOf = async (id: number) => (await f.call('GET', `/api/pay-runs/${id}`)).json().data;
const slipsOf = async (runId: number): Promise<PaySlipDetail[]> => {
  const response = await f.call('GET', `/api/pay-slips?payRunId=${runId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
async function generate(body: Record<string, unknown>): Promise<number> {
  const response = await f.call('POST', '/api/pay-runs', body);
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json().data).toMatchObject({ status: 'draft', generating: true, processedEmployees: 0 });
  await t.app.ctx.jobs.runUntilIdle();
  return response.json().data.id;
}
const glOf = (id: number) =>
  queryRows<{ accountId: number; debit: string; credit: string; regionId: number | null; departmentId: number | null; partyType: string | null; partyId: number | null }>(
    t.database.db,
    sql`SELECT account_id AS "accountId", debit::text, credit::text, region_id AS "regionId", department_id AS "departmentId", party_type AS "partyType", party_id AS "partyId"
        FROM gl_entries WHERE document_type = 'pay-runs' AND document_id = ${id}::int ORDER BY id`,
  );
const amounts = (slip: PaySlipDetail, code: string) => slip.lines.filter((l) => l.code === code).map((l) => l.amount);
const byEmployee = (slips: PaySlipDetail[], id: number) => slips.find((s) => s.employeeId === id)!;

function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'payslip-'));
  writeFileSync(join(dir, 'slip.pdf'), bytes);
  return execFileSync('pdftotext', ['-layout', join(dir, 'slip.pdf'), '-'], { encoding: 'utf8' }).normalize('NFKC');
}

let northRun = 0;
let southRun = 0;

describe('a pay run', () => {
  it('generates the slips of its regions with a job: a joiner on the 16th gets 15/30, a raise on the 16th half at each rate', async () => {
    northRun = await generate({ month: '2026-04', regionIds: [f.north] });
    const run = await runOf(northRun);
    expect(run).toMatchObject({ generating: false, totalEmployees: 2, processedEmployees: 2, slips: 2, error: null });
    const slips = await slipsOf(northRun);
    const ayesha = byEmployee(slips, people.ayesha);
    expect(ayesha).toMatchObject({ paidDays: '15', month: '2026-04', status: 'draft' });
    expect(amounts(ayesha, 'BASIC')).toEqual(['30000.00']);
    const bilal = byEmployee(slips, people.bilal);
    expect(amounts(bilal, 'BASIC')).toEqual(['25000.00', '30000.00']);
    for (const slip of slips) {
      expect(addDecimals([slip.gross, `-${slip.deductions}`, slip.rounding])).toBe(slip.net);
      expect(slip.net).toMatch(/\.00$/);
    }
    expect(run.net).toBe(addDecimals(slips.map((s) => s.net)));
    // The list's rows carry the same totals.
    const list = (await f.call('GET', '/api/pay-runs')).json().data;
    expect(list.find((r: { id: number }) => r.id === northRun)).toMatchObject({ slips: 2, net: run.net, gross: run.gross, paymentState: 'unpaid' });
  });

  it('gives identical slips when recomputed, and refuses a run overlapping a live one of the month (409 naming them)', async () => {
    const before = await slipsOf(northRun);
    const recompute = await f.call('POST', `/api/pay-runs/${northRun}/recompute`);
    expect(recompute.statusCode, recompute.body).toBe(200);
    await t.app.ctx.jobs.runUntilIdle();
    const after = await slipsOf(northRun);
    const shape = (slips: PaySlipDetail[]) => slips.map(({ id: _id, lines, ...rest }) => ({ ...rest, lines }));
    expect(shape(after)).toEqual(shape(before));
    const [{ n }] = (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM pay_slips WHERE pay_run_id = ${northRun}::int`)) as [{ n: number }];
    expect(n).toBe(2);

    const all = await f.call('POST', '/api/pay-runs', { month: '2026-04' });
    expect(all.statusCode).toBe(409);
    expect(all.json().message).toContain('Ayesha Khan');
    // Another region's run stands beside it.
    southRun = await generate({ month: '2026-04', regionIds: [f.south] });
    const south = await slipsOf(southRun);
    expect(south.map((s) => s.employeeId)).toEqual([people.ahmad]);
    expect(south[0]!.flags).toContain('missingInputs');
    // Issue 27: no component of theirs reads an input, so no inputs are missing for Ayesha and Bilal.
    expect(after.flatMap((s) => s.flags)).not.toContain('missingInputs');
  });

  it('posts one balanced journal: expense per region and department, Salaries payable per employee as party; never twice', async () => {
    expect((await f.call('POST', `/api/pay-runs/${northRun}/post`)).statusCode).toBe(409);
    expect((await f.call('POST', `/api/pay-runs/${northRun}/approve`)).statusCode).toBe(200);
    const posted = await f.call('POST', `/api/pay-runs/${northRun}/post`);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().data).toMatchObject({ status: 'posted', documentNumber: expect.stringMatching(/^PR-2026-\d{6}$/) });
    expect((await f.call('POST', `/api/pay-runs/${northRun}/post`)).statusCode).toBe(409);

    const rows = await glOf(northRun);
    const slips = await slipsOf(northRun);
    expect(addDecimals(rows.map((r) => r.debit))).toBe(addDecimals(rows.map((r) => r.credit)));
    const payable = rows.filter((r) => r.accountId === f.account('2200'));
    expect(payable.map((r) => [r.partyType, Number(r.partyId), r.credit]).sort()).toEqual(slips.map((s) => ['employee', s.employeeId, s.net]).sort());
    const earnings = new Set([f.account('6100'), f.account('6110'), f.account('6120')]);
    const expense = rows.filter((r) => earnings.has(r.accountId));
    expect(addDecimals(expense.map((r) => r.debit))).toBe(addDecimals(slips.map((s) => s.gross)));
    expect(new Set(expense.map((r) => r.regionId))).toEqual(new Set([f.north]));
    expect(new Set(expense.map((r) => Number(r.departmentId)))).toEqual(new Set([f.sales, f.lab]));
    // At most components x regions x departments + employees.
    expect(rows.length).toBeLessThanOrEqual(10 * 1 * 2 + 2 + 10);
    expect(slips.every((s) => s.status === 'posted')).toBe(true);

    // The assignments a posted slip used are kept: HR's writes ask (payroll-usage.ts).
    const [assignment] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM salary_assignments WHERE employee_id = ${people.bilal}::int ORDER BY effective_from LIMIT 1`);
    expect((await f.call('PUT', `/api/salary-assignments/${assignment!.id}`, { basic: '51000.00' })).statusCode).toBe(409);
    // A slip of a posted run is kept as posted.
    await expect(t.database.db.execute(sql`UPDATE pay_slips SET net = net + 1, gross = gross + 1 WHERE pay_run_id = ${northRun}::int`)).rejects.toThrow();
  });

  it('cancels a posted run with its reversal, keeping the original', async () => {
    await f.call('POST', `/api/pay-runs/${southRun}/approve`);
    expect((await f.call('POST', `/api/pay-runs/${southRun}/post`)).statusCode).toBe(200);
    const original = await glOf(southRun);
    const cancelled = await f.call('POST', `/api/pay-runs/${southRun}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    const rows = await glOf(southRun);
    expect(rows.slice(0, original.length)).toEqual(original);
    expect(rows.slice(original.length)).toEqual(original.map((r) => ({ ...r, debit: r.credit, credit: r.debit })));
    expect((await slipsOf(southRun))[0]!.status).toBe('cancelled');
  });

  it('prints a slip with the name, month, each line, the net in figures and words; an Urdu name prints', async () => {
    const slip = byEmployee(await slipsOf(northRun), people.ayesha);
    const response = await f.call('GET', `/api/pay-slips/${slip.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/pdf');
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Ayesha Khan');
    expect(text).toContain('April 2026');
    for (const line of slip.lines) expect(text).toContain(line.componentName);
    expect(text).toContain(Number(slip.net).toLocaleString('en-US', { minimumFractionDigits: 2 }));
    expect(text.replace(/\s+/g, ' ')).toContain(slip.netInWords);

    const urdu = (await slipsOf(southRun))[0]!;
    const text2 = pdfText((await f.call('GET', `/api/pay-slips/${urdu.id}/pdf`)).rawPayload);
    expect(text2).not.toContain('???');
    for (const word of urduName.normalize('NFKC').split(' ')) expect(text2.includes(word) || text2.includes([...word].reverse().join(''))).toBe(true);

    const run = await f.call('GET', `/api/pay-runs/${northRun}/pdf`);
    expect(run.statusCode).toBe(200);
    const all = pdfText(run.rawPayload);
    expect(all).toContain('Ayesha Khan');
    expect(all).toContain('Bilal Ahmed');
  });

  it('is paid through payments allocated to its slips: 60 % then 40 % moves it partly paid, then paid', async () => {
    const slips = await slipsOf(northRun);
    const bank = f.account('1010');
    const pay = (slip: PaySlipDetail, amount: string) =>
      f.call('POST', '/api/payments', {
        payeeType: 'employee',
        employeeId: slip.employeeId,
        paymentDate: '2026-05-02',
        method: 'bank',
        accountId: bank,
        amount,
        reference: 'Salary April',
        allocations: [{ paySlipId: slip.id, amount }],
        post: true,
      });
    const sixty = (net: string) => (Math.round(Number(net) * 60) / 100).toFixed(2);
    for (const slip of slips) {
      const response = await pay(slip, sixty(slip.net));
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data.allocations[0]).toMatchObject({ paySlipId: slip.id, amount: sixty(slip.net) });
    }
    expect((await runOf(northRun)).paymentState).toBe('partlyPaid');
    expect((await slipsOf(northRun)).map((s) => s.status)).toEqual(['partlyPaid', 'partlyPaid']);
    // More than is open is refused; then the rest.
    expect((await pay(slips[0]!, slips[0]!.net)).statusCode).toBe(409);
    for (const slip of slips) expect((await pay(slip, addDecimals([slip.net, `-${sixty(slip.net)}`]))).statusCode).toBe(201);
    expect((await runOf(northRun)).paymentState).toBe('paid');
    expect((await slipsOf(northRun)).map((s) => s.status)).toEqual(['paid', 'paid']);
    // Salaries payable of each employee is settled: the payments' debits meet the run's credits.
    const [balance] = await queryRows<{ b: string }>(t.database.db, sql`SELECT coalesce(sum(credit - debit), 0)::text AS b FROM gl_entries WHERE account_id = ${f.account('2200')}::int AND party_id = ${people.ayesha}::int`);
    expect(Number(balance!.b)).toBe(0);
    // A paid run is not cancelled.
    expect((await f.call('POST', `/api/pay-runs/${northRun}/cancel`)).statusCode).toBe(409);
  });

  it('shows and pays a regional user only their region’s slips; an auditor reads only', async () => {
    const user = await t.userWithRole('accountant');
    await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions: [f.south] })}::jsonb WHERE id = ${user.id}::int`);
    const north = await f.call('GET', `/api/pay-slips?payRunId=${northRun}`, undefined, user.token);
    expect(north.json().data).toEqual([]);
    const slip = byEmployee(await slipsOf(northRun), people.ayesha);
    expect((await f.call('GET', `/api/pay-slips/${slip.id}/pdf`, undefined, user.token)).statusCode).toBe(404);
    const auditor = await t.userWithRole('auditor');
    expect((await f.call('GET', '/api/pay-slips', undefined, auditor.token)).statusCode).toBe(200);
    expect((await f.call('POST', '/api/pay-runs', { month: '2026-06' }, auditor.token)).statusCode).toBe(403);
  });

  it('writes the bank file of the bank-paid slips', async () => {
    const all = await generate({ month: '2026-05' });
    const response = await f.call('GET', `/api/pay-runs/${all}/bank-file`);
    expect(response.statusCode).toBe(200);
    const lines = response.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Employee code,Employee,Bank,Account,Net');
    // The cash-paid employee is not in it.
    expect(lines.slice(1).map((l) => l.split(',')[1]).sort()).toEqual(['Ayesha Khan', 'Bilal Ahmed']);
  });
});

describe('an employee moved to another region after a run paid their month', () => {
  it("is left out of the new region's run of that month; a run holding them anyway is neither approved nor posted (409)", async () => {
    const region = async (code: string) => Number((await queryRows<{ id: number }>(t.database.db, sql`INSERT INTO regions (region_name, region_code) VALUES (${code}, ${code}) RETURNING id`))[0]!.id);
    const from = await region('MOVF');
    const to = await region('MOVT');
    const moved = await f.employee({ name: 'Moved Soon', regionId: from, departmentId: f.sales });
    await f.assign(moved, '2025-01-01', '50000');
    const stays = await f.employee({ name: 'Stays Put', regionId: to, departmentId: f.sales });
    await f.assign(stays, '2025-01-01', '40000');
    const first = await generate({ month: '2027-08', regionIds: [from] });
    await f.post(first);
    const transfer = await f.call('PUT', `/api/employees/${moved}`, { regionId: to });
    expect(transfer.statusCode, transfer.body).toBe(200);

    const second = await generate({ month: '2027-08', regionIds: [to] });
    expect((await slipsOf(second)).map((s) => s.employeeId)).toEqual([stays]);
    expect((await runOf(second)).processedEmployees).toBe(2);
    // Two generations at once could each compute them: the slip the other run holds, copied in.
    await t.database.db.execute(sql`WITH copied AS (
        INSERT INTO pay_slips (pay_run_id, employee_id, month, employee_code, employee_name, region_id, department_id, bank_name, bank_account, paid_days,
                               gross, deductions, employer_cost, taxable, rounding, net, net_in_words, snapshot)
        SELECT ${second}::int, employee_id, month, employee_code, employee_name, ${to}::int, department_id, bank_name, bank_account, paid_days,
               gross, deductions, employer_cost, taxable, rounding, net, net_in_words, snapshot FROM pay_slips WHERE pay_run_id = ${first}::int RETURNING id)
      INSERT INTO pay_slip_lines (pay_slip_id, line_no, component_id, code, component_name, kind, basis, rate, amount, account_id, liability_account_id)
      SELECT (SELECT id FROM copied), l.line_no, l.component_id, l.code, l.component_name, l.kind, l.basis, l.rate, l.amount, l.account_id, l.liability_account_id
      FROM pay_slip_lines l JOIN pay_slips s ON s.id = l.pay_slip_id WHERE s.pay_run_id = ${first}::int`);
    const message = 'These employees have a slip in another live pay run of the month: Moved Soon. Recompute this run to leave them out';
    const approve = await f.call('POST', `/api/pay-runs/${second}/approve`);
    expect(approve.statusCode, approve.body).toBe(409);
    expect(approve.json().message).toBe(message);
    // Approved before the other run's slip was written: the post asks again.
    await t.database.db.execute(sql`UPDATE pay_runs SET status = 'approved' WHERE id = ${second}::int`);
    const post = await f.call('POST', `/api/pay-runs/${second}/post`);
    expect(post.statusCode, post.body).toBe(409);
    expect(post.json().message).toBe(message);
    expect(await glOf(second)).toEqual([]);
  });
});

describe('a pay run of any headcount', () => {
  it('takes fewer than 50 statements to generate and fewer than 50 to post, for 5 employees as for 600', async () => {
    const admin: Actor = { userId: 1, role: 'admin', scopes: [], permissions: {} };
    const services = documentServices(payRunBinding);
    const counts: Array<{ generate: number; post: number }> = [];
    for (const [index, headcount] of [5, 600].entries()) {
      const month = `2026-0${index + 1}`;
      const region = Number(
        (await queryRows<{ id: number }>(t.database.db, sql`INSERT INTO regions (region_name, region_code) VALUES (${`Bench ${headcount}`}, ${`B${headcount}`}) RETURNING id`))[0]!.id,
      );
      await t.database.db.execute(sql`WITH e AS (
          INSERT INTO employees (employee_code, employee_name, region_id, department_id, join_date, status, pay_mode, bank_name, bank_account)
          SELECT 'B' || ${headcount}::int || '-' || g, 'Bench ' || g, ${region}::int, ${g(f.sales, f.lab)}, '2020-01-01', 'active', 'bank', 'HBL', 'PK' || g
          FROM generate_series(1, ${headcount}::int) g RETURNING id)
        INSERT INTO salary_assignments (employee_id, effective_from, basic) SELECT id, '2020-01-01', 50000 + id FROM e`);
      const run = await t.database.db.transaction((tx) => services.create(tx, admin, { month, regionIds: [region] }));
      const [job] = await queryRows<{ id: number; payload: unknown }>(t.database.db, sql`SELECT id, payload FROM jobs WHERE subject_id = ${run.id}::int AND kind = 'pay-run' ORDER BY id DESC LIMIT 1`);
      const generate = await t.database.db.transaction(async (tx) => {
        const counter = countStatements(tx);
        let cursor = {};
        for (;;) {
          const step = await payRunJob.step(tx, { id: Number(job!.id), kind: 'pay-run', subjectId: run.id, payload: job!.payload as { chunkSize: number }, cursor, attempts: 1, createdBy: 1 });
          cursor = step.cursor;
          if (step.done) break;
        }
        return counter.count;
      });
      await t.database.db.execute(sql`UPDATE jobs SET status = 'done' WHERE id = ${job!.id}::int`);
      await t.database.db.transaction((tx) => services.run(tx, admin, run.id, 'approve'));
      const post = await t.database.db.transaction(async (tx) => {
        const counter = countStatements(tx);
        await services.run(tx, admin, run.id, 'post');
        return counter.count;
      });
      expect((await runOf(run.id)).slips).toBe(headcount);
      counts.push({ generate, post });
    }
    for (const count of counts) {
      expect(count.generate).toBeLessThan(50);
      expect(count.post).toBeLessThan(50);
    }
  }, 120_000);
});

/** Alternating departments for generated employees. */
const g = (a: number, b: number) => sql`CASE WHEN g % 2 = 0 THEN ${a}::int ELSE ${b}::int END`;

describe('a supplementary run', () => {
  it('holds exactly 3 x the difference per component for a raise back-dated over 3 posted months, and nothing for anyone else', async () => {
    const region = Number((await queryRows<{ id: number }>(t.database.db, sql`INSERT INTO regions (region_name, region_code) VALUES ('Supplementary', 'SUPX') RETURNING id`))[0]!.id);
    const raised = await f.employee({ name: 'Raised Later', regionId: region, departmentId: f.sales });
    await f.assign(raised, '2025-01-01', '50000');
    const other = await f.employee({ name: 'Left Alone', regionId: region, departmentId: f.lab });
    await f.assign(other, '2025-01-01', '40000');
    const posted: Record<string, PaySlipDetail> = {};
    for (const month of ['2026-07', '2026-08', '2026-09']) {
      const id = await generate({ month, regionIds: [region] });
      expect((await f.call('POST', `/api/pay-runs/${id}/approve`)).statusCode).toBe(200);
      expect((await f.call('POST', `/api/pay-runs/${id}/post`)).statusCode).toBe(200);
      posted[month] = byEmployee(await slipsOf(id), raised);
    }
    // The raise, back-dated to July: a new assignment (a posted slip's is never edited).
    await f.assign(raised, '2026-07-01', '60000');
    // Made in the current open month: the server's clock says October (only Date is faked).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 9, 15, 12));
    const id = await generate({ month: '2026-10', kind: 'supplementary', regionIds: [region] });
    const slips = await slipsOf(id);
    expect(slips.map((s) => [s.employeeId, s.month])).toEqual([
      [raised, '2026-07'],
      [raised, '2026-08'],
      [raised, '2026-09'],
    ]);
    // Each month's difference is the same: the basic's 10,000 and what follows from it.
    const july = slips[0]!;
    expect(july.lines.find((l) => l.code === 'BASIC')!.amount).toBe('10000.00');
    const total = (code: string) => addDecimals(slips.flatMap((s) => s.lines.filter((l) => l.code === code).map((l) => l.amount)));
    for (const line of july.lines) expect(total(line.code)).toBe(addDecimals([line.amount, line.amount, line.amount]));
    expect(july.lines.some((l) => l.code === 'CONVEYANCE')).toBe(false);
    expect(addDecimals(slips.map((s) => s.gross))).toBe(addDecimals(slips.map((s) => s.gross).slice(0, 1).flatMap((g) => [g, g, g])));

    expect((await f.call('POST', `/api/pay-runs/${id}/approve`)).statusCode).toBe(200);
    const post = await f.call('POST', `/api/pay-runs/${id}/post`);
    expect(post.statusCode, post.body).toBe(200);
    const rows = await glOf(id);
    expect(addDecimals(rows.map((r) => r.debit))).toBe(addDecimals(rows.map((r) => r.credit)));
    const [dated] = await queryRows<{ d: string }>(t.database.db, sql`SELECT DISTINCT entry_date::text AS d FROM gl_entries WHERE document_type = 'pay-runs' AND document_id = ${id}::int`);
    expect(dated!.d).toBe('2026-10-31');
    // Run again next month, nothing differs any more.
    vi.setSystemTime(new Date(2026, 10, 2, 12));
    const again = await generate({ month: '2026-11', kind: 'supplementary', regionIds: [region] });
    expect(await slipsOf(again)).toEqual([]);
    // An earlier month's supplementary run would post into a month already reported.
    const late = await f.call('POST', '/api/pay-runs', { month: '2026-10', kind: 'supplementary', regionIds: [region] });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors.month).toContain('2026-11');
    const draft = (await f.call('GET', `/api/pay-runs/${again}`)).json().data;
    const moved = await f.call('PUT', `/api/pay-runs/${again}`, { month: '2026-09', kind: 'supplementary', regionIds: [region] });
    expect(moved.statusCode, moved.body).toBe(400);
    expect(moved.json().errors).toHaveProperty('month');
    expect(draft.month).toBe('2026-11');
  });

  it('left from an earlier month, is refused on approve and on post (400 naming month, nothing posted); in its own month it approves', async () => {
    const region = Number((await queryRows<{ id: number }>(t.database.db, sql`INSERT INTO regions (region_name, region_code) VALUES ('Supplementary late', 'SUPL') RETURNING id`))[0]!.id);
    const raised = await f.employee({ name: 'Raised Again', regionId: region, departmentId: f.sales });
    await f.assign(raised, '2025-01-01', '50000');
    const september = await generate({ month: '2026-09', regionIds: [region] });
    expect((await f.call('POST', `/api/pay-runs/${september}/approve`)).statusCode).toBe(200);
    expect((await f.call('POST', `/api/pay-runs/${september}/post`)).statusCode).toBe(200);
    await f.assign(raised, '2026-09-01', '55000');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 9, 20, 12));
    const id = await generate({ month: '2026-10', kind: 'supplementary', regionIds: [region] });
    expect(await slipsOf(id)).toHaveLength(1);
    const refusedLater = async (action: string) => {
      vi.setSystemTime(new Date(2026, 10, 3, 12));
      const answer = await f.call('POST', `/api/pay-runs/${id}/${action}`);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().errors.month).toBe('A supplementary run is made in the current open month (2026-11)');
      vi.setSystemTime(new Date(2026, 9, 20, 12));
    };
    // Left as a draft into November: approving it would post October's differences into a reported month.
    await refusedLater('approve');
    expect((await runOf(id)).status).toBe('draft');
    expect((await f.call('POST', `/api/pay-runs/${id}/approve`)).statusCode).toBe(200);
    // Approved in October, posted in November: refused the same way, nothing in the ledger.
    await refusedLater('post');
    expect((await runOf(id)).status).toBe('approved');
    expect(await glOf(id)).toEqual([]);
  });
});

describe('advances recovered by the runs', () => {
  it('recovers 30,000 in 3 instalments with month 2 skipped: 10,000 in months 1, 3 and 4, then 0; posting keeps what was recovered', async () => {
    const region = Number((await queryRows<{ id: number }>(t.database.db, sql`INSERT INTO regions (region_name, region_code) VALUES ('Advances', 'ADVX') RETURNING id`))[0]!.id);
    const borrower = await f.employee({ name: 'Borrower', regionId: region, departmentId: f.sales });
    await f.assign(borrower, '2025-01-01', '80000');
    const [advance] = await queryRows<{ id: number }>(
      t.database.db,
      sql`INSERT INTO employee_advances (employee_id, amount, instalments, start_month) VALUES (${borrower}::int, 30000, 3, '2027-01') RETURNING id`,
    );
    await t.database.db.execute(sql`INSERT INTO employee_advance_skips (employee_advance_id, month) VALUES (${advance!.id}::int, '2027-02')`);
    const recovered: string[] = [];
    for (const month of ['2027-01', '2027-02', '2027-03', '2027-04', '2027-05']) {
      const id = await generate({ month, regionIds: [region] });
      const [slip] = await slipsOf(id);
      recovered.push(slip!.lines.find((l) => l.code === 'ADVANCE')?.amount ?? '0.00');
      await f.call('POST', `/api/pay-runs/${id}/approve`);
      expect((await f.call('POST', `/api/pay-runs/${id}/post`)).statusCode).toBe(200);
    }
    expect(recovered).toEqual(['10000.00', '0.00', '10000.00', '10000.00', '0.00']);
    const [row] = await queryRows<{ recovered: string }>(t.database.db, sql`SELECT recovered_amount::text AS recovered FROM employee_advances WHERE id = ${advance!.id}::int`);
    expect(row!.recovered).toBe('30000.00');
    // The ledger's advances account got the three instalments back.
    const [credited] = await queryRows<{ c: string }>(
      t.database.db,
      sql`SELECT coalesce(sum(credit), 0)::text AS c FROM gl_entries WHERE account_id = ${f.account('1300')}::int AND document_type = 'pay-runs' AND region_id = ${region}::int`,
    );
    expect(credited!.c).toBe('30000.00');
  });

  it("keeps a month a draft run recovers: not skipped, the terms unchanged (409); a post recovering beyond what is left is refused (409 naming the advance)", async () => {
    const region = Number((await queryRows<{ id: number }>(t.database.db, sql`INSERT INTO regions (region_name, region_code) VALUES ('Advance skips', 'ADVS') RETURNING id`))[0]!.id);
    const borrower = await f.employee({ name: 'Skipper', regionId: region, departmentId: f.sales });
    await f.assign(borrower, '2025-01-01', '80000');
    const [advance] = await queryRows<{ id: number }>(
      t.database.db,
      sql`INSERT INTO employee_advances (employee_id, amount, instalments, start_month) VALUES (${borrower}::int, 30000, 3, '2027-06') RETURNING id`,
    );
    const id = advance!.id;
    const june = await generate({ month: '2027-06', regionIds: [region] });
    expect((await slipsOf(june))[0]!.lines.find((l) => l.code === 'ADVANCE')?.amount).toBe('10000.00');
    const skip = await f.call('POST', `/api/employee-advances/${id}/skip`, { month: '2027-06' });
    expect(skip.statusCode, skip.body).toBe(409);
    expect(skip.json().errors.month).toBe('A pay slip of a draft or approved pay run recovers the instalment of 2027-06: cancel that run before skipping the month');
    const terms = await f.call('PUT', `/api/employee-advances/${id}`, { amount: '36000.00' });
    expect(terms.statusCode, terms.body).toBe(409);
    // Cancelled, the run recovers nothing: the month is skipped.
    expect((await f.call('POST', `/api/pay-runs/${june}/cancel`)).statusCode).toBe(200);
    expect((await f.call('POST', `/api/employee-advances/${id}/skip`, { month: '2027-06' })).statusCode).toBe(200);

    // A slip computed by the schedule before other recoveries were posted (a race the checks above close, or older data).
    const july = await generate({ month: '2027-07', regionIds: [region] });
    await t.database.db.execute(sql`UPDATE employee_advances SET recovered_amount = 25000 WHERE id = ${id}::int`);
    expect((await f.call('POST', `/api/pay-runs/${july}/approve`)).statusCode).toBe(200);
    const post = await f.call('POST', `/api/pay-runs/${july}/post`);
    expect(post.statusCode, post.body).toBe(409);
    expect(post.json().message).toBe("The advance of 30,000.00 to Skipper would be recovered beyond its amount (25,000.00 recovered already): cancel this run and hold the employee's slip in a new run of the month");
    expect(await glOf(july)).toEqual([]);
  });
});
