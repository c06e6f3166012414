import { canTransition, fromMinorUnits, type JournalInput, journalInputSchema, journalMessages, type JournalAction, toMinorUnits } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { journalLines, journals } from '../../db/schema/index.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/app-error.ts';
import { parseInput } from '../../lib/validation.ts';
import { accountMissing, allocateDocumentNumber, assertPeriodOpen, postToLedger, reverseInLedger, todayIso } from '../../ledger/general-ledger.ts';
import { actorOf, audit, type AuditActor } from '../../plugins/audit.ts';
import { findJournal, type JournalWithLines, lockJournal, missingAccountIds } from './journals.repository.ts';

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

async function assertAccountsExist(tx: Tx, input: JournalInput): Promise<void> {
  const missing = await missingAccountIds(
    tx,
    input.lines.map((l) => l.accountId),
  );
  if (missing.size === 0) return;
  const errors: Record<string, string> = {};
  input.lines.forEach((line, index) => {
    if (missing.has(line.accountId)) errors[`lines.${index}.accountId`] = accountMissing;
  });
  throw new BadRequestError(errors);
}

async function insertLines(tx: Tx, journalId: number, lines: JournalInput['lines']): Promise<void> {
  await tx.insert(journalLines).values(
    lines.map((line, index) => ({ journalId, lineNo: index + 1, accountId: line.accountId, debit: line.debit, credit: line.credit, memo: line.memo })),
  );
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

export async function createJournal(request: FastifyRequest): Promise<JournalWithLines> {
  const input = parseInput(journalInputSchema, request.body);
  const actor = actorOf(request);
  return request.server.ctx.db.transaction(async (tx) => {
    await assertAccountsExist(tx, input);
    const [row] = await tx
      .insert(journals)
      .values({ journalDate: input.journalDate, narration: input.narration, ...totalsOf(input.lines), createdBy: actor.actorUserId })
      .returning({ id: journals.id });
    await insertLines(tx, row!.id, input.lines);
    const after = (await findJournal(tx, row!.id))!;
    await audit(tx, actor, { action: 'create', resource: 'journals', recordId: row!.id, after });
    return after;
  });
}

/** A draft is replaced whole: date, narration and every line. */
export async function updateJournal(request: FastifyRequest, id: number): Promise<JournalWithLines> {
  const input = parseInput(journalInputSchema, request.body);
  return request.server.ctx.db.transaction(async (tx) => {
    const before = await lockedJournal(tx, id);
    assertDraft(before);
    await assertAccountsExist(tx, input);
    await tx
      .update(journals)
      .set({ journalDate: input.journalDate, narration: input.narration, ...totalsOf(input.lines), updatedAt: sql`now()` })
      .where(eq(journals.id, id));
    await tx.delete(journalLines).where(eq(journalLines.journalId, id));
    await insertLines(tx, id, input.lines);
    const after = (await findJournal(tx, id))!;
    await audit(tx, actorOf(request), { action: 'update', resource: 'journals', recordId: id, before, after });
    return after;
  });
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
  const { documentNumber } = await postToLedger(tx, {
    documentType: journalDocumentType,
    documentId: id,
    documentDate: before.journalDate,
    narration: before.narration,
    lines: before.lines,
    numberPrefix: journalNumberPrefix,
    actor: { userId: actor.actorUserId },
    dateField: 'journalDate',
  });
  await tx
    .update(journals)
    .set({ status: 'posted', journalNumber: documentNumber, postedAt: sql`now()`, postedBy: actor.actorUserId, updatedAt: sql`now()` })
    .where(eq(journals.id, id));
  const after = (await findJournal(tx, id))!;
  await audit(tx, actor, { action: 'post', resource: 'journals', recordId: id, before: { status: before.status }, after: { status: after.status, journalNumber: documentNumber } });
  return after;
}

/** A draft written and posted in the caller's transaction (demo data, later modules' tests). */
export async function createPostedJournal(tx: Tx, input: JournalInput, actor: AuditActor): Promise<JournalWithLines> {
  const [row] = await tx
    .insert(journals)
    .values({ journalDate: input.journalDate, narration: input.narration, ...totalsOf(input.lines), createdBy: actor.actorUserId })
    .returning({ id: journals.id });
  await insertLines(tx, row!.id, input.lines);
  return postJournalIn(tx, row!.id, actor);
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
