import {
  addDays,
  canonicalDecimal,
  fefoAllocate,
  type InvoiceInput,
  isExpired,
  lineMoney,
  lineTaxFields,
  lotBlockedMessage,
  lotLabel,
  multiply,
  saleTaxFactsOf,
  salesMessages,
} from '@erp/domain';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import type { SaleFacts, SaleLot } from './invoice-facts.ts';
import type { InvoiceLineValues } from './invoice-writer.ts';

/** An invoice line as it is stored, with where it came from, its gross and its lot. */
export interface PlannedLine extends InvoiceLineValues {
  /** The input line it came from (one input line may fill several lots). */
  inputIndex: number;
  gross: string;
  lot: SaleLot;
}

/**
 * The rules of an invoice's save (issue 8, section 3), and its lines as stored: a customer of
 * the actor's, active; a region of the actor's; approved items; a line's lot must be a
 * warehouse lot of the invoice's region, of the line's item, released and not expired, with the quantity
 * on hand (counting what earlier lines take from it); a line without a lot is filled
 * first-expiry-first-out over the region's lots and may become several lines. Expiry is
 * judged on the invoice date or today, whichever is later: goods leave when it is posted.
 * Prices absent take the price list's. Stock is checked again, under lock, when posted.
 */
export function planInvoiceLines(input: InvoiceInput, facts: SaleFacts, today: string): PlannedLine[] {
  const problems: Record<string, string> = {};
  if (!facts.customer) problems.customerId = salesMessages.customerMissing;
  else if (!facts.customer.active) problems.customerId = salesMessages.customerInactive;
  if (!facts.region) problems.regionId = salesMessages.regionMissing;
  if (input.courierId && !facts.courier) problems.courierId = 'The courier does not exist';
  if (input.dueDate && input.dueDate < input.invoiceDate) problems.dueDate = salesMessages.dueBeforeInvoice;
  const judgedOn = input.invoiceDate > today ? input.invoiceDate : today;
  const left = new Map<number, number>([...facts.lots.values()].map((lot) => [lot.id, lot.quantity]));
  const planned: PlannedLine[] = [];
  const field = (index: number, name: string) => `lines.${index}.${name}`;
  // Issue 31: a named lot that is held is a conflict with the stock's state (409), not a wrong input.
  const held: Record<string, string> = {};
  const priced = (index: number, lot: SaleLot, quantity: number): PlannedLine => {
    const line = input.lines[index]!;
    const price = canonicalDecimal(line.price || facts.prices.get(line.itemId) || '0');
    const discountPercent = canonicalDecimal(line.discountPercent || '0');
    const taxFields = lineTaxFields(facts.items.get(line.itemId)?.taxFacts, facts.tax);
    const money = lineMoney({ itemId: line.itemId, quantity, price, discountPercent }, saleTaxFactsOf(taxFields));
    return { inputIndex: index, itemId: line.itemId, inventoryId: lot.id, quantity, price, discountPercent, ...taxFields, ...money, unitCost: canonicalDecimal(lot.unitCost), lot };
  };
  // Lines naming their lot first: what they take is not offered to the lines filled by FEFO.
  const order = input.lines.map((_, i) => i).sort((a, b) => Number(!input.lines[a]!.inventoryId) - Number(!input.lines[b]!.inventoryId));
  for (const index of order) {
    const line = input.lines[index]!;
    const item = facts.items.get(line.itemId);
    if (!item) {
      problems[field(index, 'itemId')] = salesMessages.itemMissing;
      continue;
    }
    if (!item.isApproved) {
      problems[field(index, 'itemId')] = salesMessages.itemNotApproved;
      continue;
    }
    if (!facts.region) continue;
    if (line.inventoryId) {
      const lot = facts.lots.get(line.inventoryId);
      if (!lot || !lot.isWarehouse || lot.regionId !== input.regionId) problems[field(index, 'inventoryId')] = salesMessages.lotMissing;
      else if (lot.itemId !== line.itemId) problems[field(index, 'inventoryId')] = salesMessages.lotOfItem;
      else if (lot.lotStatus !== 'released') held[field(index, 'inventoryId')] = lotBlockedMessage(lotLabel(item.itemName, lot.lotNumber), lot.lotStatus, lot.statusReason, 'sold');
      else if (isExpired(lot.dateExpiry, judgedOn)) problems[field(index, 'inventoryId')] = salesMessages.lotExpired(lot.lotNumber, lot.dateExpiry!);
      else if (line.quantity > left.get(lot.id)!) problems[field(index, 'quantity')] = salesMessages.lotShort(lot.lotNumber, left.get(lot.id)!);
      else {
        left.set(lot.id, left.get(lot.id)! - line.quantity);
        planned.push(priced(index, lot, line.quantity));
      }
      continue;
    }
    const lots = (facts.candidates.get(line.itemId) ?? []).map((lot) => ({ ...lot, quantity: left.get(lot.id)! }));
    const { draws, short } = fefoAllocate(lots, line.quantity, judgedOn);
    if (short > 0) {
      problems[field(index, 'quantity')] = salesMessages.short(item.itemName, line.quantity - short);
      continue;
    }
    for (const draw of draws) {
      left.set(draw.lot.id, left.get(draw.lot.id)! - draw.quantity);
      planned.push(priced(index, facts.lots.get(draw.lot.id)!, draw.quantity));
    }
  }
  if (Object.keys(problems).length > 0) throw new BadRequestError({ ...problems, ...held });
  if (Object.keys(held).length > 0) throw new ConflictError(Object.values(held)[0]!, held);
  return planned.sort((a, b) => a.inputIndex - b.inputIndex);
}

/** The due date: as given, or the invoice date plus the customer's payment terms. */
export const dueDateOf = (input: InvoiceInput, facts: SaleFacts) => input.dueDate || addDays(input.invoiceDate, facts.customer!.paymentTermsDays);

/** The lots' cost of what a line sells (specific identification). */
export const costOf = (line: { quantity: number; unitCost: string }) => multiply(line.quantity, line.unitCost);
