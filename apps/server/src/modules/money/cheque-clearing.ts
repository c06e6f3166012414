import { chequeDocument, type ChequeDetail } from '@erp/domain';
import { and, inArray, sql } from 'drizzle-orm';
import { dateArray, intArray, numericArray, queryRows, textArray, type Tx } from '../../db/client.ts';
import { cheques } from '../../db/schema/index.ts';
import { accountProblems, assertBalancedLines, assertOpenIn, readPostingContextWith, transferEntriesStatement } from '../../ledger/general-ledger.ts';
import { chosenAccounts } from '../../ledger/posting-accounts.ts';
import { type Actor, auditActorOf } from '../../lib/actor.ts';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../lib/app-error.ts';
import { runTransitionGuards } from '../../lib/document/document-hooks.ts';
import { assertMayRun } from '../../lib/document/run-transition.ts';
import { documentSearchable, searchRowUpsert } from '../../lib/search/search-rows.ts';
import { auditRowsStatement } from '../../plugins/audit.ts';
import { chequeBinding } from './cheques.binding.ts';
import { assertClearDate, clearingPosting } from './cheques.handlers.ts';
import { chequeQueries } from './cheques.queries.ts';

export interface ChequeClearing {
  chequeId: number;
  clearDate: string;
}

export interface ChequeClearings {
  cleared: number[];
  /** Cheque id -> what clearing it alone would have thrown; nothing of it is written. */
  refused: Map<number, AppError>;
}

const clear = chequeDocument.transitions.clear;

/** Runs the checks of one cheque: what they answer, or undefined with what they threw kept as the cheque's refusal. */
async function checked<T>(refused: Map<number, AppError>, chequeId: number, check: () => T | Promise<T>): Promise<T | undefined> {
  try {
    return await check();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    refused.set(chequeId, error);
    return undefined;
  }
}

/**
 * Clears many cheques at once, each dated its own day (the cheques a bank statement's lines are
 * matched to, issue 33): for each what `clear` does to one (the actor may clear, the cheque in the
 * actor's row scope, deposited or issued, the other areas' guards, not before its deposit or its
 * date, an open period and active accounts; the ledger rows of clearingPosting under its number,
 * its status, stamps and clear date, its audit row and search row), set-based: the cheques and
 * then the receipts of the received ones locked in id order, one read of the posting context, one
 * statement writing every clearing. A cheque the one `clear` would refuse is answered in `refused`
 * with that error, and nothing of it written; the others are cleared. Six statements whatever
 * the count (and the guards' own, when another area declares one).
 */
export async function clearCheques(tx: Tx, actor: Actor, clearings: readonly ChequeClearing[]): Promise<ChequeClearings> {
  const refused = new Map<number, AppError>();
  if (clearings.length === 0) return { cleared: [], refused };
  assertMayRun(actor, chequeBinding, 'clear');
  const dateOf = new Map(clearings.map((c) => [c.chequeId, c.clearDate]));
  const ids = [...dateOf.keys()].sort((a, b) => a - b);
  const inScope = and(inArray(cheques.id, ids), chequeQueries.rowScope?.(actor));
  const locked = new Set((await tx.select({ id: cheques.id }).from(cheques).where(inScope).orderBy(cheques.id).for('no key update', { of: cheques })).map((r) => r.id));
  for (const id of ids) if (!locked.has(id)) refused.set(id, new NotFoundError());
  const found = locked.size === 0 ? [] : ((await tx.select(chequeQueries.rowSelection).from(cheques).where(inArray(cheques.id, [...locked])).orderBy(cheques.id)) as ChequeDetail[]);
  const guarded: { cheque: ChequeDetail; guardAudit: Record<string, unknown> }[] = [];
  for (const cheque of found) {
    // As runTransition and the handler check one: the state, the other areas' guards, the date.
    const guardAudit = await checked(refused, cheque.id, async () => {
      if (!chequeDocument.canTransition(cheque.status, 'clear')) throw new ConflictError(chequeDocument.messages.cannot('clear', cheque.status));
      const added = await runTransitionGuards(tx, actor, chequeDocument.name, 'clear', [cheque]);
      assertClearDate(cheque, dateOf.get(cheque.id)!);
      return added;
    });
    if (guardAudit) guarded.push({ cheque, guardAudit });
  }

  const receiptIds = guarded.filter((g) => g.cheque.direction === 'received').map((g) => g.cheque.receiptId!);
  const receipts = receiptIds.length === 0 ? [] : await queryRows<{ id: number; accountId: number }>(
    tx,
    sql`SELECT id, account_id AS "accountId" FROM receipts WHERE id = ANY(${intArray(receiptIds)}) ORDER BY id FOR NO KEY UPDATE`,
  );
  const receiptAccount = new Map(receipts.map((r) => [Number(r.id), Number(r.accountId)]));
  const issued = guarded.some((g) => g.cheque.direction === 'issued');
  const accountIds = [...new Set([...guarded.map((g) => g.cheque.bankAccountId!), ...receiptAccount.values()])];
  const context = await readPostingContextWith(tx, { accountIds, postingKeys: issued ? ['chequesIssued'] : [], userId: actor.userId });

  const posted: { cheque: ChequeDetail; guardAudit: Record<string, unknown>; clearDate: string; narration: string; debit: number; credit: number }[] = [];
  for (const { cheque, guardAudit } of guarded) {
    const clearDate = dateOf.get(cheque.id)!;
    // As the handler and postToLedger check one: Cheques issued chosen, the lines, their accounts, the period.
    const posting = await checked(refused, cheque.id, () => {
      const counterAccount = cheque.direction === 'received' ? receiptAccount.get(cheque.receiptId!)! : chosenAccounts(context.postingAccounts, ['chequesIssued']).chequesIssued;
      const { narration, lines } = clearingPosting(cheque, counterAccount);
      assertBalancedLines(lines);
      const problems = accountProblems(context, lines, { active: true });
      if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
      assertOpenIn(context, clearDate, 'clearDate');
      return { narration, debit: lines[0]!.accountId, credit: lines[1]!.accountId };
    });
    if (posting) posted.push({ cheque, guardAudit, clearDate, ...posting });
  }
  if (posted.length === 0) return { cleared: [], refused };

  const userId = actor.userId;
  await tx.execute(
    sql`WITH d AS (
          SELECT v.*, v.narration AS memo, NULL::int AS joint_venture_id, NULL::int AS rental_agreement_id
          FROM unnest(${intArray(posted.map((p) => p.cheque.id))}, ${textArray(posted.map((p) => p.cheque.documentNumber))}, ${dateArray(posted.map((p) => p.clearDate))},
                      ${textArray(posted.map((p) => p.narration))}, ${numericArray(posted.map((p) => p.cheque.amount))},
                      ${intArray(posted.map((p) => p.debit))}, ${intArray(posted.map((p) => p.credit))}, ${intArray(posted.map((p) => p.cheque.regionId))},
                      ${textArray(posted.map((p) => p.cheque.partyType))}, ${intArray(posted.map((p) => p.cheque.partyId))},
                      ${textArray(posted.map((p) => JSON.stringify({ status: p.cheque.status })))}, ${textArray(posted.map((p) => JSON.stringify({ status: clear.to, ...p.guardAudit })))})
            WITH ORDINALITY AS v(id, document_number, entry_date, narration, amount, debit_account_id, credit_account_id, region_id, party_type, party_id, before, after, ord)),
        ledger AS (${transferEntriesStatement({ documentType: chequeDocument.documentType, userId, documents: sql`SELECT * FROM d` })}),
        status AS (
          UPDATE cheques SET status = ${clear.to}, updated_at = now(), ${sql.identifier(`${clear.stamp}_at`)} = now(), ${sql.identifier(`${clear.stamp}_by`)} = ${userId}::int,
                 clear_date = d.entry_date
          FROM d WHERE cheques.id = d.id),
        audited AS (${auditRowsStatement(auditActorOf(actor), 'clear', chequeDocument.name, sql`SELECT d.id::text, d.before::jsonb, d.after::jsonb FROM d ORDER BY d.ord`)})
        SELECT 1`,
  );
  const cleared = posted.map((p) => p.cheque.id);
  await tx.execute(searchRowUpsert(documentSearchable(chequeBinding), cleared));
  return { cleared, refused };
}
