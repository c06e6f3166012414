import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { paymentTargetsOf } from '../../lib/payment-targets.ts';
import { type ForeignAdvance, paymentAllocationsAsOf } from './foreign-advances.ts';

/**
 * A foreign vendor's bill open on a date (a goods receipt, an import shipment's charge), as an
 * advance is read: its open part in its currency (its total less the allocations live then) and what
 * the books carry that at (its company-currency total less the allocated share, pro rata).
 */
export type ForeignBill = Omit<ForeignAdvance, 'paymentId' | 'exchangeRate'> & {
  /** Its target's `revaluation.documentType`, with the bill's id. */
  documentType: string;
  documentId: number;
};

// Posted then: a cancelled bill counts until its cancel's day (a draft is never cancelled, but said anyway).
const liveAsOf = (alias: string, date: string) => {
  const a = sql.raw(alias);
  return sql`${a}.document_date <= ${date}::date AND (${a}.status = 'posted' OR (${a}.status = 'cancelled' AND ${a}.posted_at IS NOT NULL AND ${a}.cancelled_at::date > ${date}::date))`;
};

/**
 * Vendors' bills in a currency other than `companyCurrency` open on `date` (issue 33, section 2,
 * revaluation), whoever owns them: each vendor target's `revaluation` reads its own, handed what
 * payments had allocated to it then (money's rule, over the target's column). In the targets'
 * order, then vendor and bill.
 */
export async function foreignBillsAsOf(executor: Executor, date: string, companyCurrency: string): Promise<ForeignBill[]> {
  const revalued = paymentTargetsOf(['vendor']).flatMap((target) => (target.revaluation ? [{ column: target.column, revaluation: target.revaluation }] : []));
  if (revalued.length === 0) return [];
  const at = (column: string) => ({ asOf: date, companyCurrency, allocated: paymentAllocationsAsOf(column, date), live: (alias: string) => liveAsOf(alias, date) });
  const parts: SQL[] = revalued.map(
    ({ column, revaluation }, index) =>
      sql`SELECT ${index}::int AS ord, ${revaluation.documentType}::text AS document_type, b.id, b.vendor_id, b.region_id, b.document_number, b.currency, b.open_foreign, b.carrying_amount
          FROM (${revaluation.items(at(column))}) b`,
  );
  const rows = await queryRows<ForeignBill>(
    executor,
    sql`SELECT b.document_type AS "documentType", b.id AS "documentId", b.document_number AS "documentNumber", b.vendor_id AS "vendorId", v.vendor_name AS "vendorName",
               v.account_id AS "accountId", b.region_id AS "regionId", b.currency, b.open_foreign::numeric(18, 2)::text AS "openForeign",
               b.carrying_amount::numeric(18, 2)::text AS "carryingAmount"
        FROM (${sql.join(parts, sql` UNION ALL `)}) b JOIN vendors v ON v.id = b.vendor_id
        WHERE b.open_foreign > 0
        ORDER BY b.ord, b.vendor_id, b.id`,
  );
  return rows.map((r) => ({ ...r, documentId: Number(r.documentId), vendorId: Number(r.vendorId), accountId: Number(r.accountId), regionId: r.regionId === null ? null : Number(r.regionId) }));
}
