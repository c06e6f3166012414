import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { goodsReceiptPaymentTarget } from './goods-receipt-allocations.ts';

/** A foreign vendor's bill (a posted goods receipt) open on a date, with what the books carry its open part at. */
export interface ForeignBill {
  goodsReceiptId: number;
  documentNumber: string;
  vendorId: number;
  vendorName: string;
  accountId: number;
  regionId: number;
  currency: string;
  exchangeRate: string;
  /** The receipt's foreign total less the allocations live on the date, in its currency. */
  openForeign: string;
  /** The company-currency total less the allocated share of it (total x allocated / foreign total, half up to the cent). */
  carryingAmount: string;
}

/**
 * Goods receipts in a currency other than `companyCurrency` open on `date` (issue 33, section 2,
 * revaluation): dated by then, posted then (cancelled only after it), less what payments had
 * allocated to them then. `allocatedAsOf` is money's rule for that (`paymentAllocationsAsOf`),
 * handed the receipts' column of the allocation rows. In vendor and receipt order.
 */
export async function foreignBillsAsOf(executor: Executor, date: string, companyCurrency: string, allocatedAsOf: (column: string, date: string) => SQL): Promise<ForeignBill[]> {
  const rows = await queryRows<ForeignBill>(
    executor,
    sql`SELECT x.* FROM (
          SELECT g.id AS "goodsReceiptId", g.document_number AS "documentNumber", o.vendor_id AS "vendorId", v.vendor_name AS "vendorName", v.account_id AS "accountId",
                 o.region_id AS "regionId", g.currency, g.exchange_rate::text AS "exchangeRate",
                 (g.foreign_total - coalesce(a.amount, 0))::numeric(18, 2)::text AS "openForeign",
                 (g.total_value - CASE WHEN g.foreign_total = 0 THEN 0 ELSE round(g.total_value * coalesce(a.amount, 0) / g.foreign_total, 2) END)::numeric(18, 2)::text AS "carryingAmount"
          FROM goods_receipts g JOIN purchase_orders o ON o.id = g.purchase_order_id JOIN vendors v ON v.id = o.vendor_id
          LEFT JOIN (${allocatedAsOf(goodsReceiptPaymentTarget.column, date)}) a ON a.id = g.id
          WHERE g.currency <> ${companyCurrency} AND g.document_date <= ${date}::date
            AND (g.status = 'posted' OR (g.status = 'cancelled' AND g.posted_at IS NOT NULL AND g.cancelled_at::date > ${date}::date))) x
        WHERE x."openForeign"::numeric > 0
        ORDER BY x."vendorId", x."goodsReceiptId"`,
  );
  return rows.map((r) => ({ ...r, goodsReceiptId: Number(r.goodsReceiptId), vendorId: Number(r.vendorId), accountId: Number(r.accountId), regionId: Number(r.regionId) }));
}
