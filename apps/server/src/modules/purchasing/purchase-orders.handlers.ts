import { purchaseOrderDocument, addDecimals, multiply, multiplyDecimals, permittedIds, type PurchaseOrderInput, purchasingMessages } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intList, jsonValue, queryRows, type Tx } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import type { DocumentHandlers, ActionOf, DraftValues } from '../../lib/document/document-binding.ts';
import { type PurchaseOrderDetail } from './purchase-orders.queries.ts';
import { NoRateError, rateOn } from '../currencies/currencies.api.ts';

interface ItemFacts {
  id: number;
  itemName: string;
  articleNumber: string;
  lotTracked: boolean;
  unit: string;
  storageCondition: string;
  isApproved: boolean;
}

/** What the checks of an order read, in one query: its vendor, region (within the actor's regions) and items. */
interface OrderFacts {
  vendor: { vendorName: string; active: boolean; currency: string } | null;
  regionName: string | null;
  items: Map<number, ItemFacts>;
}

async function readFacts(tx: Tx, actor: Actor, vendorId: number, regionId: number, itemIds: readonly number[]): Promise<OrderFacts> {
  const regions = permittedIds(actor.permissions, 'regions');
  const [row] = await queryRows<{ vendor: unknown; regionName: string | null; items: unknown }>(
    tx,
    sql`SELECT (SELECT json_build_object('vendorName', vendor_name, 'active', active, 'currency', currency) FROM vendors WHERE id = ${vendorId}::int) AS vendor,
               (SELECT region_name FROM regions WHERE id = ${regionId}::int ${regions ? sql`AND id IN (${intList(regions)})` : sql``}) AS "regionName",
               (SELECT json_agg(json_build_object('id', id, 'itemName', item_name, 'articleNumber', article_number, 'lotTracked', lot_tracked, 'unit', unit, 'storageCondition', storage_condition, 'isApproved', is_approved))
                  FROM items WHERE id IN (${intList([...new Set(itemIds)])})) AS items`,
  );
  const items = jsonValue<ItemFacts[] | null>(row!.items) ?? [];
  return {
    vendor: jsonValue<OrderFacts['vendor']>(row!.vendor),
    regionName: row!.regionName,
    items: new Map(items.map((i) => [Number(i.id), { ...i, id: Number(i.id) }])),
  };
}

/**
 * Refuses, naming the field, what the order may not hold: a missing or inactive vendor, a
 * region that does not exist or is not the actor's (reads as missing), an item that does not
 * exist or is not approved (PRODUCT.md, Items: only approved items are bought), an order date
 * ahead of today (an order is placed when written, so its date and rate are known) or an
 * expected date before it. The declaration cannot know today: the dates are judged here.
 */
function assertOrder(input: Pick<PurchaseOrderInput, 'lines' | 'expectedDate'>, orderDate: string, facts: OrderFacts, today = todayIso()): void {
  const problems: Record<string, string> = {};
  if (orderDate > today) problems.orderDate = purchasingMessages.orderDateFuture;
  if (input.expectedDate < orderDate) problems.expectedDate = purchasingMessages.expectedBeforeOrder(orderDate);
  if (!facts.vendor) problems.vendorId = purchasingMessages.vendorMissing;
  else if (!facts.vendor.active) problems.vendorId = purchasingMessages.vendorInactive;
  if (facts.regionName === null) problems.regionId = purchasingMessages.regionMissing;
  input.lines.forEach((line, index) => {
    const item = facts.items.get(line.itemId);
    if (!item) problems[`lines.${index}.itemId`] = purchasingMessages.itemMissing;
    else if (!item.isApproved) problems[`lines.${index}.itemId`] = purchasingMessages.itemNotApproved;
  });
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
}

async function checkedFacts(tx: Tx, actor: Actor, input: PurchaseOrderInput, orderDate: string): Promise<OrderFacts> {
  const facts = await readFacts(
    tx,
    actor,
    input.vendorId,
    input.regionId,
    input.lines.map((l) => l.itemId),
  );
  assertOrder(input, orderDate, facts);
  return facts;
}


/** The order date's rate of the vendor's currency, or null when none was entered within the settings' days: an order only indicates it. */
async function indicativeRate(tx: Tx, currency: string, orderDate: string): Promise<string | null> {
  try {
    return (await rateOn(tx, currency, orderDate)).rate;
  } catch (error) {
    if (error instanceof NoRateError) return null;
    throw error;
  }
}

/** What an order stores beyond its input: the date (today unless given), the total, and the vendor's currency with the date's rate (issue 33). */
async function valuesOf(tx: Tx, input: PurchaseOrderInput, orderDate: string, facts: OrderFacts): Promise<DraftValues> {
  const currency = facts.vendor!.currency;
  const exchangeRate = await indicativeRate(tx, currency, orderDate);
  return { header: { orderDate, totalValue: addDecimals(input.lines.map((l) => multiply(l.quantity, l.unitCost))), currency, exchangeRate } };
}

/** The draft as written, with the names the check read (no re-read): what a GET answers. */
function draftOf(draft: PurchaseOrderDetail, facts: OrderFacts): PurchaseOrderDetail {
  const rate = draft.exchangeRate ?? null;
  return {
    ...draft,
    totalValueCompany: rate === null ? null : multiplyDecimals(draft.totalValue, rate),
    purchaseOrderId: draft.id,
    vendor: { vendorName: facts.vendor!.vendorName },
    region: { regionName: facts.regionName! },
    isApproved: false,
    receiptStatus: 'notReceived',
    receipts: [],
    lines: draft.lines.map((line) => {
      const item = facts.items.get(line.itemId)!;
      return { ...line, value: multiply(line.quantity, line.unitCost), receivedQuantity: 0, item: { itemName: item.itemName, articleNumber: item.articleNumber, lotTracked: item.lotTracked, unit: item.unit, storageCondition: item.storageCondition } };
    }),
  };
}

export function purchaseOrderHandlers(): DocumentHandlers<PurchaseOrderInput, PurchaseOrderDetail, ActionOf<typeof purchaseOrderDocument>> {
  return {
    /** After the check's one read, the header and its lines in one statement. */
    async create(tx, actor, input, drafts) {
      const orderDate = input.orderDate ?? todayIso();
      const facts = await checkedFacts(tx, actor, input, orderDate);
      const values = await valuesOf(tx, input, orderDate, facts);
      return { document: draftOf(drafts.answer(await drafts.insert(input, values), input, values), facts) };
    },

    async update(tx, actor, before, input, drafts) {
      const orderDate = input.orderDate ?? before.orderDate;
      const facts = await checkedFacts(tx, actor, input, orderDate);
      const values = await valuesOf(tx, input, orderDate, facts);
      const written = await drafts.update(before.id, input, values);
      return { document: draftOf(drafts.answer(written, input, values, before), facts) };
    },

    transitions: {
      /**
       * Posts nothing: the machinery numbers it (PO-YYYY-NNNNNN) and stamps it. The vendor and
       * items are checked again: either may have changed since the draft was saved; so are the
       * dates, for drafts saved before they were checked.
       */
      async approve(tx, actor, draft) {
        // The order's own region was checked with the row scope that found it.
        const facts = await readFacts(tx, { ...actor, permissions: {} }, draft.vendorId, draft.regionId, draft.lines.map((l) => l.itemId));
        assertOrder(draft, draft.orderDate, facts);
        return { document: draft };
      },

      /**
       * An order some of whose goods were received is kept: its receipts are cancelled first.
       * Receipt posts lock the order's row, which runTransition holds here, so a receipt
       * posting now either committed before (seen below) or finds the order cancelled.
       */
      async cancel(tx, _actor, order) {
        const [row] = await queryRows<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM goods_receipts WHERE purchase_order_id = ${order.id}::int AND status = 'posted' LIMIT 1) r`,
        );
        if (Number(row!.n) > 0) throw new ConflictError(purchasingMessages.orderHasReceipts);
        return { document: order };
      },
    },
  };
}
