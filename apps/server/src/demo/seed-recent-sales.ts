import { addDays, type InvoiceDetail, type InvoiceInput, type QuotationInput, type Role } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client.ts';
import type { Actor } from '../lib/actor.ts';
import { saveDocument } from '../lib/document/document-service.ts';
import { runTransition } from '../lib/document/run-transition.ts';
import { invoiceBinding } from '../modules/sales/invoices.binding.ts';
import { quotationBinding } from '../modules/sales/quotations.binding.ts';
import type { QuotationDetail } from '../modules/sales/quotations.queries.ts';
import { actorOf } from './demo-actors.ts';
import { latePayers } from './seed-money.ts';

type Ending = 'draft' | 'sent' | 'expired' | 'rejected' | 'accepted' | 'invoiced';

/** The demo's quotations, oldest first (they are numbered when sent, in this order). */
const quotationPlan: ReadonlyArray<{ customer: string; daysAgo: number; validDays: number; ending: Ending }> = [
  { customer: 'Gujranwala Family Clinic', daysAgo: 80, validDays: 30, ending: 'rejected' },
  { customer: 'Peshawar Children Clinic', daysAgo: 50, validDays: 30, ending: 'expired' },
  { customer: 'Nishtar Hospital Multan', daysAgo: 45, validDays: 30, ending: 'rejected' },
  { customer: 'Aga Khan University Hospital Laboratory', daysAgo: 12, validDays: 30, ending: 'invoiced' },
  { customer: 'Services Hospital Lahore', daysAgo: 9, validDays: 30, ending: 'sent' },
  { customer: 'Pakistan Institute of Medical Sciences', daysAgo: 6, validDays: 30, ending: 'accepted' },
  { customer: 'Excel Labs Rawalpindi', daysAgo: 3, validDays: 15, ending: 'sent' },
  { customer: 'Bahawal Victoria Diagnostic Lab', daysAgo: 1, validDays: 30, ending: 'draft' },
  { customer: 'Peshawar Children Clinic', daysAgo: 0, validDays: 15, ending: 'draft' },
];

const terms = 'Prices include delivery to the laboratory. Delivery within 7 days of the purchase order; payment as per the agreed terms. Cold-chain items are shipped in validated boxes.';

/** A demo customer by name, with its salesperson as the actor of its documents. */
async function customerNamed(tx: Tx, name: string): Promise<{ id: number; regionId: number; salesperson: Actor } | undefined> {
  const [row] = await queryRows<{ id: number; regionId: number; userId: number; role: Role }>(
    tx,
    sql`SELECT c.id, c.region_id AS "regionId", u.id AS "userId", u.role FROM customers c JOIN users u ON u.id = c.salesperson_id WHERE c.customer_name = ${name}`,
  );
  return row && { id: Number(row.id), regionId: Number(row.regionId), salesperson: { userId: Number(row.userId), role: row.role, scopes: [], permissions: {} } };
}

/** `count` reagents and consumables the region's warehouse holds plenty of (unexpired today), from the `offset`-th on: lines a quotation or invoice can fill. */
async function stockedItems(tx: Tx, regionId: number, today: string, offset: number, count: number): Promise<number[]> {
  const rows = await queryRows<{ itemId: number }>(
    tx,
    sql`SELECT i.item_id AS "itemId"
        FROM inventory i JOIN stock_locations l ON l.id = i.location_id AND l.kind = 'warehouse'
          JOIN items it ON it.id = i.item_id AND it.is_approved JOIN categories c ON c.id = it.category_id AND c.category_name IN ('Reagents', 'Consumables')
        WHERE i.region_id = ${regionId}::int AND i.quantity > 0 AND (i.date_expiry IS NULL OR i.date_expiry >= ${today}::date)
        GROUP BY i.item_id HAVING sum(i.quantity) >= 20 ORDER BY i.item_id OFFSET ${offset}::int LIMIT ${count}::int`,
  );
  return rows.map((r) => Number(r.itemId));
}

/**
 * The last weeks' sales documents besides the history's posted invoices (issue 8): quotations
 * in every state (drafts, sent, rejected, one expired, and two accepted: one's invoice posted,
 * the other's still a draft), an invoice saved as a draft, and a posted invoice the accountant
 * cancelled (its stock and ledger entries reversed today), all through the services.
 */
export async function seedRecentSales(tx: Tx, dates: { today: string }): Promise<void> {
  for (const [index, plan] of quotationPlan.entries()) {
    const customer = await customerNamed(tx, plan.customer);
    if (!customer) continue;
    const actor = customer.salesperson;
    const itemIds = await stockedItems(tx, customer.regionId, dates.today, index * 3, 2 + (index % 3));
    if (itemIds.length === 0) continue;
    // Not clamped to the fiscal year (quotations post nothing): the expired one must have expired.
    const quotationDate = addDays(dates.today, -plan.daysAgo);
    const input: QuotationInput = {
      customerId: customer.id,
      quotationDate,
      validUntil: addDays(quotationDate, plan.validDays),
      terms,
      lines: itemIds.map((itemId, n) => ({ itemId, quantity: 2 + ((index + n) % 4) * 2, discountPercent: plan.ending === 'rejected' ? '0' : '5' })),
    };
    const { document } = await saveDocument<QuotationInput, QuotationDetail>(tx, actor, quotationBinding, input);
    if (plan.ending === 'draft') continue;
    await runTransition(tx, actor, quotationBinding, document.id, 'send');
    if (plan.ending === 'rejected') await runTransition(tx, actor, quotationBinding, document.id, 'reject');
    if (plan.ending !== 'accepted' && plan.ending !== 'invoiced') continue;
    const accepted = await runTransition<QuotationDetail>(tx, actor, quotationBinding, document.id, 'accept');
    if (plan.ending === 'invoiced' && accepted.document.invoiceId && (await withinCredit(tx, accepted.document.invoiceId))) {
      await runTransition(tx, actor, invoiceBinding, accepted.document.invoiceId, 'post');
    }
  }

  const distributor = await customerNamed(tx, 'Sindh Lab Supplies Distributors');
  if (distributor) {
    const itemIds = await stockedItems(tx, distributor.regionId, dates.today, 30, 3);
    const draft: InvoiceInput = {
      customerId: distributor.id,
      regionId: distributor.regionId,
      invoiceDate: dates.today,
      notes: "Awaiting the customer's purchase order number",
      lines: itemIds.map((itemId) => ({ itemId, quantity: 10, discountPercent: '10.00' })),
    };
    if (draft.lines.length > 0) await saveDocument<InvoiceInput, InvoiceDetail>(tx, distributor.salesperson, invoiceBinding, draft);
  }

  // The latest posted invoice of the history with nothing returned, cancelled: it went to the
  // customer's other branch and was invoiced again there. Its customer has another open invoice,
  // so it still owes something whatever today's date; never the late payer's (it stays near its limit).
  const [mistaken] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT i.id FROM invoices i JOIN customers c ON c.id = i.customer_id
        WHERE i.status = 'posted' AND i.quotation_id IS NULL AND i.returned_amount = 0 AND i.allocated_amount = 0
          AND c.customer_name <> ALL(${sql.param(latePayers)}::text[])
          AND EXISTS (SELECT 1 FROM invoices o WHERE o.customer_id = i.customer_id AND o.id <> i.id AND o.status = 'posted' AND o.allocated_amount + o.returned_amount < o.grand_total)
        ORDER BY i.document_date DESC, i.id DESC LIMIT 1`,
  );
  if (mistaken) await runTransition(tx, await actorOf(tx, 'accountant'), invoiceBinding, Number(mistaken.id), 'cancel');
}

/** Whether posting the draft invoice keeps its customer within the credit limit (the salesperson holds it otherwise). */
async function withinCredit(tx: Tx, invoiceId: number): Promise<boolean> {
  const [row] = await queryRows<{ fits: boolean }>(
    tx,
    sql`SELECT account_balance(c.account_id) + i.grand_total <= c.credit_limit AS fits FROM invoices i JOIN customers c ON c.id = i.customer_id WHERE i.id = ${invoiceId}::int`,
  );
  return row?.fits === true;
}
