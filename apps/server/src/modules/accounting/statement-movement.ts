import { addDays, toMinorUnits, yearEndCloseDocumentType } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, intList, queryRows } from '../../db/client.ts';
import { type DimensionFilter, dimensionCondition } from './dimension-filter.ts';

/** What a statement reads: the reader's regions (undefined: all), a dimension, and the first day it needs (P&L: its `from`). */
export interface StatementScope {
  regions?: readonly number[] | undefined;
  dimension?: DimensionFilter | undefined;
  since?: string;
}

/** A closing journal (year-end close) dated in [split, to]: the statements of the year it closes leave it out (`g`: gl_entries). */
const closingWithin = (split: string, to: string) => sql`g.document_type = ${yearEndCloseDocumentType} AND g.entry_date BETWEEN ${split}::date AND ${to}::date`;

/** The closing journals' rows of [split, to] with their signs turned, to add to day totals (which hold them): `accounts` narrows to the reader's. */
const closingTakenOut = (split: string, to: string, accounts: SQL = sql``) =>
  sql`SELECT g.account_id, g.entry_date, -g.debit, -g.credit FROM gl_entries g JOIN accounts a ON a.id = g.account_id WHERE ${closingWithin(split, to)}${accounts}`;

/** The reader's entries of `gl_entries g JOIN accounts a`: their regions' accounts whole, company-wide accounts' stamped with their regions. */
export function entriesInScope(regions: readonly number[] | undefined): SQL {
  return regions ? sql` AND (a.region_id IN (${intList(regions)}) OR (a.region_id IS NULL AND g.region_id IN (${intList(regions)})))` : sql``;
}

/**
 * The per-day totals a reader's statements sum: all of them; or, for a user limited to
 * regions, the days of their regions' accounts and, on company-wide accounts, only the
 * entries stamped with one of their regions (read from the entries, which day totals do not
 * split by region; `gl_entries_region_idx`). With a dimension, the entries stamped with it,
 * within the same reader's scope, one by one.
 */
export function movementOf(split: string, to: string, { regions, dimension, since }: StatementScope): SQL {
  const range = since ? sql`g.entry_date BETWEEN ${since}::date AND ${to}::date` : sql`g.entry_date <= ${to}::date`;
  // Issue 27: a closing journal of the statement's own period is left out (on day totals, taken back out; rows one by one, skipped).
  const open = sql`NOT (${closingWithin(split, to)})`;
  const stamped = dimensionCondition(dimension);
  if (stamped) {
    return sql`SELECT g.account_id, g.entry_date, g.debit, g.credit FROM gl_entries g JOIN accounts a ON a.id = g.account_id
               WHERE ${stamped} AND ${range} AND ${open}${entriesInScope(regions)}`;
  }
  if (!regions) return sql`SELECT account_id, entry_date, debit, credit FROM account_daily_totals g WHERE ${range} UNION ALL ${closingTakenOut(split, to)}`;
  return sql`SELECT g.account_id, g.entry_date, g.debit, g.credit FROM account_daily_totals g
               JOIN accounts a ON a.id = g.account_id WHERE a.region_id IN (${intList(regions)}) AND ${range}
             UNION ALL ${closingTakenOut(split, to, sql` AND a.region_id IN (${intList(regions)})`)}
             UNION ALL
             SELECT g.account_id, g.entry_date, g.debit, g.credit FROM gl_entries g
               JOIN accounts a ON a.id = g.account_id
             WHERE a.region_id IS NULL AND g.region_id IN (${intList(regions)}) AND ${range} AND ${open}`;
}

/** The accounts' opening balances as a reader counts them (`a`: accounts): a dimension none, a reader kept to regions only their regions' accounts'. */
export function openingOf({ regions, dimension }: StatementScope): SQL {
  if (dimensionCondition(dimension)) return sql`0`;
  return regions ? sql`CASE WHEN a.region_id IS NULL THEN 0 ELSE a.opening_balance END` : sql`a.opening_balance`;
}

/**
 * Dr-signed cents: what the income and expense accounts held before `yearStart` as the reader
 * counts them, closing journals included (they net to zero there): the earlier years' result
 * retained earnings opens the year with (issue 27). An account's ledger reads it for retained
 * earnings; the statements sum it per account (statements.service.ts, carriedForward).
 */
export async function earlierYearsResult(executor: Executor, yearStart: string, scope: Omit<StatementScope, 'since'>): Promise<bigint> {
  const results = sql`h.head_type IN ('income', 'expense')`;
  const inScope = scope.regions ? sql` AND (a.region_id IS NULL OR a.region_id IN (${intList(scope.regions)}))` : sql``;
  const before = addDays(yearStart, -1);
  const [row] = await queryRows<{ movement: string; opening: string }>(
    executor,
    sql`SELECT (SELECT coalesce(sum(d.debit - d.credit), 0) FROM (${movementOf(yearStart, before, scope)}) d
                  JOIN accounts a ON a.id = d.account_id JOIN account_heads h ON h.id = a.head_id WHERE ${results})::text AS movement,
               (SELECT coalesce(sum(${openingOf(scope)}), 0) FROM accounts a JOIN account_heads h ON h.id = a.head_id WHERE ${results}${inScope})::text AS opening`,
  );
  return toMinorUnits(row!.movement) + toMinorUnits(row!.opening);
}
