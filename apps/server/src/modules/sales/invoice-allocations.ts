import { sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../lib/actor.ts';
import { invoiceScope } from './invoices.queries.ts';

/**
 * Invoices as the targets of receipts' allocations: what money may read of them and the
 * only writes of `invoices.allocated_amount`. Money plans the allocations and joins these
 * statements to its own (one statement per posting, issue 9); sales writes its table.
 * Targets are aliased `t`; locks are FOR NO KEY UPDATE in id order (the allocation rows'
 * foreign keys, KEY SHARE, never wait on them).
 */
export const invoiceAllocationTargets = {
  field: 'invoiceId',
  what: 'invoice',
  /** The facts of the invoices `where` names (over `t`), in id order, locked when `lock`. */
  select: (where: SQL, lock: boolean) =>
    sql`SELECT t.id, t.customer_id AS "partyId", t.status, t.region_id AS "regionId", t.document_number AS "documentNumber", t.document_date::text AS date,
          t.due_date::text AS "dueDate", t.grand_total::text AS total, round(t.grand_total - t.allocated_amount - t.returned_amount, 2)::text AS "openAmount"
        FROM invoices t WHERE ${where} ORDER BY t.id ${lock ? sql`FOR NO KEY UPDATE` : sql``}`,
  // The words of invoices_open_idx, so the index serves it.
  openOf: (customerId: number) => sql`t.customer_id = ${customerId}::int AND t.status = 'posted' AND t.allocated_amount + t.returned_amount < t.grand_total`,
  /** The open invoices' lists keep to the invoices screen's row scope. */
  scope: (actor: Actor) => invoiceScope(actor, sql`t.region_id`),
  /** Locks in id order the invoices `ids` (a subquery) names. */
  lock: (ids: SQL) => sql`SELECT t.id FROM invoices t WHERE t.id IN (${ids}) ORDER BY t.id FOR NO KEY UPDATE`,
  /** Adds receipts' allocations: `amounts` are rows (id, amount). */
  allocate: (amounts: SQL) => sql`UPDATE invoices AS t SET allocated_amount = t.allocated_amount + q.amount FROM (${amounts}) AS q(id, amount) WHERE t.id = q.id`,
  /** Takes released allocations back: `amounts` a subquery of (id, amount). */
  release: (amounts: SQL) => sql`UPDATE invoices AS t SET allocated_amount = t.allocated_amount - a.amount FROM (${amounts}) AS a WHERE t.id = a.id`,
} as const;
