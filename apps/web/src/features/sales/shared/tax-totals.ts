import { compareDecimal, formatDecimal, type LineMoney, salesTotals, type SalesTotals, type SaleTaxFacts, sharedTaxRate } from '@erp/domain';
import type { SummaryItem } from '../../../components/document/document-summary.tsx';
import type { TotalItem } from '../../../components/document/totals-row.tsx';

/** The tax's label: `Tax (17.00%)` when the lines share one rate, `Sales tax` when they differ (rate null). */
export const taxLabel = (taxRate: string | null) => (taxRate === null ? 'Sales tax' : `Tax (${formatDecimal(taxRate)}%)`);

/** Further tax is shown only where some is due (an unregistered buyer). */
export const hasFurtherTax = (furtherTaxAmount: string) => compareDecimal(furtherTaxAmount, '0') !== 0;

/** A document's totals with the rate its tax label names. */
export interface TaxedTotals extends Pick<SalesTotals, 'subtotal' | 'taxAmount' | 'furtherTaxAmount' | 'grandTotal'> {
  /** The lines' one rate; null when they differ. */
  taxRate: string | null;
}

/** The totals of the lines a form can compute, each with the facts it was taxed by; no lines: the settings' rate. */
export function previewTotals(lines: readonly { money: LineMoney; facts: SaleTaxFacts }[], fallbackRate: string): SalesTotals & TaxedTotals {
  const totals = salesTotals(lines.map((line) => line.money));
  return { ...totals, taxRate: sharedTaxRate(lines.map((line) => ({ taxRate: line.facts.rate })), fallbackRate) };
}

/** A form's totals bar: Subtotal, the tax, Further tax when any, and the total. */
export function taxTotalItems(totals: TaxedTotals, totalLabel: string): TotalItem[] {
  return [
    { label: 'Subtotal', value: totals.subtotal },
    { label: taxLabel(totals.taxRate), value: totals.taxAmount },
    ...(hasFurtherTax(totals.furtherTaxAmount) ? [{ label: 'Further tax', value: totals.furtherTaxAmount }] : []),
    { label: totalLabel, value: totals.grandTotal },
  ];
}

/** A read-only document's tax in its summary: the tax under its label, Further tax when any. */
export function taxSummaryItems(document: { taxRate: string | null; taxAmount: string; furtherTaxAmount: string }): SummaryItem[] {
  return [
    { key: 'tax', label: taxLabel(document.taxRate), children: formatDecimal(document.taxAmount) },
    ...(hasFurtherTax(document.furtherTaxAmount) ? [{ key: 'furtherTax', label: 'Further tax', children: formatDecimal(document.furtherTaxAmount) }] : []),
  ];
}
