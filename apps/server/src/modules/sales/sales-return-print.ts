import { formatCalendarDate, formatDecimal, returnConditions, type SalesReturnDetail, salesReturnDocument } from '@erp/domain';
import type { Executor } from '../../db/client.ts';
import type { PrintableDocument } from '../../lib/print/document-pdf.ts';
import type { CompanyLetterhead } from '../setup/setup.api.ts';
import { customerBlock, lotCell, pdfFileNameOf, printedNumberOf, totalsInFiguresAndWords, withRates } from './sales-print.ts';
import { buyerRegistrationLines, readCompanyRegistrations, taxLetterhead, taxTitleOf } from './tax-print.ts';

/** `SR-2026-000001.pdf`, or `credit-note-draft-12.pdf` before there is a number. */
export const salesReturnPdfFileName = pdfFileNameOf('credit-note');

const conditionLabel = (condition: string) => returnConditions.find((c) => c.value === condition)?.label ?? condition;

/**
 * A sales return as it prints: the credit note (issue 8, section 4). The invoice's letterhead,
 * customer block, lot cells and totals in figures and in words (sales-print.ts); its own
 * dates (return date, the invoice credited), and per line the quantity returned and whether
 * it went back into stock or was written off.
 */
export async function salesReturnPrintable(executor: Executor, ret: SalesReturnDetail, company: CompanyLetterhead): Promise<PrintableDocument> {
  const registrations = await readCompanyRegistrations(executor);
  const furtherTax = Number(ret.furtherTaxAmount ?? 0) !== 0;
  return {
    company: taxLetterhead(company, registrations),
    title: taxTitleOf(registrations, 'Credit Note', 'Sales Tax Credit Note'),
    number: printedNumberOf(ret),
    status: salesReturnDocument.stateLabels[ret.status],
    dateLines: [
      { label: 'Return date', value: formatCalendarDate(ret.returnDate) },
      { label: 'Invoice', value: ret.invoice.documentNumber ?? `Invoice #${ret.invoiceId}` },
      { label: 'Invoice date', value: formatCalendarDate(ret.invoice.invoiceDate) },
      ...(ret.reason ? [{ label: 'Reason', value: ret.reason }] : []),
    ],
    parties: [
      { title: 'Credit to', lines: [...customerBlock(ret.customer), ...buyerRegistrationLines(ret.customer, ret.invoice.buyerRegistrationType)] },
      { title: 'Returned to', lines: [`${ret.region.regionName} warehouse`] },
    ],
    columns: [
      { key: 'lineNo', label: '#', align: 'right', width: 0.4 },
      { key: 'articleNumber', label: 'Article no.', width: 1.3 },
      { key: 'itemName', label: 'Item', width: 2.4 },
      { key: 'lot', label: 'Lot / expiry', width: 1.5 },
      { key: 'quantity', label: 'Qty', align: 'right', width: 0.7 },
      { key: 'condition', label: 'Condition', width: 1 },
      { key: 'rate', label: 'Rate', align: 'right', width: 1 },
      { key: 'tax', label: 'Tax', align: 'right', width: 1 },
      ...(furtherTax ? [{ key: 'furtherTax', label: 'Further tax', align: 'right' as const, width: 1 }] : []),
      { key: 'amount', label: 'Amount', align: 'right', width: 1.3 },
    ],
    rows: ret.lines.map((line) => ({
      lineNo: String(line.lineNo),
      articleNumber: line.item.articleNumber,
      itemName: line.item.itemName,
      lot: lotCell(line.lot),
      quantity: formatDecimal(String(line.quantity), 0),
      condition: conditionLabel(line.condition),
      rate: line.rateLabel,
      tax: formatDecimal(line.taxAmount),
      furtherTax: formatDecimal(line.furtherTaxAmount),
      amount: formatDecimal(line.amount),
    })),
    ...withRates(totalsInFiguresAndWords(ret, 'Tax', company, ret.notes), ret.taxSummary),
    footer: company.invoiceFooter || undefined,
    createdAt: new Date((ret.updatedAt as Date | string | undefined) ?? ret.createdAt),
  };
}
