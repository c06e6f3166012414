import type { StockAdjustmentInput, StockAdjustmentLineInput } from '@erp/domain';

/** One scanned pack of a count: its item, lot and units, and the region's lot of that number if there is one. */
export interface CountedPack {
  itemId: number;
  itemName: string;
  articleNumber: string;
  /** '' for an item not lot-tracked whose code carries no lot. */
  lotNumber: string;
  expiry: string | null;
  quantity: number;
  /** The region's warehouse lot of that number (the lookup's), with its stock: null for a lot the region lacks. */
  lot: { inventoryId: number; dateExpiry: string | null; quantity: number } | null;
}

/** A warehouse lot of the region, of an item the count has scanned (`GET /api/inventory`). */
export interface OnHandLot {
  inventoryId: number;
  itemId: number;
  itemName: string;
  articleNumber: string;
  lotNumber: string;
  dateExpiry: string | null;
  quantity: number;
}

export interface CountRow {
  key: string;
  /** Null: a lot found that the region lacks (a new lot on the adjustment). */
  inventoryId: number | null;
  itemId: number;
  itemName: string;
  articleNumber: string;
  lotNumber: string;
  expiry: string | null;
  onHand: number;
  counted: number;
  difference: number;
}

const keyOf = (itemId: number, lotNumber: string) => `${itemId}\u0000${lotNumber}`;

/**
 * Counted against on hand, per lot: every lot the region holds of the items scanned (a lot not
 * found counts 0) and every lot scanned (one the region lacks is on hand 0), by item and lot.
 */
export function countRows(packs: readonly CountedPack[], onHand: readonly OnHandLot[]): CountRow[] {
  const rows = new Map<string, CountRow>();
  const scannedItems = new Set(packs.map((pack) => pack.itemId));
  for (const lot of onHand) {
    if (!scannedItems.has(lot.itemId)) continue;
    const key = keyOf(lot.itemId, lot.lotNumber);
    const { inventoryId, itemId, itemName, articleNumber, lotNumber, dateExpiry, quantity } = lot;
    if (!rows.has(key)) rows.set(key, { key, inventoryId, itemId, itemName, articleNumber, lotNumber, expiry: dateExpiry, onHand: quantity, counted: 0, difference: 0 });
  }
  for (const pack of packs) {
    const key = keyOf(pack.itemId, pack.lotNumber);
    const row = rows.get(key) ?? {
      key,
      inventoryId: pack.lot?.inventoryId ?? null,
      itemId: pack.itemId,
      itemName: pack.itemName,
      articleNumber: pack.articleNumber,
      lotNumber: pack.lotNumber,
      expiry: pack.lot ? pack.lot.dateExpiry : pack.expiry,
      onHand: pack.lot?.quantity ?? 0,
      counted: 0,
      difference: 0,
    };
    row.counted += pack.quantity;
    rows.set(key, row);
  }
  return [...rows.values()]
    .map((row) => ({ ...row, difference: row.counted - row.onHand }))
    .sort((a, b) => a.itemName.localeCompare(b.itemName) || a.lotNumber.localeCompare(b.lotNumber));
}

/**
 * The draft count correction of the differences: an existing lot by its signed difference, a lot
 * the region lacks as a new lot (its scanned lot number and expiry, the item's cost price).
 */
export function countAdjustment(rows: readonly CountRow[], input: { regionId: number; date: string; narration: string; costOf: (itemId: number) => string }): StockAdjustmentInput {
  const lines = rows
    .filter((row) => row.difference !== 0)
    .map((row): StockAdjustmentLineInput =>
      row.inventoryId !== null
        ? { inventoryId: row.inventoryId, quantity: row.difference }
        : { itemId: row.itemId, regionId: input.regionId, lotNumber: row.lotNumber || null, dateExpiry: row.expiry, quantity: row.difference, unitCost: input.costOf(row.itemId) },
    );
  return { adjustmentDate: input.date, reason: 'countCorrection', narration: input.narration, lines };
}
