import { permittedIds } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { intList } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import type { PaymentTarget } from '../../lib/payment-targets.ts';

/**
 * What money may do with pay slips (payments to employees, `allocations: [{paySlipId, amount}]`):
 * a posted run's slip not held is open for its net less what payments allocated. The same
 * shape as the goods receipts' targets (money/allocations.ts takes either).
 */
export const paySlipPaymentTarget: PaymentTarget = {
  party: 'employee',
  field: 'paySlipId',
  what: 'pay slip',
  column: 'pay_slip_id',
  select: (where: SQL, lock: boolean) =>
    sql`SELECT t.id, t.employee_id AS "partyId", CASE WHEN t.held THEN 'held' ELSE r.status END AS status, t.region_id AS "regionId",
               r.document_number || ' ' || to_char(t.month, 'YYYY-MM') AS "documentNumber", r.document_date::text AS date, r.document_date::text AS "dueDate",
               greatest(t.net, 0)::text AS total, round(greatest(t.net, 0) - t.paid_amount, 2)::text AS "openAmount"
        FROM pay_slips t JOIN pay_runs r ON r.id = t.pay_run_id
        WHERE ${where} ORDER BY t.id ${lock ? sql`FOR NO KEY UPDATE OF t` : sql``}`,
  openOf: (employeeId: number) => sql`t.employee_id = ${employeeId}::int AND r.status = 'posted' AND NOT t.held AND t.paid_amount < t.net`,
  scope: (actor: Actor) => {
    const regions = permittedIds(actor.permissions, 'regions');
    return regions ? sql`t.region_id IN (${intList(regions)})` : undefined;
  },
  lock: (ids: SQL) => sql`SELECT t.id FROM pay_slips t WHERE t.id IN (${ids}) ORDER BY t.id FOR NO KEY UPDATE`,
  onAllocated: (amounts: SQL) => sql`UPDATE pay_slips AS t SET paid_amount = t.paid_amount + q.amount FROM (${amounts}) AS q(id, amount) WHERE t.id = q.id`,
  onReleased: (amounts: SQL) => sql`UPDATE pay_slips AS t SET paid_amount = t.paid_amount - a.amount FROM (${amounts}) AS a WHERE t.id = a.id`,
};
