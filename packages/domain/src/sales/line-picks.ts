/**
 * A line picked out of first-expiry order (issue 32, section 4): the lot first-expiry-first-out
 * would have taken, why the picker took another, who and when. Kept on the line and audited.
 */
export interface FefoOverride {
  fefoInventoryId: number;
  fefoLotNumber: string;
  reason: string;
  userId: number;
  at: string;
}

/** The picks an invoice line carries: the units proven by scanning, and a first-expiry override. */
export interface LinePicks {
  pickedQuantity: number;
  fefoOverride: FefoOverride | null;
}

export const noPicks: LinePicks = { pickedQuantity: 0, fefoOverride: null };

/**
 * The picks each line of a saved draft keeps (issue 32, section 4): a line of the same item, lot
 * and quantity as a line before keeps that line's picks (each line before given once, in order);
 * a line whose lot or quantity changed starts again at none.
 */
export function keptPicks(
  before: ReadonlyArray<{ itemId: number; inventoryId: number; quantity: number } & Partial<LinePicks>>,
  after: ReadonlyArray<{ itemId: number; inventoryId: number; quantity: number }>,
): LinePicks[] {
  const unused = [...before];
  return after.map((line) => {
    const index = unused.findIndex((old) => old.itemId === line.itemId && old.inventoryId === line.inventoryId && old.quantity === line.quantity);
    if (index < 0) return noPicks;
    const [old] = unused.splice(index, 1);
    return { pickedQuantity: old!.pickedQuantity ?? 0, fefoOverride: old!.fefoOverride ?? null };
  });
}
