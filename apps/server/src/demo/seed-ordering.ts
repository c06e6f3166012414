import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client.ts';
import { documentServices } from '../lib/document/document-services.ts';
import { orderGenerationRunBinding } from '../modules/ordering/order-generation-runs.binding.ts';
import { actorOf } from './demo-actors.ts';

const runs = documentServices(orderGenerationRunBinding);

/**
 * Generate Order's demo (issue 19, section 4): vendors' lead times and minimum order values,
 * items' pack sizes, and shelf-life rules by storage (what a new lot has at receipt, what
 * customers require at delivery), a few items with their own lead time; then the accountant's
 * runs: one discarded, one for a vendor converted into draft purchase orders for the first
 * region, and today's draft to open on /order-generation.
 */
export async function seedOrdering(tx: Tx): Promise<void> {
  // Vendors abroad take longer; every fourth has a minimum order value.
  await tx.execute(sql`UPDATE vendors SET lead_time_days = 30 + (id % 4) * 15,
      min_order_value = CASE WHEN id % 4 = 0 THEN 250000 ELSE 0 END`);
  // Kits come in cartons; refrigerated and frozen reagents keep less long and customers want more of it left.
  await tx.execute(sql`UPDATE items SET
      pack_size = CASE WHEN unit IN ('box', 'pack', 'carton') THEN 10 WHEN unit = 'kit' THEN 2 ELSE 1 END,
      min_order_quantity = CASE WHEN id % 7 = 0 THEN 20 ELSE 0 END,
      shelf_life_days = CASE storage_condition WHEN 'refrigerated' THEN 365 WHEN 'frozen' THEN 540 WHEN 'deepFrozen' THEN 720 ELSE NULL END,
      min_shelf_life_days = CASE storage_condition WHEN 'refrigerated' THEN 90 WHEN 'frozen' THEN 120 WHEN 'deepFrozen' THEN 180 ELSE 0 END,
      lead_time_days = CASE WHEN id % 11 = 0 THEN 21 ELSE NULL END,
      safety_stock_days = CASE WHEN id % 13 = 0 THEN 30 ELSE NULL END`);
  const accountant = await actorOf(tx, 'accountant');
  const [region] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM regions ORDER BY id LIMIT 1`);
  // A first look at every vendor, discarded; the vendor with the most to order is ordered from.
  const first = await runs.create(tx, accountant, { demandBasis: 'planAdjusted' });
  await runs.run(tx, accountant, first.id, 'discard');
  const counts = new Map<number, number>();
  for (const line of first.lines ?? []) if (line.finalQty > 0 && line.vendorId !== null) counts.set(line.vendorId, (counts.get(line.vendorId) ?? 0) + 1);
  const [vendorId] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (vendorId !== undefined) {
    const ordered = await runs.create(tx, accountant, { demandBasis: 'planAdjusted', vendorId });
    await runs.run(tx, accountant, ordered.id, 'create-orders', { regionId: region!.id });
  }
  // Today's draft: that vendor's items now count their draft orders and suggest nothing more.
  await runs.create(tx, accountant, { demandBasis: 'planAdjusted' });
}
