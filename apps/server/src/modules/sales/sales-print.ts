import { amountInWords, formatCalendarDate, formatDecimal, type TaxSummaryRow } from '@erp/domain';
import type { PrintableDocument } from '../../lib/print/document-pdf.ts';
import type { CompanyLetterhead } from '../setup/setup.api.ts';
import { totalsPerRate } from './tax-print.ts';

/** What the invoice and the credit note print alike: the customer's block, a lot cell, the totals in figures and in words. */

/** "Draft #12" until posting gives the number. */
export const printedNumberOf = (document: { id: number; documentNumber: string | null }) => document.documentNumber ?? `Draft #${document.id}`;

/** `INV-2026-000001.pdf`, or `<kind>-draft-12.pdf` before there is a number. */
export const pdfFileNameOf = (kind: string) => (document: { id: number; documentNumber: string | null }) =>
  document.documentNumber ? `${document.documentNumber}.pdf` : `${kind}-draft-${document.id}.pdf`;

/** Name, address, phone and tax number, without the empty ones. */
export function customerBlock(customer: { customerName: string; address: string | null; phone: string | null; taxNumber: string | null }): string[] {
  return [customer.customerName, customer.address ?? '', customer.phone ? `Phone: ${customer.phone}` : '', customer.taxNumber ? `Tax number: ${customer.taxNumber}` : ''].filter(
    (line) => line.trim() !== '',
  );
}

/** `LOT-1 / 31 Jan 2027`, or the lot number alone when it has no expiry. */
export const lotCell = (lot: { lotNumber: string; dateExpiry: string | null }) => (lot.dateExpiry ? `${lot.lotNumber} / ${formatCalendarDate(lot.dateExpiry)}` : lot.lotNumber);

/** `Tax (18%)` when the lines share one rate, else `Sales tax` (the rates are on the lines). */
export const taxLabelOf = (taxRate: string | null | undefined) => (taxRate ? `Tax (${formatDecimal(taxRate)}%)` : 'Sales tax');

/** Subtotal, tax, further tax (when charged) and total in figures, and the notes opening with the total in words. */
export function totalsInFiguresAndWords(
  money: { subtotal: string; taxAmount: string; furtherTaxAmount?: string; grandTotal: string },
  taxLabel: string,
  company: CompanyLetterhead,
  notes: string,
): Pick<PrintableDocument, 'totals' | 'notes' | 'notesTitle'> {
  return {
    totals: [
      { label: 'Value excl. tax', value: formatDecimal(money.subtotal) },
      { label: taxLabel, value: formatDecimal(money.taxAmount) },
      ...(money.furtherTaxAmount && Number(money.furtherTaxAmount) !== 0 ? [{ label: 'Further tax', value: formatDecimal(money.furtherTaxAmount) }] : []),
      { label: `Total (${company.currency})`, value: formatDecimal(money.grandTotal) },
    ],
    notesTitle: 'Amount in words',
    notes: [amountInWords(money.grandTotal, company.currency), notes].filter(Boolean).join('\n\n'),
  };
}

/** The totals with the value and sales tax per rate before them (a document of several rates). */
export function withRates(printed: Pick<PrintableDocument, 'totals' | 'notes' | 'notesTitle'>, summary: readonly TaxSummaryRow[] | undefined) {
  return { ...printed, totals: [...totalsPerRate(summary ?? []), ...printed.totals] };
}
