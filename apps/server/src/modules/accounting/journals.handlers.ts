import { fromMinorUnits, type JournalInput, permittedIds, sum, toMinorUnits } from '@erp/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { journalLines, journals } from '../../db/schema/index.ts';
import { accountProblems, allocateDocumentNumber, assertPeriodOpen, type PostingContext, postToLedger, readPostingContext, reverseInLedger, todayIso } from '../../ledger/general-ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import type { DocumentHandlers } from '../../lib/document/document-binding.ts';
import type { JournalWithLines } from './journals.queries.ts';

/** What journals write and post; the machinery (lib/document) does the rest. */
export const journalDocumentType = 'journal';
export const journalNumberPrefix = 'JV';
type Lines = JournalInput['lines'];

function totalsOf(lines: Lines): { totalDebit: string; totalCredit: string } {
  return { totalDebit: sum(lines.map((l) => l.debit)), totalCredit: sum(lines.map((l) => l.credit)) };
}

/** The posting context of the actor: accounts outside their regions read as missing (row scope). */
const contextOf = (tx: Tx, actor: Actor, lines: ReadonlyArray<{ accountId: number }>, write?: { ctes: SQL; id: SQL }) =>
  readPostingContext(tx, lines.map((l) => l.accountId), actor.userId, write, permittedIds(actor.permissions, 'regions'));

/** Refuses a line whose account does not exist or lies outside the actor's regions, naming `lines.N.accountId`. */
function assertAccountsExist(context: PostingContext, lines: ReadonlyArray<{ accountId: number }>): void {
  const problems = accountProblems(context, lines, { active: false });
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
}

/** Each line stamped with its account's region (null for a company-wide account), from the context already read: no extra round trip. */
const stampedLines = <Line extends { accountId: number }>(lines: readonly Line[], context: PostingContext): Array<Line & { regionId: number | null }> =>
  lines.map((line) => ({ ...line, regionId: context.accounts.get(line.accountId)?.regionId ?? null }));

const linesSql = (lines: Lines): SQL =>
  sql.join(lines.map((line, index) => sql`(${index + 1}::int, ${line.accountId}::int, ${line.debit}::numeric, ${line.credit}::numeric, ${line.memo}::text)`), sql`, `);

async function insertLines(tx: Tx, journalId: number, lines: Lines): Promise<void> {
  await tx.execute(sql`INSERT INTO journal_lines (journal_id, line_no, account_id, debit, credit, memo)
    SELECT ${journalId}::int, v.* FROM (VALUES ${linesSql(lines)}) AS v(line_no, account_id, debit, credit, memo)`);
}

/** The journal and its lines as CTEs of the posting context's read: one round trip. A line of a missing account is left out; the caller refuses it. */
function insertJournalSql(input: JournalInput, actor: Actor): { ctes: SQL; id: SQL } {
  const totals = totalsOf(input.lines);
  const ctes = sql`j AS (
      INSERT INTO journals (journal_date, narration, total_debit, total_credit, created_by)
      VALUES (${input.journalDate}::date, ${input.narration}, ${totals.totalDebit}::numeric, ${totals.totalCredit}::numeric, ${actor.userId}::int)
      RETURNING id),
    l AS (INSERT INTO journal_lines (journal_id, line_no, account_id, debit, credit, memo)
      SELECT j.id, v.* FROM j CROSS JOIN (VALUES ${linesSql(input.lines)}) AS v(line_no, account_id, debit, credit, memo)
      WHERE EXISTS (SELECT 1 FROM accounts a WHERE a.id = v.account_id))`;
  return { ctes, id: sql`(SELECT id FROM j)` };
}

/** A draft as the database now holds it, built from what was written (no re-read). */
function draftOf(id: number, input: JournalInput, context: PostingContext, actor: Actor): JournalWithLines {
  const line = (l: Lines[number], index: number) => {
    const account = context.accounts.get(l.accountId)!;
    const amount = (value: string) => fromMinorUnits(toMinorUnits(value));
    return { lineNo: index + 1, accountId: l.accountId, account: { id: account.id, accountCode: account.accountCode, accountName: account.accountName }, debit: amount(l.debit), credit: amount(l.credit), memo: l.memo };
  };
  return {
    id,
    journalNumber: null,
    journalDate: input.journalDate,
    narration: input.narration,
    status: 'draft',
    ...totalsOf(input.lines),
    postedAt: null,
    postedBy: null,
    postedByName: null,
    cancelledAt: null,
    cancelledBy: null,
    reversalJournalId: null,
    reversesJournalId: null,
    createdBy: actor.userId,
    createdAt: context.at,
    updatedAt: context.at,
    lines: input.lines.map(line),
  };
}

export const journalHandlers: DocumentHandlers<JournalInput, JournalWithLines, 'post' | 'cancel'> = {
  async create(tx, actor, input) {
    const context = await contextOf(tx, actor, input.lines, insertJournalSql(input, actor));
    assertAccountsExist(context, input.lines);
    return { document: draftOf(context.writtenId!, input, context, actor), context };
  },

  async update(tx, actor, before, input) {
    const context = await contextOf(tx, actor, input.lines);
    assertAccountsExist(context, input.lines);
    await tx.update(journals).set({ journalDate: input.journalDate, narration: input.narration, ...totalsOf(input.lines), updatedAt: sql`now()` }).where(eq(journals.id, before.id));
    await tx.delete(journalLines).where(eq(journalLines.journalId, before.id));
    await insertLines(tx, before.id, input.lines);
    return { document: { ...draftOf(before.id, input, context, actor), createdBy: before.createdBy, createdAt: before.createdAt }, context };
  },

  transitions: {
    /** The ledger rows, the number, status, stamps and audit rows in one statement (docs/DECISIONS.md, "One statement writes a posting"). */
    async post(tx, actor, draft, step) {
      const context = (step.context as PostingContext | undefined) ?? (await contextOf(tx, actor, draft.lines));
      const { documentNumber, at, actorName } = await postToLedger(
        tx,
        { documentType: journalDocumentType, documentId: draft.id, documentDate: draft.journalDate, narration: draft.narration, lines: stampedLines(draft.lines, context), numberPrefix: journalNumberPrefix, actor: { userId: actor.userId }, dateField: 'journalDate', alongside: step.claim() },
        context,
      );
      return { document: { ...draft, status: 'posted', journalNumber: documentNumber, postedAt: at, postedBy: actor.userId, postedByName: actorName, updatedAt: at }, documentNumber };
    },

    /** A reversing journal dated today (numbered, posted, the mirror of the original's lines) writes the mirror ledger rows; both point at each other. */
    async cancel(tx, actor, original) {
      assertAccountsExist(await contextOf(tx, actor, original.lines), original.lines);
      const today = todayIso();
      const narration = `Reversal of ${original.journalNumber}: ${original.narration}`.slice(0, 500);
      // The period is checked before a number is taken; reverseInLedger checks it again.
      await assertPeriodOpen(tx, today, 'journalDate');
      const number = await allocateDocumentNumber(tx, journalNumberPrefix, today);
      const mirrored = original.lines.map((l) => ({ accountId: l.accountId, debit: l.credit, credit: l.debit, memo: l.memo }));
      // Written as a draft, its lines added, then posted, like any journal.
      const [reversal] = await tx
        .insert(journals)
        .values({ journalDate: today, narration, totalDebit: original.totalCredit, totalCredit: original.totalDebit, reversesJournalId: original.id, createdBy: actor.userId })
        .returning({ id: journals.id });
      await insertLines(tx, reversal!.id, mirrored);
      await tx.update(journals).set({ status: 'posted', journalNumber: number, postedAt: sql`now()`, postedBy: actor.userId }).where(eq(journals.id, reversal!.id));
      await reverseInLedger(tx, {
        documentType: journalDocumentType,
        documentId: original.id,
        reversal: { documentType: journalDocumentType, documentId: reversal!.id, documentNumber: number },
        date: today,
        narration,
        actor: { userId: actor.userId },
        dateField: 'journalDate',
      });
      await tx.update(journals).set({ reversalJournalId: reversal!.id }).where(eq(journals.id, original.id));
      return { document: original, audit: { reversalJournalId: reversal!.id, reversalNumber: number } };
    },
  },
};
