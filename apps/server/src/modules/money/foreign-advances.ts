import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';

/**
 * What payments had allocated to a target's documents on a date, as rows (id, amount) in the
 * payments' currency: allocations dated by then and not released by then (a cancel releases on
 * its day). `column` is the target's own column of the allocation rows; the target's area names
 * it, money does not (docs/decisions/money.md, "Payment targets").
 */
export const paymentAllocationsAsOf = (column: string, date: string): SQL =>
  // A draft's lines are plans, not payments: only posted payments' allocations count.
  sql`SELECT x.${sql.identifier(column)} AS id, sum(x.amount) AS amount FROM payment_allocations x JOIN payments p ON p.id = x.payment_id AND p.posted_at IS NOT NULL
      WHERE x.${sql.identifier(column)} IS NOT NULL AND x.allocation_date <= ${date}::date AND (x.released_at IS NULL OR x.released_at::date > ${date}::date)
      GROUP BY 1`;

/** A payment to a foreign vendor not yet allocated in full on a date: an advance, carried at the payment's rate. */
export interface ForeignAdvance {
  paymentId: number;
  documentNumber: string;
  vendorId: number;
  vendorName: string;
  accountId: number;
  regionId: number | null;
  currency: string;
  exchangeRate: string;
  /** The amount not allocated on the date, in the payment's currency. */
  openForeign: string;
  /** That at the payment's rate, half up to the cent: what the vendor's account carries it at. */
  carryingAmount: string;
}

/**
 * Vendors' advances in a currency other than `companyCurrency` open on `date` (issue 33, section 2,
 * revaluation): payments dated by then, posted then (cancelled only after it), less their
 * allocations live then. In vendor and payment order.
 */
export async function foreignAdvancesAsOf(executor: Executor, date: string, companyCurrency: string): Promise<ForeignAdvance[]> {
  const rows = await queryRows<ForeignAdvance>(
    executor,
    sql`SELECT x.* FROM (
          SELECT m.id AS "paymentId", m.document_number AS "documentNumber", m.vendor_id AS "vendorId", v.vendor_name AS "vendorName", v.account_id AS "accountId",
                 m.region_id AS "regionId", m.currency, m.exchange_rate::text AS "exchangeRate",
                 (m.amount - coalesce(a.amount, 0))::numeric(18, 2)::text AS "openForeign",
                 round((m.amount - coalesce(a.amount, 0)) * m.exchange_rate, 2)::numeric(18, 2)::text AS "carryingAmount"
          FROM payments m JOIN vendors v ON v.id = m.vendor_id
          LEFT JOIN (SELECT x.payment_id AS id, sum(x.amount) AS amount FROM payment_allocations x
                      WHERE x.allocation_date <= ${date}::date AND (x.released_at IS NULL OR x.released_at::date > ${date}::date) GROUP BY 1) a ON a.id = m.id
          WHERE m.payee_type = 'vendor' AND m.currency <> ${companyCurrency} AND m.document_date <= ${date}::date
            AND (m.status = 'posted' OR (m.status = 'cancelled' AND m.posted_at IS NOT NULL AND m.cancelled_at::date > ${date}::date))) x
        WHERE x."openForeign"::numeric > 0
        ORDER BY x."vendorId", x."paymentId"`,
  );
  return rows.map((r) => ({ ...r, paymentId: Number(r.paymentId), vendorId: Number(r.vendorId), accountId: Number(r.accountId), regionId: r.regionId === null ? null : Number(r.regionId) }));
}
