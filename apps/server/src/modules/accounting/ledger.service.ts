import { fiscalYearOf, fromMinorUnits, type LedgerResponse, type LedgerRow, messages, permittedIds, toMinorUnits } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthContext } from '../../app-context.ts';
import { type Executor, intList, queryRows } from '../../db/client.ts';
import { BadRequestError, NotFoundError } from '../../lib/app-error.ts';
import { isIsoDate } from '../../lib/resource/resource-query.ts';
import { parseInput } from '../../lib/validation.ts';
import { todayIso } from '../../ledger/general-ledger.ts';

const isoDate = (label: string) => z.string().refine(isIsoDate, { error: `${label} must be a date (YYYY-MM-DD)` });

export const ledgerQuerySchema = z.object({
  from: isoDate('From').optional(),
  to: isoDate('To').optional(),
  pageSize: z.coerce.number().int().min(1).max(1000).default(100),
  after: z.string().max(100).optional(),
});

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
  const [row] = await queryRows<{ month: number }>(executor, sql`SELECT fiscal_year_start_month AS month FROM company_settings LIMIT 1`);
  return Number(row?.month ?? 7);
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
  openingBalance: string;
  regionId: number | null;
  /**
   * For a reader kept to regions, on a company-wide account: the regions whose stamped entries
   * they read (the account's own opening balance is the company's), as in the statements.
   */
  stamps?: readonly number[];
}

/** The entries of the account the reader sees: all, or those stamped with their regions. */
function stampedWith(account: LedgerAccount): SQL {
  return account.stamps ? sql` AND region_id IN (${intList(account.stamps)})` : sql``;
}

/**
 * The account, if the caller may see it: regional accounts follow the user's `permissions.regions`;
 * a company-wide account is read through the entries stamped with their regions.
 */
export async function ledgerAccount(executor: Executor, accountId: number, auth: AuthContext): Promise<LedgerAccount> {
  const [account] = await queryRows<LedgerAccount>(
    executor,
    sql`SELECT a.id, a.account_code AS "accountCode", a.account_name AS "accountName", h.head_type AS "headType",
               a.opening_balance::text AS "openingBalance", a.region_id AS "regionId"
        FROM accounts a JOIN account_heads h ON h.id = a.head_id WHERE a.id = ${accountId}`,
  );
  if (!account) throw new NotFoundError();
  const regions = permittedIds(auth.user.permissions, 'regions');
  if (regions && account.regionId !== null && !regions.includes(Number(account.regionId))) throw new NotFoundError();
  return regions && account.regionId === null ? { ...account, openingBalance: '0', stamps: regions } : account;
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
  // Day totals hold every region's entries: a reader of some regions sums their stamped entries.
  const days = account.stamps
    ? sql`(SELECT entry_date, debit, credit, 1 AS entries FROM gl_entries WHERE account_id = ${account.id}${stampedWith(account)}) days`
    : sql`account_daily_totals`;
  const [row] = await queryRows<{ before: string; debit: string; credit: string; count: number }>(
    executor,
    sql`SELECT coalesce(sum(debit - credit) FILTER (WHERE entry_date < ${from}::date), 0)::text AS before,
               coalesce(sum(debit) FILTER (WHERE entry_date >= ${from}::date), 0)::text AS debit,
               coalesce(sum(credit) FILTER (WHERE entry_date >= ${from}::date), 0)::text AS credit,
               coalesce(sum(entries) FILTER (WHERE entry_date >= ${from}::date), 0)::int AS count
        FROM ${days} WHERE ${account.stamps ? sql`true` : sql`account_id = ${account.id}`} AND entry_date <= ${to}::date`,
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
    sql`SELECT (SELECT coalesce(sum(debit - credit), 0) FROM ${account.stamps ? sql`gl_entries` : sql`account_daily_totals`}
                 WHERE account_id = ${account.id} AND entry_date < ${cursor.date}::date${stampedWith(account)})::text AS days,
               (SELECT coalesce(sum(debit - credit), 0) FROM gl_entries
                 WHERE account_id = ${account.id} AND entry_date = ${cursor.date}::date AND id <= ${cursor.id}::bigint${stampedWith(account)})::text AS entries`,
  );
  return toMinorUnits(account.openingBalance) + toMinorUnits(row!.days) + toMinorUnits(row!.entries);
}

/** A ledger row as the database gives it: the id of a bigint column arrives as a string. */
type EntryRow = Omit<LedgerRow, 'entryId'> & { id: string };

/** Entries of the range after the cursor, in order, each with the running balance (window sum plus the balance before). */
async function entryRows(executor: Executor, account: LedgerAccount, range: { from: string; to: string }, base: bigint, after: Cursor | undefined, limit: number): Promise<EntryRow[]> {
  const afterCursor = after ? sql`AND (entry_date, id) > (${after.date}::date, ${after.id}::bigint)` : sql``;
  return queryRows<EntryRow>(
    executor,
    // ORDER BY names the table: a bare `id` would sort by the text alias ('60' < '7').
    sql`SELECT id::text AS id, entry_date::text AS "entryDate", document_type AS "documentType", document_id AS "documentId",
               document_number AS "documentNumber", narration, memo, debit::text AS debit, credit::text AS credit,
               (${fromMinorUnits(base)}::numeric + sum(debit - credit) OVER (ORDER BY entry_date, id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW))::text AS balance
        FROM gl_entries
        WHERE account_id = ${account.id} AND entry_date BETWEEN ${range.from}::date AND ${range.to}::date ${afterCursor}${stampedWith(account)}
        ORDER BY gl_entries.entry_date, gl_entries.id
        LIMIT ${limit}`,
  );
}

function ledgerRowOf(row: EntryRow): LedgerRow {
  return {
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
  };
}

/** GET /api/ledger/:accountId: opening, a keyset page with running balances, totals and closing of the whole range. */
export async function accountLedger(executor: Executor, accountId: number, auth: AuthContext, rawQuery: unknown): Promise<LedgerResponse> {
  const query = parseInput(ledgerQuerySchema, rawQuery);
  const range = await periodOf(executor, query.from, query.to);
  const after = query.after ? decodeCursor(query.after) : undefined;
  const account = await ledgerAccount(executor, accountId, auth);
  const summary = await rangeSummary(executor, account, range.from, range.to);
  const base = after ? await balanceThrough(executor, account, after) : summary.opening;
  const rows = await entryRows(executor, account, range, base, after, query.pageSize + 1);
  const page = rows.slice(0, query.pageSize);
  const last = page[page.length - 1];
  return {
    status: 200,
    message: messages.ok,
    account: { id: Number(account.id), accountCode: account.accountCode, accountName: account.accountName, headType: account.headType },
    from: range.from,
    to: range.to,
    openingBalance: fromMinorUnits(summary.opening),
    rows: page.map(ledgerRowOf),
    totals: { debit: fromMinorUnits(summary.debit), credit: fromMinorUnits(summary.credit), count: summary.count },
    closingBalance: fromMinorUnits(summary.opening + summary.debit - summary.credit),
    nextCursor: rows.length > query.pageSize && last ? encodeCursor({ date: last.entryDate, id: last.id }) : null,
  };
}

/** Every row of the range (at most ledgerExportRowCap) for the CSV and Excel export. */
export async function ledgerForExport(executor: Executor, accountId: number, auth: AuthContext, rawQuery: unknown) {
  const query = parseInput(ledgerQuerySchema.pick({ from: true, to: true }), rawQuery);
  const range = await periodOf(executor, query.from, query.to);
  const account = await ledgerAccount(executor, accountId, auth);
  const summary = await rangeSummary(executor, account, range.from, range.to);
  const rows = (await entryRows(executor, account, range, summary.opening, undefined, ledgerExportRowCap)).map(ledgerRowOf);
  return {
    account,
    range,
    openingBalance: fromMinorUnits(summary.opening),
    closingBalance: fromMinorUnits(summary.opening + summary.debit - summary.credit),
    totals: { debit: fromMinorUnits(summary.debit), credit: fromMinorUnits(summary.credit) },
    rows,
  };
}
