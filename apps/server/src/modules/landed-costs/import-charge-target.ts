import { sql, type SQL } from 'drizzle-orm';
import type { PaymentTarget } from '../../lib/payment-targets.ts';
import { shipmentScope } from './import-shipments.queries.ts';

/**
 * A vendor's charge of a posted shipment as the target of payments' allocations (issue 33,
 * section 3: `{importShipmentChargeId, amount}`): what money may read of it and the only writes of
 * what it has been paid (`import_charge_balances`, one row per bill, written by the post). Aliased
 * `t` (the balance), `c` its charge, `s` its shipment; locks FOR NO KEY UPDATE of `t` in id order.
 * Its number is the shipment's with the charge's: `IMP-2026-000001/2`.
 */
export const importChargePaymentTarget: PaymentTarget = {
  party: 'vendor',
  field: 'importShipmentChargeId',
  what: 'import charge',
  column: 'import_shipment_charge_id',
  select: (where: SQL, lock: boolean) =>
    sql`SELECT t.id, c.vendor_id AS "partyId", s.status, s.region_id AS "regionId", s.document_number || '/' || c.line_no AS "documentNumber",
               s.document_date::text AS date, s.document_date::text AS "dueDate", t.amount::text AS total, round(t.amount - t.paid_amount, 2)::text AS "openAmount",
               c.company_amount::text AS "companyTotal", c.currency
        FROM import_charge_balances t JOIN import_shipment_charges c ON c.id = t.id JOIN import_shipments s ON s.id = c.import_shipment_id
        WHERE ${where} ORDER BY t.id ${lock ? sql`FOR NO KEY UPDATE OF t` : sql``}`,
  openOf: (vendorId: number) => sql`c.vendor_id = ${vendorId}::int AND s.status = 'posted' AND t.paid_amount < t.amount`,
  scope: (actor) => {
    const scope = shipmentScope(actor);
    return scope && sql`EXISTS (SELECT 1 FROM import_shipments WHERE import_shipments.id = s.id AND ${scope})`;
  },
  lock: (ids: SQL) => sql`SELECT t.id FROM import_charge_balances t WHERE t.id IN (${ids}) ORDER BY t.id FOR NO KEY UPDATE`,
  onAllocated: (amounts: SQL) => sql`UPDATE import_charge_balances AS t SET paid_amount = t.paid_amount + q.amount FROM (${amounts}) AS q(id, amount) WHERE t.id = q.id`,
  onReleased: (amounts: SQL) => sql`UPDATE import_charge_balances AS t SET paid_amount = t.paid_amount - a.amount FROM (${amounts}) AS a WHERE t.id = a.id`,
};
