import { formatCalendarDate, formatDecimal, type InvoiceDetail, invoiceDocument, paymentStatuses } from '@erp/domain';
import type { Executor } from '../../db/client.ts';
import type { PrintableDocument } from '../../lib/print/document-pdf.ts';
import type { CompanyLetterhead } from '../setup/setup.api.ts';
import { customerBlock, lotCell, pdfFileNameOf, printedNumberOf, taxLabelOf, totalsInFiguresAndWords, withRates } from './sales-print.ts';
import { buyerRegistrationLines, readCompanyRegistrations, taxItemCell, taxLetterhead, taxTitleOf } from './tax-print.ts';

/** `INV-2026-000001.pdf`, or `invoice-draft-12.pdf` before there is a number. */
export const invoicePdfFileName = pdfFileNameOf('invoice');

function statusLabel(invoice: InvoiceDetail): string {
  const state = invoiceDocument.stateLabels[invoice.status];
  return invoice.status === 'posted' ? `${state}, ${paymentStatuses.find((s) => s.value === invoice.paymentStatus)!.label.toLowerCase()}` : state;
}

/**
 * An invoice as it prints (issue 8, section 3; the same content as /invoice/:id): the
 * letterhead, the customer, the numbers and dates, lines with article number, lot and expiry,
 * quantity, price, discount and tax, the totals in figures and in words, the footer. A
 * registered supplier's prints as a tax invoice (issue 29, section 7, tax-print.ts): both
 * parties' registrations, each line's HS code, rate, sales tax, further tax and value including
 * tax, and the totals per rate.
 */
export async function invoicePrintable(executor: Executor, invoice: InvoiceDetail, company: CompanyLetterhead): Promise<PrintableDocument> {
  const registrations = await readCompanyRegistrations(executor);
  const furtherTax = Number(invoice.furtherTaxAmount ?? 0) !== 0;
  return {
    company: taxLetterhead(company, registrations),
    title: taxTitleOf(registrations, 'Invoice', 'Sales Tax Invoice'),
    number: printedNumberOf(invoice),
    status: statusLabel(invoice),
    dateLines: [
      { label: 'Invoice date', value: formatCalendarDate(invoice.invoiceDate) },
      { label: 'Due date', value: formatCalendarDate(invoice.dueDate) },
      ...(invoice.quotation?.documentNumber ? [{ label: 'Quotation', value: invoice.quotation.documentNumber }] : []),
    ],
    parties: [
      { title: 'Bill to', lines: [...customerBlock(invoice.customer), ...buyerRegistrationLines(invoice.customer, invoice.buyerRegistrationType)] },
      {
        title: 'Shipped from',
        lines: [`${invoice.region.regionName} warehouse`, `Courier: ${invoice.courier?.courierName ?? '-'}`, invoice.salesperson ? `Salesperson: ${invoice.salesperson.name}` : ''].filter((line) => line !== ''),
      },
    ],
    columns: [
      { key: 'lineNo', label: '#', align: 'right', width: 0.35 },
      { key: 'itemName', label: 'Item', width: 2.6 },
      { key: 'lot', label: 'Lot / expiry', width: 1.3 },
      { key: 'quantity', label: 'Qty', align: 'right', width: 0.8 },
      { key: 'price', label: 'Price', align: 'right', width: 1.1 },
      { key: 'discount', label: 'Disc. %', align: 'right', width: 0.75 },
      { key: 'amount', label: 'Value excl. tax', align: 'right', width: 1.3 },
      { key: 'rate', label: 'Rate', align: 'right', width: 1 },
      { key: 'tax', label: 'Sales tax', align: 'right', width: 1.1 },
      ...(furtherTax ? [{ key: 'furtherTax', label: 'Further tax', align: 'right' as const, width: 1 }] : []),
      { key: 'total', label: 'Value incl. tax', align: 'right', width: 1.3 },
    ],
    rows: invoice.lines.map((line) => ({
      lineNo: String(line.lineNo),
      itemName: taxItemCell({ ...line.item, ...line }),
      lot: lotCell(line.lot),
      quantity: `${formatDecimal(String(line.quantity), 0)} ${line.item.unit}`,
      price: formatDecimal(line.price),
      discount: formatDecimal(line.discountPercent),
      amount: formatDecimal(line.amount),
      rate: line.rateLabel,
      tax: formatDecimal(line.taxAmount),
      furtherTax: formatDecimal(line.furtherTaxAmount),
      total: formatDecimal(line.lineTotal),
    })),
    ...withRates(totalsInFiguresAndWords(invoice, taxLabelOf(invoice.taxRate), company, invoice.notes), invoice.taxSummary),
    footer: company.invoiceFooter || undefined,
    createdAt: new Date((invoice.updatedAt as Date | string | undefined) ?? invoice.createdAt),
  };
}
