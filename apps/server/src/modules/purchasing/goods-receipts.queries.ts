import { dateSchema, type GoodsReceiptDetail, type GoodsReceiptLineRow } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { jsonValue } from '../../db/client.ts';
import { goodsReceipts } from '../../db/schema/index.ts';
import type { DocumentQueries } from '../../lib/document/document-binding.ts';
import { goodsReceiptDueDateSql } from './goods-receipt-allocations.ts';
import { purchaseOrderScope } from './purchase-orders.queries.ts';

export type { GoodsReceiptDetail, GoodsReceiptLineRow };

interface OrderSummary {
  purchaseOrder: GoodsReceiptDetail['purchaseOrder'];
  vendor: GoodsReceiptDetail['vendor'];
  region: GoodsReceiptDetail['region'];
}

/** The order a receipt is on, with its vendor's and region's names, as one JSON column (split by `shape` and the list's mapping). */
const order = sql<OrderSummary>`(
  SELECT json_build_object(
           'purchaseOrder', json_build_object('documentNumber', o.document_number, 'vendorId', o.vendor_id, 'regionId', o.region_id),
           'vendor', json_build_object('vendorName', v.vendor_name), 'region', json_build_object('regionName', r.region_name))
  FROM purchase_orders o JOIN vendors v ON v.id = o.vendor_id JOIN regions r ON r.id = o.region_id
  WHERE o.id = goods_receipts.purchase_order_id)`;

const part = <Key extends keyof OrderSummary>(key: Key) => sql<OrderSummary[Key]>`(${order}) -> ${sql.raw(`'${key}'`)}`.mapWith(jsonValue<OrderSummary[Key]>);

/** What is still owed to the vendor for a posted receipt; nothing once cancelled. */
const openAmountSql = sql`round(CASE WHEN goods_receipts.status = 'cancelled' THEN 0 ELSE goods_receipts.total_value - goods_receipts.paid_amount END, 2)`;

/**
 * The receipt's due date (its date plus the vendor's payment terms, as the payables aging reads it). The
 * table is named in full: Drizzle leaves a column of a one-table select unqualified, which the subquery would read as its own.
 */
const dueDateSql = sql<string>`(SELECT ${goodsReceiptDueDateSql(sql`goods_receipts`, sql`v`)} FROM purchase_orders o JOIN vendors v ON v.id = o.vendor_id
                                WHERE o.id = goods_receipts.purchase_order_id)`;

/** How the generic document queries read goods receipts: the row of docs/api/purchasing.md, the lines with their items and lots. */
export const goodsReceiptQueries: DocumentQueries<GoodsReceiptDetail> = {
  rowSelection: {
    id: goodsReceipts.id,
    documentNumber: goodsReceipts.documentNumber,
    purchaseOrderId: goodsReceipts.purchaseOrderId,
    purchaseOrder: part('purchaseOrder'),
    vendor: part('vendor'),
    region: part('region'),
    receiptDate: goodsReceipts.documentDate,
    notes: goodsReceipts.notes,
    acceptNearExpiry: goodsReceipts.acceptNearExpiry,
    loggerResult: goodsReceipts.loggerResult,
    loggerSerial: goodsReceipts.loggerSerial,
    loggerMinC: goodsReceipts.loggerMinC,
    loggerMaxC: goodsReceipts.loggerMaxC,
    loggerMinutesOutside: goodsReceipts.loggerMinutesOutside,
    loggerNotes: goodsReceipts.loggerNotes,
    status: goodsReceipts.status,
    totalValue: goodsReceipts.totalValue,
    // What payments allocated (issue 9): paid / partly paid computed from it, never a stored state.
    paidAmount: goodsReceipts.paidAmount,
    openAmount: sql<string>`${openAmountSql}::text`,
    dueDate: sql<string>`${dueDateSql}::text`,
    paymentStatus: sql<string>`(CASE WHEN goods_receipts.status <> 'posted' THEN 'unpaid' WHEN ${openAmountSql} <= 0 THEN 'paid'
                                     WHEN goods_receipts.paid_amount > 0 THEN 'partlyPaid' ELSE 'unpaid' END)`,
    currency: goodsReceipts.currency,
    exchangeRate: goodsReceipts.exchangeRate,
    foreignTotal: goodsReceipts.foreignTotal,
    foreignPaid: goodsReceipts.foreignPaid,
    foreignOpen: sql<string>`round(CASE WHEN goods_receipts.status = 'cancelled' THEN 0 ELSE goods_receipts.foreign_total - goods_receipts.foreign_paid END, 2)::text`,
    postedAt: goodsReceipts.postedAt,
    postedBy: goodsReceipts.postedBy,
    cancelledAt: goodsReceipts.cancelledAt,
    cancelledBy: goodsReceipts.cancelledBy,
    createdBy: goodsReceipts.createdBy,
    createdAt: goodsReceipts.createdAt,
    updatedAt: goodsReceipts.updatedAt,
  },
  linesSelection: sql`(
    SELECT coalesce(json_agg(json_build_object(
             'lineNo', l.line_no, 'purchaseOrderLineId', l.purchase_order_line_id, 'itemId', l.item_id, 'quantity', l.quantity,
             'lotNumber', l.lot_number, 'dateExpiry', l.date_expiry, 'unitCost', l.unit_cost::text,
             'value', round(l.quantity * l.unit_cost, 2)::text, 'inventoryId', l.inventory_id, 'storageUnitId', l.storage_unit_id,
             'gtin', l.gtin, 'serialNumber', l.serial_number,
             'foreignUnitCost', l.foreign_unit_cost::text, 'foreignValue', round(l.quantity * l.foreign_unit_cost, 2)::text,
             'item', json_build_object('itemName', it.item_name, 'articleNumber', it.article_number, 'lotTracked', it.lot_tracked, 'storageCondition', it.storage_condition))
             ORDER BY l.line_no), '[]')
    FROM goods_receipt_lines l JOIN items it ON it.id = l.item_id WHERE l.goods_receipt_id = goods_receipts.id)`,
  searchColumns: [
    goodsReceipts.notes,
    (pattern) =>
      sql`goods_receipts.purchase_order_id IN (SELECT o.id FROM purchase_orders o WHERE o.document_number ILIKE ${pattern}
            OR o.vendor_id IN (SELECT v.id FROM vendors v WHERE v.vendor_name ILIKE ${pattern}))`,
  ],
  sortColumns: { receiptDate: goodsReceipts.documentDate, documentNumber: goodsReceipts.documentNumber, createdAt: goodsReceipts.createdAt },
  queryFilters: {
    // Posted and not fully paid: what the vendor is still owed (the words of goods_receipts_open_idx's predicate).
    payable: {
      schema: z.enum(['true'], { error: 'Payable must be true' }),
      condition: () => sql`(goods_receipts.status = 'posted' AND goods_receipts.paid_amount < goods_receipts.total_value)`,
    },
    // Due from and to (inclusive): the dashboard's payables due this week.
    dueFrom: { schema: dateSchema('Due from'), condition: (value: string) => sql`${dueDateSql} >= ${value}::date` },
    dueTo: { schema: dateSchema('Due to'), condition: (value: string) => sql`${dueDateSql} <= ${value}::date` },
  },
  // A receipt belongs to its order's region.
  rowScope: (actor) => {
    const scope = purchaseOrderScope(actor, sql`o.region_id`);
    return scope ? sql`EXISTS (SELECT 1 FROM purchase_orders o WHERE o.id = goods_receipts.purchase_order_id AND ${scope})` : undefined;
  },
  exportColumns: [
    { header: 'Number', value: (row) => (row.documentNumber as string | null) ?? '' },
    { header: 'Receipt date', value: (row) => String(row.receiptDate) },
    { header: 'Purchase order', value: (row) => (row.purchaseOrder as OrderSummary['purchaseOrder'] | null)?.documentNumber ?? '' },
    { header: 'Vendor', value: (row) => (row.vendor as OrderSummary['vendor'] | null)?.vendorName ?? '' },
    { header: 'Region', value: (row) => (row.region as OrderSummary['region'] | null)?.regionName ?? '' },
    { header: 'Status', value: (row) => String(row.status) },
    { header: 'Value', value: (row) => String(row.totalValue) },
    { header: 'Currency', value: (row) => String(row.currency) },
    { header: 'Foreign value', value: (row) => String(row.foreignTotal) },
    { header: 'Notes', value: (row) => String(row.notes) },
  ],
  shape: (row) => {
    const lines = jsonValue<GoodsReceiptLineRow[]>(row.lines).map((l) => ({
      ...l,
      purchaseOrderLineId: Number(l.purchaseOrderLineId),
      quantity: Number(l.quantity),
      inventoryId: l.inventoryId === null ? null : Number(l.inventoryId),
      storageUnitId: l.storageUnitId === null || l.storageUnitId === undefined ? null : Number(l.storageUnitId),
    }));
    return { ...(row as unknown as GoodsReceiptDetail), lines };
  },
};
