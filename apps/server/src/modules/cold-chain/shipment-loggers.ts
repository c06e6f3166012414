import { type ColdStorageCondition, coldStorageConditions, compareDecimal, defaultRangeByCondition, type GoodsReceiptDetail } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intArray, queryRows } from '../../db/client.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import type { GuardHook, PostedHook } from '../../lib/document/document-hooks.ts';
import { holdLotsForExcursion } from '../inventory/inventory.api.ts';

/**
 * Issue 31, section 3: a goods receipt of goods kept cold records its shipment's temperature
 * logger (purchasing's fields), and the cold chain acts on it through purchasing's posting hooks:
 * no post without the logger's result, and an excursion in transit holds the lots it brought.
 */

const coldConditions = new Set<string>(coldStorageConditions.map((c) => c.value));
const isCold = (condition: string | undefined): condition is ColdStorageCondition => condition !== undefined && coldConditions.has(condition);

/** "2-8 °C"; "-25 to -15 °C" (a dash between negatives reads as a minus). */
export function rangeText(condition: ColdStorageCondition): string {
  const { minC, maxC } = defaultRangeByCondition[condition];
  const short = (value: string) => value.replace(/\.00$/, '').replace(/(\.\d)0$/, '$1');
  return compareDecimal(minC, '0') < 0 ? `${short(minC)} to ${short(maxC)} °C` : `${short(minC)}-${short(maxC)} °C`;
}

export const loggerRequiredMessage = (itemName: string, condition: ColdStorageCondition) =>
  `Record the shipment's temperature logger result: ${itemName} is kept at ${rangeText(condition)}`;

type Receipt = Pick<GoodsReceiptDetail, 'id' | 'loggerResult' | 'lines'>;

/** Before a receipt posts: goods kept cold need the logger's result (a draft saves without it). */
export const requireLoggerResult: GuardHook = async (_tx, _actor, documents) => {
  for (const receipt of documents as unknown as Receipt[]) {
    if (receipt.loggerResult) continue;
    const cold = receipt.lines.find((line) => isCold(line.item?.storageCondition));
    if (cold) throw new BadRequestError({ loggerResult: loggerRequiredMessage(cold.item.itemName, cold.item.storageCondition as ColdStorageCondition) });
  }
};

/**
 * After receipts post: each whose logger says `excursion` opens a shipment excursion awaiting the
 * Responsible Person's disposition, listing the lots of its goods kept cold, which arrive
 * quarantined. The excursion is ended at once (the logger's run is over when the goods arrive).
 */
export const holdShipmentExcursions: PostedHook = async (tx, actor, postedIds) => {
  const receipts = await queryRows<{ id: number; documentNumber: string; regionId: number; minC: string | null; maxC: string | null; condition: ColdStorageCondition }>(
    tx,
    sql`SELECT g.id, g.document_number AS "documentNumber", o.region_id AS "regionId", g.logger_min_c::text AS "minC", g.logger_max_c::text AS "maxC",
               (SELECT it.storage_condition FROM goods_receipt_lines l JOIN items it ON it.id = l.item_id
                 WHERE l.goods_receipt_id = g.id AND it.storage_condition <> 'ambient' ORDER BY l.line_no LIMIT 1) AS condition
        FROM goods_receipts g JOIN purchase_orders o ON o.id = g.purchase_order_id
        WHERE g.id = ANY(${intArray(postedIds)}) AND g.logger_result = 'excursion'`,
  );
  for (const receipt of receipts) {
    const range = defaultRangeByCondition[receipt.condition ?? 'refrigerated'];
    const minC = receipt.minC ?? range.minC;
    const maxC = receipt.maxC ?? range.maxC;
    const high = compareDecimal(maxC, range.maxC) > 0;
    const low = compareDecimal(minC, range.minC) < 0;
    const direction = high && low ? 'both' : low ? 'low' : 'high';
    const [excursion] = await queryRows<{ id: number; inventoryIds: number[] | null }>(
      tx,
      sql`WITH e AS (
            INSERT INTO temperature_excursions (storage_unit_id, region_id, source, goods_receipt_id, started_at, ended_at, last_reading_at, min_c, max_c, direction,
                                                range_min_c, range_max_c, status)
            VALUES (NULL, ${receipt.regionId}::int, 'shipment', ${receipt.id}::int, now(), now(), now(), ${minC}::numeric, ${maxC}::numeric, ${direction},
                    ${range.minC}::numeric, ${range.maxC}::numeric, 'awaitingDisposition')
            RETURNING id),
          lots AS (
            INSERT INTO temperature_excursion_lots (excursion_id, inventory_id, quantity)
            SELECT e.id, l.inventory_id, sum(l.quantity) FROM e, goods_receipt_lines l JOIN items it ON it.id = l.item_id
            WHERE l.goods_receipt_id = ${receipt.id}::int AND it.storage_condition <> 'ambient' AND l.inventory_id IS NOT NULL
            GROUP BY e.id, l.inventory_id
            RETURNING inventory_id)
        SELECT (SELECT id FROM e) AS id, (SELECT array_agg(inventory_id ORDER BY inventory_id) FROM lots) AS "inventoryIds"`,
    );
    await holdLotsForExcursion(tx, actor, {
      excursionId: Number(excursion!.id),
      inventoryIds: (excursion!.inventoryIds ?? []).map(Number),
      reason: `Shipment excursion on ${receipt.documentNumber}`,
    });
  }
};

/** An excursion's write-off is its decision's record: its stock adjustment is not cancelled on its own (409). */
export const keepWriteOffAdjustments: GuardHook = async (tx, _actor, documents) => {
  const [kept] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM temperature_excursions WHERE write_off_adjustment_id = ANY(${intArray(documents.map((d) => Number(d.id)))}) LIMIT 1`,
  );
  if (kept) throw new ConflictError(writeOffKept(Number(kept.id)));
};

export const writeOffKept = (excursionId: number) => `This adjustment wrote off the lots of temperature excursion ${excursionId}: it is that decision's record and cannot be cancelled`;
