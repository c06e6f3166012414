import { canTransition, fromMinorUnits, type JournalInput, journalMessages, journalSaveSchema, type JournalAction, toMinorUnits } from '@erp/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { journalLines, journals } from '../../db/schema/index.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/app-error.ts';
import { parseInput } from '../../lib/validation.ts';
import {
  accountProblems,
  allocateDocumentNumber,
  type AlongsideStatement,
  assertBalancedLines,
  assertPeriodOpen,
  type PostingContext,
  postToLedger,
  readPostingContext,
  reverseInLedger,
  todayIso,
} from '../../ledger/general-ledger.ts';
import { actorOf, audit, type AuditActor, type AuditEntry, auditStatement } from '../../plugins/audit.ts';
import { findJournal, type JournalWithLines, lockJournal } from './journals.repository.ts';

/** Journals: draft -> posted -> cancelled (journalWorkflow). Each command is one transaction with its audit row. */
export const journalDocumentType = 'journal';
export const journalNumberPrefix = 'JV';

function totalsOf(lines: JournalInput['lines']): { totalDebit: string; totalCredit: string } {
  let debit = 0n;
  let credit = 0n;
  for (const line of lines) {
    debit += toMinorUnits(line.debit);
    credit += toMinorUnits(line.credit);
  }
  return { totalDebit: fromMinorUnits(debit), totalCredit: fromMinorUnits(credit) };
}

/** Refuses a line whose account does not exist (before its row would break the foreign key). */
function assertAccountsExist(context: PostingContext, lines: JournalInput['lines']): void {
  const problems = accountProblems(context, lines, { active: false });
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
}

function linesSql(lines: JournalInput['lines']): SQL {
  return sql.join(
    lines.map((line, index) => sql`(${index + 1}::int, ${line.accountId}::int, ${line.debit}::numeric, ${line.credit}::numeric, ${line.memo}::text)`),
    sql`, `,
  );
}

async function insertLines(tx: Tx, journalId: number, lines: JournalInput['lines']): Promise<void> {
  await tx.execute(sql`INSERT INTO journal_lines (journal_id, line_no, account_id, debit, credit, memo)
    SELECT ${journalId}::int, v.* FROM (VALUES ${linesSql(lines)}) AS v(line_no, account_id, debit, credit, memo)`);
}

/**
 * The journal row and its lines as one statement answering the new id. A line whose account
 * does not exist is left out rather than breaking the foreign key: the caller refuses the
 * journal from the accounts read with it, and the transaction rolls back.
 */
function insertJournalSql(input: JournalInput, actor: AuditActor): { ctes: SQL; id: SQL } {
  const totals = totalsOf(input.lines);
  const ctes = sql`j AS (
      INSERT INTO journals (journal_date, narration, total_debit, total_credit, created_by)
      VALUES (${input.journalDate}::date, ${input.narration}, ${totals.totalDebit}::numeric, ${totals.totalCredit}::numeric, ${actor.actorUserId}::int)
      RETURNING id),
    l AS (INSERT INTO journal_lines (journal_id, line_no, account_id, debit, credit, memo)
      SELECT j.id, v.* FROM j CROSS JOIN (VALUES ${linesSql(input.lines)}) AS v(line_no, account_id, debit, credit, memo)
      WHERE EXISTS (SELECT 1 FROM accounts a WHERE a.id = v.account_id))`;
  return { ctes, id: sql`(SELECT id FROM j)` };
}

/** A new draft as the database now holds it, built from what was written (no re-read). */
function newDraft(id: number, input: JournalInput, context: PostingContext, actor: AuditActor): JournalWithLines {
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
    createdBy: actor.actorUserId,
    createdAt: context.at,
    updatedAt: context.at,
    lines: input.lines.map((line, index) => {
      const account = context.accounts.get(line.accountId)!;
      return {
        lineNo: index + 1,
        accountId: line.accountId,
        account: { id: account.id, accountCode: account.accountCode, accountName: account.accountName },
        debit: fromMinorUnits(toMinorUnits(line.debit)),
        credit: fromMinorUnits(toMinorUnits(line.credit)),
        memo: line.memo,
      };
    }),
  };
}

async function lockedJournal(tx: Tx, id: number): Promise<JournalWithLines> {
  const journal = await lockJournal(tx, id);
  if (!journal) throw new NotFoundError();
  return journal;
}

function assertCan(journal: JournalWithLines, action: JournalAction): void {
  if (!canTransition(journal.status, action)) throw new ConflictError(journalMessages.cannot(action, journal.status));
}

function assertDraft(journal: JournalWithLines): void {
  if (journal.status !== 'draft') throw new ConflictError(journalMessages.notDraft);
}

export interface SavedJournal {
  journal: JournalWithLines;
  posted: boolean;
}

/** Saves a new journal; with `post`, posts it in the same transaction (a refusal stores nothing). */
export async function createJournal(request: FastifyRequest): Promise<SavedJournal> {
  const { post, ...input } = parseInput(journalSaveSchema, request.body);
  const actor = actorOf(request);
  const journal = await request.server.ctx.db.transaction((tx) => saveNewJournal(tx, input, actor, { post: post ?? false }));
  return { journal, posted: post ?? false };
}

/** A draft written, and posted when asked, in the caller's transaction (also demo data and tests). */
export async function saveNewJournal(tx: Tx, input: JournalInput, actor: AuditActor, options: { post: boolean }): Promise<JournalWithLines> {
  if (options.post) assertBalancedLines(input.lines);
  const context = await readPostingContext(tx, input.lines.map((l) => l.accountId), actor.actorUserId, insertJournalSql(input, actor));
  assertAccountsExist(context, input.lines);
  const id = context.writtenId!;
  const draft = newDraft(id, input, context, actor);
  const created: AuditEntry = { action: 'create', resource: 'journals', recordId: id, after: draft };
  if (!options.post) {
    await audit(tx, actor, created);
    return draft;
  }
  return postDraft(tx, draft, actor, context, [(number) => auditStatement(actor, created, { journalNumber: number })]);
}

/** Replaces a draft whole (date, narration and every line); with `post`, posts it in the same transaction. */
export async function updateJournal(request: FastifyRequest, id: number): Promise<SavedJournal> {
  const { post, ...input } = parseInput(journalSaveSchema, request.body);
  const actor = actorOf(request);
  const journal = await request.server.ctx.db.transaction(async (tx) => {
    const before = await lockedJournal(tx, id);
    assertDraft(before);
    const context = await readPostingContext(tx, input.lines.map((l) => l.accountId), actor.actorUserId);
    assertAccountsExist(context, input.lines);
    if (post) assertBalancedLines(input.lines);
    await tx
      .update(journals)
      .set({ journalDate: input.journalDate, narration: input.narration, ...totalsOf(input.lines), updatedAt: sql`now()` })
      .where(eq(journals.id, id));
    await tx.delete(journalLines).where(eq(journalLines.journalId, id));
    await insertLines(tx, id, input.lines);
    const after: JournalWithLines = { ...newDraft(id, input, context, actor), createdBy: before.createdBy, createdAt: before.createdAt };
    const updated: AuditEntry = { action: 'update', resource: 'journals', recordId: id, before, after };
    if (!post) {
      await audit(tx, actor, updated);
      return after;
    }
    return postDraft(tx, after, actor, context, [(number) => auditStatement(actor, updated, { journalNumber: number })]);
  });
  return { journal, posted: post ?? false };
}

export async function deleteJournal(request: FastifyRequest, id: number): Promise<void> {
  await request.server.ctx.db.transaction(async (tx) => {
    const before = await lockedJournal(tx, id);
    assertDraft(before);
    await tx.delete(journals).where(eq(journals.id, id));
    await audit(tx, actorOf(request), { action: 'delete', resource: 'journals', recordId: id, before });
  });
}

/** Posts a draft through the general ledger: numbered JV-<year>-<6 digits> in the same transaction. */
export async function postJournal(request: FastifyRequest, id: number): Promise<JournalWithLines> {
  return request.server.ctx.db.transaction((tx) => postJournalIn(tx, id, actorOf(request)));
}

export async function postJournalIn(tx: Tx, id: number, actor: AuditActor): Promise<JournalWithLines> {
  const before = await lockedJournal(tx, id);
  assertCan(before, 'post');
  return postDraft(tx, before, actor);
}

/**
 * The ledger rows, the journal's number and status, and the audit rows are written by one
 * statement (postToLedger's), so the number's lock is held for that statement and the
 * commit only. The answer is built from what was written, not read again.
 */
async function postDraft(
  tx: Tx,
  draft: JournalWithLines,
  actor: AuditActor,
  context?: PostingContext,
  alsoAudit: AlongsideStatement[] = [],
): Promise<JournalWithLines> {
  const { documentNumber, at, actorName } = await postToLedger(
    tx,
    {
      documentType: journalDocumentType,
      documentId: draft.id,
      documentDate: draft.journalDate,
      narration: draft.narration,
      lines: draft.lines,
      numberPrefix: journalNumberPrefix,
      actor: { userId: actor.actorUserId },
      dateField: 'journalDate',
      alongside: [
        ...alsoAudit,
        (number) =>
          sql`UPDATE journals SET status = 'posted', journal_number = ${number}, posted_at = now(), posted_by = ${actor.actorUserId}::int, updated_at = now()
              WHERE id = ${draft.id}::int`,
        (number) =>
          auditStatement(actor, { action: 'post', resource: 'journals', recordId: draft.id, before: { status: draft.status }, after: { status: 'posted' } }, { journalNumber: number }),
      ],
    },
    context,
  );
  return { ...draft, status: 'posted', journalNumber: documentNumber, postedAt: at, postedBy: actor.actorUserId, postedByName: actorName, updatedAt: at };
}

/** A journal written and posted in the caller's transaction (demo data, later modules' tests). */
export async function createPostedJournal(tx: Tx, input: JournalInput, actor: AuditActor): Promise<JournalWithLines> {
  return saveNewJournal(tx, input, actor, { post: true });
}

/**
 * Cancels a posted journal: a reversing journal dated today (numbered, posted, its lines
 * the mirror of the original's) writes the mirror ledger rows; both point at each other.
 */
export async function cancelJournal(request: FastifyRequest, id: number): Promise<JournalWithLines> {
  return request.server.ctx.db.transaction((tx) => cancelJournalIn(tx, id, actorOf(request)));
}

export async function cancelJournalIn(tx: Tx, id: number, actor: AuditActor): Promise<JournalWithLines> {
  const before = await lockedJournal(tx, id);
  assertCan(before, 'cancel');
  const today = todayIso();
  const mirrored = before.lines.map((line) => ({ accountId: line.accountId, debit: line.credit, credit: line.debit, memo: line.memo }));
  const narration = `Reversal of ${before.journalNumber}: ${before.narration}`.slice(0, 500);
  // The period is checked before a number is taken; reverseInLedger checks it again.
  const number = await allocateNumberInOpenPeriod(tx, today);
  const [reversal] = await tx
    .insert(journals)
    .values({
      journalNumber: number,
      journalDate: today,
      narration,
      status: 'posted',
      totalDebit: before.totalCredit,
      totalCredit: before.totalDebit,
      reversesJournalId: id,
      createdBy: actor.actorUserId,
      postedAt: sql`now()`,
      postedBy: actor.actorUserId,
    })
    .returning({ id: journals.id });
  await insertLines(tx, reversal!.id, mirrored);
  await reverseInLedger(tx, {
    documentType: journalDocumentType,
    documentId: id,
    reversal: { documentType: journalDocumentType, documentId: reversal!.id, documentNumber: number },
    date: today,
    narration,
    actor: { userId: actor.actorUserId },
    dateField: 'journalDate',
  });
  await tx
    .update(journals)
    .set({ status: 'cancelled', cancelledAt: sql`now()`, cancelledBy: actor.actorUserId, reversalJournalId: reversal!.id, updatedAt: sql`now()` })
    .where(eq(journals.id, id));
  const after = (await findJournal(tx, id))!;
  await audit(tx, actor, {
    action: 'cancel',
    resource: 'journals',
    recordId: id,
    before: { status: before.status },
    after: { status: after.status, reversalJournalId: reversal!.id, reversalNumber: number },
  });
  return after;
}

async function allocateNumberInOpenPeriod(tx: Tx, date: string): Promise<string> {
  await assertPeriodOpen(tx, date, 'journalDate');
  return allocateDocumentNumber(tx, journalNumberPrefix, date);
}
