import { customerLicenceKindLabel, expiredOn, formatCalendarDate, hasScope, laterOf, licenceMessages, licencesOverrideScope } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryPrepared, queryRows, type Tx } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import type { GuardHook } from '../../lib/document/document-hooks.ts';
import { companySettingSql } from '../setup/setup.api.ts';

/**
 * Issue 32, section 5: what may be bought and sold. A rule looks at the later of the document's
 * date and today (from the server's clock): a registration valid on the order date but lapsed since
 * no longer lets the order through, and a back-dated order cannot slip one past.
 */

interface OrderFacts {
  orderDate: string;
  vendorName: string;
  licenceNumber: string | null;
  licenceExpiry: string | null;
}

interface OrderLineFacts {
  itemName: string;
  drapClass: string | null;
  registrationNumber: string | null;
  registrationExpiry: string | null;
}

/** The problems of one purchase order, by field: each line's item, and the vendor. */
async function orderProblems(tx: Tx, orderId: number): Promise<Record<string, string>> {
  const [order] = await queryRows<OrderFacts>(
    tx,
    sql`SELECT o.document_date::text AS "orderDate", v.vendor_name AS "vendorName", l.licence_number AS "licenceNumber", l.licence_expiry::text AS "licenceExpiry"
        FROM purchase_orders o JOIN vendors v ON v.id = o.vendor_id LEFT JOIN vendor_licences l ON l.vendor_id = o.vendor_id
        WHERE o.id = ${orderId}::int`,
  );
  if (!order) return {};
  const on = laterOf(order.orderDate, todayIso());
  const problems: Record<string, string> = {};
  const lines = await queryRows<OrderLineFacts>(
    tx,
    sql`SELECT i.item_name AS "itemName", r.drap_class AS "drapClass", r.registration_number AS "registrationNumber", r.registration_expiry::text AS "registrationExpiry"
        FROM purchase_order_lines l JOIN items i ON i.id = l.item_id LEFT JOIN item_registrations r ON r.item_id = l.item_id
        WHERE l.purchase_order_id = ${orderId}::int ORDER BY l.line_no`,
  );
  lines.forEach((line, index) => {
    if (!line.drapClass) return;
    if (!line.registrationNumber || !line.registrationExpiry) problems[`lines.${index}.itemId`] = licenceMessages.registrationMissing(line.itemName, line.drapClass);
    else if (expiredOn(line.registrationExpiry, on)) {
      problems[`lines.${index}.itemId`] = licenceMessages.registrationExpired(line.itemName, line.registrationNumber, formatCalendarDate(line.registrationExpiry));
    }
  });
  if (order.licenceNumber && order.licenceExpiry && expiredOn(order.licenceExpiry, on)) {
    problems.vendorId = licenceMessages.vendorLicenceExpired(order.vendorName, order.licenceNumber, formatCalendarDate(order.licenceExpiry));
  }
  return problems;
}

/** A purchase order's create, update and approve: refused (400 naming the line or the vendor) while an item's registration or the vendor's licence has lapsed. Receipts are not refused. */
export const refuseLapsedPurchases: GuardHook = async (tx, _actor, documents) => {
  for (const order of documents) {
    const problems = await orderProblems(tx, order.id);
    if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
  }
};

interface InvoiceFacts {
  invoiceDate: string;
  customerName: string;
  licenceKind: string | null;
  licenceNumber: string | null;
  licenceExpiry: string | null;
  requireLicence: boolean | null;
}

/** Why the invoice may not be posted to its customer, or null. */
function invoiceRefusal(facts: InvoiceFacts, on: string): string | null {
  if (facts.licenceExpiry && expiredOn(facts.licenceExpiry, on)) {
    return licenceMessages.customerLicenceExpired(facts.customerName, customerLicenceKindLabel(facts.licenceKind), facts.licenceNumber ?? '', formatCalendarDate(facts.licenceExpiry));
  }
  const none = !facts.licenceNumber && !facts.licenceExpiry;
  if (facts.requireLicence === true && none && facts.licenceKind !== 'government') return licenceMessages.customerLicenceMissing(facts.customerName);
  return null;
}

const mayOverride = (actor: Actor) => hasScope(actor.role, actor.scopes, licencesOverrideScope);

/**
 * An invoice's posting: refused (409 `customerId`) while its customer's licence has lapsed, or when
 * none is on record and settings require one (a government buyer needs none). A holder of
 * `licences:override` posts anyway, and the posting's audit row says which licence was overridden.
 */
export const refuseUnlicensedSales: GuardHook = async (tx, actor, documents) => {
  let overridden: { licenceNumber: string | null; licenceExpiry: string | null } | undefined;
  for (const invoice of documents) {
    const [facts] = await queryPrepared<InvoiceFacts>(
      tx,
      sql`SELECT d.document_date::text AS "invoiceDate", c.customer_name AS "customerName", l.licence_kind AS "licenceKind", l.licence_number AS "licenceNumber",
                 l.licence_expiry::text AS "licenceExpiry", ${companySettingSql('requireCustomerLicence')} AS "requireLicence"
          FROM invoices d JOIN customers c ON c.id = d.customer_id LEFT JOIN customer_licences l ON l.customer_id = d.customer_id
          WHERE d.id = ${invoice.id}::int`,
    );
    if (!facts) continue;
    const refusal = invoiceRefusal(facts, laterOf(facts.invoiceDate, todayIso()));
    if (!refusal) continue;
    if (!mayOverride(actor)) throw new ConflictError(refusal, { customerId: refusal });
    overridden = { licenceNumber: facts.licenceNumber, licenceExpiry: facts.licenceExpiry };
  }
  return overridden ? { licenceOverride: overridden } : undefined;
};
