import { lotLabel, recallMessages } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intArray, queryRows, textArray } from '../../db/client.ts';
import { ConflictError } from '../../lib/app-error.ts';
import type { GuardHook } from '../../lib/document/document-hooks.ts';

interface ReceiptLine {
  itemId: number;
  lotNumber: string;
  item?: { itemName?: string };
}

/**
 * Receiving a lot under an open recall is refused (issue 31, section 1): 409 on
 * `lines.N.lotNumber`, naming the recall, before the goods receipt writes anything.
 */
export const refuseRecalledReceipts: GuardHook = async (tx, _actor, documents) => {
  for (const document of documents) {
    const lines = (document.lines as ReceiptLine[] | undefined) ?? [];
    if (lines.length === 0) continue;
    const clashes = await queryRows<{ ord: number; documentNumber: string; itemName: string }>(
      tx,
      sql`SELECT v.ord::int AS ord, min(r.document_number) AS "documentNumber", min(it.item_name) AS "itemName"
          FROM unnest(${intArray(lines.map((l) => Number(l.itemId)))}, ${textArray(lines.map((l) => l.lotNumber))}) WITH ORDINALITY AS v(item_id, lot_number, ord)
          JOIN recall_lines rl ON rl.item_id = v.item_id AND rl.lot_number = v.lot_number
          JOIN recalls r ON r.id = rl.recall_id AND r.status = 'open'
          JOIN items it ON it.id = v.item_id
          GROUP BY v.ord ORDER BY v.ord`,
    );
    if (clashes.length === 0) continue;
    const errors = Object.fromEntries(clashes.map((c) => [`lines.${Number(c.ord) - 1}.lotNumber`, recallMessages.receiptUnderRecall(lotLabel(c.itemName, lines[Number(c.ord) - 1]!.lotNumber), c.documentNumber)]));
    throw new ConflictError(Object.values(errors)[0]!, errors);
  }
};

/**
 * A disposal's stock adjustment is the recall's record of destroyed units (its report, the lots
 * marked destroyed): it is not cancelled on its own (409), before anything is written.
 */
export const keepDisposalAdjustments: GuardHook = async (tx, _actor, documents) => {
  const ids = documents.map((d) => Number(d.id));
  const [kept] = await queryRows<{ documentNumber: string }>(
    tx,
    sql`SELECT r.document_number AS "documentNumber" FROM recall_disposals d JOIN recalls r ON r.id = d.recall_id WHERE d.adjustment_id = ANY(${intArray(ids)}) LIMIT 1`,
  );
  if (kept) throw new ConflictError(recallMessages.disposalAdjustmentKept(kept.documentNumber));
};
