import { coldChainMessages, type GoodsReceiptDetail } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, intArray, queryRows } from '../../db/client.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import type { GuardHook, PostedHook } from '../../lib/document/document-hooks.ts';

/**
 * Issue 31, section 3: a goods receipt line may name the storage unit its goods kept cold go into
 * (purchasing keeps `storageUnitId` on the line). The cold chain checks the unit when the receipt
 * is saved and again when it posts, and the posting places each such line's lot in its unit from
 * the receipt date; a line naming none leaves its lot in the region's default unit.
 */

type Receipt = Pick<GoodsReceiptDetail, 'purchaseOrder' | 'lines'>;

interface UnitFacts {
  id: number;
  regionId: number;
  storageCondition: string;
  active: boolean;
}

async function unitsNamed(executor: Executor, receipts: readonly Receipt[]): Promise<Map<number, UnitFacts>> {
  const ids = [...new Set(receipts.flatMap((receipt) => receipt.lines.flatMap((line) => (line.storageUnitId ? [line.storageUnitId] : []))))];
  if (ids.length === 0) return new Map();
  const rows = await queryRows<UnitFacts>(
    executor,
    sql`SELECT id, region_id AS "regionId", storage_condition AS "storageCondition", active FROM storage_units WHERE id = ANY(${intArray(ids)})`,
  );
  return new Map(rows.map((row) => [Number(row.id), { ...row, id: Number(row.id), regionId: Number(row.regionId) }]));
}

/**
 * Each line's unit: an active unit of the receipt's region and of the item's storage condition,
 * named for goods kept cold only; the lines of one lot (item and lot number) in one unit, as a
 * lot's stock row is in one place.
 */
export function unitProblems(receipt: Receipt, units: ReadonlyMap<number, UnitFacts>): Record<string, string> {
  const problems: Record<string, string> = {};
  const unitOfLot = new Map<string, number>();
  receipt.lines.forEach((line, index) => {
    if (!line.storageUnitId) return;
    const field = `lines.${index}.storageUnitId`;
    const unit = units.get(line.storageUnitId);
    const condition = line.item?.storageCondition;
    if (!condition || condition === 'ambient') problems[field] = coldChainMessages.receiptUnitAmbient;
    else if (!unit || unit.regionId !== receipt.purchaseOrder.regionId || unit.storageCondition !== condition) problems[field] = coldChainMessages.receiptUnitMismatch;
    else if (!unit.active) problems[field] = coldChainMessages.receiptUnitInactive;
    else {
      const lot = `${line.itemId}|${line.lotNumber}`;
      const placed = unitOfLot.get(lot);
      if (placed !== undefined && placed !== unit.id) problems[field] = coldChainMessages.receiptLotSplit(line.lotNumber);
      else unitOfLot.set(lot, unit.id);
    }
  });
  return problems;
}

/** On save and again before the post (a unit may have been deactivated meanwhile). */
const checkReceiptUnits: GuardHook = async (tx, _actor, documents) => {
  const receipts = documents as unknown as Receipt[];
  const units = await unitsNamed(tx, receipts);
  for (const receipt of receipts) {
    const problems = unitProblems(receipt, units);
    if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
  }
};

/** After receipts post: each line naming a unit places its lot there from the receipt date (a later line of the lot wins a day's placement). */
const placeReceivedLots: PostedHook = async (tx, actor, postedIds) => {
  await tx.execute(
    sql`INSERT INTO storage_unit_placements (inventory_id, storage_unit_id, from_date, created_by)
        SELECT DISTINCT ON (l.inventory_id) l.inventory_id, l.storage_unit_id, g.document_date, ${actor.userId}::int
        FROM goods_receipt_lines l JOIN goods_receipts g ON g.id = l.goods_receipt_id
        WHERE g.id = ANY(${intArray(postedIds)}) AND l.storage_unit_id IS NOT NULL AND l.inventory_id IS NOT NULL
        ORDER BY l.inventory_id, g.id DESC, l.line_no DESC
        ON CONFLICT (inventory_id, from_date) DO UPDATE SET storage_unit_id = EXCLUDED.storage_unit_id, created_by = EXCLUDED.created_by, created_at = now()`,
  );
};

export const receiptPlacementHooks = { check: checkReceiptUnits, place: placeReceivedLots };
