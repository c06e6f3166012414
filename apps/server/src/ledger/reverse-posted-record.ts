import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client.ts';
import { assertPeriodOpen, reverseInLedger, todayIso } from './general-ledger.ts';
import { type PostedStockMove, reverseStockMoves } from './stock-ledger.ts';
import type { Actor } from '../lib/actor.ts';
import type { DocumentRow, TransitionOutcome, TransitionStep } from '../lib/document/document-binding.ts';
import type { AlongsideStatement } from '../lib/document/document-number.ts';

export interface ReversalOptions {
  /** The document id its ledger rows carry when not the record's own (a deposit's: its agreement's); its rows are then told apart by the record's number. */
  ledgerId?: number;
  /** What else the reversal's statement undoes (the agreement's received date). */
  alongside?: readonly AlongsideStatement[];
  /** Run once the mirror's stock moves are written, with them (a consignment's holds carried with its units). */
  afterStock?: (moves: readonly PostedStockMove[]) => Promise<void>;
}

/**
 * The cancel of a posted record (`postOnCreate`, issue 28, section 2): the mirror of its stock
 * moves and ledger rows under its own type and number, dated today (the server's clock, as every
 * cancel), in an open period. The stock ledger refuses (409) a mirror that would take a lot below
 * zero: stock the record brought somewhere and that was drawn since. runTransition writes the
 * status, stamps and audit row after it; a record's own rules (what else it undoes) come first.
 */
export async function reversePostedRecord<Detail extends DocumentRow>(
  tx: Tx,
  actor: Actor,
  record: Detail,
  step: TransitionStep,
  options: ReversalOptions = {},
): Promise<TransitionOutcome<Detail>> {
  const today = todayIso();
  const { documentType, dateField } = step.posting;
  const documentId = options.ledgerId ?? step.posting.documentId;
  await assertPeriodOpen(tx, today, dateField);
  const [posted] = await queryRows<{ moves: number; entries: number }>(
    tx,
    sql`SELECT (SELECT count(*)::int FROM stock_moves WHERE document_type = ${documentType} AND document_id = ${documentId}::int) AS moves,
               (SELECT count(*)::int FROM gl_entries WHERE document_type = ${documentType} AND document_id = ${documentId}::int) AS entries`,
  );
  const original = { documentType, documentId };
  // Null only for a record its type does not number (a visit without parts), which has no rows to mirror.
  const documentNumber = record.documentNumber as string;
  if (Number(posted!.moves) > 0) {
    const mirrored = await reverseStockMoves(tx, original, { ...original, documentNumber, date: today }, { userId: actor.userId });
    await options.afterStock?.(mirrored.moves);
  }
  const byNumber = options.ledgerId === undefined ? {} : { documentNumber };
  const reversal = { ...original, ...byNumber, date: today, narration: `Cancellation of ${documentNumber}`, actor: { userId: actor.userId }, dateField, alongside: options.alongside };
  if (Number(posted!.entries) > 0) await reverseInLedger(tx, reversal);
  else for (const statement of options.alongside ?? []) await tx.execute(statement(sql`${documentNumber}::text`));
  return { document: record };
}
