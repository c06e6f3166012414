import { canAccessRoute, fiscalYearOf, fromMinorUnits, type LedgerResponse, type LedgerRow, messages, permittedIds, toMinorUnits } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthContext } from '../../lib/request-auth.ts';
import { type Executor, intList, queryRows } from '../../db/client.ts';
import { BadRequestError, NotFoundError } from '../../lib/app-error.ts';
import { isIsoDate, rowScopeOfResource } from '../../lib/resource/resource-query.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import { type DimensionFilter, dimensionCondition, dimensionQuery } from './dimension-filter.ts';
import { earlierYearsResult } from './statement-movement.ts';
import { companySettingSql, readSettingValues } from '../setup/setup.api.ts';

const isoDate = (label: string) => z.string().refine(isIsoDate, { error: `${label} must be a date (YYYY-MM-DD)` });

export const ledgerQuerySchema = z.object({
  from: isoDate('From').optional(),
  to: isoDate('To').optional(),
  pageSize: z.coerce.number().int().min(1).max(1000).default(100),
  after: z.string().max(100).optional(),
  ...dimensionQuery.shape,
});

export type LedgerQuery = z.output<typeof ledgerQuerySchema>;

export const ledgerExportRowCap = 100_000;

interface Cursor {
  date: string;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.date}|${cursor.id}`).toString('base64url');
}

export function decodeCursor(text: string): Cursor {
  const [date, id, extra] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (!date || !id || extra !== undefined || !isIsoDate(date) || !/^\d{1,18}$/.test(id)) throw new BadRequestError({ after: 'The page cursor is not valid' });
  return { date, id };
}

export async function fiscalYearStartMonth(executor: Executor): Promise<number> {
  const { fiscalYearStartMonth: month } = await readSettingValues(executor, ['fiscalYearStartMonth']);
  return Number(month ?? 7);
}

/** A from/to pair, defaulting to the fiscal year of today (settings). */
export async function periodOf(executor: Executor, from: string | undefined, to: string | undefined): Promise<{ from: string; to: string }> {
  const year = fiscalYearOf(new Date(`${todayIso()}T00:00:00Z`), await fiscalYearStartMonth(executor));
  const period = { from: from ?? year.from, to: to ?? year.to };
  if (period.from > period.to) throw new BadRequestError({ to: 'To must be on or after From' });
  return period;
}

interface LedgerAccount {
  id: number;
  accountCode: string;
  accountName: string;
  headType: string;
  currency: string;
  /** Kept in another currency than the company's (issue 33): its ledger adds the foreign balances. */
  foreign: boolean;
  openingBalance: string;
  /** A foreign account's opening balance in its currency (null: none given). */
  openingForeignBalance: string | null;
  regionId: number | null;
  /**
   * The accounts whose rows the ledger shows: the account itself, and for a control account its
   * customers' or vendors' accounts (in the user's regions). `whole`: read whole (every entry,
   * opening balance); `stamped`: company-wide accounts a reader kept to regions reads through the
   * entries stamped with their regions (`stamps`), as in the statements.
   */
  members: { whole: number[]; stamped: number[] };
  stamps?: readonly number[];
  /** Only the entries stamped with this department and/or region (then the account's own opening balance, of no dimension, is left out). */
  dimension?: SQL;
  /** An income or expense account: only entries on or after this day (the fiscal year of the ledger's `from`) make its opening (issue 27). */
  since?: string;
}

/**
 * A control account (issue 17, section 5) is the receivables or payables posting account: the
 * customers' (vendors') own accounts are coded, headed and kinded after it, and its balance in
 * the statements is theirs. Its sub-accounts are those the customers (vendors) point at while
 * it is the posting account; any other account has none.
 */
export const controlSubAccounts = sql`
  SELECT p.account_id AS control_id, c.account_id AS account_id FROM posting_accounts p JOIN customers c ON p.key = 'receivables'
  UNION ALL
  SELECT p.account_id, v.account_id FROM posting_accounts p JOIN vendors v ON p.key = 'payables'`;

/**
 * The account and its sub-accounts when it is a control account (those of regions outside the
 * user's left out), by how the reader reads them; and the opening balance they bring: the
 * accounts read whole (a company-wide account's is the company's, not a region's).
 */
async function membersOf(
  executor: Executor,
  account: { id: number; regionId: number | null; openingBalance: string },
  regions: readonly number[] | undefined,
): Promise<{ members: LedgerAccount['members']; openingBalance: string }> {
  const scope = regions ? sql` AND (a.region_id IS NULL OR a.region_id IN (${intList(regions)}))` : sql``;
  const subAccounts = await queryRows<{ id: number; regionId: number | null; openingBalance: string }>(
    executor,
    sql`SELECT s.account_id AS id, a.region_id AS "regionId", a.opening_balance::text AS "openingBalance"
        FROM (${controlSubAccounts}) s JOIN accounts a ON a.id = s.account_id WHERE s.control_id = ${account.id}::int${scope}`,
  );
  const members = { whole: [] as number[], stamped: [] as number[] };
  let opening = 0n;
  for (const member of [account, ...subAccounts]) {
    const stamped = regions !== undefined && member.regionId === null;
    (stamped ? members.stamped : members.whole).push(Number(member.id));
    if (!stamped) opening += toMinorUnits(member.openingBalance);
  }
  return { members, openingBalance: fromMinorUnits(opening) };
}

export const memberCount = (account: LedgerAccount) => account.members.whole.length + account.members.stamped.length;

/** The reader's entries of the ledger's accounts (over `gl_entries`, alias `g`): the whole members' all, the stamped members' those of their regions. */
function entriesOf(account: LedgerAccount): SQL {
  const { whole, stamped } = account.members;
  const parts = [
    ...(whole.length ? [sql`g.account_id IN (${intList(whole)})`] : []),
    ...(stamped.length && account.stamps ? [sql`(g.account_id IN (${intList(stamped)}) AND g.region_id IN (${intList(account.stamps)}))`] : []),
  ];
  const entries = parts.length ? sql`(${sql.join(parts, sql` OR `)})` : sql`false`;
  return account.dimension ? sql`${entries} AND ${account.dimension}` : entries;
}

/** Per-day totals of the reader's entries: the day totals of whole members, the stamped members' entries one by one (day totals do not split by region). */
function daysOf(account: LedgerAccount): SQL {
  // Day totals carry no dimension: a filtered ledger sums its entries.
  const since = account.since ? sql` AND entry_date >= ${account.since}::date` : sql``;
  if (account.dimension) return sql`SELECT g.entry_date, g.debit, g.credit, 1 AS entries FROM gl_entries g WHERE ${entriesOf(account)}${since}`;
  const { whole, stamped } = account.members;
  const parts = [
    ...(whole.length ? [sql`SELECT entry_date, debit, credit, entries FROM account_daily_totals WHERE account_id IN (${intList(whole)})${since}`] : []),
    ...(stamped.length && account.stamps
      ? [sql`SELECT entry_date, debit, credit, 1 AS entries FROM gl_entries WHERE account_id IN (${intList(stamped)}) AND region_id IN (${intList(account.stamps)})${since}`]
      : []),
  ];
  return parts.length ? sql.join(parts, sql` UNION ALL `) : sql`SELECT NULL::date AS entry_date, 0 AS debit, 0 AS credit, 0 AS entries WHERE false`;
}

/**
 * The roles that open a ledger from a customer (sales, operations: /ledger/:accountId without the
 * chart of accounts or /accounting) read their customers' accounts only, as missing otherwise
 * (404): Salaries payable's ledger names each employee's net pay, the bank's every payment.
 */
async function assertLedgerOpenTo(executor: Executor, accountId: number, auth: AuthContext): Promise<void> {
  const { role } = auth.user;
  if (canAccessRoute(role, '/accounts') || canAccessRoute(role, '/accounting')) return;
  const scope = rowScopeOfResource('customers', auth.user);
  const [customer] = await queryRows<{ id: number }>(executor, sql`SELECT id FROM customers WHERE account_id = ${accountId}::int${scope ? sql` AND ${scope}` : sql``} LIMIT 1`);
  if (!customer) throw new NotFoundError();
}

/**
 * The account, if the caller may see it: regional accounts follow the user's `permissions.regions`;
 * a company-wide account is read through the entries stamped with their regions.
 */
export async function ledgerAccount(executor: Executor, accountId: number, auth: AuthContext, from: string, filter?: DimensionFilter): Promise<LedgerAccount> {
  const [account] = await queryRows<Omit<LedgerAccount, 'members'> & { retainedEarnings: boolean }>(
    executor,
    sql`SELECT a.id, a.account_code AS "accountCode", a.account_name AS "accountName", h.head_type AS "headType",
               a.currency, coalesce(a.currency <> ${companySettingSql('currency')}, false) AS foreign,
               a.opening_balance::text AS "openingBalance", a.opening_foreign_balance::text AS "openingForeignBalance", a.region_id AS "regionId",
               a.id = (SELECT account_id FROM posting_accounts WHERE key = 'retainedEarnings') IS TRUE AS "retainedEarnings"
        FROM accounts a JOIN account_heads h ON h.id = a.head_id WHERE a.id = ${accountId}`,
  );
  if (!account) throw new NotFoundError();
  await assertLedgerOpenTo(executor, accountId, auth);
  const regions = permittedIds(auth.user.permissions, 'regions');
  if (regions && account.regionId !== null && !regions.includes(Number(account.regionId))) throw new NotFoundError();
  const read = await membersOf(executor, { ...account, id: Number(account.id), regionId: account.regionId === null ? null : Number(account.regionId) }, regions);
  const dimension = dimensionCondition(filter);
  const { retainedEarnings, ...shown } = account;
  const ledger: LedgerAccount = { ...shown, ...read, ...(regions ? { stamps: regions } : {}), ...(dimension ? { dimension, openingBalance: '0.00' } : {}) };
  return openedInYear(executor, ledger, from, { retainedEarnings, regions, dimension: filter });
}

/**
 * Issue 27, as in the statements: the fiscal year of `from` opens an income or expense account
 * at zero (its opening balance and earlier years' entries left out) and retained earnings with
 * the earlier years' result, as the reader counts it (their regions, the dimension).
 */
async function openedInYear(
  executor: Executor,
  account: LedgerAccount,
  from: string,
  read: { retainedEarnings: boolean; regions: readonly number[] | undefined; dimension: DimensionFilter | undefined },
): Promise<LedgerAccount> {
  const isResult = account.headType === 'income' || account.headType === 'expense';
  if (!isResult && !read.retainedEarnings) return account;
  const yearStart = fiscalYearOf(new Date(`${from}T00:00:00Z`), await fiscalYearStartMonth(executor)).from;
  if (isResult) return { ...account, since: yearStart, openingBalance: '0.00' };
  const carried = await earlierYearsResult(executor, yearStart, { regions: read.regions, dimension: read.dimension });
  return { ...account, openingBalance: fromMinorUnits(toMinorUnits(account.openingBalance) + carried) };
}

interface RangeSummary {
  opening: bigint;
  debit: bigint;
  credit: bigint;
  count: number;
}

/**
 * Opening balance at `from` and the range's totals, summed over the per-day totals (one row
 * per account and day), so the cost does not grow with the number of entries. The account's
 * own opening balance always counts: it is the balance brought forward into the books.
 */
async function rangeSummary(executor: Executor, account: LedgerAccount, from: string, to: string): Promise<RangeSummary> {
  const [row] = await queryRows<{ before: string; debit: string; credit: string; count: number }>(
    executor,
    sql`SELECT coalesce(sum(debit - credit) FILTER (WHERE entry_date < ${from}::date), 0)::text AS before,
               coalesce(sum(debit) FILTER (WHERE entry_date >= ${from}::date), 0)::text AS debit,
               coalesce(sum(credit) FILTER (WHERE entry_date >= ${from}::date), 0)::text AS credit,
               coalesce(sum(entries) FILTER (WHERE entry_date >= ${from}::date), 0)::int AS count
        FROM (${daysOf(account)}) days WHERE entry_date <= ${to}::date`,
  );
  return {
    opening: toMinorUnits(account.openingBalance) + toMinorUnits(row!.before),
    debit: toMinorUnits(row!.debit),
    credit: toMinorUnits(row!.credit),
    count: Number(row!.count),
  };
}

/** The balance after the cursor's entry: days before its day, then that day's entries up to it (index only). */
async function balanceThrough(executor: Executor, account: LedgerAccount, cursor: Cursor): Promise<bigint> {
  const [row] = await queryRows<{ days: string; entries: string }>(
    executor,
    sql`SELECT (SELECT coalesce(sum(debit - credit), 0) FROM (${daysOf(account)}) days WHERE entry_date < ${cursor.date}::date)::text AS days,
               (SELECT coalesce(sum(g.debit - g.credit), 0) FROM gl_entries g
                 WHERE ${entriesOf(account)} AND g.entry_date = ${cursor.date}::date AND g.id <= ${cursor.id}::bigint)::text AS entries`,
  );
  return toMinorUnits(account.openingBalance) + toMinorUnits(row!.days) + toMinorUnits(row!.entries);
}

/**
 * A foreign-currency account's balances in its currency (issue 33) before `from` and through `to`:
 * its opening balance in that currency, when its opening balance counts (read whole, no dimension),
 * and its entries (the day totals hold the company currency only); few accounts are foreign.
 */
async function foreignBalances(executor: Executor, account: LedgerAccount, range: { from: string; to: string }): Promise<{ foreignOpening: string; foreignClosing: string } | undefined> {
  if (!account.foreign) return undefined;
  const own = account.dimension || !account.members.whole.includes(Number(account.id)) ? 0n : toMinorUnits(account.openingForeignBalance ?? '0');
  const [row] = await queryRows<{ opening: string; closing: string }>(
    executor,
    sql`SELECT coalesce(sum(coalesce(g.foreign_debit, 0) - coalesce(g.foreign_credit, 0)) FILTER (WHERE g.entry_date < ${range.from}::date), 0)::text AS opening,
               coalesce(sum(coalesce(g.foreign_debit, 0) - coalesce(g.foreign_credit, 0)), 0)::text AS closing
        FROM gl_entries g WHERE ${entriesOf(account)} AND g.entry_date <= ${range.to}::date`,
  );
  return { foreignOpening: fromMinorUnits(own + toMinorUnits(row!.opening)), foreignClosing: fromMinorUnits(own + toMinorUnits(row!.closing)) };
}

/** A ledger row as the database gives it: the id of a bigint column arrives as a string. */
type EntryRow = Omit<LedgerRow, 'entryId' | 'account'> & { id: string; accountId: number; accountCode: string; accountName: string };

/**
 * Entries of the range after the cursor, in order, each with the running balance (window sum
 * plus the balance before). For a control account, the first `limit` rows of each member
 * account (an index range each, gl_entries_ledger_idx) merged, so a page costs members x
 * page size index reads whatever the number of entries; one account is one index range.
 */
async function entryRows(executor: Executor, account: LedgerAccount, range: { from: string; to: string }, base: bigint, after: Cursor | undefined, limit: number): Promise<EntryRow[]> {
  const afterCursor = after ? sql`AND (g.entry_date, g.id) > (${after.date}::date, ${after.id}::bigint)` : sql``;
  return queryRows<EntryRow>(
    executor,
    sql`SELECT e.id::text AS id, e.entry_date::text AS "entryDate", e.document_type AS "documentType", e.document_id AS "documentId",
               e.document_number AS "documentNumber", e.narration, e.memo, e.debit::text AS debit, e.credit::text AS credit,
               (${fromMinorUnits(base)}::numeric + sum(e.debit - e.credit) OVER (ORDER BY e.entry_date, e.id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW))::text AS balance,
               e.account_id AS "accountId", e.account_code AS "accountCode", e.account_name AS "accountName",
               e.currency, e.exchange_rate::text AS "exchangeRate", e.foreign_debit::text AS "foreignDebit", e.foreign_credit::text AS "foreignCredit"
        FROM (SELECT g.*, a.account_code, a.account_name FROM accounts a CROSS JOIN LATERAL (
                SELECT g.id, g.entry_date, g.document_type, g.document_id, g.document_number, g.narration, g.memo, g.debit, g.credit, g.account_id,
                       g.currency, g.exchange_rate, g.foreign_debit, g.foreign_credit FROM gl_entries g
                WHERE g.account_id = a.id AND ${entriesOf(account)} AND g.entry_date BETWEEN ${range.from}::date AND ${range.to}::date ${afterCursor}
                ORDER BY g.entry_date, g.id LIMIT ${limit}) g
              WHERE a.id IN (${intList([...account.members.whole, ...account.members.stamped])})
              ORDER BY g.entry_date, g.id LIMIT ${limit}) e
        ORDER BY e.entry_date, e.id`,
  );
}

function ledgerRowOf(account: LedgerAccount) {
  const rollsUp = memberCount(account) > 1;
  return (row: EntryRow): LedgerRow => ({
    entryId: Number(row.id),
    entryDate: row.entryDate,
    documentType: row.documentType,
    documentId: Number(row.documentId),
    documentNumber: row.documentNumber,
    narration: row.narration,
    memo: row.memo,
    debit: row.debit,
    credit: row.credit,
    balance: fromMinorUnits(toMinorUnits(row.balance)),
    currency: row.currency,
    exchangeRate: row.exchangeRate,
    foreignDebit: row.foreignDebit,
    foreignCredit: row.foreignCredit,
    ...(rollsUp ? { account: { id: Number(row.accountId), accountCode: row.accountCode, accountName: row.accountName } } : {}),
  });
}

/** GET /api/ledger/:accountId: opening, a keyset page with running balances, totals and closing of the whole range. */
export async function accountLedger(executor: Executor, accountId: number, auth: AuthContext, query: LedgerQuery): Promise<LedgerResponse> {
  const range = await periodOf(executor, query.from, query.to);
  const after = query.after ? decodeCursor(query.after) : undefined;
  const account = await ledgerAccount(executor, accountId, auth, range.from, query);
  const summary = await rangeSummary(executor, account, range.from, range.to);
  const base = after ? await balanceThrough(executor, account, after) : summary.opening;
  const rows = await entryRows(executor, account, range, base, after, query.pageSize + 1);
  const foreign = await foreignBalances(executor, account, range);
  const page = rows.slice(0, query.pageSize);
  const last = page[page.length - 1];
  return {
    status: 200,
    message: messages.ok,
    account: { id: Number(account.id), accountCode: account.accountCode, accountName: account.accountName, headType: account.headType, currency: account.currency },
    ...foreign,
    from: range.from,
    to: range.to,
    openingBalance: fromMinorUnits(summary.opening),
    rows: page.map(ledgerRowOf(account)),
    totals: { debit: fromMinorUnits(summary.debit), credit: fromMinorUnits(summary.credit), count: summary.count },
    closingBalance: fromMinorUnits(summary.opening + summary.debit - summary.credit),
    nextCursor: rows.length > query.pageSize && last ? encodeCursor({ date: last.entryDate, id: last.id }) : null,
  };
}

/** Every row of the range (at most ledgerExportRowCap) for the CSV and Excel export. */
export async function ledgerForExport(executor: Executor, accountId: number, auth: AuthContext, query: Pick<LedgerQuery, 'from' | 'to' | 'departmentId' | 'regionId'>) {
  const range = await periodOf(executor, query.from, query.to);
  const account = await ledgerAccount(executor, accountId, auth, range.from, query);
  const summary = await rangeSummary(executor, account, range.from, range.to);
  const rows = (await entryRows(executor, account, range, summary.opening, undefined, ledgerExportRowCap)).map(ledgerRowOf(account));
  return {
    account,
    range,
    foreign: await foreignBalances(executor, account, range),
    openingBalance: fromMinorUnits(summary.opening),
    closingBalance: fromMinorUnits(summary.opening + summary.debit - summary.credit),
    totals: { debit: fromMinorUnits(summary.debit), credit: fromMinorUnits(summary.credit) },
    rows,
  };
}
