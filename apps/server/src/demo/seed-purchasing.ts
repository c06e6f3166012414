import { addDays, type GoodsReceiptInput, multiplyDecimals, type PurchaseOrderDetail, type PurchaseOrderInput, type TransferInput } from '@erp/domain';
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { couriers, inventory, items, priceList, regions, stockLocations, vendors } from '../db/schema/index.ts';
import type { Actor } from '../lib/actor.ts';
import { saveDocument } from '../lib/document/document-service.ts';
import { findDocument } from '../lib/document/document-query.ts';
import { runTransition } from '../lib/document/run-transition.ts';
import { transferBinding } from '../modules/inventory/transfers.binding.ts';
import { goodsReceiptBinding } from '../modules/purchasing/goods-receipts.binding.ts';
import { purchaseOrderBinding } from '../modules/purchasing/purchase-orders.binding.ts';
import { actorOf } from './demo-actors.ts';

type Dates = { today: string; daysAgo: (days: number) => string };

/**
 * Purchasing and transfers after the opening stock (issue 7): orders in every state (draft,
 * approved and waiting, partly received, received, cancelled), a goods receipt still in draft,
 * transfers received, in transit, in draft and cancelled. The price list is seedPrices' (run
 * before the sales history, which it prices).
 */
export async function seedPurchasing(tx: Tx, dates: Dates): Promise<void> {
  const buyer = await actorOf(tx, 'accountant');
  const approver = await actorOf(tx, 'admin');
  const storekeeper = await actorOf(tx, 'inventorySupervisor');
  const regionRows = await tx.select({ id: regions.id }).from(regions).orderBy(asc(regions.id));
  const vendorRows = await tx.select({ id: vendors.id }).from(vendors).orderBy(asc(vendors.id));
  const itemsOf = async (vendorId: number, count: number) =>
    tx
      .select({ id: items.id, cost: items.costPrice, sale: items.salePrice, lotTracked: items.lotTracked, articleNumber: items.articleNumber })
      .from(items)
      .where(and(eq(items.vendorId, vendorId), eq(items.isApproved, true)))
      .orderBy(asc(items.id))
      .limit(count);

  const order = async (vendorIndex: number, regionIndex: number, daysAgo: number, lineCount: number, quantity: number) => {
    const lines = (await itemsOf(vendorRows[vendorIndex % vendorRows.length]!.id, lineCount)).map((item, n) => ({ itemId: item.id, quantity: quantity + n * 5, unitCost: item.cost }));
    const input: PurchaseOrderInput = {
      orderDate: dates.daysAgo(daysAgo),
      vendorId: vendorRows[vendorIndex % vendorRows.length]!.id,
      regionId: regionRows[regionIndex % regionRows.length]!.id,
      expectedDate: addDays(dates.today, 30 - daysAgo),
      notes: '',
      lines,
    };
    return (await saveDocument<PurchaseOrderInput, PurchaseOrderDetail>(tx, buyer, purchaseOrderBinding, input)).document;
  };
  const approve = async (id: number) => (await runTransition<PurchaseOrderDetail>(tx, approver, purchaseOrderBinding, id, 'approve')).document;
  let lotSerial = 0;
  const receive = async (po: PurchaseOrderDetail, share: number, daysAgo: number, post = true) => {
    const detail = (await findDocument<PurchaseOrderDetail>(tx, purchaseOrderBinding, po.id)) ?? po;
    const lines = detail.lines.flatMap((line) => {
      const quantity = Math.floor((line.quantity - line.receivedQuantity) * share);
      if (quantity < 1) return [];
      lotSerial += 1;
      const tracked = line.item.lotTracked;
      return [{
        purchaseOrderLineId: line.id,
        quantity,
        lotNumber: tracked ? `${line.item.articleNumber.slice(0, 2)}R${String(lotSerial).padStart(4, '0')}` : null,
        dateExpiry: tracked ? addDays(dates.today, 400 + lotSerial * 7) : null,
      }];
    });
    // The reagents travel cold: each shipment's logger was read on arrival (issue 31).
    const input: GoodsReceiptInput = {
      purchaseOrderId: po.id,
      receiptDate: dates.daysAgo(daysAgo),
      notes: 'Delivered by the clearing agent',
      acceptNearExpiry: false,
      loggerResult: 'withinRange',
      loggerSerial: `TL-${String(lotSerial).padStart(5, '0')}`,
      lines,
    };
    await saveDocument(tx, storekeeper, goodsReceiptBinding, input, { post });
  };

  await order(0, 0, 1, 4, 20);
  await order(3, 1, 0, 3, 200);
  await approve((await order(1, 2, 6, 3, 12)).id);
  const partly = await approve((await order(2, 0, 12, 4, 10)).id);
  await receive(partly, 0.5, 8);
  const received = await approve((await order(0, 1, 20, 5, 24)).id);
  await receive(received, 0.6, 15);
  await receive(received, 1, 10);
  const drafted = await approve((await order(4, 2, 9, 2, 3)).id);
  await receive(drafted, 1, 2, false);
  const cancelled = await order(5, 1, 18, 3, 50);
  await runTransition(tx, approver, purchaseOrderBinding, cancelled.id, 'cancel');

  await seedTransfers(tx, buyer, regionRows.map((r) => r.id), dates);
}

/** Transfers between the first regions: received, in transit, in draft and cancelled. */
async function seedTransfers(tx: Tx, actor: Actor, regionIds: number[], dates: Dates): Promise<void> {
  const [from, to, third] = regionIds;
  if (!from || !to) return;
  const [courier] = await tx.select({ id: couriers.id }).from(couriers).orderBy(asc(couriers.id)).limit(1);
  const lots = await tx
    .select({ id: inventory.id, quantity: inventory.quantity })
    .from(inventory)
    .innerJoin(stockLocations, eq(stockLocations.id, inventory.locationId))
    .where(and(eq(inventory.regionId, from), eq(stockLocations.kind, 'warehouse'), gt(inventory.quantity, 8), gt(inventory.dateExpiry, addDays(dates.today, 120)), isNotNull(inventory.dateExpiry)))
    .orderBy(asc(inventory.id))
    .limit(8);
  const transfer = async (toRegion: number, picked: typeof lots, daysAgo: number, notes: string) => {
    const input: TransferInput = {
      transferDate: dates.daysAgo(daysAgo),
      fromRegionId: from,
      toRegionId: toRegion,
      courierId: courier?.id ?? null,
      notes,
      lines: picked.map((lot) => ({ inventoryId: lot.id, quantity: Math.floor(lot.quantity / 4) })),
    };
    return (await saveDocument(tx, actor, transferBinding, input)).document;
  };
  const run = (id: number, action: 'dispatch' | 'receive' | 'cancel') => runTransition(tx, actor, transferBinding, id, action);
  const receivedTransfer = await transfer(to, lots.slice(0, 3), 7, 'Stock for the new hospital contract');
  await run(receivedTransfer.id, 'dispatch');
  await run(receivedTransfer.id, 'receive');
  const inTransit = await transfer(third ?? to, lots.slice(3, 5), 1, 'Monthly replenishment');
  await run(inTransit.id, 'dispatch');
  await transfer(to, lots.slice(5, 6), 0, 'To send with the next courier');
  const cancelled = await transfer(to, lots.slice(6, 8), 5, 'Sent by mistake: returned');
  await run(cancelled.id, 'dispatch');
  await run(cancelled.id, 'cancel');
}

/**
 * Prices: company-wide for forty items (the items' sale price, set from the start of the
 * year), regional prices for ten of them in each region (5% more in the second region, 3%
 * less in the third), and one item whose company-wide price changed last month.
 */
export async function seedPrices(tx: Tx, dates: Pick<Dates, 'daysAgo'>): Promise<void> {
  const regionIds = (await tx.select({ id: regions.id }).from(regions).orderBy(asc(regions.id))).map((r) => r.id);
  const priced = await tx
    .select({ id: items.id, sale: items.salePrice })
    .from(items)
    .where(eq(items.isApproved, true))
    .orderBy(asc(items.id))
    .limit(40);
  if (priced.length === 0) return;
  const yearStart = dates.daysAgo(3650);
  const changed = priced[0]!;
  const lastMonth = dates.daysAgo(30);
  const rows: Array<typeof priceList.$inferInsert> = priced.map((item) =>
    item.id === changed.id
      ? { itemId: item.id, price: item.sale, effectiveFrom: yearStart, effectiveTo: addDays(lastMonth, -1) }
      : { itemId: item.id, price: item.sale, effectiveFrom: yearStart },
  );
  rows.push({ itemId: changed.id, price: multiplyDecimals(changed.sale, '1.08'), effectiveFrom: lastMonth });
  const factors = ['1.00', '1.05', '0.97'];
  regionIds.forEach((regionId, index) => {
    for (const item of priced.slice(10, 20)) {
      rows.push({ itemId: item.id, regionId, price: multiplyDecimals(item.sale, factors[index % factors.length]!), effectiveFrom: yearStart });
    }
  });
  await tx.insert(priceList).values(rows);
}
