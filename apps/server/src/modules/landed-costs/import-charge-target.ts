import { importShipmentDocument } from '@erp/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { AgingAsOf, PaymentTarget, RevaluationAsOf } from '../../lib/payment-targets.ts';
import { shipmentScope } from './import-shipments.queries.ts';

/**
 * The company-currency share of a charge `c` settled when `foreignPaid` of its bill `t` is: the
 * domain's carriedPaid in SQL (payments' exchange posting takes the same), exact until its one rounding.
 */
const settledOf = (foreignPaid: SQL) => sql`round(c.company_amount * (${foreignPaid}) / t.amount, 2)`;

/**
 * A vendor's charges of shipments live as of a date, in the company currency (the payables aging's
 * documents): a bill less the share its payments settled; a credit note (a negative charge, no
 * bill) whole, as the shipment's Dr to the vendor stands. Each is one item of its shipment (id and
 * type the shipment's, so it opens there), numbered `IMP-2026-000001/2`, due on the shipment date as
 * the target's open list says.
 */
function agedCharges({ past, allocated, live, inRegions }: AgingAsOf): SQL {
  const settled = settledOf(past ? sql`coalesce(a.amount, 0)` : sql`t.paid_amount`);
  return sql`SELECT * FROM (
               SELECT s.id, c.vendor_id AS party_id, ${importShipmentDocument.documentType}::text AS document_type, 'document'::text AS item_kind,
                      s.document_number || '/' || c.line_no AS document_number, s.document_date, s.document_date AS due_date, c.company_amount AS total,
                      c.company_amount - CASE WHEN t.id IS NULL THEN 0 ELSE ${settled} END AS open
               FROM import_shipment_charges c JOIN import_shipments s ON s.id = c.import_shipment_id
               LEFT JOIN import_charge_balances t ON t.id = c.id
               ${past ? sql`LEFT JOIN (${allocated}) a ON a.id = c.id` : sql``}
               WHERE c.vendor_id IS NOT NULL AND ${past ? live('s') : sql`s.status = 'posted'`}${inRegions(sql`s.region_id`)}) x
             WHERE x.open <> 0`;
}

/**
 * A vendor's bills in a foreign currency live on a date, less what payments had allocated to them
 * then (issue 33, section 2, revaluation): carried at their company amount less the settled share,
 * pro rata, as a goods receipt is. A credit note is no bill and is not revalued.
 */
function foreignCharges({ companyCurrency, allocated, live }: RevaluationAsOf): SQL {
  return sql`SELECT t.id, c.vendor_id, s.region_id, s.document_number || '/' || c.line_no AS document_number, c.currency,
                    t.amount - coalesce(a.amount, 0) AS open_foreign, c.company_amount - ${settledOf(sql`coalesce(a.amount, 0)`)} AS carrying_amount
             FROM import_charge_balances t JOIN import_shipment_charges c ON c.id = t.id JOIN import_shipments s ON s.id = c.import_shipment_id
             LEFT JOIN (${allocated}) a ON a.id = t.id
             WHERE c.currency <> ${companyCurrency} AND ${live('s')}`;
}

/**
 * A vendor's charge of a posted shipment as the target of payments' allocations (issue 33,
 * section 3: `{importShipmentChargeId, amount}`): what money may read of it and the only writes of
 * what it has been paid (`import_charge_balances`, one row per bill, written by the post). Aliased
 * `t` (the balance), `c` its charge, `s` its shipment; locks FOR NO KEY UPDATE of `t` in id order.
 * Its number is the shipment's with the charge's: `IMP-2026-000001/2`. Its bills are aged with the
 * vendor's payables and, in a foreign currency, revalued at a month end.
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
  // The shipment's rows on a vendor's account are its charges: aged here, not as journal rows.
  aging: { documentTypes: [importShipmentDocument.documentType], items: agedCharges },
  revaluation: { documentType: 'import-shipment-charges', items: foreignCharges },
};
