import {
  addDecimals,
  type BuyerRegistrations,
  type RegistrationType,
  isExpired,
  multiply,
  lineFurtherTax,
  lineTax,
  returnedShare,
  type SaleType,
  type ReturnCondition,
  type SalesReturnInput,
  salesMessages,
} from '@erp/domain';
import { sql } from 'drizzle-orm';
import { jsonValue, queryRows, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import { invoiceScope } from './invoices.queries.ts';

/** An invoice line as a return reads it: what was sold, at what money, and what posted returns took back of it. */
export interface ReturnableLine {
  id: number;
  itemId: number;
  inventoryId: number;
  quantity: number;
  amount: string;
  taxAmount: string;
  unitCost: string;
  returnedQuantity: number;
  /** What posted returns gave back of the line's amount and tax (their own rounding). */
  returnedAmount: string;
  returnedTax: string;
  /** Issue 29: the line's sale type, rates and further tax; what posted returns gave back of the further tax. */
  saleType: SaleType;
  taxRate: string;
  furtherTaxAmount: string;
  returnedFurtherTax: string;
  item: { itemName: string; articleNumber: string; unit: string };
  lot: { lotNumber: string; dateExpiry: string | null };
}

export interface ReturnInvoice {
  id: number;
  status: string;
  documentNumber: string | null;
  invoiceDate: string;
  customerId: number;
  regionId: number;
  salespersonId: number | null;
  buyerRegistrationType: RegistrationType;
  customer: { customerName: string; address: string | null; phone: string | null; taxNumber: string | null; accountId: number } & BuyerRegistrations;
  region: { regionName: string };
}

/** What the rules of a return read, in one query: the invoice (within the actor's regions, else null) and its lines. */
export interface ReturnFacts {
  invoice: ReturnInvoice | null;
  lines: Map<number, ReturnableLine>;
}

/** A return line as written: the invoice line's item, lot and cost, and its share of the line's money. */
export interface PlannedReturnLine {
  invoiceLineId: number;
  itemId: number;
  inventoryId: number;
  quantity: number;
  condition: ReturnCondition;
  amount: string;
  taxAmount: string;
  unitCost: string;
  /** The invoice line's, never today's. */
  saleType: SaleType;
  taxRate: string;
  furtherTaxAmount: string;
}

export interface ReturnTotals {
  subtotal: string;
  taxAmount: string;
  furtherTaxAmount: string;
  grandTotal: string;
  /** The lots' cost of what comes back (restocked and written off). */
  costTotal: string;
}

/**
 * Reads the invoice and its lines. A caller posting or cancelling has locked the invoice's
 * row first (every writer of returned quantities does), so this read, a new statement, sees
 * what any other return of the invoice posted before it.
 */
export async function readReturnFacts(tx: Tx, actor: Actor, invoiceId: number): Promise<ReturnFacts> {
  const scope = invoiceScope(actor, sql`inv.region_id`);
  const [row] = await queryRows<{ invoice: unknown; lines: unknown }>(
    tx,
    sql`SELECT
          (SELECT json_build_object('id', inv.id, 'status', inv.status, 'documentNumber', inv.document_number, 'invoiceDate', inv.document_date,
                                    'customerId', inv.customer_id, 'regionId', inv.region_id, 'salespersonId', inv.salesperson_id, 'buyerRegistrationType', inv.buyer_registration_type,
                                    'customer', json_build_object('customerName', c.customer_name, 'address', c.address, 'phone', c.phone,
                                                                  'taxNumber', c.tax_number, 'accountId', c.account_id,
                                                                  'ntn', c.ntn, 'cnic', c.cnic, 'strn', c.strn),
                                    'region', json_build_object('regionName', r.region_name))
             FROM invoices inv JOIN customers c ON c.id = inv.customer_id JOIN regions r ON r.id = inv.region_id
             WHERE inv.id = ${invoiceId}::int${scope ? sql` AND ${scope}` : sql``}) AS invoice,
          (SELECT json_agg(json_build_object(
                    'id', l.id, 'itemId', l.item_id, 'inventoryId', l.inventory_id, 'quantity', l.quantity, 'amount', l.amount::text,
                    'taxAmount', l.tax_amount::text, 'unitCost', l.unit_cost::text, 'returnedQuantity', l.returned_quantity,
                    'returnedAmount', coalesce(back.amount, 0)::text, 'returnedTax', coalesce(back.tax, 0)::text,
                    'saleType', l.sale_type, 'taxRate', l.tax_rate::text, 'furtherTaxAmount', l.further_tax_amount::text,
                    'returnedFurtherTax', coalesce(back.further, 0)::text,
                    'item', json_build_object('itemName', it.item_name, 'articleNumber', it.article_number, 'unit', it.unit),
                    'lot', json_build_object('lotNumber', i.lot_number, 'dateExpiry', i.date_expiry)) ORDER BY l.id)
             FROM invoice_lines l JOIN items it ON it.id = l.item_id JOIN inventory i ON i.id = l.inventory_id
               LEFT JOIN LATERAL (SELECT sum(rl.amount) AS amount, sum(rl.tax_amount) AS tax, sum(rl.further_tax_amount) AS further
                                  FROM sales_return_lines rl JOIN sales_returns sr ON sr.id = rl.sales_return_id
                                  WHERE rl.invoice_line_id = l.id AND sr.status = 'posted') back ON true
             WHERE l.invoice_id = ${invoiceId}::int) AS lines`,
  );
  const invoice = jsonValue<ReturnInvoice | null>(row!.invoice);
  const lines = invoice ? (jsonValue<ReturnableLine[] | null>(row!.lines) ?? []) : [];
  return {
    invoice: invoice && {
      ...invoice,
      id: Number(invoice.id),
      customerId: Number(invoice.customerId),
      regionId: Number(invoice.regionId),
      salespersonId: invoice.salespersonId === null ? null : Number(invoice.salespersonId),
      customer: { ...invoice.customer, accountId: Number(invoice.customer.accountId) },
    },
    lines: new Map(
      lines.map((l) => [
        Number(l.id),
        { ...l, id: Number(l.id), itemId: Number(l.itemId), inventoryId: Number(l.inventoryId), quantity: Number(l.quantity), returnedQuantity: Number(l.returnedQuantity) },
      ]),
    ),
  };
}

/**
 * The rules of a return (issue 8, section 4), checked on save and again when posting (under
 * the invoice's lock, where other returns may have posted since the draft): a posted invoice
 * of the actor's regions; lines of that invoice; per invoice line, never more than sold less
 * already returned (summed over the return's lines); a return date between the invoice date
 * and today; nothing restocked into a lot expired today (it goes back on the shelf today).
 * Answers the lines to write, each with its share of the invoice line's money.
 */
export function planReturn(input: SalesReturnInput, facts: ReturnFacts, today: string): PlannedReturnLine[] {
  const invoice = facts.invoice;
  if (!invoice) throw new BadRequestError({ invoiceId: salesMessages.invoiceMissing });
  if (invoice.status !== 'posted') throw new BadRequestError({ invoiceId: salesMessages.invoiceNotPosted });
  const problems: Record<string, string> = {};
  if (input.returnDate > today) problems.returnDate = salesMessages.returnDateFuture;
  else if (input.returnDate < invoice.invoiceDate) problems.returnDate = salesMessages.returnBeforeInvoice(invoice.invoiceDate);
  // Per invoice line, what the return's earlier lines take back: units, amount, tax.
  const taken = new Map<number, { quantity: number; amount: string; tax: string; further: string }>();
  const planned: PlannedReturnLine[] = [];
  input.lines.forEach((line, index) => {
    const field = (name: string) => `lines.${index}.${name}`;
    const sold = facts.lines.get(line.invoiceLineId);
    if (!sold) {
      problems[field('invoiceLineId')] = salesMessages.invoiceLineMissing;
      return;
    }
    const earlier = taken.get(sold.id) ?? { quantity: 0, amount: '0', tax: '0', further: '0' };
    const before = sold.returnedQuantity + earlier.quantity;
    if (before + line.quantity > sold.quantity) {
      problems[field('quantity')] = salesMessages.overReturn(sold.quantity, sold.returnedQuantity);
      return;
    }
    if (line.condition === 'restock' && isExpired(sold.lot.dateExpiry, today)) problems[field('condition')] = salesMessages.restockExpired(sold.lot.lotNumber, sold.lot.dateExpiry!);
    const amount = returnedShare(sold.amount, sold.quantity, before, addDecimals([sold.returnedAmount, earlier.amount]), line.quantity);
    const charged = {
      quantity: sold.quantity,
      taxAmount: sold.taxAmount,
      returnedQuantity: before,
      returnedTax: addDecimals([sold.returnedTax, earlier.tax]),
      furtherTaxAmount: sold.furtherTaxAmount,
      returnedFurtherTax: addDecimals([sold.returnedFurtherTax, earlier.further]),
    };
    const taxable = { itemId: sold.itemId, quantity: line.quantity, amount };
    const taxAmount = lineTax(taxable, { reverses: charged });
    const furtherTaxAmount = lineFurtherTax(taxable, { reverses: charged });
    taken.set(sold.id, {
      quantity: earlier.quantity + line.quantity,
      amount: addDecimals([earlier.amount, amount]),
      tax: addDecimals([earlier.tax, taxAmount]),
      further: addDecimals([earlier.further, furtherTaxAmount]),
    });
    const { saleType, taxRate, unitCost } = sold;
    planned.push({ invoiceLineId: sold.id, itemId: sold.itemId, inventoryId: sold.inventoryId, quantity: line.quantity, condition: line.condition, amount, taxAmount, unitCost, saleType, taxRate, furtherTaxAmount });
  });
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
  return planned;
}

/** What the lots' cost of `lines` comes to: quantity x the invoice line's unit cost (the lot's). */
export const costOfLines = (lines: readonly Pick<PlannedReturnLine, 'quantity' | 'unitCost'>[]) => addDecimals(lines.map((l) => multiply(l.quantity, l.unitCost)));

export function returnTotals(lines: readonly Pick<PlannedReturnLine, 'quantity' | 'unitCost' | 'amount' | 'taxAmount' | 'furtherTaxAmount'>[]): ReturnTotals {
  const subtotal = addDecimals(lines.map((l) => l.amount));
  const taxAmount = addDecimals(lines.map((l) => l.taxAmount));
  const furtherTaxAmount = addDecimals(lines.map((l) => l.furtherTaxAmount));
  return { subtotal, taxAmount, furtherTaxAmount, grandTotal: addDecimals([subtotal, taxAmount, furtherTaxAmount]), costTotal: costOfLines(lines) };
}
