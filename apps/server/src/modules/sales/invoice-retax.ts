import { type InvoiceDetail, lineMoney, lineTaxAnswer, lineTaxFields, saleTaxFactsOf, salesTotals, sharedTaxRate, taxSummaryOf } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intArray, numericArray, textArray, type Tx } from '../../db/client.ts';
import { readLineTaxFacts } from './line-tax.service.ts';

/** The columns a line's tax rewrites, compared to tell whether anything changed. */
const taxColumns = ['hsCode', 'fbrUom', 'saleType', 'taxRate', 'sroScheduleNo', 'sroItemSerialNo', 'retailPrice', 'furtherTaxRate', 'taxAmount', 'furtherTaxAmount'] as const;

/**
 * A draft saved earlier takes its items' facts again when posted (issue 29, section 4): a row
 * dated on or before the invoice's date, or a change of the buyer's registration, may have come
 * since the save. Nothing is written when nothing changed (the usual case); otherwise the lines'
 * tax and the header's totals, so what is posted is what the facts say on the invoice's date.
 * The amounts before tax never change here.
 */
export async function retaxDraft(tx: Tx, draft: InvoiceDetail): Promise<InvoiceDetail> {
  const { facts, buyer } = await readLineTaxFacts(tx, { itemIds: [...new Set(draft.lines.map((l) => l.itemId))], customerId: draft.customerId, date: draft.invoiceDate });
  const lines = draft.lines.map((line) => {
    const fields = lineTaxFields(facts[line.itemId], buyer);
    const money = lineMoney({ itemId: line.itemId, quantity: line.quantity, price: line.price, discountPercent: line.discountPercent }, saleTaxFactsOf(fields));
    return { ...line, ...lineTaxAnswer({ ...fields, ...money }), taxAmount: money.taxAmount };
  });
  const changed = (index: number) => taxColumns.some((column) => lines[index]![column] !== draft.lines[index]![column]);
  if (buyer.registrationType === draft.buyerRegistrationType && !lines.some((_, index) => changed(index))) return draft;
  const totals = salesTotals(lines.map((l) => ({ ...l, gross: l.amount })));
  const header = { taxRate: sharedTaxRate(lines), taxAmount: totals.taxAmount, furtherTaxAmount: totals.furtherTaxAmount, grandTotal: totals.grandTotal };
  const column = <T>(pick: (l: (typeof lines)[number]) => T) => lines.map(pick);
  await tx.execute(
    sql`UPDATE invoice_lines l SET hs_code = v.hs_code, fbr_uom = v.fbr_uom, sale_type = v.sale_type, tax_rate = v.tax_rate, sro_schedule_no = v.sro_schedule_no,
               sro_item_serial_no = v.sro_item_serial_no, retail_price = v.retail_price, further_tax_rate = v.further_tax_rate, tax_amount = v.tax_amount,
               further_tax_amount = v.further_tax_amount
        FROM unnest(${intArray(column((l) => l.id))}, ${textArray(column((l) => l.hsCode))}, ${textArray(column((l) => l.fbrUom))}, ${textArray(column((l) => l.saleType))},
                    ${numericArray(column((l) => l.taxRate))}, ${textArray(column((l) => l.sroScheduleNo))}, ${textArray(column((l) => l.sroItemSerialNo))},
                    ${numericArray(column((l) => l.retailPrice))}, ${numericArray(column((l) => l.furtherTaxRate))}, ${numericArray(column((l) => l.taxAmount))},
                    ${numericArray(column((l) => l.furtherTaxAmount))})
          AS v(id, hs_code, fbr_uom, sale_type, tax_rate, sro_schedule_no, sro_item_serial_no, retail_price, further_tax_rate, tax_amount, further_tax_amount)
        WHERE l.id = v.id`,
  );
  await tx.execute(
    sql`UPDATE invoices SET tax_rate = ${header.taxRate}::numeric, tax_amount = ${header.taxAmount}::numeric, further_tax_amount = ${header.furtherTaxAmount}::numeric,
               grand_total = ${header.grandTotal}::numeric, buyer_registration_type = ${buyer.registrationType}::text
        WHERE id = ${draft.id}::int`,
  );
  return { ...draft, ...header, buyerRegistrationType: buyer.registrationType, taxSummary: taxSummaryOf(lines), openAmount: header.grandTotal, lines };
}
