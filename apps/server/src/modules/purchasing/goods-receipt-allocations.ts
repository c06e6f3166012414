import { goodsReceiptDocument } from '@erp/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../lib/actor.ts';
import type { AgingAsOf, PaymentTarget, RevaluationAsOf } from '../../lib/payment-targets.ts';
import { purchaseOrderScope } from './purchase-orders.queries.ts';

/** A goods receipt's due date: the receipt date plus its vendor's payment terms (goods receipts have no due date of their own; aging reads it too). */
export const goodsReceiptDueDateSql = (receipt: SQL, vendor: SQL) => sql`(${receipt}.document_date + ${vendor}.payment_terms_days)`;

/** The company-currency part of a receipt `t` settled when `foreignPaid` of it is: carriedPaid of the domain, in SQL (numeric, exact until the one rounding). */
const paidAt = (foreignPaid: SQL) => sql`CASE WHEN t.foreign_total = 0 THEN 0 ELSE round(t.total_value * (${foreignPaid}) / t.foreign_total, 2) END`;

/** Posted goods receipts less their payments, as of a date (the payables aging's documents), due after the vendor's terms. */
function agedGoodsReceipts({ past, allocated, live, inRegions }: AgingAsOf): SQL {
  const scope = inRegions(sql`o.region_id`);
  const head = sql`SELECT g.id, o.vendor_id AS party_id, 'goods-receipts'::text AS document_type, 'document'::text AS item_kind, g.document_number, g.document_date,
                          ${goodsReceiptDueDateSql(sql`g`, sql`v`)} AS due_date, g.total_value AS total`;
  const joins = sql`JOIN purchase_orders o ON o.id = g.purchase_order_id JOIN vendors v ON v.id = o.vendor_id`;
  // The words of goods_receipts_open_idx's predicate.
  if (!past) return sql`${head}, g.total_value - g.paid_amount AS open FROM goods_receipts g ${joins} WHERE g.status = 'posted' AND g.paid_amount < g.total_value${scope}`;
  // Allocations are in the receipt's currency: taken off its company-currency total pro rata.
  return sql`SELECT * FROM (${head}, g.total_value - CASE WHEN g.foreign_total = 0 THEN 0 ELSE round(g.total_value * coalesce(a.amount, 0) / g.foreign_total, 2) END AS open FROM goods_receipts g ${joins}
             LEFT JOIN (${allocated}) a ON a.id = g.id
             WHERE ${live('g')}${scope}) x WHERE x.open > 0`;
}

/**
 * Goods receipts in a foreign currency live on a date, less what payments had allocated to them
 * then (issue 33, section 2, revaluation): carried at `totalValue - round(totalValue x allocated /
 * foreignTotal, 2)`, the share payments take (not today's `paid_amount`).
 */
function foreignGoodsReceipts({ companyCurrency, allocated, live }: RevaluationAsOf): SQL {
  return sql`SELECT g.id, o.vendor_id, o.region_id, g.document_number, g.currency, g.foreign_total - coalesce(a.amount, 0) AS open_foreign,
                    g.total_value - CASE WHEN g.foreign_total = 0 THEN 0 ELSE round(g.total_value * coalesce(a.amount, 0) / g.foreign_total, 2) END AS carrying_amount
             FROM goods_receipts g JOIN purchase_orders o ON o.id = g.purchase_order_id
             LEFT JOIN (${allocated}) a ON a.id = g.id
             WHERE g.currency <> ${companyCurrency} AND ${live('g')}`;
}

/**
 * Goods receipts, a vendor's bills, as the targets of payments' allocations: what money may
 * read of them and the only writes of `goods_receipts.paid_amount`. Money plans the
 * allocations and joins these statements to its own; purchasing writes its table. Targets
 * are aliased `t` (their order `o`, its vendor `v`); locks are FOR NO KEY UPDATE in id order.
 */
export const goodsReceiptPaymentTarget: PaymentTarget = {
  party: 'vendor',
  field: 'goodsReceiptId',
  what: 'goods receipt',
  column: 'goods_receipt_id',
  /** The facts of the receipts `where` names (over `t`, `o`, `v`), in id order, locked when `lock`. */
  select: (where: SQL, lock: boolean) =>
    sql`SELECT t.id, o.vendor_id AS "partyId", t.status, o.region_id AS "regionId", t.document_number AS "documentNumber", t.document_date::text AS date,
          ${goodsReceiptDueDateSql(sql`t`, sql`v`)}::text AS "dueDate", t.foreign_total::text AS total, round(t.foreign_total - t.foreign_paid, 2)::text AS "openAmount",
          t.total_value::text AS "companyTotal", t.currency
        FROM goods_receipts t JOIN purchase_orders o ON o.id = t.purchase_order_id JOIN vendors v ON v.id = o.vendor_id
        WHERE ${where} ORDER BY t.id ${lock ? sql`FOR NO KEY UPDATE OF t` : sql``}`,
  openOf: (vendorId: number) => sql`o.vendor_id = ${vendorId}::int AND t.status = 'posted' AND t.foreign_paid < t.foreign_total`,
  /** The open bills' lists keep to the purchase orders' row scope (the receiving region). */
  scope: (actor: Actor) => purchaseOrderScope(actor, sql`o.region_id`),
  /** Locks in id order the receipts `ids` (a subquery) names. */
  lock: (ids: SQL) => sql`SELECT t.id FROM goods_receipts t WHERE t.id IN (${ids}) ORDER BY t.id FOR NO KEY UPDATE`,
  /**
   * Adds payments' allocations: `amounts` are rows (id, amount), in the receipt's currency (issue 33);
   * the company-currency paid amount follows pro rata from the cumulative (the domain's carriedPaid).
   */
  onAllocated: (amounts: SQL) =>
    sql`UPDATE goods_receipts AS t SET foreign_paid = t.foreign_paid + q.amount, paid_amount = ${paidAt(sql`t.foreign_paid + q.amount`)} FROM (${amounts}) AS q(id, amount) WHERE t.id = q.id`,
  /** Takes released allocations back: `amounts` a subquery of (id, amount). */
  onReleased: (amounts: SQL) =>
    sql`UPDATE goods_receipts AS t SET foreign_paid = t.foreign_paid - a.amount, paid_amount = ${paidAt(sql`t.foreign_paid - a.amount`)} FROM (${amounts}) AS a WHERE t.id = a.id`,
  aging: { documentTypes: [goodsReceiptDocument.documentType], items: agedGoodsReceipts },
  // The revaluation's rows name a receipt by the document's name, as the web opens it.
  revaluation: { documentType: goodsReceiptDocument.name, items: foreignGoodsReceipts },
};
