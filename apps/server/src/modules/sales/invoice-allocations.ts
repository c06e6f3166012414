import { invoiceDocument, salesReturnDocument } from '@erp/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../lib/actor.ts';
import type { AgingAsOf, PaymentTarget } from '../../lib/payment-targets.ts';
import { invoiceScope, taxWithheldOf } from './invoices.queries.ts';

/**
 * Invoices as the targets of receipts' allocations: what money may read of them and the
 * only writes of `invoices.allocated_amount`. Money plans the allocations and joins these
 * statements to its own (one statement per posting, issue 9); sales writes its table.
 * Targets are aliased `t`; locks are FOR NO KEY UPDATE in id order (the allocation rows'
 * foreign keys, KEY SHARE, never wait on them).
 */
/** Posted invoices less their allocated receipts and returns, as of a date (the receivables aging's documents). */
function agedInvoices({ past, allocated, live, inRegions }: AgingAsOf): SQL {
  const scope = inRegions(sql`i.region_id`);
  const head = sql`SELECT i.id, i.customer_id AS party_id, 'invoices'::text AS document_type, 'document'::text AS item_kind, i.document_number, i.document_date, i.due_date, i.grand_total AS total`;
  // The words of invoices_open_idx's predicate, so the partial index serves it.
  if (!past) {
    return sql`${head}, i.grand_total - i.allocated_amount - i.returned_amount AS open
               FROM invoices i WHERE i.status = 'posted' AND i.allocated_amount + i.returned_amount < i.grand_total${scope}`;
  }
  return sql`SELECT * FROM (${head}, i.grand_total - coalesce(a.amount, 0) - coalesce(r.amount, 0) AS open
             FROM invoices i
             LEFT JOIN (${allocated}) a ON a.id = i.id
             LEFT JOIN (SELECT s.invoice_id AS id, sum(s.grand_total) AS amount FROM sales_returns s WHERE ${live('s')} GROUP BY 1) r ON r.id = i.id
             WHERE ${live('i')}${scope}) x WHERE x.open > 0`;
}

export const invoicePaymentTarget: PaymentTarget = {
  party: 'customer',
  field: 'invoiceId',
  what: 'invoice',
  column: 'invoice_id',
  /** The facts of the invoices `where` names (over `t`), in id order, locked when `lock`. */
  select: (where: SQL, lock: boolean) =>
    sql`SELECT t.id, t.customer_id AS "partyId", t.status, t.region_id AS "regionId", t.document_number AS "documentNumber", t.document_date::text AS date,
          t.due_date::text AS "dueDate", t.grand_total::text AS total, round(t.grand_total - t.allocated_amount - t.returned_amount, 2)::text AS "openAmount",
          t.tax_amount::text AS "taxAmount", ${taxWithheldOf(sql`t.id`)} AS "taxWithheldAmount"
        FROM invoices t WHERE ${where} ORDER BY t.id ${lock ? sql`FOR NO KEY UPDATE` : sql``}`,
  // The words of invoices_open_idx, so the index serves it.
  openOf: (customerId: number) => sql`t.customer_id = ${customerId}::int AND t.status = 'posted' AND t.allocated_amount + t.returned_amount < t.grand_total`,
  /** The open invoices' lists keep to the invoices screen's row scope. */
  scope: (actor: Actor) => invoiceScope(actor, sql`t.region_id`),
  /** Locks in id order the invoices `ids` (a subquery) names. */
  lock: (ids: SQL) => sql`SELECT t.id FROM invoices t WHERE t.id IN (${ids}) ORDER BY t.id FOR NO KEY UPDATE`,
  /** Adds receipts' allocations: `amounts` are rows (id, amount). */
  onAllocated: (amounts: SQL) => sql`UPDATE invoices AS t SET allocated_amount = t.allocated_amount + q.amount FROM (${amounts}) AS q(id, amount) WHERE t.id = q.id`,
  /** Takes released allocations back: `amounts` a subquery of (id, amount). */
  aging: { documentTypes: [invoiceDocument.documentType, salesReturnDocument.documentType], items: agedInvoices },
  onReleased: (amounts: SQL) => sql`UPDATE invoices AS t SET allocated_amount = t.allocated_amount - a.amount FROM (${amounts}) AS a WHERE t.id = a.id`,
};
