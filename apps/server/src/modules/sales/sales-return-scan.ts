import { returnableOf, type SalesReturnScan, type SalesReturnScanInput, type SalesReturnScanLine, salesMessages, salesReturnScanMessages } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, jsonValue, queryRows } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import { rowScopeOfResource } from '../../lib/resource/resource-query.ts';
import { lookupScan, readScan, type ScanRefusal } from '../gs1/gs1.api.ts';
import { invoiceScope } from './invoices.queries.ts';

type SoldLine = Omit<SalesReturnScanLine, 'returnable'>;

/**
 * A pack the customer brought back, scanned (issue 32, section 4): its item (the GTIN's, of the
 * caller's categories, through GS1) and lot, and the posted invoice lines of that customer, item
 * and lot with units left to return (sold less what posted returns took back: the lines'
 * `returned_quantity`, as the return's own rules read it), newest invoice first. Invoices are kept
 * to the caller's regions, as the returns list is. None: 400 `scan` saying whether the lot was
 * never sold to the customer or came back in full.
 */
export async function salesReturnScan(executor: Executor, actor: Actor, input: SalesReturnScanInput): Promise<{ refusal: ScanRefusal } | { data: SalesReturnScan }> {
  const read = await readScan(executor, input);
  if (!read.ok) return { refusal: read.refusal };
  const { gtin, lot } = read.scan;
  if (gtin === null) throw scanRefused(salesReturnScanMessages.noGtin);
  const { item } = await lookupScan(executor, actor, { scan: input.scan }, read.scan);
  if (!item) throw scanRefused(salesReturnScanMessages.gtinUnknown(gtin));
  if (lot === null) throw scanRefused(salesReturnScanMessages.noLot(item.itemName));
  const customerScope = rowScopeOfResource('customers', actor);
  const invoices = invoiceScope(actor, sql`inv.region_id`);
  const [row] = await queryRows<{ customerName: string | null; lines: unknown }>(
    executor,
    sql`SELECT
          (SELECT customers.customer_name FROM customers WHERE customers.id = ${input.customerId}::int${customerScope ? sql` AND ${customerScope}` : sql``}) AS "customerName",
          (SELECT json_agg(json_build_object('invoiceId', inv.id, 'documentNumber', inv.document_number, 'invoiceDate', inv.document_date,
                                             'invoiceLineId', l.id, 'quantity', l.quantity, 'returnedQuantity', l.returned_quantity)
                           ORDER BY inv.document_date DESC, inv.id DESC, l.id)
           FROM invoices inv JOIN invoice_lines l ON l.invoice_id = inv.id JOIN inventory i ON i.id = l.inventory_id
           WHERE inv.customer_id = ${input.customerId}::int AND inv.status = 'posted' AND l.item_id = ${item.id}::int AND i.lot_number = ${lot}
                 ${invoices ? sql`AND ${invoices}` : sql``}) AS lines`,
  );
  if (row?.customerName == null) throw new BadRequestError({ customerId: salesMessages.customerMissing });
  const sold = jsonValue<SoldLine[] | null>(row.lines) ?? [];
  const lines = sold
    .map((line) => ({ ...line, invoiceId: Number(line.invoiceId), invoiceLineId: Number(line.invoiceLineId), returnable: returnableOf(line) }))
    .filter((line) => line.returnable > 0);
  if (lines.length === 0) {
    const says = sold.length === 0 ? salesReturnScanMessages.neverSold : salesReturnScanMessages.returnedInFull;
    throw scanRefused(says(lot, item.itemName, row.customerName));
  }
  return { data: { item: { id: item.id, itemName: item.itemName, articleNumber: item.articleNumber }, lotNumber: lot, lines } };
}

const scanRefused = (message: string) => new BadRequestError({ scan: message }, message);
