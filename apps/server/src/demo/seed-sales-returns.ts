import { addDays, type InvoiceDetail, isExpired, type SalesReturnInput } from '@erp/domain';
import type { Tx } from '../db/client.ts';
import { saveDocument } from '../lib/document/document-service.ts';
import { salesReturnBinding } from '../modules/sales/sales-returns.binding.ts';
import { actorOf } from './demo-actors.ts';

/** A posted invoice of the demo's history and the last day of its month (a return is dated within it). */
export interface SoldInvoice {
  invoice: InvoiceDetail;
  monthLast: string;
}

type Planned = { condition: 'restock' | 'writeOff'; units: (sold: number) => number; notes: string };

/** The returns of the demo's year, by month of the history: restocked, written off, and one of each on one credit note. */
const plan: Readonly<Record<number, readonly Planned[]>> = {
  2: [{ condition: 'restock', units: () => 1, notes: 'Delivered in excess of the order: returned unopened' }],
  5: [{ condition: 'writeOff', units: () => 1, notes: 'Cold chain broken in transit: kit discarded at the customer' }],
  8: [
    { condition: 'restock', units: (sold) => Math.max(1, Math.floor(sold / 2)), notes: 'Order reduced by the customer; damaged box written off' },
    { condition: 'writeOff', units: () => 1, notes: '' },
  ],
  10: [{ condition: 'restock', units: () => 1, notes: 'Wrong pack size ordered: returned unopened' }],
};

/**
 * The month's returns of the demo's history (issue 8, section 4), received by the inventory
 * supervisor a few days after the invoice and posted through the sales-return service: stock
 * back into the same lot (never one expired today) or written off, the credit note against the
 * customer. One invoice per planned month, the first with lot-tracked lines that fit.
 */
export async function seedSalesReturns(tx: Tx, sold: readonly SoldInvoice[], today: string, month: number): Promise<void> {
  const planned = plan[month];
  if (!planned) return;
  const fits = (line: InvoiceDetail['lines'][number], p: Planned) =>
    line.lot.lotNumber !== '' && (p.condition === 'writeOff' || !isExpired(line.lot.dateExpiry, today)) && line.quantity >= p.units(line.quantity);
  const chosen = sold.find(({ invoice }) => planned.every((p, i) => invoice.lines[i] && fits(invoice.lines[i], p)));
  if (!chosen) return;
  const { invoice, monthLast } = chosen;
  const returnDate = [addDays(invoice.invoiceDate, 5), monthLast, today].sort()[0]!;
  const input: SalesReturnInput = {
    invoiceId: invoice.id,
    returnDate,
    notes: planned[0]!.notes,
    lines: planned.map((p, i) => ({ invoiceLineId: invoice.lines[i]!.id, quantity: p.units(invoice.lines[i]!.quantity), condition: p.condition })),
  };
  await saveDocument(tx, await actorOf(tx, 'inventorySupervisor'), salesReturnBinding, input, { post: true });
}
