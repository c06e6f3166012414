import { addDays, type StockAdjustmentInput, type StockAdjustmentLineInput } from '@erp/domain';
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { categories, cities, inventory, items, regions, subCategories, users, vendors } from '../db/schema/index.ts';
import type { Actor } from '../lib/actor.ts';
import { saveDocument } from '../lib/document/document-service.ts';
import { stockAdjustmentBinding } from '../modules/inventory/stock-adjustments.binding.ts';
import { createVendorAccount } from '../modules/purchasing/purchasing.api.ts';
import { type DemoCatalogueGroup, demoCatalogue } from './demo-catalogue.ts';
import { seedItemTaxFacts } from './demo-tax-facts.ts';
import { demoVendors } from './demo-vendors.ts';

/** A small seeded generator (mulberry32): the same demo on every run, without Math.random. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const money = (rupees: number) => `${rupees}.00`;

/**
 * Opening stock per lot is the catalogue's range times this (instruments excepted): the year of
 * sales that follows draws from it, so the warehouses hold a distributor's volume.
 */
const openingStockScale = 4;

/** One in this many items waits for approval (and holds no stock). */
const awaitingApprovalEvery = 25;

interface ManufacturerLot {
  lotNumber: string;
  dateExpiry: string | null;
  unitCost: string;
}

interface SeededItem {
  id: number;
  group: DemoCatalogueGroup;
  cost: number;
  approved: boolean;
  lots: ManufacturerLot[];
}

async function userOf(tx: Tx, username: string): Promise<number> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (row) return row.id;
  const [first] = await tx.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(1);
  return first!.id;
}

/**
 * A manufacturer lot's expiry, counted from today: about 7% already expired (awaiting a
 * write-off), 13% expiring within the 90-day window, the rest up to two and a half years out.
 */
function expiryOf(random: () => number, today: string): string {
  const roll = random();
  if (roll < 0.07) return addDays(today, -(10 + Math.floor(random() * 140)));
  if (roll < 0.2) return addDays(today, 5 + Math.floor(random() * 80));
  return addDays(today, 120 + Math.floor(random() * 780));
}

/**
 * About 200 items of the catalogue (most approved, one in 25 awaiting approval), then opening
 * stock in several lots per region through posted stock adjustments (reason opening stock, so
 * the stock ledger, the lots and the Inventory account agree from the first day), a damaged
 * pack written off, and part of an expired lot written off.
 */
export async function seedItemsAndStock(tx: Tx, dates: { today: string; openingDate: string; daysAgo: (days: number) => string }): Promise<void> {
  const random = seededRandom(20_261_123);
  const approver = await userOf(tx, 'operationManager');
  const supervisor = await userOf(tx, 'inventorySupervisor');
  const actor: Actor = { userId: supervisor, role: 'inventorySupervisor', scopes: [], permissions: {} };

  const subRows = await tx
    .select({ categoryId: categories.id, categoryName: categories.categoryName, subCategoryId: subCategories.id, subCategoryName: subCategories.subCategoryName })
    .from(subCategories)
    .innerJoin(categories, eq(categories.id, subCategories.categoryId));
  const placeOf = (group: DemoCatalogueGroup) => {
    const found = subRows.find((r) => r.categoryName === group.category && r.subCategoryName === group.subCategory);
    if (!found) throw new Error(`The demo has no sub-category ${group.category} / ${group.subCategory}`);
    return found;
  };

  const vendorOf = await seedVendors(tx);
  const rows = demoCatalogue.flatMap((group) =>
    group.items.map(([itemName, cost, storage], index) => ({ group, itemName, cost, storage: storage ?? group.storage, articleNumber: `${group.prefix}-${1001 + index}` })),
  );
  const inserted = await tx
    .insert(items)
    .values(
      rows.map((row, index) => {
        const approved = index % awaitingApprovalEvery !== awaitingApprovalEvery - 1;
        // Margins of 25% to 60%, to the nearest 10 rupees.
        const sale = Math.round((row.cost * (1.25 + random() * 0.35)) / 10) * 10;
        return {
          itemName: row.itemName,
          articleNumber: row.articleNumber,
          vendorId: vendorOf.get(row.group.prefix) ?? null,
          categoryId: placeOf(row.group).categoryId,
          subCategoryId: placeOf(row.group).subCategoryId,
          unit: row.group.unit,
          costPrice: money(row.cost),
          salePrice: money(sale),
          reorderLevel: row.group.reorderLevel,
          lotTracked: row.group.lotTracked,
          storageCondition: row.storage,
          isApproved: approved,
          approvedBy: approved ? approver : null,
          approvedAt: approved ? new Date() : null,
        };
      }),
    )
    .returning({ id: items.id });
  await seedItemTaxFacts(
    tx,
    inserted.map(({ id }, index) => ({ id, prefix: rows[index]!.group.prefix })),
  );

  const seeded: SeededItem[] = inserted.map(({ id }, index) => {
    const row = rows[index]!;
    const year = dates.today.slice(2, 4);
    // Lot-tracked items: a few manufacturer lots, each shipped to one or more regions at its own cost.
    const lots: ManufacturerLot[] = row.group.lotTracked
      ? Array.from({ length: 2 + Math.floor(random() * 3) }, (_, n) => ({
          lotNumber: `${row.group.prefix}${year}${String(100 + ((id * 37 + n * 211) % 900)).padStart(3, '0')}${String.fromCharCode(65 + n)}`,
          dateExpiry: expiryOf(random, dates.today),
          unitCost: money(Math.round(row.cost * (0.95 + random() * 0.07))),
        }))
      : [{ lotNumber: '', dateExpiry: null, unitCost: money(row.cost) }];
    return { id, group: row.group, cost: row.cost, approved: index % awaitingApprovalEvery !== awaitingApprovalEvery - 1, lots };
  });

  const regionRows = await tx.select({ id: regions.id, regionName: regions.regionName }).from(regions).orderBy(asc(regions.id));
  for (const region of regionRows) {
    const lines: StockAdjustmentLineInput[] = [];
    for (const item of seeded) {
      if (!item.approved) continue;
      // Not every warehouse holds every item; lot-tracked items hold one to three of its lots.
      if (random() < 0.15) continue;
      const held = item.lots.filter(() => random() < 0.6);
      for (const lot of held.length > 0 ? held.slice(0, 3) : item.lots.slice(0, 1)) {
        const [low, high] = item.group.lotQuantity;
        const scale = item.group.category === 'Equipment' ? 1 : openingStockScale;
        lines.push({
          itemId: item.id,
          regionId: region.id,
          lotNumber: lot.lotNumber,
          dateExpiry: lot.dateExpiry,
          quantity: (low + Math.floor(random() * (high - low + 1))) * scale,
          unitCost: lot.unitCost,
        });
      }
    }
    await post(tx, actor, { adjustmentDate: dates.openingDate, reason: 'openingStock', narration: `Opening stock count, ${region.regionName} warehouse`, lines });
  }

  // A damaged refrigerated kit, and part of an expired lot written off.
  const [firstRegion, secondRegion] = regionRows;
  const [damaged] = await tx
    .select({ id: inventory.id })
    .from(inventory)
    .innerJoin(items, eq(items.id, inventory.itemId))
    .where(and(eq(inventory.regionId, (secondRegion ?? firstRegion)!.id), eq(items.storageCondition, 'refrigerated'), gt(inventory.quantity, 4), gt(inventory.dateExpiry, dates.today)))
    .orderBy(asc(inventory.id))
    .limit(1);
  if (damaged) {
    await post(tx, actor, {
      adjustmentDate: dates.daysAgo(9),
      reason: 'damage',
      narration: 'Cold chain broken in transit: kits discarded',
      lines: [{ inventoryId: damaged.id, quantity: -2 }],
    });
  }
  const [expired] = await tx
    .select({ id: inventory.id, quantity: inventory.quantity })
    .from(inventory)
    .where(and(eq(inventory.regionId, firstRegion!.id), gt(inventory.quantity, 1), lt(inventory.dateExpiry, dates.today)))
    .orderBy(asc(inventory.id))
    .limit(1);
  if (expired) {
    await post(tx, actor, {
      adjustmentDate: dates.daysAgo(4),
      reason: 'expiryWriteOff',
      narration: 'Expired stock destroyed (part of the lot; the rest awaits collection)',
      lines: [{ inventoryId: expired.id, quantity: -Math.floor(expired.quantity / 2) }],
    });
  }
}

/** The demo's vendors, each with its payable account; answers the vendor of each catalogue prefix. */
async function seedVendors(tx: Tx): Promise<Map<string, number>> {
  const cityRows = await tx.select({ id: cities.id, cityName: cities.cityName }).from(cities);
  const vendorOf = new Map<string, number>();
  for (const { prefixes, city, ...vendor } of demoVendors) {
    const accountId = await createVendorAccount(tx, vendor.vendorName);
    const cityId = cityRows.find((c) => c.cityName === city)?.id ?? null;
    const [row] = await tx.insert(vendors).values({ ...vendor, cityId, accountId }).returning({ id: vendors.id });
    for (const prefix of prefixes) vendorOf.set(prefix, row!.id);
  }
  return vendorOf;
}

async function post(tx: Tx, actor: Actor, input: StockAdjustmentInput): Promise<void> {
  if (input.lines.length === 0) return;
  await saveDocument(tx, actor, stockAdjustmentBinding, input, { post: true });
}
