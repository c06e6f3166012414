import { journalDocument, type JournalInput, permittedIds, sum } from '@erp/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import { intArray, queryRows, type Tx } from '../../db/client.ts';
import { journals } from '../../db/schema/index.ts';
import { accountProblems, assertPeriodOpen, type PostingContext, postToLedger, readPostingContext, reverseInLedger, todayIso } from '../../ledger/general-ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import type { DocumentHandlers, ActionOf, DraftWriter, WrittenDraft } from '../../lib/document/document-binding.ts';
import { allocateDocumentNumber } from '../../lib/document/document-number.ts';
import type { JournalWithLines } from './journals.queries.ts';
import { agreementScope, ventureScope, withAgreementVentures } from '../../ledger/venture-stamps.ts';

const { documentType, numberPrefix } = journalDocument;
type Lines = JournalInput['lines'];

/** The totals a journal stores beside its lines. */
const totalsOf = (lines: Lines) => ({ header: { totalDebit: sum(lines.map((l) => l.debit)), totalCredit: sum(lines.map((l) => l.credit)) } });

/** The posting context of the actor: accounts outside their regions read as missing (row scope). */
const contextOf = (tx: Tx, actor: Actor, lines: ReadonlyArray<{ accountId: number }>, write?: { ctes: SQL; id: SQL }) =>
  readPostingContext(tx, lines.map((l) => l.accountId), actor.userId, write, permittedIds(actor.permissions, 'regions'));

/** Refuses a line whose account does not exist or lies outside the actor's regions, naming `lines.N.accountId`. */
function assertAccountsExist(context: PostingContext, lines: ReadonlyArray<{ accountId: number }>): void {
  const problems = accountProblems(context, lines, { active: false });
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
}

/**
 * Refuses a line naming a joint venture or rental agreement that does not exist, or that the
 * actor's row scope does not reach (outside it reads as missing, as everywhere), naming
 * `lines.N.jointVentureId` / `lines.N.rentalAgreementId` (a 400, not the foreign key's error):
 * a stamp puts the journal's amounts in that venture's statement or that agreement's P&L, which
 * a user kept to regions may not even read. The scopes are the ventures' and the agreements' own
 * (ledger/venture-stamps.ts).
 * One read, and none when no line names either.
 */
async function assertStampsExist(tx: Tx, actor: Actor, lines: ReadonlyArray<{ jointVentureId?: number | null; rentalAgreementId?: number | null }>): Promise<void> {
  const ventures = lines.map((l) => l.jointVentureId ?? null);
  const agreements = lines.map((l) => l.rentalAgreementId ?? null);
  if (ventures.every((v) => v === null) && agreements.every((a) => a === null)) return;
  const inVentures = ventureScope(actor) ?? sql`true`;
  const inAgreements = agreementScope(actor) ?? sql`true`;
  const [found] = await queryRows<{ ventures: number[] | null; agreements: number[] | null }>(
    tx,
    sql`SELECT (SELECT array_agg(id) FROM joint_ventures WHERE id = ANY(${intArray(ventures)}) AND ${inVentures}) AS ventures,
               (SELECT array_agg(id) FROM rental_agreements WHERE id = ANY(${intArray(agreements)}) AND ${inAgreements}) AS agreements`,
  );
  const known = (ids: number[] | null) => new Set((ids ?? []).map(Number));
  const knownVentures = known(found!.ventures);
  const knownAgreements = known(found!.agreements);
  const errors: Record<string, string> = {};
  lines.forEach((line, index) => {
    if (line.jointVentureId != null && !knownVentures.has(line.jointVentureId)) errors[`lines.${index}.jointVentureId`] = 'Joint venture does not exist';
    if (line.rentalAgreementId != null && !knownAgreements.has(line.rentalAgreementId)) errors[`lines.${index}.rentalAgreementId`] = 'Rental agreement does not exist';
  });
  if (Object.keys(errors).length > 0) throw new BadRequestError(errors);
}

/** Each line stamped with its account's region (null for a company-wide account), from the context already read: no extra round trip. */
const stampedLines = <Line extends { accountId: number }>(lines: readonly Line[], context: PostingContext): Array<Line & { regionId: number | null }> =>
  lines.map((line) => ({ ...line, regionId: context.accounts.get(line.accountId)?.regionId ?? null }));

/** The draft as written, with each line's account from the context already read (no re-read). */
function draftOf(drafts: DraftWriter, written: WrittenDraft, input: JournalInput, context: PostingContext, before?: JournalWithLines): JournalWithLines {
  const draft = drafts.answer<JournalWithLines>(written, input, totalsOf(input.lines), before);
  const lines = draft.lines.map((line) => {
    const account = context.accounts.get(line.accountId)!;
    return { ...line, account: { id: account.id, accountCode: account.accountCode, accountName: account.accountName } };
  });
  return { ...draft, postedByName: null, reversalJournalId: null, reversesJournalId: null, lines };
}

export const journalHandlers: DocumentHandlers<JournalInput, JournalWithLines, ActionOf<typeof journalDocument>> = {
  /** The journal and its lines as CTEs of the posting context's read: one round trip. A line of a missing account is left out; the check refuses it. */
  async create(tx, actor, input, drafts) {
    await assertStampsExist(tx, actor, input.lines);
    const write = drafts.insertCtes(input, totalsOf(input.lines), { linesWhere: sql`EXISTS (SELECT 1 FROM accounts a WHERE a.id = v.account_id)` });
    const context = await contextOf(tx, actor, input.lines, write);
    assertAccountsExist(context, input.lines);
    return { document: draftOf(drafts, { id: context.writtenId!, at: context.at, lineIds: new Map() }, input, context), context };
  },

  async update(tx, actor, before, input, drafts) {
    await assertStampsExist(tx, actor, input.lines);
    const context = await contextOf(tx, actor, input.lines);
    assertAccountsExist(context, input.lines);
    const written = await drafts.update(before.id, input, totalsOf(input.lines));
    return { document: draftOf(drafts, written, input, context, before), context };
  },

  transitions: {
    /** The ledger rows, the number, status, stamps and audit rows in one statement (docs/decisions/accounting.md, "One statement writes a posting"). */
    async post(tx, actor, draft, step) {
      // A draft posted on its own may be another user's: its stamps are checked against the
      // poster's scope as a save checks them (a save-and-post was checked by its save).
      if (!step.context) await assertStampsExist(tx, actor, draft.lines);
      const context = (step.context as PostingContext | undefined) ?? (await contextOf(tx, actor, draft.lines));
      const { documentNumber, at, actorName } = await postToLedger(
        tx,
        { ...step.posting, narration: draft.narration, lines: await withAgreementVentures(tx, draft.journalDate, stampedLines(draft.lines, context)), alongside: step.claim() },
        context,
      );
      return { document: { ...draft, status: 'posted', journalNumber: documentNumber, postedAt: at, postedBy: actor.userId, postedByName: actorName, updatedAt: at }, documentNumber };
    },

    /** A reversing journal dated today (numbered, posted, the mirror of the original's lines) writes the mirror ledger rows; both point at each other. */
    async cancel(tx, actor, original, step) {
      assertAccountsExist(await contextOf(tx, actor, original.lines), original.lines);
      const today = todayIso();
      const narration = `Reversal of ${original.journalNumber}: ${original.narration}`.slice(0, 500);
      // The period is checked before a number is taken; reverseInLedger checks it again.
      await assertPeriodOpen(tx, today, 'journalDate');
      const number = await allocateDocumentNumber(tx, numberPrefix, today);
      const mirrored = original.lines.map((l) => ({
        accountId: l.accountId,
        debit: l.credit,
        credit: l.debit,
        memo: l.memo,
        jointVentureId: l.jointVentureId ?? null,
        rentalAgreementId: l.rentalAgreementId ?? null,
        currency: l.currency ?? null,
        exchangeRate: l.exchangeRate ?? null,
        foreignDebit: l.foreignCredit ?? null,
        foreignCredit: l.foreignDebit ?? null,
      }));
      // Written as a draft, its lines added, then posted, like any journal.
      const reversal = await step.drafts.insert({ journalDate: today, narration, lines: mirrored }, { header: { ...totalsOf(mirrored).header, reversesJournalId: original.id } });
      await tx.update(journals).set({ status: 'posted', journalNumber: number, postedAt: sql`now()`, postedBy: actor.userId }).where(eq(journals.id, reversal.id));
      await reverseInLedger(tx, {
        documentType,
        documentId: original.id,
        reversal: { documentType, documentId: reversal.id, documentNumber: number },
        date: today,
        narration,
        actor: { userId: actor.userId },
        dateField: 'journalDate',
      });
      await tx.update(journals).set({ reversalJournalId: reversal.id }).where(eq(journals.id, original.id));
      return { document: original, audit: { reversalJournalId: reversal.id, reversalNumber: number } };
    },
  },
};
