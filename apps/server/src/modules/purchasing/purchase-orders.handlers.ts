import { addDecimals, multiply, permittedIds, type PurchaseOrderInput, purchasingMessages, canonicalDecimal } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { intList, jsonValue, queryRows, type Tx } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import type { DocumentHandlers } from '../../lib/document/document-binding.ts';
import { type PurchaseOrderDetail } from './purchase-orders.queries.ts';

interface ItemFacts {
  id: number;
  itemName: string;
  articleNumber: string;
  lotTracked: boolean;
  unit: string;
  isApproved: boolean;
}

/** What the checks of an order read, in one query: its vendor, region (within the actor's regions) and items. */
interface OrderFacts {
  vendor: { vendorName: string; active: boolean } | null;
  regionName: string | null;
  items: Map<number, ItemFacts>;
}

async function readFacts(tx: Tx, actor: Actor, vendorId: number, regionId: number, itemIds: readonly number[]): Promise<OrderFacts> {
  const regions = permittedIds(actor.permissions, 'regions');
  const [row] = await queryRows<{ vendor: unknown; regionName: string | null; items: unknown }>(
    tx,
    sql`SELECT (SELECT json_build_object('vendorName', vendor_name, 'active', active) FROM vendors WHERE id = ${vendorId}::int) AS vendor,
               (SELECT region_name FROM regions WHERE id = ${regionId}::int ${regions ? sql`AND id IN (${intList(regions)})` : sql``}) AS "regionName",
               (SELECT json_agg(json_build_object('id', id, 'itemName', item_name, 'articleNumber', article_number, 'lotTracked', lot_tracked, 'unit', unit, 'isApproved', is_approved))
                  FROM items WHERE id IN (${intList([...new Set(itemIds)])})) AS items`,
  );
  const items = jsonValue<ItemFacts[] | null>(row!.items) ?? [];
  return {
    vendor: jsonValue<{ vendorName: string; active: boolean } | null>(row!.vendor),
    regionName: row!.regionName,
    items: new Map(items.map((i) => [Number(i.id), { ...i, id: Number(i.id) }])),
  };
}

/**
 * Refuses, naming the field, what the order may not hold: a missing or inactive vendor, a
 * region that does not exist or is not the actor's (reads as missing), an item that does not
 * exist or is not approved (PRODUCT.md, Items: only approved items are bought).
 */
function assertOrder(input: Pick<PurchaseOrderInput, 'lines'>, facts: OrderFacts): void {
  const problems: Record<string, string> = {};
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

async function checkedFacts(tx: Tx, actor: Actor, input: PurchaseOrderInput): Promise<OrderFacts> {
  const facts = await readFacts(
    tx,
    actor,
    input.vendorId,
    input.regionId,
    input.lines.map((l) => l.itemId),
  );
  assertOrder(input, facts);
  return facts;
}


function totalOf(input: PurchaseOrderInput): string {
  return addDecimals(input.lines.map((l) => multiply(l.quantity, l.unitCost)));
}

function linesSql(input: PurchaseOrderInput): SQL {
  return sql.join(
    input.lines.map((line, index) => sql`(${index + 1}::int, ${line.itemId}::int, ${line.quantity}::int, ${line.unitCost}::numeric)`),
    sql`, `,
  );
}

const insertLinesInto = sql`INSERT INTO purchase_order_lines (purchase_order_id, line_no, item_id, quantity, unit_cost)`;
const valuesColumns = sql`v(line_no, item_id, quantity, unit_cost)`;

/** The line ids the INSERT gave, by line number. */
type LineIds = Map<number, number>;

const lineIdsOf = (value: unknown): LineIds => new Map((jsonValue<Array<{ lineNo: number; id: number }> | null>(value) ?? []).map((l) => [Number(l.lineNo), Number(l.id)]));

/** A draft as the database now holds it, built from what was written and read (no re-read): what a GET answers. */
function draftOf(
  id: number,
  input: PurchaseOrderInput,
  orderDate: string,
  facts: OrderFacts,
  lineIds: LineIds,
  stamps: { createdBy: number | null; createdAt: Date; updatedAt: Date },
): PurchaseOrderDetail {
  return {
    id,
    purchaseOrderId: id,
    documentNumber: null,
    orderDate,
    vendorId: input.vendorId,
    vendor: { vendorName: facts.vendor!.vendorName },
    regionId: input.regionId,
    region: { regionName: facts.regionName! },
    expectedDate: input.expectedDate,
    notes: input.notes ?? '',
    status: 'draft',
    isApproved: false,
    receiptStatus: 'notReceived',
    totalValue: totalOf(input),
    receipts: [],
    approvedAt: null,
    approvedBy: null,
    cancelledAt: null,
    cancelledBy: null,
    ...stamps,
    lines: input.lines.map((line, index) => {
      const item = facts.items.get(line.itemId)!;
      return {
        id: lineIds.get(index + 1)!,
        lineNo: index + 1,
        itemId: line.itemId,
        quantity: line.quantity,
        unitCost: canonicalDecimal(line.unitCost),
        value: multiply(line.quantity, line.unitCost),
        receivedQuantity: 0,
        item: { itemName: item.itemName, articleNumber: item.articleNumber, lotTracked: item.lotTracked, unit: item.unit },
      };
    }),
  };
}

export function purchaseOrderHandlers(): DocumentHandlers<PurchaseOrderInput, PurchaseOrderDetail, 'approve' | 'cancel'> {
  return {
    /** After the check's one read, the header and its lines in one statement. */
    async create(tx, actor, input) {
      const facts = await checkedFacts(tx, actor, input);
      const orderDate = input.orderDate ?? todayIso();
      const [row] = await queryRows<{ id: number; createdAt: string | Date; lines: unknown }>(
        tx,
        sql`WITH o AS (
              INSERT INTO purchase_orders (document_date, vendor_id, region_id, expected_date, notes, total_value, created_by)
              VALUES (${orderDate}::date, ${input.vendorId}::int, ${input.regionId}::int, ${input.expectedDate}::date, ${input.notes ?? ''}, ${totalOf(input)}::numeric, ${actor.userId}::int)
              RETURNING id, created_at),
            l AS (${insertLinesInto} SELECT o.id, v.* FROM o CROSS JOIN (VALUES ${linesSql(input)}) AS ${valuesColumns} RETURNING id, line_no)
            SELECT o.id, o.created_at AS "createdAt", (SELECT json_agg(json_build_object('id', l.id, 'lineNo', l.line_no)) FROM l) AS lines FROM o`,
      );
      const at = new Date(row!.createdAt);
      return { document: draftOf(Number(row!.id), input, orderDate, facts, lineIdsOf(row!.lines), { createdBy: actor.userId, createdAt: at, updatedAt: at }) };
    },

    async update(tx, actor, before, input) {
      const facts = await checkedFacts(tx, actor, input);
      const orderDate = input.orderDate ?? before.orderDate;
      const [row] = await queryRows<{ updatedAt: string | Date }>(
        tx,
        sql`WITH o AS (
              UPDATE purchase_orders SET document_date = ${orderDate}::date, vendor_id = ${input.vendorId}::int, region_id = ${input.regionId}::int,
                     expected_date = ${input.expectedDate}::date, notes = ${input.notes ?? ''}, total_value = ${totalOf(input)}::numeric, updated_at = now()
              WHERE id = ${before.id}::int RETURNING updated_at),
            d AS (DELETE FROM purchase_order_lines WHERE purchase_order_id = ${before.id}::int)
            SELECT updated_at AS "updatedAt" FROM o`,
      );
      // A statement does not see the rows its own DELETE removes, so the new lines go in the next.
      const [written] = await queryRows<{ lines: unknown }>(
        tx,
        sql`WITH l AS (${insertLinesInto} SELECT ${before.id}::int, v.* FROM (VALUES ${linesSql(input)}) AS ${valuesColumns} RETURNING id, line_no)
            SELECT json_agg(json_build_object('id', l.id, 'lineNo', l.line_no)) AS lines FROM l`,
      );
      const stamps = { createdBy: before.createdBy as number | null, createdAt: before.createdAt as Date, updatedAt: new Date(row!.updatedAt) };
      return { document: draftOf(before.id, input, orderDate, facts, lineIdsOf(written!.lines), stamps) };
    },

    transitions: {
      /**
       * Posts nothing: the machinery numbers it (PO-YYYY-NNNNNN) and stamps it. The vendor and
       * items are checked again: either may have changed since the draft was saved.
       */
      async approve(tx, actor, draft) {
        // The order's own region was checked with the row scope that found it.
        const facts = await readFacts(tx, { ...actor, permissions: {} }, draft.vendorId, draft.regionId, draft.lines.map((l) => l.itemId));
        assertOrder(draft, facts);
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
