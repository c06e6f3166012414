import { permittedIds, type PurchaseOrderDetail, type PurchaseOrderLineRow, type PurchaseOrderReceipt, type ReceiptStatus } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { intList, jsonValue } from '../../db/client.ts';
import { purchaseOrders } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import type { DocumentQueries } from '../../lib/document/document-binding.ts';

export type { PurchaseOrderDetail, PurchaseOrderLineRow };

/** A JSON column as an object, whichever way the driver hands it over. */

/** Orders of another region are not the actor's to see or receive (permissions.regions). */
export function purchaseOrderScope(actor: Actor, regionColumn: SQL = sql`purchase_orders.region_id`): SQL | undefined {
  const regions = permittedIds(actor.permissions, 'regions');
  return regions ? sql`${regionColumn} IN (${intList(regions)})` : undefined;
}

// Raw SQL names the document table in full: Drizzle leaves a column of a one-table select unqualified,
// which inside a subquery would resolve to the subquery's own column.

/** Computed from the lines' received quantities (receiptStatusOf in the domain says the same), never stored. */
const receiptStatus = sql<ReceiptStatus>`(
  SELECT CASE WHEN coalesce(sum(l.received_quantity), 0) = 0 THEN 'notReceived'
              WHEN bool_and(l.received_quantity >= l.quantity) THEN 'received'
              ELSE 'partlyReceived' END
  FROM purchase_order_lines l WHERE l.purchase_order_id = purchase_orders.id)`;

const vendor = sql<{ vendorName: string }>`(SELECT json_build_object('vendorName', v.vendor_name) FROM vendors v WHERE v.id = purchase_orders.vendor_id)`.mapWith(
  jsonValue<{ vendorName: string }>,
);
const region = sql<{ regionName: string }>`(SELECT json_build_object('regionName', r.region_name) FROM regions r WHERE r.id = purchase_orders.region_id)`.mapWith(
  jsonValue<{ regionName: string }>,
);

const receipts = sql<PurchaseOrderReceipt[]>`(
  SELECT coalesce(json_agg(json_build_object('id', g.id, 'documentNumber', g.document_number, 'receiptDate', g.document_date, 'status', g.status,
                                             'totalValue', g.total_value::text) ORDER BY g.id), '[]')
  FROM goods_receipts g WHERE g.purchase_order_id = purchase_orders.id)`.mapWith(jsonValue<PurchaseOrderReceipt[]>);

/** How the generic document queries read purchase orders: the row of docs/api/purchasing.md, the lines with their items and received quantities. */
export const purchaseOrderQueries: DocumentQueries<PurchaseOrderDetail> = {
  rowSelection: {
    id: purchaseOrders.id,
    purchaseOrderId: purchaseOrders.id,
    documentNumber: purchaseOrders.documentNumber,
    orderDate: purchaseOrders.documentDate,
    vendorId: purchaseOrders.vendorId,
    vendor,
    regionId: purchaseOrders.regionId,
    region,
    expectedDate: purchaseOrders.expectedDate,
    notes: purchaseOrders.notes,
    status: purchaseOrders.status,
    isApproved: sql<boolean>`(purchase_orders.status = 'approved')`.mapWith(Boolean),
    receiptStatus,
    totalValue: purchaseOrders.totalValue,
    currency: purchaseOrders.currency,
    exchangeRate: purchaseOrders.exchangeRate,
    totalValueCompany: sql<string | null>`round(purchase_orders.total_value * purchase_orders.exchange_rate, 2)::text`,
    receipts,
    approvedAt: purchaseOrders.approvedAt,
    approvedBy: purchaseOrders.approvedBy,
    cancelledAt: purchaseOrders.cancelledAt,
    cancelledBy: purchaseOrders.cancelledBy,
    createdBy: purchaseOrders.createdBy,
    createdAt: purchaseOrders.createdAt,
    updatedAt: purchaseOrders.updatedAt,
  },
  linesSelection: sql`(
    SELECT coalesce(json_agg(json_build_object(
             'id', l.id, 'lineNo', l.line_no, 'itemId', l.item_id, 'quantity', l.quantity, 'unitCost', l.unit_cost::text,
             'value', round(l.quantity * l.unit_cost, 2)::text, 'receivedQuantity', l.received_quantity,
             'item', json_build_object('itemName', it.item_name, 'articleNumber', it.article_number, 'lotTracked', it.lot_tracked, 'unit', it.unit, 'storageCondition', it.storage_condition))
             ORDER BY l.line_no), '[]')
    FROM purchase_order_lines l JOIN items it ON it.id = l.item_id WHERE l.purchase_order_id = purchase_orders.id)`,
  searchColumns: [purchaseOrders.notes, (pattern) => sql`purchase_orders.vendor_id IN (SELECT v.id FROM vendors v WHERE v.vendor_name ILIKE ${pattern})`],
  sortColumns: {
    orderDate: purchaseOrders.documentDate,
    documentNumber: purchaseOrders.documentNumber,
    expectedDate: purchaseOrders.expectedDate,
    totalValue: purchaseOrders.totalValue,
    createdAt: purchaseOrders.createdAt,
  },
  queryFilters: {
    // Late: approved, its expected date passed, and not all of it received (the dashboard's late orders).
    late: {
      schema: z.enum(['true'], { error: 'Late must be true' }),
      condition: () => sql`(purchase_orders.status = 'approved' AND purchase_orders.expected_date < current_date AND ${receiptStatus} <> 'received')`,
    },
  },
  rowScope: (actor) => purchaseOrderScope(actor),
  exportColumns: [
    { header: 'Number', value: (row) => (row.documentNumber as string | null) ?? '' },
    { header: 'Order date', value: (row) => String(row.orderDate) },
    { header: 'Vendor', value: (row) => (row.vendor as { vendorName: string } | null)?.vendorName ?? '' },
    { header: 'Receiving region', value: (row) => (row.region as { regionName: string } | null)?.regionName ?? '' },
    { header: 'Expected date', value: (row) => String(row.expectedDate) },
    { header: 'Status', value: (row) => String(row.status) },
    { header: 'Received', value: (row) => String(row.receiptStatus) },
    { header: 'Value', value: (row) => String(row.totalValue) },
    { header: 'Currency', value: (row) => String(row.currency) },
    { header: 'Notes', value: (row) => String(row.notes) },
  ],
  shape: (row) => {
    const lines = jsonValue<PurchaseOrderLineRow[]>(row.lines).map((l) => ({ ...l, id: Number(l.id), quantity: Number(l.quantity), receivedQuantity: Number(l.receivedQuantity) }));
    return { ...(row as unknown as PurchaseOrderDetail), lines };
  },
};
