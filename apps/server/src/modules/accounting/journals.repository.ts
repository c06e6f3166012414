import { type JournalStatus, journalStatuses, listQuerySchema } from '@erp/domain';
import type { JournalDetail, JournalLineRow, JournalRow as WireJournalRow } from '@erp/domain';
import { and, asc, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { accounts, journalLines, journals } from '../../db/schema/index.ts';
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

export async function findJournal(executor: Executor, id: number): Promise<JournalWithLines | undefined> {
  const [row] = await executor.select(journalRowSelection).from(journals).where(eq(journals.id, id));
  if (!row) return undefined;
  const lines = await executor
    .select({
      lineNo: journalLines.lineNo,
      accountId: journalLines.accountId,
      account: { id: accounts.id, accountCode: accounts.accountCode, accountName: accounts.accountName },
      debit: journalLines.debit,
      credit: journalLines.credit,
      memo: journalLines.memo,
    })
    .from(journalLines)
    .innerJoin(accounts, eq(accounts.id, journalLines.accountId))
    .where(eq(journalLines.journalId, id))
    .orderBy(asc(journalLines.lineNo));
  return { ...(row as JournalRow), lines };
}

/** Locks the journal row for the rest of the transaction: two posts or cancels of one journal take turns. */
export async function lockJournal(executor: Executor, id: number): Promise<JournalWithLines | undefined> {
  const locked = await executor.select({ id: journals.id }).from(journals).where(eq(journals.id, id)).for('update');
  if (locked.length === 0) return undefined;
  return findJournal(executor, id);
}

/** Ids among `ids` with no account row. */
export async function missingAccountIds(executor: Executor, ids: readonly number[]): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const found = new Set((await executor.select({ id: accounts.id }).from(accounts).where(inArray(accounts.id, unique))).map((r) => r.id));
  return new Set(unique.filter((id) => !found.has(id)));
}
