import { jvSettlementDocument, type JvSettlementInput, toMinorUnits, ventureMessages } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { type LedgerLineInput, postDocument, readPostingContextWith, reverseInLedger, todayIso, transferLines } from '../../ledger/general-ledger.ts';
import { chosenAccounts } from '../../ledger/posting-accounts.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import type { ActionOf, DocumentHandlers } from '../../lib/document/document-binding.ts';
import { ventureScope } from './joint-ventures.queries.ts';
import type { JvSettlementDetail } from './jv-settlements.queries.ts';
import { readVentureTerms, settledPeriods, ventureStatementOf } from './venture-statement.service.ts';

const { documentType } = jvSettlementDocument;

/** The venture exists, within the actor's row scope (outside it: as missing), and the period lies within it. */
async function checked(tx: Tx, actor: Actor, input: JvSettlementInput): Promise<{ ventureName: string }> {
  const problems: Record<string, string> = {};
  if (input.from > input.to) problems.to = 'To must be on or after from';
  const [venture] = await queryRows<{ ventureName: string; startDate: string; endDate: string | null }>(
    tx,
    sql`SELECT venture_name AS "ventureName", document_date::text AS "startDate", end_date::text AS "endDate" FROM joint_ventures
        WHERE joint_ventures.id = ${input.jointVentureId}::int AND ${ventureScope(actor) ?? sql`true`}`,
  );
  if (!venture) problems.jointVentureId = ventureMessages.ventureMissing;
  else if (input.from < venture.startDate || (venture.endDate && input.to > venture.endDate)) problems.from = ventureMessages.settleOutside;
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
  return venture!;
}

export const jvSettlementHandlers: DocumentHandlers<JvSettlementInput, JvSettlementDetail, ActionOf<typeof jvSettlementDocument>> = {
  async create(tx, actor, input, drafts) {
    const venture = await checked(tx, actor, input);
    const draft = drafts.answer<JvSettlementDetail>(await drafts.insert(input), input);
    return { document: { ...draft, ventureName: venture.ventureName, profit: null, partnerShare: null, carriedLoss: null, statementHash: null, statement: null } };
  },

  async update(tx, actor, before, input, drafts) {
    const venture = await checked(tx, actor, input);
    const draft = drafts.answer<JvSettlementDetail>(await drafts.update(before.id, input), input, {}, before);
    return { document: { ...draft, ventureName: venture.ventureName, profit: null, partnerShare: null, carriedLoss: null, statementHash: null, statement: null } };
  },

  transitions: {
    /**
     * The venture's row locked (its settlements take turns, and the postings stamped with it wait
     * or are waited for: see the cut, venture-statement.service.ts), the period checked (ended, not
     * settled already: 409 naming the settlement), the statement run and kept with its hash;
     * the partner's share posted: Dr JV profit share, Cr the partner's payable, or the reverse
     * for a shared loss. The rows carry no venture stamp: the share is not the venture's own
     * P&L, and a stamp dated in the period would change the statement it settles.
     */
    async post(tx, actor, draft, step) {
      await tx.execute(sql`SELECT id FROM joint_ventures WHERE id = ${draft.jointVentureId}::int FOR NO KEY UPDATE`);
      // The venture's advisory lock, exclusive: the postings that stamped rows with the venture
      // hold it shared until they commit (0067), and later ones wait for this settlement; the cut is
      // read from the clock once it is held.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(28, ${draft.jointVentureId}::int)`);
      const [{ cut }] = (await queryRows<{ cut: string }>(tx, sql`SELECT clock_timestamp()::text AS cut`)) as [{ cut: string }];
      const venture = await readVentureTerms(tx, draft.jointVentureId);
      if (venture.status === 'draft' || venture.payableAccountId === null) throw new ConflictError(ventureMessages.notActive);
      if (draft.to >= todayIso()) throw new BadRequestError({ to: ventureMessages.settleUnfinished });
      const clash = (await settledPeriods(tx, venture.id)).find((s) => s.from <= draft.to && s.to >= draft.from);
      if (clash) throw new ConflictError(ventureMessages.alreadySettled(clash.documentNumber));
      const statement = await ventureStatementOf(tx, venture.id, draft.from, draft.to);
      const share = statement.partnerShare;
      const context = await readPostingContextWith(tx, { accountIds: [venture.payableAccountId], postingKeys: ['jvProfitShare'], userId: actor.userId });
      const accounts = chosenAccounts(context.postingAccounts, ['jvProfitShare']);
      const party = venture.partnerType === 'vendor' ? { partyType: 'vendor' as const, partyId: venture.partnerId } : {};
      const amount = share.replace('-', '');
      const memo = `${venture.ventureName}: partner's share ${draft.from} to ${draft.to}`.slice(0, 200);
      const lines: LedgerLineInput[] =
        toMinorUnits(share) >= 0n
          ? transferLines(accounts.jvProfitShare, venture.payableAccountId, amount, memo)
          : transferLines(venture.payableAccountId, accounts.jvProfitShare, amount, memo);
      const withParty = lines.map((line) => (line.accountId === venture.payableAccountId ? { ...line, ...party } : line));
      const kept = { ...statement, settled: '0.00', due: statement.partnerShare, settlement: null };
      const writes = step.claim({
        profit: sql`${statement.profit}::numeric`,
        partner_share: sql`${share}::numeric`,
        carried_loss: sql`${statement.carriedLoss}::numeric`,
        statement: sql`${JSON.stringify(kept)}::jsonb`,
        statement_hash: sql`${statement.hash}::text`,
        statement_cut_at: sql`${cut}::timestamptz`,
      });
      // Two settlements of one period at the same instant: the exclusion constraint keeps one (409, ventures.routes.ts).
      const documentNumber = await postDocument(tx, { ...step.posting, narration: memo, lines: withParty, alongside: writes }, context);
      const document: JvSettlementDetail = {
        ...draft,
        status: 'posted',
        documentNumber,
        profit: statement.profit,
        partnerShare: share,
        carriedLoss: statement.carriedLoss,
        statementHash: statement.hash,
        statement: kept,
        postedAt: context.at,
        postedBy: actor.userId,
        updatedAt: context.at,
      };
      return { document, documentNumber };
    },

    /** The share's posting reversed today; the period is open to a new settlement. */
    async cancel(tx, actor, settlement) {
      if (toMinorUnits(settlement.partnerShare ?? '0') !== 0n) {
        await reverseInLedger(tx, { documentType, documentId: settlement.id, narration: `Cancellation of ${settlement.documentNumber}`, actor: { userId: actor.userId }, dateField: 'to' });
      }
      return { document: settlement };
    },
  },
};
