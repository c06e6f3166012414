import { type ImportChargeRow, type ImportShipmentDetail, isCapitalised, permittedIds } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intList } from '../../db/client.ts';
import { importShipments } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import type { DocumentQueries } from '../../lib/document/document-binding.ts';

export type { ImportChargeRow, ImportShipmentDetail };

/** A charge as the preview names it too (issue 33: `charges: [{chargeNo, id, kind, capitalised, amount, exchangeRate, companyAmount}]`). */
export const withChargeNumbers = (charges: readonly ImportChargeRow[]): ImportChargeRow[] => charges.map((c) => ({ ...c, chargeNo: c.lineNo, capitalised: isCapitalised(c.kind) }));

const receiptsOf = sql`jsonb_array_elements_text(${importShipments.goodsReceiptIds})`;

/**
 * A shipment is its receipts' regions' business (issue 33, section 6): a user kept to some regions
 * sees one only when every receipt it names was received in one of theirs.
 */
export function shipmentScope(actor: Actor) {
  const regions = permittedIds(actor.permissions, 'regions');
  if (!regions) return undefined;
  return sql`NOT EXISTS (SELECT 1 FROM ${receiptsOf} x(id) JOIN goods_receipts g ON g.id = x.id::int JOIN purchase_orders o ON o.id = g.purchase_order_id
    WHERE o.region_id NOT IN (${intList(regions)}))`;
}

/** How the generic document queries read import shipments (docs/api/landed-costs.md). */
export const importShipmentQueries: DocumentQueries<ImportShipmentDetail> = {
  rowSelection: {
    id: importShipments.id,
    documentNumber: importShipments.documentNumber,
    shipmentDate: importShipments.documentDate,
    status: importShipments.status,
    reference: importShipments.reference,
    gdNumber: importShipments.gdNumber,
    lcNumber: importShipments.lcNumber,
    notes: importShipments.notes,
    splitMethod: importShipments.splitMethod,
    goodsReceiptIds: importShipments.goodsReceiptIds,
    weights: importShipments.weights,
    goodsReceiptNumbers: sql`(SELECT coalesce(json_agg(g.document_number ORDER BY x.ord), '[]') FROM jsonb_array_elements_text(${importShipments.goodsReceiptIds}) WITH ORDINALITY x(id, ord)
      JOIN goods_receipts g ON g.id = x.id::int)`,
    regionId: importShipments.regionId,
    totalAmount: importShipments.totalAmount,
    capitalisedAmount: importShipments.capitalisedAmount,
    toInventory: importShipments.toInventory,
    toCostOfSales: importShipments.toCostOfSales,
    moveMark: importShipments.moveMark,
    postedAt: importShipments.postedAt,
    postedBy: importShipments.postedBy,
    cancelledAt: importShipments.cancelledAt,
    cancelledBy: importShipments.cancelledBy,
    createdBy: importShipments.createdBy,
    createdAt: importShipments.createdAt,
    updatedAt: importShipments.updatedAt,
  },
  linesSelection: sql`(
    SELECT coalesce(json_agg(json_build_object(
             'id', c.id, 'lineNo', c.line_no, 'kind', c.kind, 'description', c.description, 'vendorId', c.vendor_id, 'accountId', c.account_id,
             'billNumber', c.bill_number, 'amount', c.amount::text, 'currency', c.currency, 'exchangeRate', c.exchange_rate::text,
             'companyAmount', c.company_amount::text, 'splitMethod', c.split_method, 'allocations', c.allocations,
             'partyName', coalesce((SELECT v.vendor_name FROM vendors v WHERE v.id = c.vendor_id), (SELECT a.account_code || ' ' || a.account_name FROM accounts a WHERE a.id = c.account_id)),
             'paidAmount', (SELECT b.paid_amount::text FROM import_charge_balances b WHERE b.id = c.id)) ORDER BY c.line_no), '[]')
    FROM import_shipment_charges c WHERE c.import_shipment_id = import_shipments.id)`,
  searchColumns: [importShipments.reference, importShipments.gdNumber, importShipments.lcNumber, importShipments.notes],
  sortColumns: { shipmentDate: importShipments.documentDate, documentNumber: importShipments.documentNumber, totalAmount: importShipments.totalAmount, createdAt: importShipments.createdAt },
  rowScope: shipmentScope,
  // Linked from a receipt or an order (issue 33, section 3): the shipments that name it.
  listFilters: {
    goodsReceiptId: (id) => sql`${importShipments.goodsReceiptIds} @> jsonb_build_array(${id}::int)`,
    purchaseOrderId: (id) =>
      sql`EXISTS (SELECT 1 FROM ${receiptsOf} x(id) JOIN goods_receipts g ON g.id = x.id::int WHERE g.purchase_order_id = ${id}::int)`,
  },
  shape: (row) => {
    const charges = (row.charges as ImportChargeRow[]).map((c) => ({ ...c, id: Number(c.id), lineNo: Number(c.lineNo), vendorId: c.vendorId === null ? null : Number(c.vendorId), accountId: c.accountId === null ? null : Number(c.accountId) }));
    return { ...row, moveMark: row.moveMark === null ? null : Number(row.moveMark), regionId: row.regionId === null ? null : Number(row.regionId), charges: withChargeNumbers(charges) } as unknown as ImportShipmentDetail;
  },
  exportColumns: [
    { header: 'Number', value: (row) => (row.documentNumber as string | null) ?? '' },
    { header: 'Date', value: (row) => String(row.shipmentDate) },
    { header: 'Reference', value: (row) => String(row.reference) },
    { header: 'GD number', value: (row) => String(row.gdNumber) },
    { header: 'Receipts', value: (row) => (row.goodsReceiptNumbers as string[]).join(', ') },
    { header: 'Status', value: (row) => String(row.status) },
    { header: 'Charges', value: (row) => String(row.totalAmount) },
  ],
};
