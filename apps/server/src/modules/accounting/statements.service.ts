import { fiscalYearOf, fromMinorUnits, type HeadType, type StatementLine, toMinorUnits } from '@erp/domain';
import type { BalanceSheet, ProfitAndLoss, ProfitAndLossByDepartment, TrialBalance } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, intList, queryRows } from '../../db/client.ts';
import type { DimensionFilter } from './dimension-filter.ts';
import { controlSubAccounts, fiscalYearStartMonth } from './ledger.service.ts';
import { entriesInScope, movementOf, openingOf, type StatementScope } from './statement-movement.ts';

/** One account's balances around a split date: before it (opening included) and from it through `to`. */
interface AccountBalance {
  accountId: number;
  accountCode: string;
  accountName: string;
  headType: HeadType;
  headName: string;
  subHeadName: string | null;
  /** Dr-signed cents: the account's opening balance (as counted for the reader). */
  opening: bigint;
  /** Dr-signed cents: the opening plus every entry before the split. */
  before: bigint;
  /** Dr-signed cents: the opening plus every entry before the fiscal year of the split (what an income or expense account carries into retained earnings). */
  earlier: bigint;
  debit: bigint;
  credit: bigint;
}


/**
 * The one aggregate behind every statement: per account, GROUP BY over the per-day totals
 * (one row per account and day, whatever the number of entries). `regions`, the reader's
 * `permissions.regions`: their regions' accounts whole (opening balance and every entry) and
 * company-wide accounts' entries stamped with their regions (docs/decisions/accounting.md, issue 17).
 * A dimension reads only entries, so no account's opening balance (it carries no dimension).
 */
async function accountBalances(executor: Executor, split: string, to: string, scope: StatementScope = {}, yearStart = split): Promise<AccountBalance[]> {
  const { regions } = scope;
  const opening = openingOf(scope);
  const rows = await queryRows<{
    accountId: number;
    accountCode: string;
    accountName: string;
    headType: HeadType;
    headName: string;
    subHeadName: string | null;
    controlId: number | null;
    retainedEarnings: boolean;
    opening: string;
    before: string;
    earlier: string;
    debit: string;
    credit: string;
  }>(
    executor,
    sql`WITH movement AS (
          SELECT account_id,
                 sum(debit - credit) FILTER (WHERE entry_date < ${split}::date) AS before,
                 sum(debit - credit) FILTER (WHERE entry_date < ${yearStart}::date) AS earlier,
                 sum(debit) FILTER (WHERE entry_date >= ${split}::date) AS debit,
                 sum(credit) FILTER (WHERE entry_date >= ${split}::date) AS credit
          FROM (${movementOf(split, to, scope)}) days GROUP BY account_id)
        SELECT a.id AS "accountId", a.account_code AS "accountCode", a.account_name AS "accountName",
               h.head_type AS "headType", h.head_name AS "headName", s.head_name AS "subHeadName", c.control_id AS "controlId",
               a.id IS NOT DISTINCT FROM (SELECT account_id FROM posting_accounts WHERE key = 'retainedEarnings') AS "retainedEarnings",
               (${opening})::text AS opening,
               coalesce(m.before, 0)::text AS before, coalesce(m.earlier, 0)::text AS earlier,
               coalesce(m.debit, 0)::text AS debit, coalesce(m.credit, 0)::text AS credit
        FROM accounts a
        JOIN account_heads h ON h.id = a.head_id
        LEFT JOIN account_heads s ON s.id = a.sub_head_id
        LEFT JOIN movement m ON m.account_id = a.id
        LEFT JOIN (${controlSubAccounts}) c ON c.account_id = a.id
        ${regions ? sql`WHERE a.region_id IS NULL OR a.region_id IN (${intList(regions)})` : sql``}
        ORDER BY a.account_code`,
  );
  return carriedForward(rolledUp(rows.map((r) => ({
    accountId: Number(r.accountId),
    accountCode: r.accountCode,
    accountName: r.accountName,
    headType: r.headType,
    headName: r.headName,
    subHeadName: r.subHeadName,
    opening: toMinorUnits(r.opening),
    before: toMinorUnits(r.opening) + toMinorUnits(r.before),
    earlier: toMinorUnits(r.opening) + toMinorUnits(r.earlier),
    debit: toMinorUnits(r.debit),
    credit: toMinorUnits(r.credit),
    controlId: r.controlId === null ? null : Number(r.controlId),
  }))), rows.find((r) => r.retainedEarnings)?.accountId);
}

/**
 * Issue 27: a fiscal year opens its income and expense accounts at zero; what they held at its
 * start (their opening balances and every entry of earlier years) is the earlier years' result,
 * which opens in retained earnings, whether or not a year-end close posted it (a closing
 * journal of an earlier year has zeroed them already, so nothing moves twice). Without a
 * retained earnings account chosen, the accounts keep it (and the balance sheet shows
 * "Profit of earlier years").
 */
function carriedForward(balances: AccountBalance[], retainedEarningsId: number | undefined): AccountBalance[] {
  const retained = balances.find((b) => b.accountId === Number(retainedEarningsId));
  if (!retained) return balances;
  for (const b of balances) {
    if (b.headType !== 'income' && b.headType !== 'expense') continue;
    retained.before += b.earlier;
    retained.opening += b.opening;
    b.before -= b.earlier;
    b.opening = 0n;
    b.earlier = 0n;
  }
  return balances;
}

/**
 * Issue 17, section 5: a customer's or vendor's account is shown in its control account
 * (receivables, payables), whose ledger lists their rows; so the statements show one
 * Receivables line, not a line per customer. A sub-account without its control in the list
 * (none is) would stay a line of its own.
 */
function rolledUp(balances: (AccountBalance & { controlId: number | null })[]): AccountBalance[] {
  const ids = new Set(balances.map((b) => b.accountId));
  const shown = new Map<number, AccountBalance>();
  for (const { controlId, ...balance } of balances) if (controlId === null || !ids.has(controlId)) shown.set(balance.accountId, balance);
  for (const { controlId, opening, before, earlier, debit, credit } of balances) {
    const control = controlId === null ? undefined : shown.get(controlId);
    if (!control) continue;
    control.opening += opening;
    control.before += before;
    control.earlier += earlier;
    control.debit += debit;
    control.credit += credit;
  }
  return [...shown.values()];
}

const money = fromMinorUnits;


/**
 * Every account with a balance or activity: opening at `from`, the period's debits and credits,
 * closing at `to`. Income and expense open at what the fiscal year of `from` brought them, the
 * earlier years' result in retained earnings (carriedForward); a closing journal of the range is
 * left out of the movements.
 */
export async function trialBalance(executor: Executor, from: string, to: string, regions?: readonly number[]): Promise<TrialBalance> {
  const yearStart = fiscalYearOf(new Date(`${from}T00:00:00Z`), await fiscalYearStartMonth(executor)).from;
  const balances = (await accountBalances(executor, from, to, { regions }, yearStart)).filter((b) => b.before !== 0n || b.debit !== 0n || b.credit !== 0n);
  const totals = { opening: 0n, debit: 0n, credit: 0n, closing: 0n };
  const rows = balances.map((b) => {
    const closing = b.before + b.debit - b.credit;
    totals.opening += b.before;
    totals.debit += b.debit;
    totals.credit += b.credit;
    totals.closing += closing;
    return {
      accountId: b.accountId,
      accountCode: b.accountCode,
      accountName: b.accountName,
      headType: b.headType,
      headName: b.headName,
      subHeadName: b.subHeadName,
      opening: money(b.before),
      debit: money(b.debit),
      credit: money(b.credit),
      closing: money(closing),
    };
  });
  return { from, to, rows, totals: { opening: money(totals.opening), debit: money(totals.debit), credit: money(totals.credit), closing: money(totals.closing) } };
}

/** Amounts shown positive on their normal side: assets and expenses Dr, the rest Cr. */
function normalSigned(type: HeadType, drSigned: bigint): bigint {
  return type === 'asset' || type === 'expense' ? drSigned : -drSigned;
}

/** Account lines grouped under their sub-head (or head when they have none), each group with its total. */
function grouped(items: { balance: AccountBalance; amount: bigint }[]): { lines: StatementLine[]; total: bigint } {
  const groups = new Map<string, { amount: bigint; children: StatementLine[] }>();
  let total = 0n;
  for (const { balance, amount } of items) {
    if (amount === 0n) continue;
    const label = balance.subHeadName ?? balance.headName;
    const group = groups.get(label) ?? { amount: 0n, children: [] };
    group.amount += amount;
    group.children.push({ label: `${balance.accountCode} ${balance.accountName}`, accountId: balance.accountId, amount: money(amount) });
    groups.set(label, group);
    total += amount;
  }
  const lines = [...groups.entries()].map(([label, group]) => ({ label, amount: money(group.amount), children: group.children }));
  return { lines, total };
}


/**
 * Income and expenses of the period. With a dimension (department, region), each account's
 * figure is the sum of its entries stamped with it; the P&L reads only its period (`since`).
 */
export async function profitAndLoss(executor: Executor, from: string, to: string, regions?: readonly number[], dimension?: DimensionFilter): Promise<ProfitAndLoss> {
  const balances = await accountBalances(executor, from, to, { regions, dimension, since: from });
  const movement = (type: HeadType) =>
    balances.filter((b) => b.headType === type).map((balance) => ({ balance, amount: normalSigned(type, balance.debit - balance.credit) }));
  const income = grouped(movement('income'));
  const expenses = grouped(movement('expense'));
  return {
    from,
    to,
    income: income.lines,
    expenses: expenses.lines,
    totalIncome: money(income.total),
    totalExpenses: money(expenses.total),
    profit: money(income.total - expenses.total),
  };
}


/**
 * Issue 20: the P&L with a column per department stamped in the period, one for the entries of
 * none and the total. The total is the unfiltered P&L's (day totals); the departments' columns
 * one GROUP BY over the stamped entries (`gl_entries_department_idx`, covering); "none" is the
 * difference, so the columns add up to the total by construction, to the cent.
 */
export async function profitAndLossByDepartment(executor: Executor, from: string, to: string, regions?: readonly number[]): Promise<ProfitAndLossByDepartment> {
  const balances = (await accountBalances(executor, from, to, { regions, since: from })).filter((b) => b.headType === 'income' || b.headType === 'expense');
  const stamped = await queryRows<{ departmentId: number; accountId: number; amount: string }>(
    executor,
    sql`SELECT g.department_id AS "departmentId", g.account_id AS "accountId", sum(g.debit - g.credit)::text AS amount
        FROM gl_entries g JOIN accounts a ON a.id = g.account_id
        WHERE g.department_id IS NOT NULL AND g.entry_date BETWEEN ${from}::date AND ${to}::date${entriesInScope(regions)}
        GROUP BY 1, 2`,
  );
  const departments = [...new Set(stamped.map((r) => Number(r.departmentId)))].sort((a, b) => a - b);
  const column = new Map(departments.map((id, index) => [id, index]));
  const byAccount = new Map<number, bigint[]>();
  for (const r of stamped) {
    const cells = byAccount.get(Number(r.accountId)) ?? departments.map(() => 0n);
    cells[column.get(Number(r.departmentId))!]! += toMinorUnits(r.amount);
    byAccount.set(Number(r.accountId), cells);
  }
  const width = departments.length + 2;
  const sums = { income: Array<bigint>(width).fill(0n), expense: Array<bigint>(width).fill(0n) };
  const rows = balances.flatMap((b) => {
    const total = b.debit - b.credit;
    const cells = byAccount.get(b.accountId) ?? departments.map(() => 0n);
    const none = total - cells.reduce((sum, cell) => sum + cell, 0n);
    const amounts = [...cells, none, total].map((cell) => normalSigned(b.headType, cell));
    if (amounts.every((cell) => cell === 0n)) return [];
    const sum = sums[b.headType as 'income' | 'expense'];
    amounts.forEach((cell, index) => (sum[index]! += cell));
    return [{ accountId: b.accountId, accountCode: b.accountCode, accountName: b.accountName, headType: b.headType as 'income' | 'expense', amounts: amounts.map((cell) => money(cell)) }];
  });
  return {
    from,
    to,
    departments,
    rows,
    totalIncome: sums.income.map((cell) => money(cell)),
    totalExpenses: sums.expense.map((cell) => money(cell)),
    profit: sums.income.map((income, index) => money(income - sums.expense[index]!)),
  };
}

/**
 * At `to`: asset, liability and equity accounts at their closing balance (retained earnings with
 * the earlier years' result, carriedForward; the fiscal year's own closing journal left out); equity
 * also holds the profit of the fiscal year through `to`, and, when the accounts' opening balances do not net to zero, their
 * difference. So it always balances: every posting is balanced, and the rest is shown. For a
 * user limited to regions, the entries shown need not net to zero (a journal from their
 * region's cash to a company-wide account of no region stamps only the cash line): their net
 * is the balance with the rest of the company, shown as its own equity line, as a branch's
 * books hold a head office account.
 */
export async function balanceSheet(executor: Executor, to: string, regions?: readonly number[]): Promise<BalanceSheet> {
  const fiscalYear = fiscalYearOf(new Date(`${to}T00:00:00Z`), await fiscalYearStartMonth(executor));
  const balances = await accountBalances(executor, fiscalYear.from, to, { regions });
  const closing = (b: AccountBalance) => b.before + b.debit - b.credit;
  const section = (type: HeadType) => grouped(balances.filter((b) => b.headType === type).map((balance) => ({ balance, amount: normalSigned(type, closing(balance)) })));
  const assets = section('asset');
  const liabilities = section('liability');
  const equity = section('equity');
  const results = balances.filter((b) => b.headType === 'income' || b.headType === 'expense');
  const earlierProfit = -results.reduce((sum, b) => sum + b.before, 0n);
  const periodProfit = -results.reduce((sum, b) => sum + b.debit - b.credit, 0n);
  const openingDifference = balances.reduce((sum, b) => sum + b.opening, 0n);
  const restOfCompany = balances.reduce((sum, b) => sum + closing(b) - b.opening, 0n);
  const extra: StatementLine[] = [];
  if (earlierProfit !== 0n) extra.push({ label: 'Profit of earlier years', amount: money(earlierProfit) });
  extra.push({ label: 'Profit for the period', amount: money(periodProfit) });
  if (openingDifference !== 0n) extra.push({ label: 'Opening balance difference', amount: money(openingDifference) });
  if (restOfCompany !== 0n) extra.push({ label: 'Balance with other regions', amount: money(restOfCompany) });
  const totalEquity = equity.total + earlierProfit + periodProfit + openingDifference + restOfCompany;
  return {
    to,
    fiscalYearFrom: fiscalYear.from,
    assets: assets.lines,
    liabilities: liabilities.lines,
    equity: [...equity.lines, ...extra],
    totalAssets: money(assets.total),
    totalLiabilities: money(liabilities.total),
    totalEquity: money(totalEquity),
    totalLiabilitiesAndEquity: money(liabilities.total + totalEquity),
    profit: money(periodProfit),
  };
}

export type { BalanceSheet, ProfitAndLoss, TrialBalance };
