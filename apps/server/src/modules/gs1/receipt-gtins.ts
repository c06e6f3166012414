import { type GoodsReceiptDetail, itemGtinMessages } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows, textArray } from '../../db/client.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import type { GuardHook } from '../../lib/document/document-hooks.ts';

/**
 * Issue 32, section 4: a goods receipt line received by scanning keeps the pack's GTIN (purchasing
 * keeps `gtin` on the line). GS1 checks, when the receipt is saved and again when it posts (a link
 * may have been moved or deactivated meanwhile), that the GTIN is an active link of the line's item.
 */

type Receipt = Pick<GoodsReceiptDetail, 'lines'>;

/** The item each named GTIN is an active link of. */
async function linkedItems(executor: Executor, receipts: readonly Receipt[]): Promise<Map<string, { itemId: number; itemName: string }>> {
  const gtins = [...new Set(receipts.flatMap((receipt) => receipt.lines.flatMap((line) => (line.gtin ? [line.gtin] : []))))];
  if (gtins.length === 0) return new Map();
  const rows = await queryRows<{ gtin: string; itemId: number; itemName: string }>(
    executor,
    sql`SELECT g.gtin, g.item_id AS "itemId", i.item_name AS "itemName" FROM item_gtins g JOIN items i ON i.id = g.item_id
        WHERE g.gtin = ANY(${textArray(gtins)}) AND g.active`,
  );
  return new Map(rows.map((row) => [row.gtin, { itemId: Number(row.itemId), itemName: row.itemName }]));
}

/** Each line's GTIN, when it names one: linked, and to the line's item. */
export function gtinProblems(receipt: Receipt, links: ReadonlyMap<string, { itemId: number; itemName: string }>): Record<string, string> {
  const problems: Record<string, string> = {};
  receipt.lines.forEach((line, index) => {
    if (!line.gtin) return;
    const link = links.get(line.gtin);
    if (!link) problems[`lines.${index}.gtin`] = itemGtinMessages.notLinked(line.gtin);
    else if (link.itemId !== line.itemId) problems[`lines.${index}.gtin`] = itemGtinMessages.otherItem(line.gtin, link.itemName, line.item.itemName);
  });
  return problems;
}

/** On save and again before the post. */
export const checkReceiptGtins: GuardHook = async (tx, _actor, documents) => {
  const receipts = documents as unknown as Receipt[];
  const links = await linkedItems(tx, receipts);
  for (const receipt of receipts) {
    const problems = gtinProblems(receipt, links);
    if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
  }
};
