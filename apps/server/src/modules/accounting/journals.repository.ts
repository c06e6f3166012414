import { type JournalStatus, journalStatuses, listQuerySchema } from '@erp/domain';
import type { JournalDetail, JournalLineRow, JournalRow as WireJournalRow } from '@erp/domain';
import { and, asc, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { journals } from '../../db/schema/index.ts';
import { isIsoDate, likePattern } from '../../lib/resource/resource-query.ts';

const isoDate = z.string().refine(isIsoDate, { error: 'Must be a date (YYYY-MM-DD)' });

export const journalSortFields = { journalDate: journals.journalDate, journalNumber: journals.journalNumber, createdAt: journals.createdAt } as const;

export const journalListQuerySchema = listQuerySchema.extend({
  status: z.enum(journalStatuses, { error: 'Status is not a valid filter value' }).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  sort: z.enum(Object.keys(journalSortFields) as [keyof typeof journalSortFields], { error: 'Sort is not a valid filter value' }).optional(),
});

export type JournalListQuery = z.infer<typeof journalListQuerySchema>;

const postedByUser = sql<string | null>`(SELECT u.name FROM users u WHERE u.id = ${journals.postedBy})`;

/** The list row of the API contract (docs/API.md, journals). */
export const journalRowSelection = {
  id: journals.id,
  journalNumber: journals.journalNumber,
  journalDate: journals.journalDate,
  narration: journals.narration,
  status: journals.status,
  totalDebit: journals.totalDebit,
  totalCredit: journals.totalCredit,
  postedAt: journals.postedAt,
  postedBy: journals.postedBy,
  postedByName: postedByUser,
  cancelledAt: journals.cancelledAt,
  cancelledBy: journals.cancelledBy,
  reversalJournalId: journals.reversalJournalId,
  reversesJournalId: journals.reversesJournalId,
  createdBy: journals.createdBy,
  createdAt: journals.createdAt,
  updatedAt: journals.updatedAt,
};

export type JournalRow = WireJournalRow<Date>;
export type { JournalLineRow };
export type JournalWithLines = JournalDetail<Date>;

function whereOf(query: JournalListQuery): SQL | undefined {
  const pattern = query.search ? likePattern(query.search) : undefined;
  return and(
    pattern ? or(ilike(journals.journalNumber, pattern), ilike(journals.narration, pattern)) : undefined,
    query.status ? eq(journals.status, query.status) : undefined,
    query.from ? gte(journals.journalDate, query.from) : undefined,
    query.to ? lte(journals.journalDate, query.to) : undefined,
  );
}

/** One page and the total in one query, newest first unless told. */
export async function listJournals(executor: Executor, query: JournalListQuery): Promise<{ data: JournalRow[]; total: number }> {
  const direction = query.order ? (query.order.startsWith('desc') ? desc : asc) : query.sort ? asc : desc;
  const sortColumn = journalSortFields[query.sort ?? 'journalDate'];
  const offset = (query.page - 1) * query.pageSize;
  const rows = await executor
    .select({ ...journalRowSelection, total: sql<number>`count(*) over ()` })
    .from(journals)
    .where(whereOf(query))
    .orderBy(direction(sortColumn), direction(journals.id))
    .limit(query.pageSize)
    .offset(offset);
  if (rows.length === 0) {
    const total = offset === 0 ? 0 : await executor.$count(journals, whereOf(query));
    return { data: [], total };
  }
  const total = Number(rows[0]!.total);
  return { data: rows.map(({ total: _total, ...row }) => row as JournalRow), total };
}

/** The lines with their accounts, as one JSON column of the journal's row. */
const linesOfJournal = sql<JournalLineRow[] | string>`(
  SELECT coalesce(json_agg(json_build_object(
           'lineNo', l.line_no, 'accountId', l.account_id,
           'account', json_build_object('id', a.id, 'accountCode', a.account_code, 'accountName', a.account_name),
           'debit', l.debit::text, 'credit', l.credit::text, 'memo', l.memo) ORDER BY l.line_no), '[]')
  FROM journal_lines l JOIN accounts a ON a.id = l.account_id WHERE l.journal_id = journals.id)`;

function withLines(row: JournalRow & { lines: JournalLineRow[] | string }): JournalWithLines {
  const lines = typeof row.lines === 'string' ? (JSON.parse(row.lines) as JournalLineRow[]) : row.lines;
  return { ...row, lines };
}

/** A journal with its lines, in one query. */
export async function findJournal(executor: Executor, id: number): Promise<JournalWithLines | undefined> {
  const [row] = await executor.select({ ...journalRowSelection, lines: linesOfJournal }).from(journals).where(eq(journals.id, id));
  return row ? withLines(row as JournalRow & { lines: JournalLineRow[] | string }) : undefined;
}

/** The same, locking the journal row for the rest of the transaction: two posts or cancels of one journal take turns. */
export async function lockJournal(executor: Executor, id: number): Promise<JournalWithLines | undefined> {
  const [row] = await executor
    .select({ ...journalRowSelection, lines: linesOfJournal })
    .from(journals)
    .where(eq(journals.id, id))
    .for('update', { of: journals });
  return row ? withLines(row as JournalRow & { lines: JournalLineRow[] | string }) : undefined;
}
