import { formatCalendarDate, formatDecimal, type InvoiceDetail, invoiceDocument, paymentStatuses } from '@erp/domain';
import type { PrintableDocument } from '../../lib/print/document-pdf.ts';
import type { CompanyLetterhead } from '../setup/setup.api.ts';
import { customerBlock, lotCell, pdfFileNameOf, printedNumberOf, totalsInFiguresAndWords } from './sales-print.ts';

/** `INV-2026-000001.pdf`, or `invoice-draft-12.pdf` before there is a number. */
export const invoicePdfFileName = pdfFileNameOf('invoice');

function statusLabel(invoice: InvoiceDetail): string {
  const state = invoiceDocument.stateLabels[invoice.status];
  return invoice.status === 'posted' ? `${state}, ${paymentStatuses.find((s) => s.value === invoice.paymentStatus)!.label.toLowerCase()}` : state;
}

/**
 * An invoice as it prints (issue 8, section 3; the same content as /invoice/:id): the
 * letterhead, the customer, the numbers and dates, lines with article number, lot and expiry,
 * quantity, price, discount and tax, the totals in figures and in words, the footer.
 */
export async function invoicePrintable(_executor: unknown, invoice: InvoiceDetail, company: CompanyLetterhead): Promise<PrintableDocument> {
  return {
    company,
    title: 'Invoice',
    number: printedNumberOf(invoice),
    status: statusLabel(invoice),
    dateLines: [
      { label: 'Invoice date', value: formatCalendarDate(invoice.invoiceDate) },
      { label: 'Due date', value: formatCalendarDate(invoice.dueDate) },
      ...(invoice.quotation?.documentNumber ? [{ label: 'Quotation', value: invoice.quotation.documentNumber }] : []),
    ],
    parties: [
      { title: 'Bill to', lines: customerBlock(invoice.customer) },
      {
        title: 'Shipped from',
        lines: [`${invoice.region.regionName} warehouse`, `Courier: ${invoice.courier?.courierName ?? '-'}`, invoice.salesperson ? `Salesperson: ${invoice.salesperson.name}` : ''].filter((line) => line !== ''),
      },
    ],
    columns: [
      { key: 'lineNo', label: '#', align: 'right', width: 0.4 },
      { key: 'articleNumber', label: 'Article no.', width: 1.3 },
      { key: 'itemName', label: 'Item', width: 2.2 },
      { key: 'lot', label: 'Lot / expiry', width: 1.6 },
      { key: 'quantity', label: 'Qty', align: 'right', width: 0.9 },
      { key: 'price', label: 'Price', align: 'right', width: 1.1 },
      { key: 'discount', label: 'Disc. %', align: 'right', width: 0.8 },
      { key: 'tax', label: 'Tax', align: 'right', width: 1.3 },
      { key: 'amount', label: 'Amount', align: 'right', width: 1.4 },
    ],
    rows: invoice.lines.map((line) => ({
      lineNo: String(line.lineNo),
      articleNumber: line.item.articleNumber,
      itemName: line.item.itemName,
      lot: lotCell(line.lot),
      quantity: `${formatDecimal(String(line.quantity), 0)} ${line.item.unit}`,
      price: formatDecimal(line.price),
      discount: formatDecimal(line.discountPercent),
      tax: formatDecimal(line.taxAmount),
      amount: formatDecimal(line.amount),
    })),
    ...totalsInFiguresAndWords(invoice, `Tax (${formatDecimal(invoice.taxRate)}%)`, company, invoice.notes),
    footer: company.invoiceFooter || undefined,
    createdAt: new Date((invoice.updatedAt as Date | string | undefined) ?? invoice.createdAt),
  };
}
