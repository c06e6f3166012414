import {
  addDays,
  divideRounded,
  type ExchangeRevaluationDetail,
  type ExchangeRevaluationInput,
  fromMinorUnits,
  type GoodsReceiptDetail,
  type GoodsReceiptInput,
  type PaymentDetail,
  type PaymentInput,
  type PurchaseOrderDetail,
  type PurchaseOrderInput,
  toMinorUnits,
} from '@erp/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { accounts, cities, items, regions, vendors } from '../db/schema/index.ts';
import { saveDocument } from '../lib/document/document-service.ts';
import { findDocument } from '../lib/document/document-query.ts';
import { runTransition } from '../lib/document/run-transition.ts';
import { exchangeRevaluationBinding } from '../modules/currencies/exchange-revaluations.binding.ts';
import { paymentBinding } from '../modules/money/money.api.ts';
import { goodsReceiptBinding } from '../modules/purchasing/goods-receipts.binding.ts';
import { purchaseOrderBinding } from '../modules/purchasing/purchase-orders.binding.ts';
import { createVendorAccount } from '../modules/purchasing/purchasing.api.ts';
import { actorOf } from './demo-actors.ts';

type Dates = { today: string; daysAgo: (days: number) => string };

/** The demo's importers' suppliers abroad, each billing in its own currency (issue 33, section 2). */
const foreignVendors = [
  {
    vendorName: 'Meridian Bioassays Inc',
    contactPerson: 'Rachel Hughes',
    phone: '+1 312 555 0148',
    email: 'intl.orders@meridian-bio.example',
    address: '2200 W Fulton St, Chicago IL, USA',
    currency: 'USD',
    // PKR per unit the demo prices its items at, to turn their rupee costs into the supplier's list price.
    pricedAt: 285n,
  },
  {
    vendorName: 'Rheinland Labortechnik GmbH',
    contactPerson: 'Jonas Becker',
    phone: '+49 221 555 0190',
    email: 'export@rheinland-lab.example',
    address: 'Deutzer Freiheit 71, Cologne, Germany',
    currency: 'EUR',
    pricedAt: 300n,
  },
] as const;

/** The last `count` month ends before today, newest last. */
function lastMonthEnds(today: string, count: number): string[] {
  const ends: string[] = [];
  let day = addDays(`${today.slice(0, 7)}-01`, -1);
  while (ends.length < count) {
    ends.unshift(day);
    day = addDays(`${day.slice(0, 7)}-01`, -1);
  }
  return ends;
}

/**
 * Issue 33, section 2: two foreign suppliers (USD and EUR) with orders in their currencies,
 * receipts costed at the day's rate, the USD supplier's first bill paid by letter of credit and
 * the EUR supplier's paid in part by bank transfer (each with its exchange difference), and the
 * revaluations of the last two month ends (posted, reversed the next day). Runs after the year of
 * rates (seedCurrencies); dates before the fiscal year's start fall on it (`daysAgo`), and a month
 * end before it (a closed period) is not revalued.
 */
export async function seedForeignPurchases(tx: Tx, dates: Dates & { yearStart: string }): Promise<void> {
  const buyer = await actorOf(tx, 'accountant');
  const approver = await actorOf(tx, 'admin');
  const storekeeper = await actorOf(tx, 'inventorySupervisor');
  const [karachi] = await tx.select({ id: regions.id }).from(regions).where(eq(regions.regionCode, 'KHI'));
  const [city] = await tx.select({ id: cities.id }).from(cities).where(eq(cities.cityName, 'Karachi'));
  const [bank] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.kind, 'bank')).orderBy(asc(accounts.accountCode)).limit(1);
  if (!karachi || !bank) return;
  const reagents = await tx
    .select({ id: items.id, cost: items.costPrice })
    .from(items)
    .where(and(eq(items.isApproved, true), eq(items.lotTracked, true)))
    .orderBy(asc(items.id))
    .limit(6);

  const vendorIds: number[] = [];
  for (const { pricedAt: _pricedAt, ...vendor } of foreignVendors) {
    const accountId = await createVendorAccount(tx, vendor.vendorName, vendor.currency);
    const [row] = await tx.insert(vendors).values({ ...vendor, cityId: city?.id ?? null, accountId, paymentTermsDays: 90 }).returning({ id: vendors.id });
    vendorIds.push(row!.id);
  }

  let lot = 0;
  /** An order of the supplier's, approved, and received in full `receivedAgo` days ago at that day's rate. */
  const orderAndReceive = async (vendor: 0 | 1, orderedAgo: number, receivedAgo: number, picked: typeof reagents, quantity: number) => {
    const input: PurchaseOrderInput = {
      orderDate: dates.daysAgo(orderedAgo),
      vendorId: vendorIds[vendor]!,
      regionId: karachi.id,
      expectedDate: dates.daysAgo(receivedAgo),
      notes: 'Shipped by air freight, CIP Karachi',
      lines: picked.map((item, n) => ({
        itemId: item.id,
        quantity: quantity + n * 10,
        unitCost: fromMinorUnits(divideRounded(toMinorUnits(item.cost), foreignVendors[vendor].pricedAt) || 100n),
      })),
    };
    const order = (await saveDocument<PurchaseOrderInput, PurchaseOrderDetail>(tx, buyer, purchaseOrderBinding, input)).document;
    await runTransition(tx, approver, purchaseOrderBinding, order.id, 'approve');
    const detail = (await findDocument<PurchaseOrderDetail>(tx, purchaseOrderBinding, order.id))!;
    const receipt: GoodsReceiptInput = {
      purchaseOrderId: order.id,
      receiptDate: dates.daysAgo(receivedAgo),
      notes: 'Cleared at Karachi airport',
      acceptNearExpiry: false,
      loggerResult: 'withinRange',
      loggerSerial: `TL-F${String(++lot).padStart(4, '0')}`,
      lines: detail.lines.map((line, n) => ({
        purchaseOrderLineId: line.id,
        quantity: line.quantity,
        lotNumber: `${foreignVendors[vendor].currency}${String(lot).padStart(3, '0')}-${n + 1}`,
        dateExpiry: addDays(dates.today, 540 + n * 30),
      })),
    };
    return (await saveDocument<GoodsReceiptInput, GoodsReceiptDetail>(tx, storekeeper, goodsReceiptBinding, receipt, { post: true })).document;
  };

  const usdFirst = await orderAndReceive(0, 78, 70, reagents.slice(0, 3), 40);
  const eurBill = await orderAndReceive(1, 62, 55, reagents.slice(3, 5), 30);
  // Still open at both month ends: revalued each time.
  await orderAndReceive(0, 48, 41, reagents.slice(1, 2), 60);

  const pay = (input: Omit<PaymentInput, 'payeeType' | 'reference' | 'accountId'> & { reference: string }) =>
    saveDocument<PaymentInput, PaymentDetail>(tx, buyer, paymentBinding, { payeeType: 'vendor', accountId: bank.id, ...input }, { post: true });
  // The first USD bill in full by letter of credit, a month after it arrived: the dollar dearer by then, an exchange loss.
  await pay({
    vendorId: vendorIds[0]!,
    paymentDate: dates.daysAgo(36),
    method: 'lc',
    lcNumber: 'LC/MCB/2026/0117',
    amount: usdFirst.foreignTotal,
    reference: 'LC retirement',
    allocations: [{ goodsReceiptId: usdFirst.id, amount: usdFirst.foreignTotal }],
  });
  // Half the EUR bill by transfer: the euro cheaper by then, an exchange gain; the rest stays open.
  const half = fromMinorUnits(toMinorUnits(eurBill.foreignTotal) / 2n);
  await pay({
    vendorId: vendorIds[1]!,
    paymentDate: dates.daysAgo(25),
    method: 'bank',
    amount: half,
    reference: 'SWIFT MT103 0420',
    allocations: [{ goodsReceiptId: eurBill.id, amount: half }],
  });

  // Month-end revaluations of what is open, each reversed the next day; none in a closed period or before the first bill.
  const firstBill = dates.daysAgo(70);
  for (const revaluationDate of lastMonthEnds(dates.today, 2)) {
    if (revaluationDate < dates.yearStart || revaluationDate < firstBill) continue;
    await saveDocument<ExchangeRevaluationInput, ExchangeRevaluationDetail>(tx, buyer, exchangeRevaluationBinding, { revaluationDate }, { post: true });
  }
}
